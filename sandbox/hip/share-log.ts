import type { SandboxContext } from '../context';

// What the simulated patients shared at counters, and what the desk answered (docs/sandbox-hip.md §3). Kept in
// memory only: a trainer's or a test's record of one session, read through GET /_sandbox/hip/shares and on-shares.

/** The two ways a phone's share reaches a desk: HIE-CM v3, or the legacy v1.0 profile share of gateway v0.5. */
export type ShareGeneration = 'v3' | 'v0.5';

export interface SentShare {
  /** The share's REQUEST-ID (legacy: also its body's requestId); the on-share names it in response/resp.requestId. */
  requestId: string;
  generation: ShareGeneration;
  hipId: string;
  counterId: string;
  abhaAddress: string;
  /** The gateway client whose bridge it went to. */
  clientId: string;
  url: string;
  sentAt: string;
  /** The bridge's HTTP status; null when the bridge could not be reached (then `bridgeError` says why). */
  bridgeStatus: number | null;
  bridgeError?: string;
  body: Record<string, unknown>;
}

export interface ReceivedOnShare {
  /** The on-share's own id: its REQUEST-ID header (v3) or body requestId (legacy). */
  requestId: string;
  /** The share it answers. */
  shareRequestId: string;
  generation: ShareGeneration;
  receivedAt: string;
  body: unknown;
}

/** Enough for a long training day; the oldest entries go first. */
const LOG_LIMIT = 1000;

export class HipShareLog {
  private readonly shares = new Map<string, SentShare>();
  private readonly onShares: ReceivedOnShare[] = [];

  addShare(share: SentShare): void {
    this.shares.set(share.requestId, share);
    if (this.shares.size > LOG_LIMIT) this.shares.delete(this.shares.keys().next().value as string);
  }

  share(requestId: string): SentShare | undefined {
    return this.shares.get(requestId);
  }

  allShares(): SentShare[] {
    return [...this.shares.values()];
  }

  addOnShare(onShare: ReceivedOnShare): void {
    this.onShares.push(onShare);
    if (this.onShares.length > LOG_LIMIT) this.onShares.splice(0, this.onShares.length - LOG_LIMIT);
  }

  /** Every on-share, or only those answering one share. */
  onSharesFor(shareRequestId?: string): ReceivedOnShare[] {
    return shareRequestId === undefined ? [...this.onShares] : this.onShares.filter((o) => o.shareRequestId === shareRequestId);
  }

  reset(): void {
    this.shares.clear();
    this.onShares.length = 0;
  }
}

// One log per running simulator, without widening SandboxContext (which every plugin shares).
const logs = new WeakMap<SandboxContext, HipShareLog>();

export function hipShareLogOf(ctx: SandboxContext): HipShareLog {
  let log = logs.get(ctx);
  if (!log) {
    log = new HipShareLog();
    logs.set(ctx, log);
  }
  return log;
}
