// The hip_visits table (migrations/010-hip-visits.ts): the only code that writes or reads its SQL. The service
// (services/hip/visits.ts) decides when a visit is opened and how its linking moves on; this keeps the rows.
import type { Database } from 'better-sqlite3-multiple-ciphers';
import { prepared } from '../prepared';

/**
 * Where a visit stands with the patient's ABHA:
 * - `not-linked`: nothing tried yet (or the HIP role is off);
 * - `linking`: a link token or the link itself is on its way;
 * - `linked`: ABDM acknowledged the care context under the ABHA;
 * - `failed`: ABDM refused (the problem says why; the clerk may try again);
 * - `blocked`: link tokens for this patient are blocked for 24 hours (ABDM-1027), retried after `retryAfter`;
 * - `no-abha-address`: the patient has no ABHA address known, so the SMS deep link was sent instead.
 */
export type LinkStatus = 'not-linked' | 'linking' | 'linked' | 'failed' | 'blocked' | 'no-abha-address';

/** Where linking stands while a visit is `linking`: waiting for a link token, a v0.5 authentication, or the link. */
export type LinkStep = 'token' | 'auth' | 'link';

export interface StoredVisit {
  id: string;
  patientNumber: string;
  day: string;
  abhaAddress: string | null;
  abhaNumber: string | null;
  display: string;
  doctor: string | null;
  openedAt: string;
  linkStatus: LinkStatus;
  linkStep: LinkStep | null;
  linkRequestId: string | null;
  tokenRenewed: boolean;
  problemCode: string | null;
  problemAbdmCode: string | null;
  retryAfter: string | null;
  linkedAt: string | null;
  linkedHow: 'desk' | 'patient' | null;
  unsentHiTypes: string[];
}

/** A change of a visit's link: every field given is written, the others are left as they are. */
export type LinkChange = Partial<
  Pick<StoredVisit, 'linkStatus' | 'linkStep' | 'linkRequestId' | 'tokenRenewed' | 'problemCode' | 'problemAbdmCode' | 'retryAfter' | 'linkedAt' | 'linkedHow' | 'unsentHiTypes' | 'abhaAddress' | 'abhaNumber'>
>;

interface Row {
  id: string;
  patient_number: string;
  day: string;
  abha_address: string | null;
  abha_number: string | null;
  display: string;
  doctor: string | null;
  opened_at: string;
  link_status: string;
  link_step: string | null;
  link_request_id: string | null;
  token_renewed: number;
  problem_code: string | null;
  problem_abdm_code: string | null;
  retry_after: string | null;
  linked_at: string | null;
  linked_how: string | null;
  unsent_hi_types: string;
}

const COLUMNS: Record<keyof LinkChange, string> = {
  linkStatus: 'link_status',
  linkStep: 'link_step',
  linkRequestId: 'link_request_id',
  tokenRenewed: 'token_renewed',
  problemCode: 'problem_code',
  problemAbdmCode: 'problem_abdm_code',
  retryAfter: 'retry_after',
  linkedAt: 'linked_at',
  linkedHow: 'linked_how',
  unsentHiTypes: 'unsent_hi_types',
  abhaAddress: 'abha_address',
  abhaNumber: 'abha_number',
};

export class HipVisitStore {
  constructor(private readonly db: Database) {}

  inTransaction<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }

  add(visit: Pick<StoredVisit, 'id' | 'patientNumber' | 'day' | 'abhaAddress' | 'abhaNumber' | 'display' | 'doctor' | 'openedAt' | 'linkStatus'>): void {
    prepared(
      this.db,
      `INSERT INTO hip_visits (id, patient_number, day, abha_address, abha_number, display, doctor, opened_at, link_status)
         VALUES (@id, @patientNumber, @day, @abhaAddress, @abhaNumber, @display, @doctor, @openedAt, @linkStatus)`,
    ).run(visit);
  }

  get(id: string): StoredVisit | null {
    return visitOf(prepared(this.db, 'SELECT * FROM hip_visits WHERE id = ?').get(id) as Row | undefined);
  }

  onDay(patientNumber: string, day: string): StoredVisit | null {
    return visitOf(prepared(this.db, 'SELECT * FROM hip_visits WHERE patient_number = ? AND day = ?').get(patientNumber, day) as Row | undefined);
  }

  /** The patient's visits, newest first. */
  forPatient(patientNumber: string): StoredVisit[] {
    const rows = prepared(this.db, 'SELECT * FROM hip_visits WHERE patient_number = ? ORDER BY opened_at DESC, id').all(patientNumber) as Row[];
    return rows.map((row) => visitOf(row)!);
  }

  /** The visits waiting for what request `requestId` asked (a link token, an authentication, the link). */
  byRequest(requestId: string): StoredVisit[] {
    return (prepared(this.db, "SELECT * FROM hip_visits WHERE link_request_id = ? AND link_status = 'linking'").all(requestId) as Row[]).map((row) => visitOf(row)!);
  }

  withStatus(status: LinkStatus): StoredVisit[] {
    return (prepared(this.db, 'SELECT * FROM hip_visits WHERE link_status = ? ORDER BY opened_at').all(status) as Row[]).map((row) => visitOf(row)!);
  }

  change(id: string, change: LinkChange): void {
    const entries = Object.entries(change) as [keyof LinkChange, unknown][];
    if (entries.length === 0) return;
    const sets = entries.map(([key]) => `${COLUMNS[key]} = @${key}`).join(', ');
    const values = Object.fromEntries(entries.map(([key, value]) => [key, toColumn(value)]));
    prepared(this.db, `UPDATE hip_visits SET ${sets} WHERE id = @id`).run({ ...values, id });
  }
}

function toColumn(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (Array.isArray(value)) return JSON.stringify(value);
  return value ?? null;
}

function visitOf(row: Row | undefined): StoredVisit | null {
  if (!row) return null;
  return {
    id: row.id,
    patientNumber: row.patient_number,
    day: row.day,
    abhaAddress: row.abha_address,
    abhaNumber: row.abha_number,
    display: row.display,
    doctor: row.doctor,
    openedAt: row.opened_at,
    linkStatus: row.link_status as LinkStatus,
    linkStep: row.link_step as LinkStep | null,
    linkRequestId: row.link_request_id,
    tokenRenewed: row.token_renewed === 1,
    problemCode: row.problem_code,
    problemAbdmCode: row.problem_abdm_code,
    retryAfter: row.retry_after,
    linkedAt: row.linked_at,
    linkedHow: row.linked_how as StoredVisit['linkedHow'],
    unsentHiTypes: JSON.parse(row.unsent_hi_types) as string[],
  };
}
