// The relay's storage in PostgreSQL, for several relay processes sharing one database (or one relay for many
// clinics). No process keeps state of its own: everything is in the database, and what one process commits reaches
// the others by NOTIFY, sent inside the committing transaction (so it goes out exactly when the change is visible)
// and heard by one LISTENing connection per process.
//
// Routing is serialised per HIU with a transaction-scoped advisory lock (lockHiu in expect and revokeDesk; the same
// lock taken by relay_ingest for ingest):
//  - a desk claiming a key and a message arriving for that key cannot miss each other (one of them sees the other);
//  - a desk's deliveries get their seq in commit order, so a sender reading pending(deskId, afterSeq) never moves
//    past a seq whose row is still to commit.
// The routing itself (ingest, expect) is routing-procedure.ts, the one procedure both stores run; its queries in
// this dialect are postgres-routing.ts. Ingest is the exception: for speed it runs the same routing as a function in
// the database (relay_ingest, migrations/postgres.ts steps 3 and 4), one statement per batch of an HIU's callbacks
// (postgres-ingest-batch.ts); only Scan & Share profile shares, which are rare, still go through the procedure.
//
// Unlike SQLite's secure_delete, PostgreSQL leaves a deleted row's bytes in the table file until VACUUM reuses the
// space (and in the write-ahead log and any base backup): payloads are deleted on acknowledgement, but an operator
// who needs them unrecoverable from the disk runs the database on encrypted storage.
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { POSTGRES_MIGRATIONS } from './migrations/postgres';
import { IngestBatches, type IngestBatchRow, type IngestOutcome } from './postgres-ingest-batch';
import { DELIVERABLE_CHANNEL, notify, PostgresRouting } from './postgres-routing';
import type { Delivery, DeskClaims, DeskRecord, ExpectOutcome, IncomingMessage, PurgeOutcome, RelayStore } from './relay-store';
import { claimForDesk, ingestMessage } from './routing-procedure';
import { isoTime, stepNeeded, tokenCutoffs, toDeskRecord, toDeskWithSecret, unique, type DeskRow } from './shared';

const SESSION_CHANNEL = 'relay_session';
/** SQLSTATEs after which the whole transaction may simply run again: deadlock_detected, serialization_failure. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

export interface PostgresStoreOptions {
  /** Connections in the pool, besides the one that listens (pg's default: 10). */
  poolSize?: number;
}

export class PostgresRelayStore implements RelayStore {
  private readonly pool: pg.Pool;
  private readonly listener: NotificationListener;
  private readonly events = new EventEmitter();
  private readonly batches = new IngestBatches((hiuId, batch, payloads) => this.ingestBatch(hiuId, batch, payloads));

  /** Connects, and resolves once this process hears other processes' notifications. */
  static async open(url: string, options: PostgresStoreOptions = {}): Promise<PostgresRelayStore> {
    const store = new PostgresRelayStore(url, options);
    try {
      await store.listener.start();
    } catch (error) {
      await store.pool.end();
      throw error;
    }
    return store;
  }

  private constructor(url: string, options: PostgresStoreOptions) {
    this.pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, keepAlive: true });
    // An idle pooled connection that breaks is dropped by the pool; the next query gets a fresh one, or fails
    // itself. Without a listener, the 'error' event would end the process.
    this.pool.on('error', () => {});
    this.listener = new NotificationListener(
      url,
      [DELIVERABLE_CHANNEL, SESSION_CHANNEL],
      (channel, payload) => this.heard(channel, payload),
      () => void this.catchUp().catch(() => {}),
    );
    this.events.setMaxListeners(0);
  }

  /** Every step under one advisory lock, each in its own transaction: relay processes starting together apply it once. */
  async migrate(): Promise<void> {
    await this.transaction(async (client) => {
      await lockMigrations(client);
      await client.query('CREATE TABLE IF NOT EXISTS relay_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)');
    });
    for (const migration of POSTGRES_MIGRATIONS) {
      await this.transaction(async (client) => {
        await lockMigrations(client);
        const applied = Number((await client.query('SELECT coalesce(max(version), 0) AS v FROM relay_migrations')).rows[0].v);
        if (!stepNeeded(migration, applied, POSTGRES_MIGRATIONS, 'The relay database')) return;
        await client.query(migration.sql);
        await client.query('INSERT INTO relay_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [migration.version, migration.name, new Date().toISOString()]);
      });
    }
  }

  async close(): Promise<void> {
    await this.batches.idle();
    await this.listener.stop();
    await this.pool.end();
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async addDesk(desk: { id: string; hiuId: string; name: string; secretHash: string; createdAt: string }): Promise<void> {
    await this.pool.query('INSERT INTO desks (id, hiu_id, name, secret_hash, created_at) VALUES ($1, $2, $3, $4, $5)', [
      desk.id,
      desk.hiuId,
      desk.name,
      desk.secretHash,
      isoTime(desk.createdAt),
    ]);
  }

  async listDesks(): Promise<DeskRecord[]> {
    const { rows } = await this.pool.query<DeskRow>('SELECT * FROM desks ORDER BY created_at, id');
    return rows.map(toDeskRecord);
  }

  async findDesk(id: string): Promise<(DeskRecord & { secretHash: string }) | null> {
    const { rows } = await this.pool.query<DeskRow>('SELECT * FROM desks WHERE id = $1', [id]);
    return rows[0] ? toDeskWithSecret(rows[0]) : null;
  }

  revokeDesk(id: string, at: string): Promise<boolean> {
    const revokedAt = isoTime(at);
    return this.transaction(async (client) => {
      const desk = (await client.query<{ hiu_id: string }>('SELECT hiu_id FROM desks WHERE id = $1', [id])).rows[0];
      if (!desk) return false;
      // Under the HIU's lock, no ingest can route to the desk between its revocation and the deletes below.
      await lockHiu(client, desk.hiu_id);
      const revoked = await client.query('UPDATE desks SET revoked_at = $2, session_id = NULL WHERE id = $1 AND revoked_at IS NULL', [id, revokedAt]);
      if (revoked.rowCount === 0) return false;
      const messageIds = await lockMessagesOfDeliveries(client, 'desk_id = $1', [id]);
      await client.query('DELETE FROM deliveries WHERE desk_id = $1', [id]);
      await deleteDelivered(client, messageIds);
      // Its keys are free again: a desk set up in its place can claim the requests still open.
      await client.query('DELETE FROM expectations WHERE desk_id = $1', [id]);
      await notify(client, SESSION_CHANNEL, JSON.stringify({ deskId: id, sessionId: null }));
      return true;
    });
  }

  /** A revoked desk is refused every key; a desk of another HIU, or no desk, is a caller's mistake and throws. */
  expect(hiuId: string, deskId: string, keys: string[], at: string): Promise<ExpectOutcome> {
    const claimedAt = isoTime(at);
    return this.routing(hiuId, (tx) => claimForDesk(tx, hiuId, deskId, keys, claimedAt));
  }

  async claimsOf(hiuId: string, deskId: string, keys: string[]): Promise<DeskClaims> {
    const [count, holding] = await Promise.all([
      this.pool.query<{ n: number }>('SELECT count(*)::integer AS n FROM expectations WHERE desk_id = $1', [deskId]),
      this.pool.query<{ key: string }>('SELECT key FROM expectations WHERE hiu_id = $1 AND desk_id = $2 AND key = ANY($3::text[])', [hiuId, deskId, unique(keys)]),
    ]);
    return { held: count.rows[0]?.n ?? 0, holding: new Set(holding.rows.map((row) => row.key)) };
  }

  async isClaimed(hiuId: string, key: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM expectations WHERE hiu_id = $1 AND key = $2', [hiuId, key]);
    return (rowCount ?? 0) > 0;
  }

  ingest(message: IncomingMessage): Promise<'stored' | 'duplicate'> {
    const received = { ...message, receivedAt: isoTime(message.receivedAt) };
    // A share hands out a token number on the way (share-procedure.ts), which relay_ingest does not know.
    if (received.counterShare) return this.routing(received.hiuId, (tx) => ingestMessage(tx, received));
    return this.batches.add(received);
  }

  async pending(deskId: string, afterSeq: number, limit: number): Promise<Delivery[]> {
    // The limit inside, before the join: otherwise a planner without statistics yet joins the desk's whole backlog
    // to the messages, payloads and all, and keeps the first few (milliseconds a call with a backlog of thousands).
    // Named, so each pooled connection plans it once rather than on every read.
    const { rows } = await this.pool.query<{ seq: string; kind: Delivery['kind']; payload: string }>({
      name: 'relay-pending',
      text: `SELECT d.seq, m.kind, m.payload
       FROM (SELECT seq, message_id FROM deliveries WHERE desk_id = $1 AND seq > $2 ORDER BY seq LIMIT $3) d
       JOIN messages m ON m.id = d.message_id ORDER BY d.seq`,
      values: [deskId, afterSeq, limit],
    });
    return rows.map((row) => ({ seq: Number(row.seq), kind: row.kind, payload: row.payload }));
  }

  /** One statement (relay_ack, migrations/postgres.ts steps 3 and 4), so one round trip and one commit. */
  ack(deskId: string, seqs: number[]): Promise<number> {
    return retrying(async () => {
      const { rows } = await this.pool.query<{ acknowledged: number }>({
        name: 'relay-ack',
        text: "SELECT set_config('synchronous_commit', 'off', true), relay_ack($1, $2::bigint[]) AS acknowledged",
        values: [deskId, seqs],
      });
      return rows[0]!.acknowledged;
    });
  }

  async backlog(): Promise<Record<string, number>> {
    const { rows } = await this.pool.query<{ desk_id: string; n: number }>(
      'SELECT desk_id, count(*)::integer AS n FROM deliveries GROUP BY desk_id ORDER BY desk_id',
    );
    return Object.fromEntries(rows.map((row) => [row.desk_id, row.n]));
  }

  /** Dedupe keys go with the messages' cutoff: a repeat of a message older than that is stored again. */
  purge(cutoffs: { messagesBefore: string; expectationsBefore: string; tokensBefore?: string }): Promise<PurgeOutcome> {
    const messagesBefore = isoTime(cutoffs.messagesBefore);
    const expectationsBefore = isoTime(cutoffs.expectationsBefore);
    const tokens = cutoffs.tokensBefore === undefined ? undefined : tokenCutoffs(cutoffs.tokensBefore);
    return this.transaction(async (client) => {
      if (tokens) {
        await client.query('DELETE FROM share_tokens WHERE valid_until <= $1', [tokens.validUntil]);
        await client.query('DELETE FROM token_counters WHERE day < $1', [tokens.dayBefore]);
      }
      // Locked in id order, as ack and revokeDesk lock them, so they wait for each other instead of deadlocking.
      // Deliveries and kept keys go with their message (ON DELETE CASCADE).
      const messages = await client.query(
        'DELETE FROM messages WHERE id IN (SELECT id FROM messages WHERE received_at < $1 ORDER BY id FOR UPDATE)',
        [messagesBefore],
      );
      await client.query('DELETE FROM seen_messages WHERE received_at < $1', [messagesBefore]);
      const expectations = await client.query('DELETE FROM expectations WHERE created_at < $1', [expectationsBefore]);
      return { messages: messages.rowCount ?? 0, expectations: expectations.rowCount ?? 0 };
    });
  }

  /** A revoked desk, or no desk, gets no session (and nobody hears of it). */
  claimSession(deskId: string, sessionId: string, at: string = new Date().toISOString()): Promise<void> {
    const seenAt = isoTime(at);
    return this.transaction(async (client) => {
      const claimed = await client.query('UPDATE desks SET session_id = $2, session_seen_at = $3 WHERE id = $1 AND revoked_at IS NULL', [deskId, sessionId, seenAt]);
      if (claimed.rowCount === 1) await notify(client, SESSION_CHANNEL, JSON.stringify({ deskId, sessionId }));
    });
  }

  async touchSession(deskId: string, sessionId: string, at: string): Promise<void> {
    await this.pool.query('UPDATE desks SET session_seen_at = $3 WHERE id = $1 AND session_id = $2', [deskId, sessionId, isoTime(at)]);
  }

  async releaseSession(deskId: string, sessionId: string): Promise<void> {
    await this.pool.query('UPDATE desks SET session_id = NULL, session_seen_at = NULL WHERE id = $1 AND session_id = $2', [deskId, sessionId]);
  }

  /** Heard through LISTEN, so this process's own changes arrive the same way as other processes'. */
  onDeliverable(listener: (deskIds: string[]) => void): () => void {
    this.events.on('deliverable', listener);
    return () => this.events.off('deliverable', listener);
  }

  onSessionClaimed(listener: (deskId: string, sessionId: string | null) => void): () => void {
    this.events.on('session', listener);
    return () => this.events.off('session', listener);
  }

  // ── plumbing ────────────────────────────────────────────────────────────────────────────────────────────

  /** The routing procedure's transaction: under the HIU's lock, so routings of one HIU happen one at a time. */
  private routing<T>(hiuId: string, work: (tx: PostgresRouting) => Promise<T>): Promise<T> {
    return this.transaction(async (client) => {
      await lockHiu(client, hiuId);
      return work(new PostgresRouting(client));
    });
  }

  /** One statement, so one transaction: relay_ingest takes the HIU's lock itself, and the commit comes with the answer. */
  private ingestBatch(hiuId: string, batch: IngestBatchRow[], payloads: string[]): Promise<IngestOutcome[]> {
    return retrying(async () => {
      const { rows } = await this.pool.query<{ outcomes: IngestOutcome[] }>({
        name: 'relay-ingest',
        text: 'SELECT relay_ingest($1, $2, $3) AS outcomes',
        values: [hiuId, JSON.stringify(batch), payloads],
      });
      return rows[0]!.outcomes;
    });
  }

  /** Runs `work` in one transaction; after a deadlock or serialization failure, PostgreSQL undid it all, so it runs again. */
  private transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return retrying(() => this.transactionOnce(work));
  }

  private async transactionOnce<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      // A connection that cannot even roll back is not given back to the pool.
      await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      client.release(broken);
    }
  }

  private heard(channel: string, payload: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    if (channel === DELIVERABLE_CHANNEL && Array.isArray(parsed)) this.events.emit('deliverable', parsed);
    if (channel === SESSION_CHANNEL && isSessionNotice(parsed)) this.events.emit('session', parsed.deskId, parsed.sessionId);
  }

  /**
   * After the listening connection came back: notifications sent while it was gone are lost, so this process is
   * told the current state instead (desks with deliveries; which session serves each desk, null for revoked desks).
   * Listeners treat both as idempotent.
   */
  private async catchUp(): Promise<void> {
    const waiting = Object.keys(await this.backlog());
    if (waiting.length > 0) this.events.emit('deliverable', waiting);
    const { rows } = await this.pool.query<{ id: string; session_id: string | null }>(
      'SELECT id, session_id FROM desks WHERE session_id IS NOT NULL OR revoked_at IS NOT NULL ORDER BY id',
    );
    for (const row of rows) this.events.emit('session', row.id, row.session_id);
  }
}

/** Runs `attempt` again after a deadlock or serialization failure, which PostgreSQL undid entirely. */
async function retrying<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= ATTEMPTS || !RETRYABLE.has((error as { code?: string }).code ?? '')) throw error;
    }
  }
}

// ── locks and deletes ───────────────────────────────────────────────────────────────────────────────────

/**
 * One lock per HIU, held until commit. hashtextextended gives 64 bits, so two HIUs sharing a lock (harmless: they
 * would only wait for each other) is as good as never.
 */
async function lockHiu(client: pg.PoolClient, hiuId: string): Promise<void> {
  await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('relay-hiu:' || $1, 0))`, [hiuId]);
}

async function lockMigrations(client: pg.PoolClient): Promise<void> {
  await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('relay-migrations', 0))`);
}

/**
 * Locks, in id order, the messages of the deliveries matching `where`, so that two desks acknowledging their last
 * deliveries of one message at once do not each see the other's row still there and leave the message behind.
 */
async function lockMessagesOfDeliveries(client: pg.PoolClient, where: string, values: unknown[]): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `SELECT id FROM messages WHERE id IN (SELECT message_id FROM deliveries WHERE ${where}) ORDER BY id FOR UPDATE`,
    values,
  );
  return rows.map((row) => row.id);
}

/** Messages among these that no desk still has to acknowledge: their payload goes now. */
async function deleteDelivered(client: pg.PoolClient, messageIds: string[]): Promise<void> {
  if (messageIds.length === 0) return;
  await client.query(
    `DELETE FROM messages m WHERE m.routed AND m.id = ANY($1::bigint[])
       AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.message_id = m.id)`,
    [messageIds],
  );
}

// ── listening ─────────────────────────────────────────────────────────────────────────────────────────────

const RETRY_FIRST_MS = 200;
const RETRY_MAX_MS = 5_000;

/** One connection LISTENing on the relay's channels, opened again (with growing pauses) whenever it drops. */
class NotificationListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly channels: string[],
    private readonly heard: (channel: string, payload: string) => void,
    private readonly reconnected: () => void,
  ) {}

  async start(): Promise<void> {
    this.client = await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<pg.Client> {
    // keepAlive: a connection that died without a word (a dropped NAT mapping) is noticed, and opened again.
    const client = new pg.Client({ connectionString: this.url, keepAlive: true });
    client.on('notification', (message) => this.heard(message.channel, message.payload ?? ''));
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      for (const channel of this.channels) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    return client;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    void client.end().catch(() => {});
    if (!this.stopped) this.reconnectAfter(RETRY_FIRST_MS);
  }

  private reconnectAfter(delay: number): void {
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().then(
        (client) => {
          if (this.stopped) return void client.end().catch(() => {});
          this.client = client;
          this.reconnected();
        },
        () => {
          if (!this.stopped) this.reconnectAfter(Math.min(delay * 2, RETRY_MAX_MS));
        },
      );
    }, delay);
  }
}

function isSessionNotice(value: unknown): value is { deskId: string; sessionId: string | null } {
  if (typeof value !== 'object' || value === null) return false;
  const notice = value as Record<string, unknown>;
  return typeof notice.deskId === 'string' && (typeof notice.sessionId === 'string' || notice.sessionId === null);
}
