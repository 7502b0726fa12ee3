// The relay's storage in one SQLite file, for a relay that runs as one process (a clinic's own relay). That process
// owns the file, so onDeliverable and onSessionClaimed are plain in-process events, sent once a change is committed.
//
// No cipher key, unlike the desk's database (electron/store/db.ts): a data-push page is the HIP's Fidelius
// ciphertext, which only the desk's key opens, and the rest is routing metadata and callbacks that stay here only until
// the desk acknowledges them. A key would have to live on the same server, readable by whoever can read this file.
// What matters is that nothing lingers, hence secure_delete (below).
import { EventEmitter } from 'node:events';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { SQLITE_MIGRATIONS } from './migrations/sqlite';
import type { Delivery, DeskClaims, DeskRecord, ExpectOutcome, IncomingMessage, PurgeOutcome, RelayStore } from './relay-store';
import { claimOutcome, isoTime, ownerOfIntroduced, refusalFor, stepNeeded, toDeskRecord, toDeskWithSecret, unique, type DeskRow, type RelayMigration } from './shared';

/** What a committed write tells listeners. */
interface Announcements {
  deliverable: Set<string>;
  sessions: Array<[deskId: string, sessionId: string | null]>;
}

interface QueuedWrite {
  work: (announce: Announcements) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown; announce: Announcements } | { ok: false; error: unknown };

interface KeptRow {
  id: number;
  introduces: string;
}

export class SqliteRelayStore implements RelayStore {
  private readonly db: Database.Database;
  private readonly events = new EventEmitter();
  private readonly statements = new Map<string, Database.Statement>();
  private queue: QueuedWrite[] = [];

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
    this.commitQueued();
    this.db.close();
  }

  async ping(): Promise<void> {
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
    const rows = this.statement('SELECT * FROM desks ORDER BY created_at, id').all() as DeskRow[];
    return rows.map(toDeskRecord);
  }

  async findDesk(id: string): Promise<(DeskRecord & { secretHash: string }) | null> {
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
    return this.write((announce) => {
      const desk = this.statement('SELECT hiu_id, revoked_at FROM desks WHERE id = ?').get(deskId) as Pick<DeskRow, 'hiu_id' | 'revoked_at'> | undefined;
      const refusal = refusalFor(desk, hiuId, deskId, keys);
      if (refusal) return refusal;
      const outcome = this.claim(hiuId, deskId, keys, claimedAt);
      this.routeKept(hiuId, deskId, outcome.accepted, claimedAt, announce);
      return outcome;
    });
  }

  async claimsOf(hiuId: string, deskId: string, keys: string[]): Promise<DeskClaims> {
    const held = this.statement('SELECT count(*) FROM expectations WHERE desk_id = ?').pluck().get(deskId) as number;
    const holding = this.statement('SELECT key FROM expectations WHERE hiu_id = ? AND desk_id = ? AND key IN (SELECT value FROM json_each(?))')
      .pluck()
      .all(hiuId, deskId, JSON.stringify(unique(keys))) as string[];
    return { held, holding: new Set(holding) };
  }

  async isClaimed(hiuId: string, key: string): Promise<boolean> {
    return this.statement('SELECT 1 FROM expectations WHERE hiu_id = ? AND key = ?').get(hiuId, key) !== undefined;
  }

  ingest(message: IncomingMessage): Promise<'stored' | 'duplicate'> {
    const received = { ...message, receivedAt: isoTime(message.receivedAt) };
    return this.write((announce) => this.ingestNow(received, announce));
  }

  async pending(deskId: string, afterSeq: number, limit: number): Promise<Delivery[]> {
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
    const rows = this.statement('SELECT desk_id, count(*) AS n FROM deliveries GROUP BY desk_id ORDER BY desk_id').all() as Array<{ desk_id: string; n: number }>;
    return Object.fromEntries(rows.map((row) => [row.desk_id, row.n]));
  }

  /** Dedupe keys go with the messages' cutoff: a repeat of a message older than that is stored again. */
  purge(cutoffs: { messagesBefore: string; expectationsBefore: string }): Promise<PurgeOutcome> {
    const messagesBefore = isoTime(cutoffs.messagesBefore);
    const expectationsBefore = isoTime(cutoffs.expectationsBefore);
    return this.write(() => {
      // Deliveries and kept keys go with their message (ON DELETE CASCADE).
      const messages = this.statement('DELETE FROM messages WHERE received_at < ?').run(messagesBefore).changes;
      this.statement('DELETE FROM seen_messages WHERE received_at < ?').run(messagesBefore);
      const expectations = this.statement('DELETE FROM expectations WHERE created_at < ?').run(expectationsBefore).changes;
      return { messages, expectations };
    });
  }

  /** A revoked desk, or no desk, gets no session (and nobody hears of it). */
  claimSession(deskId: string, sessionId: string): Promise<void> {
    return this.write((announce) => {
      const claimed = this.statement('UPDATE desks SET session_id = ? WHERE id = ? AND revoked_at IS NULL').run(sessionId, deskId);
      if (claimed.changes === 1) announce.sessions.push([deskId, sessionId]);
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
  private write<T>(work: (announce: Announcements) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.queue.length === 1) setImmediate(() => this.commitQueued());
    });
  }

  private commitQueued(): void {
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    let outcomes: Outcome[];
    try {
      if (!this.db.open) throw new Error('The relay store is closed.');
      outcomes = this.db.transaction(() => batch.map((queued) => this.runInSavepoint(queued))).immediate();
    } catch (error) {
      // Nothing of the batch is committed, so none of it may be reported as done.
      for (const queued of batch) queued.reject(error);
      return;
    }
    batch.forEach((queued, index) => settle(queued, outcomes[index]!));
    this.announce(outcomes);
  }

  private runInSavepoint(queued: QueuedWrite): Outcome {
    const announce: Announcements = { deliverable: new Set(), sessions: [] };
    try {
      // A transaction inside a transaction is a savepoint in better-sqlite3.
      return { ok: true, value: this.db.transaction(() => queued.work(announce))(), announce };
    } catch (error) {
      return { ok: false, error };
    }
  }

  private announce(outcomes: Outcome[]): void {
    const deliverable = new Set<string>();
    for (const outcome of outcomes) if (outcome.ok) for (const deskId of outcome.announce.deliverable) deliverable.add(deskId);
    if (deliverable.size > 0) this.events.emit('deliverable', [...deliverable].sort());
    for (const outcome of outcomes) if (outcome.ok) for (const [deskId, sessionId] of outcome.announce.sessions) this.events.emit('session', deskId, sessionId);
  }

  // ── routing (inside a write) ────────────────────────────────────────────────────────────────────────────

  private ingestNow(message: IncomingMessage, announce: Announcements): 'stored' | 'duplicate' {
    const first = this.statement('INSERT INTO seen_messages (hiu_id, dedupe_key, received_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(
      message.hiuId,
      message.dedupeKey,
      message.receivedAt,
    );
    if (first.changes === 0) return 'duplicate';
    const recipients = this.recipients(message);
    const messageId = Number(
      this.statement(
        `INSERT INTO messages (hiu_id, dedupe_key, kind, received_at, payload, introduces, routed) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(message.hiuId, message.dedupeKey, message.kind, message.receivedAt, message.payload, JSON.stringify(unique(message.introduces)), recipients.length > 0 ? 1 : 0)
        .lastInsertRowid,
    );
    if (recipients.length === 0) {
      const keep = this.statement('INSERT INTO message_keys (message_id, hiu_id, key) VALUES (?, ?, ?)');
      for (const key of unique(message.routeKeys)) keep.run(messageId, message.hiuId, key);
      return 'stored';
    }
    for (const deskId of recipients) this.deliver(deskId, messageId, announce);
    const owner = ownerOfIntroduced(recipients);
    if (owner !== undefined) {
      const { accepted } = this.claim(message.hiuId, owner, message.introduces, message.receivedAt);
      this.routeKept(message.hiuId, owner, accepted, message.receivedAt, announce);
    }
    return 'stored';
  }

  /** The active desks holding one of its keys; when none does and it may be broadcast, every active desk of its HIU. */
  private recipients(message: IncomingMessage): string[] {
    const holders = this.statement(
      `SELECT DISTINCT e.desk_id FROM expectations e JOIN desks d ON d.id = e.desk_id
       WHERE e.hiu_id = ? AND e.key IN (SELECT value FROM json_each(?)) AND d.revoked_at IS NULL ORDER BY e.desk_id`,
    )
      .pluck()
      .all(message.hiuId, JSON.stringify(message.routeKeys)) as string[];
    if (holders.length > 0 || !message.broadcastIfUnclaimed) return holders;
    return this.statement('SELECT id FROM desks WHERE hiu_id = ? AND revoked_at IS NULL ORDER BY id').pluck().all(message.hiuId) as string[];
  }

  /** Keys already the desk's are renewed (their created_at moves on), so a desk keeps a key alive by claiming it again. */
  private claim(hiuId: string, deskId: string, keys: string[], at: string): ExpectOutcome {
    const wanted = unique(keys);
    if (wanted.length === 0) return { accepted: [], refused: [] };
    // One statement, as in postgres-store.ts: a key comes back when it was inserted or renewed, that is when it is now
    // the desk's. (WHERE true: SQLite needs it to read ON CONFLICT as the upsert's, not as part of the SELECT.)
    const holds = this.statement(
      `INSERT INTO expectations (hiu_id, key, desk_id, created_at) SELECT ?, value, ?, ? FROM json_each(?) WHERE true
       ON CONFLICT (hiu_id, key) DO UPDATE SET created_at = excluded.created_at WHERE expectations.desk_id = excluded.desk_id
       RETURNING key`,
    )
      .pluck()
      .all(hiuId, deskId, at, JSON.stringify(wanted)) as string[];
    return claimOutcome(wanted, new Set(holds));
  }

  /**
   * Kept messages naming one of `keys` go to the desk, oldest first; the keys they hand out become the desk's, and
   * so do kept messages naming those, until nothing more is found.
   */
  private routeKept(hiuId: string, deskId: string, keys: string[], at: string, announce: Announcements): void {
    const findKept = this.statement(
      `SELECT id, introduces FROM messages WHERE routed = 0 AND id IN
         (SELECT message_id FROM message_keys WHERE hiu_id = ? AND key IN (SELECT value FROM json_each(?)))
       ORDER BY id`,
    );
    let claimed = keys;
    while (claimed.length > 0) {
      const kept = findKept.all(hiuId, JSON.stringify(claimed)) as KeptRow[];
      claimed = [];
      for (const message of kept) {
        this.statement('UPDATE messages SET routed = 1 WHERE id = ?').run(message.id);
        this.statement('DELETE FROM message_keys WHERE message_id = ?').run(message.id);
        this.deliver(deskId, message.id, announce);
        claimed.push(...this.claim(hiuId, deskId, JSON.parse(message.introduces) as string[], at).accepted);
      }
    }
  }

  private deliver(deskId: string, messageId: number, announce: Announcements): void {
    this.statement('INSERT INTO deliveries (desk_id, message_id) VALUES (?, ?)').run(deskId, messageId);
    announce.deliverable.add(deskId);
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
