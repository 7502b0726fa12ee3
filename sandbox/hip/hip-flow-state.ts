import type { SandboxContext } from '../context';

// What the simulator remembers of the clinic as an HIP (docs/sandbox-hip.md §8–§18): the link tokens it issued,
// the care contexts its consent manager holds under each ABHA address, the foreign HIU's consents and transfers,
// the patient's app's exchanges, the SMS inbox and every message the desk sent. In memory, one per simulator,
// cleared by POST /_sandbox/reset.

export type HipGeneration = 'v3' | 'v0.5';

export interface IssuedLinkToken {
  token: string;
  abhaAddress: string;
  hipId: string;
  expiresAt: number;
}

/** A care context the consent manager holds under an ABHA address. */
export interface LinkedCareContext {
  hipId: string;
  patientReference: string;
  patientDisplay: string;
  careContextReference: string;
  display: string;
  hiTypes: string[];
  /** The desk linked it (HIP-initiated) or the patient did (discovery, init, confirm). */
  linkedBy: 'desk' | 'patient';
  linkedAt: string;
}

/** A message the desk sent the gateway as an HIP, recorded as received. */
export interface ReceivedHipMessage {
  path: string;
  generation: HipGeneration;
  /** REQUEST-ID (v3) or body requestId (v0.5). */
  requestId: string;
  receivedAt: string;
  headers: { hipId?: string; linkToken?: string };
  body: unknown;
}

export interface ForeignConsent {
  consentId: string;
  status: 'GRANTED' | 'REVOKED' | 'EXPIRED';
  generation: HipGeneration;
  hipId: string;
  hiuId: string;
  abhaAddress: string;
  careContexts: { patientReference: string; careContextReference: string }[];
  hiTypes: string[];
  dateRange: { from: string; to: string };
  dataEraseAt: string;
  createdAt: string;
  /** The notifications sent to the desk (GRANTED, then REVOKED), with the bridge's HTTP answer. */
  notifications: SentToBridge[];
  /** The desk's on-notify bodies, as they came. */
  acknowledgements: unknown[];
}

export interface ReceivedEntry {
  /** The page it came in: a page pushed again (a desk resuming after a restart) replaces its earlier entries. */
  pageNumber: number;
  careContextReference: string;
  media: string | null;
  checksum: string | null;
  /** The decrypted text exactly as it came out of Fidelius; null when decryption failed. */
  bundle: string | null;
  sha256: string | null;
  valid: boolean;
  problems: string[];
  hiType: string | null;
}

export interface ReceivedPage {
  pageNumber: number;
  pageCount: number;
  receivedAt: string;
  entries: number;
  /** What the push got back: 202, or the status of a failure the trainer asked for. */
  answeredWith: number;
}

export interface ForeignTransfer {
  transactionId: string;
  consentId: string;
  generation: HipGeneration;
  hipId: string;
  dateRange: { from: string; to: string };
  dataPushUrl: string;
  /** The foreign HIU's own key pair and nonce for this request (never sent anywhere but the private key stays here). */
  keys: { privateKey: string; publicKey: string; nonce: string };
  request: SentToBridge;
  pages: ReceivedPage[];
  entries: ReceivedEntry[];
  pageCount: number | null;
  /** The desk's hip on-request (ACKNOWLEDGED, or the refusal with ABDM's error), once it came. */
  onRequest: unknown;
  /** The HIP's health-information/notify for this transaction, once it came. */
  notify: unknown;
}

export interface SentToBridge {
  requestId: string;
  path: string;
  url: string | null;
  sentAt: string;
  /** The bridge's HTTP status; null when it could not be reached (then `bridgeError`). */
  bridgeStatus: number | null;
  bridgeError?: string;
  body: Record<string, unknown>;
}

/** A message the patient's app sent the desk (discover, link init, link confirm) and the desk's answer. */
export interface PhrExchange {
  kind: 'discover' | 'link-init' | 'link-confirm';
  generation: HipGeneration;
  hipId: string;
  abhaAddress: string | null;
  transactionId: string | null;
  sent: SentToBridge;
  answer: { receivedAt: string; body: unknown } | null;
}

export interface SmsMessage {
  id: string;
  to: string;
  message: string;
  receivedAt: string;
  from: 'desk' | 'abdm';
}

const LOG_LIMIT = 2000;

export class HipFlowState {
  readonly linkTokens = new Map<string, IssuedLinkToken>();
  /** ABHA addresses (lower case) whose link-token requests are refused with ABDM-1027. */
  readonly blocked = new Set<string>();
  private readonly links = new Map<string, LinkedCareContext[]>();
  readonly received: ReceivedHipMessage[] = [];
  readonly consents = new Map<string, ForeignConsent>();
  readonly transfers = new Map<string, ForeignTransfer>();
  readonly exchanges = new Map<string, PhrExchange>();
  readonly sms: SmsMessage[] = [];
  /** Pushes still to be answered 503 (POST /_sandbox/hip/push-failures). */
  pushFailuresLeft = 0;

  linksOf(abhaAddress: string): LinkedCareContext[] {
    return [...(this.links.get(abhaAddress.toLowerCase()) ?? [])];
  }

  /** Adds care contexts under an ABHA; one already held (same HIP and reference) is not repeated. */
  link(abhaAddress: string, careContexts: LinkedCareContext[]): void {
    const key = abhaAddress.toLowerCase();
    const held = this.links.get(key) ?? [];
    for (const careContext of careContexts) {
      const same = (c: LinkedCareContext) => c.hipId === careContext.hipId && c.careContextReference === careContext.careContextReference;
      if (!held.some(same)) held.push(careContext);
    }
    this.links.set(key, held);
  }

  record(message: ReceivedHipMessage): void {
    this.received.push(message);
    if (this.received.length > LOG_LIMIT) this.received.splice(0, this.received.length - LOG_LIMIT);
  }

  addSms(message: SmsMessage): void {
    this.sms.push(message);
    if (this.sms.length > LOG_LIMIT) this.sms.splice(0, this.sms.length - LOG_LIMIT);
  }

  /** The exchange a desk's answer names, if it is of that kind. */
  exchange(requestId: string, kind: PhrExchange['kind']): PhrExchange | undefined {
    const found = this.exchanges.get(requestId);
    return found?.kind === kind ? found : undefined;
  }

  /** The link-init whose answer gave this link reference (to know whose care contexts a confirm links). */
  initWithLinkRef(linkRefNumber: string): PhrExchange | undefined {
    for (const exchange of this.exchanges.values()) {
      if (exchange.kind !== 'link-init' || !exchange.answer) continue;
      const answer = exchange.answer.body as { link?: { referenceNumber?: unknown } };
      if (answer.link?.referenceNumber === linkRefNumber) return exchange;
    }
    return undefined;
  }

  reset(): void {
    for (const map of [this.linkTokens, this.links, this.consents, this.transfers, this.exchanges]) map.clear();
    this.blocked.clear();
    this.received.length = 0;
    this.sms.length = 0;
    this.pushFailuresLeft = 0;
  }
}

// One state per running simulator, without widening SandboxContext (as share-log.ts does).
const states = new WeakMap<SandboxContext, HipFlowState>();

export function hipFlowStateOf(ctx: SandboxContext): HipFlowState {
  let state = states.get(ctx);
  if (!state) {
    state = new HipFlowState();
    states.set(ctx, state);
  }
  return state;
}

export function nowIso(ctx: SandboxContext): string {
  return new Date(ctx.clock.now()).toISOString();
}
