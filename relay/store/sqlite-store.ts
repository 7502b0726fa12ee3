// The relay's storage in one SQLite file, for a relay that runs as one process (a clinic's own relay). That process
// owns the file, so onDeliverable and onSessionClaimed are plain in-process events, sent once a change is committed.
//
// No cipher key, unlike the desk's database (electron/store/db.ts): a data-push page is the HIP's Fidelius
// ciphertext, which only the desk's key opens, and the rest is routing metadata and callbacks that stay here only until
// the desk acknowledges them. A key would have to live on the same server, readable by whoever can read this file.
// What matters is that nothing lingers, hence secure_delete (below).
//
// The routing itself (ingest, expect) is routing-procedure.ts, the one procedure both stores run; its queries in this
// dialect are sqlite-routing.ts. It is written async for PostgreSQL's sake, so a write here may be a promise: one
// write transaction is open at a time (the queue below), and reads wait while it is, so that nothing outside a
// write ever sees what it has not committed.
import { EventEmitter } from 'node:events';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { SQLITE_MIGRATIONS } from './migrations/sqlite';
import type { Delivery, DeskClaims, DeskRecord, ExpectOutcome, IncomingMessage, PurgeOutcome, RelayStore } from './relay-store';
import { claimForDesk, ingestMessage } from './routing-procedure';
import { SqliteRouting } from './sqlite-routing';
import { isoTime, stepNeeded, tokenCutoffs, toDeskRecord, toDeskWithSecret, unique, type DeskRow, type RelayMigration } from './shared';

/** What a committed write tells listeners. */
interface Announcements {
  deliverable: Set<string>;
  sessions: Array<[deskId: string, sessionId: string | null]>;
}

interface QueuedWrite {
  work: (announce: Announcements) => unknown | Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown; announce: Announcements } | { ok: false; error: unknown };

export class SqliteRelayStore implements RelayStore {
  private readonly db: Database.Database;
  private readonly events = new EventEmitter();
  private readonly statements = new Map<string, Database.Statement>();
  private queue: QueuedWrite[] = [];
  /** The commit under way (or the last one): the next batch starts after it. */
  private writing: Promise<void> = Promise.resolve();
  private readonly prepare = (sql: string) => this.statement(sql);

  constructor(readonly file: string) {
    if (file !== ':memory:') makePrivate(file);
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // FULL: a commit is on disk when it returns. The relay answers ABDM only after ingest, and ABDM does not send an
    // acknowledged callback again, so a power cut must not undo it; group commit (write()) keeps bursts fast.
    this.db.pragma('synchronous = FULL');
    // Deleted rows are overwritten with zeros, so the file keeps no payload once a desk has acknowledged it...
    this.db.pragma('secure_delete = ON');
    // ...and the write-ahead log is cut back to nothing when it restarts, instead of keeping old frames around.
    this.db.pragma('journal_size_limit = 0');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    this.events.setMaxListeners(0);
  }

  async migrate(): Promise<void> {
    migrateSqlite(this.db, SQLITE_MIGRATIONS);
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    // What is queued is committed first, in the chain, so that a read meanwhile waits for it (idle).
    this.writing = this.writing.then(() => this.commitQueued());
    await this.writing;
    this.db.close();
  }

  async ping(): Promise<void> {
    await this.idle();
    this.statement('SELECT 1').get();
  }

  addDesk(desk: { id: string; hiuId: string; name: string; secretHash: string; createdAt: string }): Promise<void> {
    return this.write(() => {
      this.statement('INSERT INTO desks (id, hiu_id, name, secret_hash, created_at) VALUES (?, ?, ?, ?, ?)').run(
        desk.id,
        desk.hiuId,
        desk.name,
        desk.secretHash,
        isoTime(desk.createdAt),
      );
    });
  }

  async listDesks(): Promise<DeskRecord[]> {
    await this.idle();
    const rows = this.statement('SELECT * FROM desks ORDER BY created_at, id').all() as DeskRow[];
    return rows.map(toDeskRecord);
  }

  async findDesk(id: string): Promise<(DeskRecord & { secretHash: string }) | null> {
    await this.idle();
    const row = this.statement('SELECT * FROM desks WHERE id = ?').get(id) as DeskRow | undefined;
    return row ? toDeskWithSecret(row) : null;
  }

  revokeDesk(id: string, at: string): Promise<boolean> {
    const revokedAt = isoTime(at);
    return this.write((announce) => {
      const revoked = this.statement('UPDATE desks SET revoked_at = ?, session_id = NULL WHERE id = ? AND revoked_at IS NULL').run(revokedAt, id);
      if (revoked.changes === 0) return false;
      this.deleteDelivered(this.statement('DELETE FROM deliveries WHERE desk_id = ? RETURNING message_id').pluck().all(id) as number[]);
      // Its keys are free again: a desk set up in its place can claim the requests still open.
      this.statement('DELETE FROM expectations WHERE desk_id = ?').run(id);
      announce.sessions.push([id, null]);
      return true;
    });
  }

  /** A revoked desk is refused every key; a desk of another HIU, or no desk, is a caller's mistake and throws. */
  expect(hiuId: string, deskId: string, keys: string[], at: string): Promise<ExpectOutcome> {
    const claimedAt = isoTime(at);
    return this.write((announce) => claimForDesk(this.routing(announce), hiuId, deskId, keys, claimedAt));
  }

  async claimsOf(hiuId: string, deskId: string, keys: string[]): Promise<DeskClaims> {
    await this.idle();
    const held = this.statement('SELECT count(*) FROM expectations WHERE desk_id = ?').pluck().get(deskId) as number;
    const holding = this.statement('SELECT key FROM expectations WHERE hiu_id = ? AND desk_id = ? AND key IN (SELECT value FROM json_each(?))')
      .pluck()
      .all(hiuId, deskId, JSON.stringify(unique(keys))) as string[];
    return { held, holding: new Set(holding) };
  }

  async isClaimed(hiuId: string, key: string): Promise<boolean> {
    await this.idle();
    return this.statement('SELECT 1 FROM expectations WHERE hiu_id = ? AND key = ?').get(hiuId, key) !== undefined;
  }

  ingest(message: IncomingMessage): Promise<'stored' | 'duplicate'> {
    const received = { ...message, receivedAt: isoTime(message.receivedAt) };
    return this.write((announce) => ingestMessage(this.routing(announce), received));
  }

  async pending(deskId: string, afterSeq: number, limit: number): Promise<Delivery[]> {
    await this.idle();
    return this.statement(
      `SELECT d.seq, m.kind, m.payload FROM deliveries d JOIN messages m ON m.id = d.message_id
       WHERE d.desk_id = ? AND d.seq > ? ORDER BY d.seq LIMIT ?`,
    ).all(deskId, afterSeq, limit) as Delivery[];
  }

  ack(deskId: string, seqs: number[]): Promise<number> {
    const seqList = JSON.stringify(seqs);
    return this.write(() => {
      // One pass: the deleted deliveries' messages come back, one per delivery.
      const messageIds = this.statement('DELETE FROM deliveries WHERE desk_id = ? AND seq IN (SELECT value FROM json_each(?)) RETURNING message_id')
        .pluck()
        .all(deskId, seqList) as number[];
      this.deleteDelivered(messageIds);
      return messageIds.length;
    });
  }

  async backlog(): Promise<Record<string, number>> {
    await this.idle();
    const rows = this.statement('SELECT desk_id, count(*) AS n FROM deliveries GROUP BY desk_id ORDER BY desk_id').all() as Array<{ desk_id: string; n: number }>;
    return Object.fromEntries(rows.map((row) => [row.desk_id, row.n]));
  }

  /** Dedupe keys go with the messages' cutoff: a repeat of a message older than that is stored again. */
  purge(cutoffs: { messagesBefore: string; expectationsBefore: string; tokensBefore?: string }): Promise<PurgeOutcome> {
    const messagesBefore = isoTime(cutoffs.messagesBefore);
    const expectationsBefore = isoTime(cutoffs.expectationsBefore);
    const tokens = cutoffs.tokensBefore === undefined ? undefined : tokenCutoffs(cutoffs.tokensBefore);
    return this.write(() => {
      if (tokens) {
        this.statement('DELETE FROM share_tokens WHERE valid_until <= ?').run(tokens.validUntil);
        this.statement('DELETE FROM token_counters WHERE day < ?').run(tokens.dayBefore);
      }
      // Deliveries and kept keys go with their message (ON DELETE CASCADE).
      const messages = this.statement('DELETE FROM messages WHERE received_at < ?').run(messagesBefore).changes;
      this.statement('DELETE FROM seen_messages WHERE received_at < ?').run(messagesBefore);
      const expectations = this.statement('DELETE FROM expectations WHERE created_at < ?').run(expectationsBefore).changes;
      return { messages, expectations };
    });
  }

  /** A revoked desk, or no desk, gets no session (and nobody hears of it). */
  claimSession(deskId: string, sessionId: string, at: string = new Date().toISOString()): Promise<void> {
    const seenAt = isoTime(at);
    return this.write((announce) => {
      const claimed = this.statement('UPDATE desks SET session_id = ?, session_seen_at = ? WHERE id = ? AND revoked_at IS NULL').run(sessionId, seenAt, deskId);
      if (claimed.changes === 1) announce.sessions.push([deskId, sessionId]);
    });
  }

  touchSession(deskId: string, sessionId: string, at: string): Promise<void> {
    const seenAt = isoTime(at);
    return this.write(() => {
      this.statement('UPDATE desks SET session_seen_at = ? WHERE id = ? AND session_id = ?').run(seenAt, deskId, sessionId);
    });
  }

  releaseSession(deskId: string, sessionId: string): Promise<void> {
    return this.write(() => {
      this.statement('UPDATE desks SET session_id = NULL, session_seen_at = NULL WHERE id = ? AND session_id = ?').run(deskId, sessionId);
    });
  }

  onDeliverable(listener: (deskIds: string[]) => void): () => void {
    this.events.on('deliverable', listener);
    return () => this.events.off('deliverable', listener);
  }

  onSessionClaimed(listener: (deskId: string, sessionId: string | null) => void): () => void {
    this.events.on('session', listener);
    return () => this.events.off('session', listener);
  }

  // ── writing ─────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Runs `work` in the next commit. Writes that arrive together share one commit (group commit, as
   * electron/store/gateway/callback-inbox.ts does): with synchronous=FULL each commit waits for the disk, so a burst of
   * callbacks costs one wait instead of one each. Each write is its own savepoint, so one that throws takes only
   * itself back; the promise resolves once the commit holding it is on disk.
   */
  private write<T>(work: (announce: Announcements) => T | Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.queue.length === 1) setImmediate(() => (this.writing = this.writing.then(() => this.commitQueued())));
    });
  }

  /** Resolves when no write transaction is open: a read then sees only what is committed. */
  private async idle(): Promise<void> {
    while (this.db.open && this.db.inTransaction) await this.writing;
  }

  /** One transaction for what is queued; never rejects (each write's promise hears how it went). */
  private async commitQueued(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    const outcomes: Outcome[] = [];
    try {
      if (!this.db.open) throw new Error('The relay store is closed.');
      this.db.exec('BEGIN IMMEDIATE');
      try {
        for (const queued of batch) outcomes.push(await this.runInSavepoint(queued));
        this.db.exec('COMMIT');
      } catch (error) {
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        throw error;
      }
    } catch (error) {
      // Nothing of the batch is committed, so none of it may be reported as done.
      for (const queued of batch) queued.reject(error);
      return;
    }
    batch.forEach((queued, index) => settle(queued, outcomes[index]!));
    this.announce(outcomes);
  }

  private async runInSavepoint(queued: QueuedWrite): Promise<Outcome> {
    const announce: Announcements = { deliverable: new Set(), sessions: [] };
    this.db.exec('SAVEPOINT relay_write');
    try {
      const value = await queued.work(announce);
      this.db.exec('RELEASE relay_write');
      return { ok: true, value, announce };
    } catch (error) {
      this.db.exec('ROLLBACK TO relay_write');
      this.db.exec('RELEASE relay_write');
      return { ok: false, error };
    }
  }

  private announce(outcomes: Outcome[]): void {
    const deliverable = new Set<string>();
    for (const outcome of outcomes) if (outcome.ok) for (const deskId of outcome.announce.deliverable) deliverable.add(deskId);
    if (deliverable.size > 0) this.events.emit('deliverable', [...deliverable].sort());
    for (const outcome of outcomes) if (outcome.ok) for (const [deskId, sessionId] of outcome.announce.sessions) this.events.emit('session', deskId, sessionId);
  }

  /** The routing procedure's queries, inside the write under way. */
  private routing(announce: Announcements): SqliteRouting {
    return new SqliteRouting(this.prepare, announce.deliverable);
  }

  /** Messages among these that no desk still has to acknowledge: their payload goes now. */
  private deleteDelivered(messageIds: number[]): void {
    if (messageIds.length === 0) return;
    this.statement(
      `DELETE FROM messages WHERE routed = 1 AND id IN (SELECT value FROM json_each(?))
         AND NOT EXISTS (SELECT 1 FROM deliveries WHERE message_id = messages.id)`,
    ).run(JSON.stringify(messageIds));
  }

  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

/**
 * The relay's file readable by its own user only (0600; a folder it makes, 0700): it holds callbacks with patients'
 * details and the desks' credential hashes. SQLite gives the -wal and -shm files the database file's mode; files left
 * by an older relay with a wider mode are narrowed too.
 */
function makePrivate(file: string): void {
  const folder = path.dirname(path.resolve(file));
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
  for (const each of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(each)) chmodSync(each, 0o600);
}

/** Applies the steps not yet in relay_migrations, each in its own transaction; a newer file than this code throws. */
function migrateSqlite(db: Database.Database, migrations: readonly RelayMigration[]): void {
  db.exec('CREATE TABLE IF NOT EXISTS relay_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  for (const migration of migrations) {
    db.transaction(() => {
      const applied = db.prepare('SELECT coalesce(max(version), 0) FROM relay_migrations').pluck().get() as number;
      if (!stepNeeded(migration, applied, migrations, `The relay storage at ${db.name}`)) return;
      db.exec(migration.sql);
      db.prepare('INSERT INTO relay_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(migration.version, migration.name, new Date().toISOString());
    }).immediate();
  }
}

function settle(queued: QueuedWrite, outcome: Outcome): void {
  if (outcome.ok) queued.resolve(outcome.value);
  else queued.reject(outcome.error);
}
