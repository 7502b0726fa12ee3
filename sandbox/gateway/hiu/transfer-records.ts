import type { KeyMaterialBody } from './body-schemas';
import type { Caller } from './hiu-world';

export interface PushedPage {
  pageNumber: number;
  pageCount: number;
  entries: number;
  bytes: number;
  status?: number;
  error?: string;
}

/** One health-information request: the CM's transaction and what the HIP pushed for it. */
export interface TransferRecord {
  transactionId: string;
  consentId: string;
  hipId: string;
  caller: Caller;
  dateRange: { from: string; to: string };
  dataPushUrl: string;
  hiuKeyMaterial: KeyMaterialBody;
  status: 'REQUESTED' | 'TRANSFERRED' | 'FAILED';
  pages: PushedPage[];
  /** What the HIU said in health-information/notify, when it did. */
  hiuNotifications: unknown[];
}
