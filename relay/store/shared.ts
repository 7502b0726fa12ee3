// What the two relay stores (sqlite-store.ts, postgres-store.ts) do alike, whatever the SQL dialect: desk rows to
// records, times to one text form, the rules of claiming keys, the migration steps' bookkeeping. Only the SQL differs between the stores; what is
// here is written once so that the two cannot drift apart.
import type { DeskRecord, ExpectOutcome } from './relay-store';

/** One numbered step of a store's schema (migrations/sqlite.ts, migrations/postgres.ts), recorded in relay_migrations. */
export interface RelayMigration {
  version: number;
  name: string;
  sql: string;
}

/** A row of the desks table, as both stores read it. */
export interface DeskRow {
  id: string;
  hiu_id: string;
  name: string;
  secret_hash: string;
  created_at: string;
  revoked_at: string | null;
}

export function toDeskRecord(row: DeskRow): DeskRecord {
  return { id: row.id, hiuId: row.hiu_id, name: row.name, createdAt: row.created_at, revokedAt: row.revoked_at };
}

/** What findDesk returns: the record and its credential's hash. */
export function toDeskWithSecret(row: DeskRow): DeskRecord & { secretHash: string } {
  return { ...toDeskRecord(row), secretHash: row.secret_hash };
}

export function unique(keys: string[]): string[] {
  return [...new Set(keys)];
}

/** ISO 8601 UTC with milliseconds, so that text order is time order in every column (and purge compares text). */
export function isoTime(at: string): string {
  const time = new Date(at);
  if (Number.isNaN(time.getTime())) throw new RangeError(`Not a time: ${JSON.stringify(at)}`);
  return time.toISOString();
}

/**
 * expect()'s check of the desk, before it claims anything: no desk, or a desk of another HIU, is a caller's mistake
 * and throws; a revoked desk is refused every key (that outcome is returned); an active desk of the HIU gets null.
 */
export function refusalFor(desk: Pick<DeskRow, 'hiu_id' | 'revoked_at'> | undefined, hiuId: string, deskId: string, keys: string[]): ExpectOutcome | null {
  if (!desk || desk.hiu_id !== hiuId) throw new Error(`Desk ${deskId} is not a desk of HIU ${hiuId}.`);
  return desk.revoked_at === null ? null : { accepted: [], refused: unique(keys) };
}

/** A claim of the `wanted` keys (no repeats), in their order: those the desk now `holds` accepted, the others refused. */
export function claimOutcome(wanted: string[], holds: ReadonlySet<string>): ExpectOutcome {
  return { accepted: wanted.filter((key) => holds.has(key)), refused: wanted.filter((key) => !holds.has(key)) };
}

/**
 * Who the keys a message hands out (`introduces`) go to: its recipient when there is only one. With several, the relay
 * cannot tell whose they are, and the desk that knows claims them itself.
 */
export function ownerOfIntroduced(recipients: string[]): string | undefined {
  return recipients.length === 1 ? recipients[0] : undefined;
}

/**
 * Whether `step` is still to be applied to storage whose newest applied step is `applied` (0 for none). Storage
 * migrated by a newer relay than this code throws, naming it as `storage` ("The relay database", …).
 */
export function stepNeeded(step: RelayMigration, applied: number, migrations: readonly RelayMigration[], storage: string): boolean {
  const latest = migrations.at(-1)?.version ?? 0;
  if (applied > latest) {
    throw new Error(`${storage} has schema ${applied}; this relay knows up to ${latest}. Nothing was changed: run the newer relay.`);
  }
  return applied < step.version;
}

/**
 * What a purge at `at` erases of the token tables: tokens no longer valid (their patients' hashes), and the counts
 * of local days that ended before yesterday wherever the clinic is (two UTC days back covers every time zone).
 */
export function tokenCutoffs(at: string): { validUntil: string; dayBefore: string } {
  const time = isoTime(at);
  return { validUntil: time, dayBefore: new Date(Date.parse(time) - 2 * 86_400_000).toISOString().slice(0, 10) };
}
