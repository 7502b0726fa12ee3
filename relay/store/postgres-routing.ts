// The routing procedure's queries (routing-procedure.ts) in PostgreSQL's dialect, on one client inside a
// transaction that already holds the HIU's advisory lock (postgres-store.ts, lockHiu). Sets go in as arrays
// (unnest, ANY), so a step is one statement however many desks or messages it touches.
import type pg from 'pg';
import type { IncomingMessage, IssuedToken, TokenRequest } from './relay-store';
import type { KeptMessage, RoutingTransaction } from './routing-procedure';
import type { ConnectedDesk } from './share-procedure';
import { unique, type DeskRow } from './shared';

/** Desk ids per NOTIFY: a payload must stay under PostgreSQL's 8000 bytes; a desk id is at most 37 characters. */
const DESKS_PER_NOTIFICATION = 100;
export const DELIVERABLE_CHANNEL = 'relay_deliverable';

/** A message's id is a bigint, which pg hands back as text. */
export class PostgresRouting implements RoutingTransaction<string> {
  constructor(private readonly client: pg.PoolClient) {}

  async firstSighting(message: IncomingMessage): Promise<boolean> {
    const first = await this.client.query('INSERT INTO seen_messages (hiu_id, dedupe_key, received_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      message.hiuId,
      message.dedupeKey,
      message.receivedAt,
    ]);
    return first.rowCount !== 0;
  }

  async holdersOf(hiuId: string, keys: string[]): Promise<string[]> {
    const { rows } = await this.client.query<{ desk_id: string }>(
      `SELECT DISTINCT e.desk_id FROM expectations e JOIN desks d ON d.id = e.desk_id
       WHERE e.hiu_id = $1 AND e.key = ANY($2::text[]) AND d.revoked_at IS NULL ORDER BY e.desk_id`,
      [hiuId, keys],
    );
    return rows.map((row) => row.desk_id);
  }

  async activeDesks(hiuId: string): Promise<string[]> {
    const { rows } = await this.client.query<{ id: string }>('SELECT id FROM desks WHERE hiu_id = $1 AND revoked_at IS NULL ORDER BY id', [hiuId]);
    return rows.map((row) => row.id);
  }

  async deskOf(deskId: string): Promise<Pick<DeskRow, 'hiu_id' | 'revoked_at'> | undefined> {
    return (await this.client.query<Pick<DeskRow, 'hiu_id' | 'revoked_at'>>('SELECT hiu_id, revoked_at FROM desks WHERE id = $1', [deskId])).rows[0];
  }

  async store(message: IncomingMessage, routed: boolean): Promise<string> {
    const { rows } = await this.client.query<{ id: string }>(
      `INSERT INTO messages (hiu_id, dedupe_key, kind, received_at, payload, introduces, routed)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [message.hiuId, message.dedupeKey, message.kind, message.receivedAt, message.payload, JSON.stringify(unique(message.introduces)), routed],
    );
    return rows[0]!.id;
  }

  async keepKeys(messageId: string, hiuId: string, keys: string[]): Promise<void> {
    await this.client.query('INSERT INTO message_keys (message_id, hiu_id, key) SELECT $1, $2, key FROM unnest($3::text[]) AS key', [messageId, hiuId, keys]);
  }

  async deliver(deliveries: Array<{ deskId: string; messageId: string }>): Promise<void> {
    await this.client.query(
      'INSERT INTO deliveries (desk_id, message_id) SELECT desk, message FROM unnest($1::text[], $2::bigint[]) WITH ORDINALITY AS d (desk, message, n) ORDER BY n',
      [deliveries.map((d) => d.deskId), deliveries.map((d) => d.messageId)],
    );
  }

  async claim(hiuId: string, deskId: string, keys: string[], at: string): Promise<Set<string>> {
    const { rows } = await this.client.query<{ key: string }>(
      `INSERT INTO expectations (hiu_id, key, desk_id, created_at) SELECT $1, key, $2, $3 FROM unnest($4::text[]) AS key
       ON CONFLICT (hiu_id, key) DO UPDATE SET created_at = excluded.created_at WHERE expectations.desk_id = excluded.desk_id
       RETURNING key`,
      [hiuId, deskId, at, keys],
    );
    return new Set(rows.map((row) => row.key));
  }

  async keptNaming(hiuId: string, keys: string[]): Promise<Array<KeptMessage<string>>> {
    // FOR UPDATE: a purge deleting one of them waits for this commit, or this finds it gone.
    const { rows } = await this.client.query<{ id: string; introduces: string }>(
      `SELECT id, introduces FROM messages WHERE NOT routed AND id IN
         (SELECT message_id FROM message_keys WHERE hiu_id = $1 AND key = ANY($2::text[]))
       ORDER BY id FOR UPDATE`,
      [hiuId, keys],
    );
    return rows.map((row) => ({ id: row.id, introduces: JSON.parse(row.introduces) as string[] }));
  }

  async markRouted(messageIds: string[]): Promise<void> {
    await this.client.query('UPDATE messages SET routed = true WHERE id = ANY($1::bigint[])', [messageIds]);
    await this.client.query('DELETE FROM message_keys WHERE message_id = ANY($1::bigint[])', [messageIds]);
  }

  async announceDeliverable(deskIds: string[]): Promise<void> {
    const ids = unique(deskIds).sort();
    for (let start = 0; start < ids.length; start += DESKS_PER_NOTIFICATION) {
      await notify(this.client, DELIVERABLE_CHANNEL, JSON.stringify(ids.slice(start, start + DESKS_PER_NOTIFICATION)));
    }
  }

  // ── Scan & Share (share-procedure.ts, token-procedure.ts) ────────────────────────────────────────────────

  async connectedDesks(hiuId: string, seenSince: string): Promise<ConnectedDesk[]> {
    const { rows } = await this.client.query<ConnectedDesk>(
      `SELECT d.id AS "deskId", (SELECT count(*) FROM deliveries x WHERE x.desk_id = d.id)::integer AS waiting FROM desks d
       WHERE d.hiu_id = $1 AND d.revoked_at IS NULL AND d.session_id IS NOT NULL AND d.session_seen_at >= $2
       ORDER BY waiting, d.id`,
      [hiuId, seenSince],
    );
    return rows;
  }

  async forgetTokensEndedBy(hiuId: string, counterId: string, at: string): Promise<void> {
    await this.client.query('DELETE FROM share_tokens WHERE hiu_id = $1 AND counter_id = $2 AND valid_until <= $3', [hiuId, counterId, at]);
  }

  async tokenHeld(hiuId: string, counterId: string, patientHash: string): Promise<IssuedToken | undefined> {
    const { rows } = await this.client.query<IssuedToken>(
      'SELECT number, valid_until AS "validUntil" FROM share_tokens WHERE hiu_id = $1 AND counter_id = $2 AND patient_hash = $3',
      [hiuId, counterId, patientHash],
    );
    return rows[0];
  }

  /** The day's row is locked by the upsert until commit: a second relay process's upsert waits, then counts on. */
  async nextTokenNumber(hiuId: string, counterId: string, day: string): Promise<number> {
    const { rows } = await this.client.query<{ last_number: number }>(
      `INSERT INTO token_counters (hiu_id, counter_id, day, last_number) VALUES ($1, $2, $3, 1)
       ON CONFLICT (hiu_id, counter_id, day) DO UPDATE SET last_number = token_counters.last_number + 1 RETURNING last_number`,
      [hiuId, counterId, day],
    );
    return rows[0]!.last_number;
  }

  async recordToken(hiuId: string, request: TokenRequest, token: IssuedToken, issuedAt: string): Promise<void> {
    await this.client.query(
      'INSERT INTO share_tokens (hiu_id, counter_id, patient_hash, day, number, issued_at, valid_until) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [hiuId, request.counterId, request.patientHash, request.day, token.number, issuedAt, token.validUntil],
    );
  }
}

/** Sent at commit, and not at all if the transaction rolls back. */
export async function notify(client: pg.PoolClient, channel: string, payload: string): Promise<void> {
  await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
}
