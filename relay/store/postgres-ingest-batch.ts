// Group commit for PostgreSQL ingests (postgres-store.ts). One callback alone costs a round trip per routing step
// and a commit, all while holding its HIU's lock, so one HIU's callbacks went through one at a time at a few hundred a
// second (docs/performance.md, "Relay"). Here the ingests of one HIU that arrive while a batch is under way wait,
// and go together in the next one: one statement, relay_ingest (migrations/postgres.ts, steps 3 and 4), which takes
// the lock, routes each message in order, and commits once. Each caller hears its own outcome only after that commit.
import type { IncomingMessage } from './relay-store';
import { unique } from './shared';

export type IngestOutcome = 'stored' | 'duplicate';

/** Runs relay_ingest for one HIU's messages, in order, in one transaction; one outcome per message. */
export type IngestStatement = (hiuId: string, batch: IngestBatchRow[], payloads: string[]) => Promise<IngestOutcome[]>;

/** A message as relay_ingest reads it (its payload goes apart, as text: a data-push page may be megabytes). */
export interface IngestBatchRow {
  dedupeKey: string;
  kind: IncomingMessage['kind'];
  receivedAt: string;
  routeKeys: string[];
  introduces: string[];
  broadcastIfUnclaimed: boolean;
}

/** Enough to share one commit among a burst's callbacks; few enough that one statement stays small. */
const MAX_MESSAGES = 256;
/** Payload bytes (as UTF-16 length) a batch takes beyond its first message: data-push pages go nearly alone. */
const MAX_PAYLOAD_CHARS = 4 * 1024 * 1024;

interface Waiting {
  message: IncomingMessage;
  resolve: (outcome: IngestOutcome) => void;
  reject: (error: unknown) => void;
}

export class IngestBatches {
  /** Per HIU, the messages waiting for the next batch; an HIU is here exactly while its batches are being run. */
  private readonly waiting = new Map<string, Waiting[]>();
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly statement: IngestStatement) {}

  /** Resolves once the batch holding the message is committed. */
  add(message: IncomingMessage): Promise<IngestOutcome> {
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(message.hiuId);
      if (queue) return void queue.push({ message, resolve, reject });
      this.waiting.set(message.hiuId, [{ message, resolve, reject }]);
      // Started on the next turn, so that the ingests of requests that came in together share the first batch too.
      setImmediate(() => this.start(message.hiuId));
    });
  }

  /** Resolves when every batch asked for so far is committed or failed. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  private start(hiuId: string): void {
    const drained = this.drain(hiuId).finally(() => this.running.delete(drained));
    this.running.add(drained);
  }

  /** One batch at a time per HIU (they would only wait for each other's lock), until nothing waits. */
  private async drain(hiuId: string): Promise<void> {
    const queue = this.waiting.get(hiuId)!;
    while (queue.length > 0) await this.commit(hiuId, nextBatch(queue));
    this.waiting.delete(hiuId);
  }

  /** Never rejects: each caller hears how its own message went. */
  private async commit(hiuId: string, batch: Waiting[]): Promise<void> {
    try {
      const outcomes = await this.run(hiuId, batch);
      batch.forEach((waiting, index) => waiting.resolve(outcomes[index]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // Nothing of the batch was committed. Alone, each message fails or succeeds on its own.
      for (const waiting of batch) await this.commit(hiuId, [waiting]);
    }
  }

  private async run(hiuId: string, batch: Waiting[]): Promise<IngestOutcome[]> {
    const outcomes = await this.statement(hiuId, batch.map((waiting) => rowOf(waiting.message)), batch.map((waiting) => waiting.message.payload));
    if (outcomes.length !== batch.length) throw new Error(`relay_ingest answered ${outcomes.length} outcomes for ${batch.length} messages`);
    return outcomes;
  }
}

/** Takes the oldest waiting messages off the queue, within the batch's limits (at least one). */
function nextBatch(queue: Waiting[]): Waiting[] {
  let count = 1;
  let chars = queue[0]!.message.payload.length;
  while (count < queue.length && count < MAX_MESSAGES) {
    chars += queue[count]!.message.payload.length;
    if (chars > MAX_PAYLOAD_CHARS) break;
    count += 1;
  }
  return queue.splice(0, count);
}

function rowOf(message: IncomingMessage): IngestBatchRow {
  return {
    dedupeKey: message.dedupeKey,
    kind: message.kind,
    receivedAt: message.receivedAt,
    routeKeys: unique(message.routeKeys),
    introduces: unique(message.introduces),
    broadcastIfUnclaimed: message.broadcastIfUnclaimed,
  };
}
