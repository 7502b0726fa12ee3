// The routing procedure's queries (routing-procedure.ts) in SQLite's dialect, inside the store's one write
// transaction (sqlite-store.ts, write()). Every query runs at once on better-sqlite3's synchronous connection; the
// promises only fit the procedure's shape, so a routing never waits on anything but its own statements. Sets go in
// as JSON arrays (json_each).
import type Database from 'better-sqlite3-multiple-ciphers';
import type { IncomingMessage, IssuedToken, TokenRequest } from './relay-store';
import type { KeptMessage, RoutingTransaction } from './routing-procedure';
import type { ConnectedDesk } from './share-procedure';
import { unique, type DeskRow } from './shared';

/** Prepares a statement once and reuses it (the store's cache). */
export type Prepare = (sql: string) => Database.Statement;

export class SqliteRouting implements RoutingTransaction<number> {
  constructor(
    private readonly statement: Prepare,
    /** Desks to tell of new deliveries once the write commits. */
    private readonly deliverable: Set<string>,
  ) {}

  async firstSighting(message: IncomingMessage): Promise<boolean> {
    const first = this.statement('INSERT INTO seen_messages (hiu_id, dedupe_key, received_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(
      message.hiuId,
      message.dedupeKey,
      message.receivedAt,
    );
    return first.changes !== 0;
  }

  async holdersOf(hiuId: string, keys: string[]): Promise<string[]> {
    return this.statement(
      `SELECT DISTINCT e.desk_id FROM expectations e JOIN desks d ON d.id = e.desk_id
       WHERE e.hiu_id = ? AND e.key IN (SELECT value FROM json_each(?)) AND d.revoked_at IS NULL ORDER BY e.desk_id`,
    )
      .pluck()
      .all(hiuId, JSON.stringify(keys)) as string[];
  }

  async activeDesks(hiuId: string): Promise<string[]> {
    return this.statement('SELECT id FROM desks WHERE hiu_id = ? AND revoked_at IS NULL ORDER BY id').pluck().all(hiuId) as string[];
  }

  async deskOf(deskId: string): Promise<Pick<DeskRow, 'hiu_id' | 'revoked_at'> | undefined> {
    return this.statement('SELECT hiu_id, revoked_at FROM desks WHERE id = ?').get(deskId) as Pick<DeskRow, 'hiu_id' | 'revoked_at'> | undefined;
  }

  async store(message: IncomingMessage, routed: boolean): Promise<number> {
    const inserted = this.statement(
      'INSERT INTO messages (hiu_id, dedupe_key, kind, received_at, payload, introduces, routed) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(message.hiuId, message.dedupeKey, message.kind, message.receivedAt, message.payload, JSON.stringify(unique(message.introduces)), routed ? 1 : 0);
    return Number(inserted.lastInsertRowid);
  }

  async keepKeys(messageId: number, hiuId: string, keys: string[]): Promise<void> {
    const keep = this.statement('INSERT INTO message_keys (message_id, hiu_id, key) VALUES (?, ?, ?)');
    for (const key of keys) keep.run(messageId, hiuId, key);
  }

  async deliver(deliveries: Array<{ deskId: string; messageId: number }>): Promise<void> {
    const insert = this.statement('INSERT INTO deliveries (desk_id, message_id) VALUES (?, ?)');
    for (const { deskId, messageId } of deliveries) insert.run(deskId, messageId);
  }

  async claim(hiuId: string, deskId: string, keys: string[], at: string): Promise<Set<string>> {
    // One statement, as in postgres-routing.ts: a key comes back when it was inserted or renewed, that is when it is
    // now the desk's. (WHERE true: SQLite needs it to read ON CONFLICT as the upsert's, not as part of the SELECT.)
    const holds = this.statement(
      `INSERT INTO expectations (hiu_id, key, desk_id, created_at) SELECT ?, value, ?, ? FROM json_each(?) WHERE true
       ON CONFLICT (hiu_id, key) DO UPDATE SET created_at = excluded.created_at WHERE expectations.desk_id = excluded.desk_id
       RETURNING key`,
    )
      .pluck()
      .all(hiuId, deskId, at, JSON.stringify(keys)) as string[];
    return new Set(holds);
  }

  async keptNaming(hiuId: string, keys: string[]): Promise<Array<KeptMessage<number>>> {
    const rows = this.statement(
      `SELECT id, introduces FROM messages WHERE routed = 0 AND id IN
         (SELECT message_id FROM message_keys WHERE hiu_id = ? AND key IN (SELECT value FROM json_each(?)))
       ORDER BY id`,
    ).all(hiuId, JSON.stringify(keys)) as Array<{ id: number; introduces: string }>;
    return rows.map((row) => ({ id: row.id, introduces: JSON.parse(row.introduces) as string[] }));
  }

  async markRouted(messageIds: number[]): Promise<void> {
    const ids = JSON.stringify(messageIds);
    this.statement('UPDATE messages SET routed = 1 WHERE id IN (SELECT value FROM json_each(?))').run(ids);
    this.statement('DELETE FROM message_keys WHERE message_id IN (SELECT value FROM json_each(?))').run(ids);
  }

  async announceDeliverable(deskIds: string[]): Promise<void> {
    for (const deskId of deskIds) this.deliverable.add(deskId);
  }

  // ── Scan & Share (share-procedure.ts, token-procedure.ts) ────────────────────────────────────────────────

  async connectedDesks(hiuId: string, seenSince: string): Promise<ConnectedDesk[]> {
    return this.statement(
      `SELECT d.id AS deskId, (SELECT count(*) FROM deliveries x WHERE x.desk_id = d.id) AS waiting FROM desks d
       WHERE d.hiu_id = ? AND d.revoked_at IS NULL AND d.session_id IS NOT NULL AND d.session_seen_at >= ?
       ORDER BY waiting, d.id`,
    ).all(hiuId, seenSince) as ConnectedDesk[];
  }

  async forgetTokensEndedBy(hiuId: string, counterId: string, at: string): Promise<void> {
    this.statement('DELETE FROM share_tokens WHERE hiu_id = ? AND counter_id = ? AND valid_until <= ?').run(hiuId, counterId, at);
  }

  async tokenHeld(hiuId: string, counterId: string, patientHash: string): Promise<IssuedToken | undefined> {
    return this.statement('SELECT number, valid_until AS validUntil FROM share_tokens WHERE hiu_id = ? AND counter_id = ? AND patient_hash = ?').get(
      hiuId,
      counterId,
      patientHash,
    ) as IssuedToken | undefined;
  }

  async nextTokenNumber(hiuId: string, counterId: string, day: string): Promise<number> {
    return this.statement(
      `INSERT INTO token_counters (hiu_id, counter_id, day, last_number) VALUES (?, ?, ?, 1)
       ON CONFLICT (hiu_id, counter_id, day) DO UPDATE SET last_number = last_number + 1 RETURNING last_number`,
    )
      .pluck()
      .get(hiuId, counterId, day) as number;
  }

  async recordToken(hiuId: string, request: TokenRequest, token: IssuedToken, issuedAt: string): Promise<void> {
    this.statement(
      'INSERT INTO share_tokens (hiu_id, counter_id, patient_hash, day, number, issued_at, valid_until) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(hiuId, request.counterId, request.patientHash, request.day, token.number, issuedAt, token.validUntil);
  }
}
