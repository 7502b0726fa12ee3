// Every request to the gateway goes through here: recorded first (queued), then sent; connection failures and
// 5xx are retried with backoff under the same requestId (a fresh timestamp each time, so the gateway's clock window
// never refuses a retry); a 429 with code 2429 on a retry means an earlier attempt got through. A request that
// expects a callback is timed out when none came in time, and shown so, never dropped.
import { randomUUID } from 'node:crypto';
import { AbdmError, AbdmUnreachableError } from '../abdm/errors';
import type { GatewayGeneration, GatewayRequest } from '../abdm/gateway/generation';
import type { GatewayClient } from '../abdm/gateway/gateway-client';
import { AppFailure } from '../shared/errors';
import type { GatewayOutboxStore, OutboxEntry } from '../store/gateway/outbox';
import type { TimelineStore } from '../store/gateway/timeline';
import { toAppFailure } from '../services/call-abdm';

/** Pauses before each retry: quick at first, then up to ten minutes; about 40 minutes in all before giving up. */
export const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 600_000, 600_000] as const;

export interface OutboxContext {
  requestId?: string;
  patientId?: string | null;
  consentRequestId?: string | null;
}

export interface GatewayOutboxDeps {
  store: GatewayOutboxStore;
  timeline: TimelineStore;
  generation: () => GatewayGeneration;
  client: () => Promise<GatewayClient>;
  cmId: () => string;
  /**
   * The sender's id for the envelope (X-HIU-ID on v3) when the generation's role does not name its own (a
   * generation joined without GatewayRoles); may throw when none is set, which sends an empty one.
   */
  hiuId?: () => string;
  now: () => number;
  answerTimeoutMs: () => number;
  retryDelaysMs?: readonly number[];
  /** Told whenever a request changes state (for events). */
  changed?: (entry: OutboxEntry) => void;
  /**
   * Awaited before each attempt at a request that expects an answer (not before acknowledgements): in relay mode it
   * claims the request's id (and a health-information request's push secret hash) at the relay, so the answer is
   * routed to this desk at once. It must not hold a request back for long; a hook that throws changes nothing.
   */
  beforeSend?: (entry: OutboxEntry) => Promise<void>;
}

interface Waiter {
  resolve: (entry: OutboxEntry) => void;
  reject: (error: unknown) => void;
}

/** `Operation`: the operations a role may send through it (the pipeline's own outbox takes any registered one). */
export class GatewayOutbox<Operation extends string = string> {
  private readonly waiters = new Map<string, Waiter[]>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Set<string>();
  /** The failure of the last attempt, for the caller who is waiting (the table keeps only its code). */
  private readonly lastFailure = new Map<string, unknown>();
  /** The services that keep a state of their own for a request (a consent request's NO_ANSWER). */
  private readonly timeOutListeners: ((entry: OutboxEntry) => void)[] = [];
  private closed = false;

  constructor(private readonly deps: GatewayOutboxDeps) {}

  /**
   * Records a request (synchronously, so it can share a transaction with what caused it) and returns its
   * requestId. Nothing is sent until flush() or send().
   */
  enqueue(operation: Operation, payload: Record<string, unknown>, context: OutboxContext = {}): string {
    const requestId = context.requestId ?? randomUUID();
    this.deps.store.add({
      requestId,
      operation,
      path: this.pathOf(operation, requestId),
      payload,
      expectsAnswer: !this.deps.generation().isAcknowledgement(operation),
      at: this.iso(),
      patientId: context.patientId ?? null,
      consentRequestId: context.consentRequestId ?? null,
    });
    return requestId;
  }

  /** Records and sends; resolves after the first attempt with the request's state (accepted, refused, or retrying). */
  async send(operation: Operation, payload: Record<string, unknown>, context: OutboxContext = {}): Promise<OutboxEntry> {
    return this.sendNow(this.enqueue(operation, payload, context));
  }

  /** Makes the first attempt at a queued request now; resolves after it with the request's state. */
  async sendNow(requestId: string): Promise<OutboxEntry> {
    await this.attempt(requestId);
    return this.deps.store.get(requestId)!;
  }

  /** Sends everything queued and not yet in flight (after a transaction that enqueued, and at start-up). */
  flush(): void {
    for (const entry of this.deps.store.unsent()) {
      if (this.inFlight.has(entry.requestId) || this.timers.has(entry.requestId)) continue;
      const wait = entry.nextAttemptAt ? Math.max(0, Date.parse(entry.nextAttemptAt) - this.deps.now()) : 0;
      if (wait === 0) void this.attempt(entry.requestId);
      else this.schedule(entry.requestId, wait);
    }
  }

  /** How many requests are being sent right now (an attempt begun, its HTTP answer not yet in). */
  sendsUnderWay(): number {
    return this.inFlight.size;
  }

  get(requestId: string): OutboxEntry | undefined {
    return this.deps.store.get(requestId);
  }

  /**
   * Resolves once a callback answered the request; rejects with the operator-facing failure when the gateway
   * refused it or no answer came in time.
   */
  waitForAnswer(requestId: string): Promise<OutboxEntry> {
    const entry = this.deps.store.get(requestId);
    if (!entry) return Promise.reject(new Error(`no outbox entry ${requestId}`));
    const settled = this.settle(entry);
    if (settled) return settled;
    return new Promise((resolve, reject) => {
      const list = this.waiters.get(requestId) ?? [];
      list.push({ resolve, reject });
      this.waiters.set(requestId, list);
    });
  }

  /** The processor is applying a callback answering `requestId` (inside its transaction; wake() after the commit). */
  recordAnswer(requestId: string, callbackRequestId: string, errorCode: string | null): void {
    this.deps.store.answered(requestId, callbackRequestId, this.iso(), errorCode);
  }

  /**
   * `listener` is called for each request that times out, inside the transaction that marks it, so the service's own
   * state for the request changes with it (and is there after a restart).
   */
  onTimedOut(listener: (entry: OutboxEntry) => void): void {
    this.timeOutListeners.push(listener);
  }

  /** Marks overdue requests timed out; called on a timer, at start-up, and by tests after moving the clock. */
  sweep(): void {
    const now = this.iso();
    const timedOut = this.deps.store.timeOut(now, (entry) => {
      this.deps.timeline.add({ ...this.timelineKeys(entry), at: now, direction: 'out', step: 'timed-out', httpStatus: null, errorCode: null });
      for (const listener of this.timeOutListeners) listener(entry);
    });
    for (const entry of timedOut) {
      this.cancel(entry.requestId);
      this.deps.changed?.(entry);
      this.wake(entry.requestId);
    }
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private async attempt(requestId: string): Promise<void> {
    const entry = this.deps.store.get(requestId);
    if (!entry || this.closed || !['queued', 'sent'].includes(entry.state) || this.inFlight.has(requestId)) return;
    this.inFlight.add(requestId);
    this.timers.delete(requestId);
    try {
      if (entry.expectsAnswer && this.deps.beforeSend) {
        // A failed claim never stops a request: the relay keeps an answer nobody claimed until this desk claims it
        // (after its next hello, from the outbox itself: electron/store/hiu/relay-expectations.ts).
        await this.deps.beforeSend(entry).catch(() => undefined);
        if (this.closed) return;
      }
      const envelope = { requestId, timestamp: this.iso(), cmId: this.deps.cmId(), hiuId: this.hiuId() };
      let request: GatewayRequest;
      try {
        request = this.deps.generation().request(entry.operation, envelope, entry.payload);
      } catch (error) {
        // Queued under another generation (the ABDM API was changed in Settings) and not on this one: refused.
        return this.failed(entry, toAppFailure(error));
      }
      this.deps.store.attempted(requestId, envelope.timestamp);
      let status: number;
      try {
        status = await (await this.deps.client()).send(entry.operation, request);
      } catch (error) {
        // Closed while the attempt was out (the app quit): the request stays queued and is sent at the next start.
        if (this.closed) return;
        // 2429 "Too many requests": the gateway has already seen this requestId, so an earlier attempt got through.
        if (entry.attempts > 0 && error instanceof AbdmError && error.status === 429 && error.code === '2429') status = 429;
        else return this.failed(entry, error);
      }
      // The gateway took it, but the database is gone: the next start sends it again (same requestId; 2429 then = accepted).
      if (this.closed) return;
      this.accept(entry, status);
    } finally {
      this.inFlight.delete(requestId);
    }
  }

  private accept(entry: OutboxEntry, status: number): void {
    const at = this.iso();
    const due = entry.expectsAnswer ? new Date(this.deps.now() + this.deps.answerTimeoutMs()).toISOString() : null;
    this.deps.store.accepted(entry.requestId, at, status, due);
    this.deps.timeline.add({ ...this.timelineKeys(entry), at, direction: 'out', step: 'accepted', httpStatus: status, errorCode: null });
    this.deps.changed?.(this.deps.store.get(entry.requestId)!);
    this.wake(entry.requestId);
  }

  private failed(entry: OutboxEntry, error: unknown): void {
    const at = this.iso();
    const httpStatus = error instanceof AbdmError ? error.status : null;
    const code = errorCodeOf(error);
    const retryable = error instanceof AbdmUnreachableError || (error instanceof AbdmError && error.status >= 500 && error.status !== 501);
    const delays = this.deps.retryDelaysMs ?? RETRY_DELAYS_MS;
    this.lastFailure.set(entry.requestId, error);
    if (retryable && entry.attempts < delays.length) {
      const delay = delays[entry.attempts]!;
      this.deps.store.retryLater(entry.requestId, at, new Date(this.deps.now() + delay).toISOString(), httpStatus, code);
      this.deps.timeline.add({ ...this.timelineKeys(entry), at, direction: 'out', step: 'retrying', httpStatus, errorCode: code });
      this.schedule(entry.requestId, delay);
    } else {
      this.deps.store.refused(entry.requestId, at, httpStatus, code);
      this.deps.timeline.add({ ...this.timelineKeys(entry), at, direction: 'out', step: 'refused', httpStatus, errorCode: code });
      this.wake(entry.requestId);
    }
    this.deps.changed?.(this.deps.store.get(entry.requestId)!);
  }

  private schedule(requestId: string, delayMs: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => void this.attempt(requestId), delayMs);
    timer.unref?.();
    this.timers.set(requestId, timer);
  }

  private cancel(requestId: string): void {
    clearTimeout(this.timers.get(requestId));
    this.timers.delete(requestId);
  }

  /** Settles whoever waits for `requestId`, if it has reached an end state. */
  wake(requestId: string): void {
    const list = this.waiters.get(requestId);
    if (!list) return;
    const entry = this.deps.store.get(requestId);
    const settled = entry && this.settle(entry);
    if (!settled) return;
    this.waiters.delete(requestId);
    for (const waiter of list) settled.then(waiter.resolve, waiter.reject);
  }

  /** A promise for a request that has reached an end state; undefined while it is still under way. */
  private settle(entry: OutboxEntry): Promise<OutboxEntry> | undefined {
    if (entry.state === 'answered') return Promise.resolve(entry);
    if (entry.state === 'refused') {
      const failure = this.lastFailure.get(entry.requestId);
      this.lastFailure.delete(entry.requestId);
      const mapped = failure === undefined ? undefined : toAppFailure(failure);
      return Promise.reject(mapped instanceof AppFailure ? mapped : new AppFailure('ABDM_ERROR', { abdmCode: entry.errorCode ?? undefined }, { cause: failure }));
    }
    if (entry.state === 'timed-out') return Promise.reject(new AppFailure('GATEWAY_NO_ANSWER', { params: { seconds: Math.round(this.deps.answerTimeoutMs() / 1000) } }));
    return undefined;
  }

  /** The operation's path; an operation this generation lacks is refused before anything is recorded. */
  private pathOf(operation: string, requestId: string): string {
    try {
      return this.deps.generation().request(operation, { requestId, timestamp: '', cmId: '', hiuId: '' }, {}).path;
    } catch (error) {
      throw toAppFailure(error);
    }
  }

  private hiuId(): string {
    try {
      return this.deps.hiuId?.() ?? '';
    } catch {
      return '';
    }
  }

  private timelineKeys(entry: OutboxEntry) {
    return { path: entry.path, requestId: entry.requestId, respRequestId: respOf(entry.payload), patientId: entry.patientId, consentRequestId: entry.consentRequestId };
  }

  private iso(): string {
    return new Date(this.deps.now()).toISOString();
  }
}

function respOf(payload: Record<string, unknown>): string | null {
  const resp = payload.resp as { requestId?: unknown } | undefined;
  return typeof resp?.requestId === 'string' ? resp.requestId : null;
}

function errorCodeOf(error: unknown): string {
  if (error instanceof AbdmError) return error.specificCode;
  if (error instanceof AbdmUnreachableError) return error.kind === 'timeout' ? 'TIMEOUT' : 'UNREACHABLE';
  if (error instanceof AppFailure) return error.code;
  return 'INTERNAL';
}
