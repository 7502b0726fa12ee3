import type { Caller } from './hiu-world';

export type SubscriptionCategory = 'LINK' | 'DATA';

export interface SubscriptionRequestRecord {
  id: string;
  caller: Caller;
  patientId: string;
  purpose: { text: string; code: string; refUri?: string | undefined };
  /** Empty = every HIP the patient is linked with. */
  hipIds: string[];
  categories: SubscriptionCategory[];
  period: { from: string; to: string };
  status: 'REQUESTED' | 'GRANTED' | 'DENIED' | 'REVOKED';
  subscriptionId?: string;
}

export interface SubscriptionRecord {
  id: string;
  requestId: string;
  caller: Caller;
  patientId: string;
  hipIds: string[];
  categories: SubscriptionCategory[];
  period: { from: string; to: string };
  status: 'GRANTED' | 'REVOKED';
  /** Events sent: id → subscription event body. */
  events: string[];
}
