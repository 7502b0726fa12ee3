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

export interface SentBundle {
  careContextReference: string;
  hiType: string;
  /** SHA-256 (hex) of the plaintext bundle's UTF-8 bytes. */
  sha256: string;
  bytes: number;
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
  /** Each bundle the HIP encrypted, in push order: for tests that check an HIU kept it byte for byte. */
  sent: SentBundle[];
  /** What the HIU said in health-information/notify, when it did. */
  hiuNotifications: unknown[];
}
