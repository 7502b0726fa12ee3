// The counter_shares table (migrations/008-counter-shares.ts): the only code that writes or reads its SQL. A row is a
// token handed out at a counter (or a share that got none); the service decides what goes in (services/counter/).
import type { Database, Statement } from 'better-sqlite3-multiple-ciphers';

export type StoredShareStatus = 'waiting' | 'registered' | 'failed';

/** A row as the service reads it; `patient` is the SharedPatient JSON, parsed by the caller. */
export interface CounterShareRow {
  id: string;
  requestId: string;
  counterId: string | null;
  day: string;
  tokenNumber: number | null;
  sharedAt: string;
  repeatedAt: string | null;
  validUntil: string | null;
  abhaAddress: string | null;
  status: StoredShareStatus;
  late: boolean;
  problem: string | null;
  patient: string;
  registeredAs: string | null;
  registeredAt: string | null;
}

export type NewCounterShare = Omit<CounterShareRow, 'repeatedAt' | 'registeredAs' | 'registeredAt'>;

export class CounterShareStore {
  /** Statements prepared once: a burst of shares runs these hundreds of times a second. */
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly db: Database) {}

  private statement(sql: string): Statement {
    let prepared = this.statements.get(sql);
    if (!prepared) this.statements.set(sql, (prepared = this.db.prepare(sql)));
    return prepared;
  }

  add(share: NewCounterShare): void {
    this
      .statement(
        `INSERT INTO counter_shares (id, request_id, counter_id, day, token_number, shared_at, valid_until, abha_address, status, late, problem, patient)
         VALUES (@id, @requestId, @counterId, @day, @tokenNumber, @sharedAt, @validUntil, @abhaAddress, @status, @late, @problem, @patient)`,
      )
      .run({ ...share, late: share.late ? 1 : 0 });
  }

  get(id: string): CounterShareRow | null {
    const row = this.statement('SELECT * FROM counter_shares WHERE id = ?').get(id) as Row | undefined;
    return row ? fromRow(row) : null;
  }

  /** The token this patient holds at this counter at `atIso` (still valid, not failed), if any. */
  heldToken(counterId: string, abhaAddress: string, atIso: string): CounterShareRow | null {
    const row = this
      .statement(
        `SELECT * FROM counter_shares WHERE counter_id = ? AND abha_address = ? AND token_number IS NOT NULL
           AND status != 'failed' AND valid_until > ? ORDER BY shared_at DESC LIMIT 1`,
      )
      .get(counterId, abhaAddress, atIso) as Row | undefined;
    return row ? fromRow(row) : null;
  }

  /** The patient shared again and got the same token: the latest profile they shared replaces the older one. */
  repeated(id: string, atIso: string, patient: string): void {
    this.statement('UPDATE counter_shares SET repeated_at = ?, patient = ? WHERE id = ?').run(atIso, patient, id);
  }

  /**
   * The day's rows of one counter (with the failed ones that named no counter, which belong to no board but must be
   * seen), newest first; every counter's when `counterId` is null.
   */
  listDay(day: string, counterId: string | null): CounterShareRow[] {
    const rows =
      counterId === null
        ? this.statement('SELECT * FROM counter_shares WHERE day = ? ORDER BY shared_at DESC, rowid DESC').all(day)
        : this
            .statement('SELECT * FROM counter_shares WHERE day = ? AND (counter_id = ? OR counter_id IS NULL) ORDER BY shared_at DESC, rowid DESC')
            .all(day, counterId);
    return (rows as Row[]).map(fromRow);
  }

  /** Forgets the shares of the days before `day` (yyyy-mm-dd); returns how many went. */
  forgetBefore(day: string): number {
    return this.statement('DELETE FROM counter_shares WHERE day < ?').run(day).changes;
  }

  /** True when the row was there and not failed (a failed share has no patient to register). */
  markRegistered(id: string, patientNumber: string, atIso: string): boolean {
    return this.statement(`UPDATE counter_shares SET status = 'registered', registered_as = ?, registered_at = ? WHERE id = ? AND status != 'failed'`).run(patientNumber, atIso, id).changes > 0;
  }
}

interface Row {
  id: string;
  request_id: string;
  counter_id: string | null;
  day: string;
  token_number: number | null;
  shared_at: string;
  repeated_at: string | null;
  valid_until: string | null;
  abha_address: string | null;
  status: StoredShareStatus;
  late: number;
  problem: string | null;
  patient: string;
  registered_as: string | null;
  registered_at: string | null;
}

function fromRow(row: Row): CounterShareRow {
  return {
    id: row.id,
    requestId: row.request_id,
    counterId: row.counter_id,
    day: row.day,
    tokenNumber: row.token_number,
    sharedAt: row.shared_at,
    repeatedAt: row.repeated_at,
    validUntil: row.valid_until,
    abhaAddress: row.abha_address,
    status: row.status,
    late: row.late === 1,
    problem: row.problem,
    patient: row.patient,
    registeredAs: row.registered_as,
    registeredAt: row.registered_at,
  };
}
