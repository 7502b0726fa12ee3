// Applies stored callbacks, after the bridge has answered 202: oldest first, each in one transaction together
// with everything it causes (table changes, acknowledgements queued in the outbox), so that a crash can neither
// lose one nor apply one twice. A callback that answers something not yet known (it overtook the callback that
// tells us about it) waits and is tried again whenever another callback has been applied.
import type { Database } from 'better-sqlite3-multiple-ciphers';
import { ACKNOWLEDGEMENTS, type CallbackKind, type GatewayGeneration, type HiuOperation } from '../abdm/gateway/generation';
import { gatewayGenerationOfPath } from '../abdm/gateway/generation-choice';
import type { EventName, EventPayloads } from '../core/events';
import type { CallbackInboxStore, InboxEntry } from '../store/gateway/callback-inbox';
import type { TimelineStore } from '../store/gateway/timeline';
import type { GatewayOutbox, OutboxContext } from './outbox';
import { plainCallback } from './plain-callback';

/** What a handler decided: applied (with the keys for the timeline), or not yet (and why). */
export type Outcome = { applied: true; patientId?: string | null; consentRequestId?: string | null } | { waitFor: string };

export interface Effects {
  /** Queues a request (an acknowledgement, a fetch) in the same transaction; sent after it commits. */
  /** The queued request's id; null when it is an acknowledgement the current API has no path for (left out). */
  enqueue(operation: HiuOperation, payload: Record<string, unknown>, context?: OutboxContext): string | null;
  /** An event for the renderer, sent after the transaction commits. */
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void;
  /** Work to do after the commit (e.g. start processing pages). */
  after(task: () => void): void;
}

export interface CallbackContext {
  requestId: string;
  respRequestId: string | null;
  headers: Record<string, string>;
  receivedAt: string;
  /** The v0.5-shaped body. */
  payload: Record<string, any>;
  /** `error.code` of the callback as text, when it carries an error. */
  errorCode: string | null;
}

export type CallbackHandler = (callback: CallbackContext, effects: Effects) => Outcome;

/** A callback that has waited this long for what it answers is given up (recorded as failed, kept). */
const GIVE_UP_WAITING_MS = 24 * 3600_000;
const BATCH = 200;

export interface CallbackProcessorDeps {
  db: Database;
  inbox: CallbackInboxStore;
  outbox: GatewayOutbox;
  timeline: TimelineStore;
  generation: () => GatewayGeneration;
  now: () => number;
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void;
  logError(what: string, error: unknown): void;
}

export class CallbackProcessor {
  private readonly handlers = new Map<string, CallbackHandler>();
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly deps: CallbackProcessorDeps) {}

  /** Finishes the callback in hand and stops; resolves when nothing is running, so the database can close. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  on(kind: CallbackKind, handler: CallbackHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Starts a run if none is going; a run already going makes one more pass. Resolves when the inbox is drained. */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      let applied = 0;
      for (let batch = this.deps.inbox.pending(BATCH); batch.length > 0; batch = this.deps.inbox.pending(BATCH)) {
        for (const entry of batch) {
          // Stopping (the app closes): what is left stays pending in the inbox for the next start.
          if (this.stopped) return;
          if (this.process(entry)) applied += 1;
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
      // Something new may be what a waiting callback needs.
      if (applied > 0) for (const entry of this.deps.inbox.waiting()) this.process(entry);
    } while (this.again);
  }

  /** Applies one callback; true when it was applied. */
  private process(entry: InboxEntry): boolean {
    const post: (() => void)[] = [];
    const events: [EventName, unknown][] = [];
    let outcome: Outcome;
    try {
      outcome = this.deps.db.transaction(() => this.apply(entry, post, events)).immediate();
    } catch (error) {
      this.deps.logError(`callback ${entry.kind} ${entry.requestId}`, error);
      this.deps.inbox.markFailed(entry.requestId, this.iso(), error instanceof Error ? error.message.slice(0, 500) : String(error));
      return false;
    }
    if ('waitFor' in outcome) return false;
    this.deps.outbox.flush();
    if (entry.respRequestId) this.deps.outbox.wake(entry.respRequestId);
    for (const [event, payload] of events) this.deps.emit(event, payload as never);
    for (const task of post) task();
    return true;
  }

  /**
   * A notification stored under v0.5 and applied after a switch to v3 is still applied; only an acknowledgement
   * the current generation has no path for (patient status, subscriptions) is left out, instead of undoing it all.
   */
  private enqueueEffect(operation: HiuOperation, body: Record<string, unknown>, context?: OutboxContext): string | null {
    if (ACKNOWLEDGEMENTS.has(operation) && !this.deps.generation().supports(operation)) return null;
    return this.deps.outbox.enqueue(operation, body, context);
  }

  private apply(entry: InboxEntry, post: (() => void)[], events: [EventName, unknown][]): Outcome {
    const body = JSON.parse(entry.body) as Record<string, unknown>;
    // Read in the shape of the generation it came in, even if the API was switched since; what is applied has no
    // control characters or direction marks in any text.
    const payload = plainCallback(gatewayGenerationOfPath(entry.path).callbackPayload(entry.kind, body));
    const error = payload.error as { code?: unknown } | null | undefined;
    const errorCode = error && error.code !== undefined && error.code !== null ? String(error.code) : null;
    const handler = this.handlers.get(entry.kind);
    const request = entry.respRequestId ? this.deps.outbox.get(entry.respRequestId) : undefined;
    let outcome: Outcome;
    if (entry.respRequestId && !request) outcome = { waitFor: `the request ${entry.respRequestId} it answers is not known here` };
    else if (!handler) outcome = { applied: true };
    else {
      const effects: Effects = {
        enqueue: (operation, body, context) => this.enqueueEffect(operation, body, context),
        emit: (event, data) => void events.push([event, data]),
        after: (task) => void post.push(task),
      };
      outcome = handler({ requestId: entry.requestId, respRequestId: entry.respRequestId, headers: entry.headers, receivedAt: entry.receivedAt, payload, errorCode }, effects);
    }
    if ('waitFor' in outcome) {
      if (this.deps.now() - Date.parse(entry.receivedAt) > GIVE_UP_WAITING_MS) {
        this.deps.inbox.markFailed(entry.requestId, this.iso(), `gave up waiting: ${outcome.waitFor}`);
      } else if (entry.state !== 'waiting') this.deps.inbox.markWaiting(entry.requestId, outcome.waitFor);
      return outcome;
    }
    this.deps.inbox.markDone(entry.requestId, this.iso());
    // An answer after the request was marked timed out is applied all the same; the timeline says it came late.
    const late = request?.state === 'timed-out';
    if (entry.respRequestId) this.deps.outbox.recordAnswer(entry.respRequestId, entry.requestId, errorCode);
    this.deps.timeline.add({
      at: entry.receivedAt,
      direction: 'in',
      path: entry.path,
      requestId: entry.requestId,
      respRequestId: entry.respRequestId,
      step: late ? 'received-late' : 'received',
      httpStatus: 202,
      errorCode,
      patientId: outcome.patientId ?? request?.patientId ?? null,
      consentRequestId: outcome.consentRequestId ?? request?.consentRequestId ?? null,
    });
    return outcome;
  }

  private iso(): string {
    return new Date(this.deps.now()).toISOString();
  }
}
