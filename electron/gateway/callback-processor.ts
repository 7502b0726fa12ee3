// Applies stored callbacks, after the bridge has answered 202: oldest first, each in one transaction together
// with everything it causes (table changes, acknowledgements queued in the outbox), so that a crash can neither
// lose one nor apply one twice. A callback that answers something not yet known (it overtook the callback that
// tells us about it) waits and is tried again whenever another callback has been applied. It knows no role: each
// registers its handlers by callback kind (`on`), and each handler gets its role's typed message, read by the
// generation the callback came in (electron/abdm/gateway/role-wire.ts).
import type { Database } from 'better-sqlite3-multiple-ciphers';
import type { GatewayGeneration } from '../abdm/gateway/generation';
import type { EventName, EventPayloads } from '../core/events';
import type { CallbackInboxStore, InboxEntry } from '../store/gateway/callback-inbox';
import type { TimelineStore } from '../store/gateway/timeline';
import type { GatewayOutbox, OutboxContext } from './outbox';

/** What a handler decided: applied (with the keys for the timeline), or not yet (and why). */
export type Outcome = { applied: true; patientId?: string | null; consentRequestId?: string | null } | { waitFor: string };

/** What a handler may cause; `Operation` narrows the operations to its role's own (HiuEffects). */
export interface Effects<Operation extends string = string> {
  /** Queues a request (an acknowledgement, a fetch) in the same transaction; sent after it commits. */
  /** The queued request's id; null when it is an acknowledgement the current API has no path for (left out). */
  enqueue(operation: Operation, payload: Record<string, unknown>, context?: OutboxContext): string | null;
  /** An event for the renderer, sent after the transaction commits. */
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void;
  /** Work to do after the commit (e.g. start processing pages). */
  after(task: () => void): void;
}

export interface CallbackContext<M = unknown> {
  requestId: string;
  respRequestId: string | null;
  headers: Record<string, string>;
  receivedAt: string;
  /** The callback in its role's words (HiuMessages[kind] for the HIU), whichever generation brought it. */
  message: M;
  /** `error.code` of the callback as text, when it carries an error. */
  errorCode: string | null;
}

export type CallbackHandler<M = unknown> = (callback: CallbackContext<M>, effects: Effects) => Outcome;

/** A callback that has waited this long for what it answers is given up (recorded as failed, kept). */
const GIVE_UP_WAITING_MS = 24 * 3600_000;
const BATCH = 200;

export interface CallbackProcessorDeps {
  db: Database;
  inbox: CallbackInboxStore;
  outbox: GatewayOutbox;
  timeline: TimelineStore;
  /** The generation requests go out on now (an acknowledgement it has no path for is left out). */
  generation: () => GatewayGeneration;
  /** The generation a stored callback came in, by its bridge path, with every role's wire (GatewayRoles). */
  generationOfPath: (path: string) => GatewayGeneration;
  now: () => number;
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void;
  logError(what: string, error: unknown): void;
}

export class CallbackProcessor {
  private readonly handlers = new Map<string, CallbackHandler<never>>();
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly deps: CallbackProcessorDeps) {}

  /** Finishes the callback in hand and stops; resolves when nothing is running, so the database can close. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  /** Registers the handler of one callback kind; the caller's role decides the message type `M` of that kind. */
  on<M>(kind: string, handler: CallbackHandler<M>): void {
    this.handlers.set(kind, handler as CallbackHandler<never>);
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
  private enqueueEffect(operation: string, body: Record<string, unknown>, context?: OutboxContext): string | null {
    const generation = this.deps.generation();
    if (generation.isAcknowledgement(operation) && !generation.supports(operation)) return null;
    return this.deps.outbox.enqueue(operation, body, context);
  }

  private apply(entry: InboxEntry, post: (() => void)[], events: [EventName, unknown][]): Outcome {
    const body = JSON.parse(entry.body) as Record<string, unknown>;
    // Read by the generation it came in, even if the API was switched since; what is applied has no control
    // characters or direction marks in any text. A path no registered role serves any more is applied as is.
    const read = this.deps.generationOfPath(entry.path).callbackMessage(entry.path, body, entry.headers);
    const errorCode = read?.errorCode ?? null;
    const handler = this.handlers.get(entry.kind);
    const request = entry.respRequestId ? this.deps.outbox.get(entry.respRequestId) : undefined;
    let outcome: Outcome;
    if (entry.respRequestId && !request) outcome = { waitFor: `the request ${entry.respRequestId} it answers is not known here` };
    else if (!handler || !read) outcome = { applied: true };
    else {
      const effects: Effects = {
        enqueue: (operation, body, context) => this.enqueueEffect(operation, body, context),
        emit: (event, data) => void events.push([event, data]),
        after: (task) => void post.push(task),
      };
      const callback = { requestId: entry.requestId, respRequestId: entry.respRequestId, headers: entry.headers, receivedAt: entry.receivedAt, message: read.message, errorCode };
      outcome = handler(callback as CallbackContext<never>, effects);
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
