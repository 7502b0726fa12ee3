// The patient_status table (migrations/002-hiu.ts): the consent manager's last word on a patient's ABHA
// (patients/status/notify). Keyed by the ABHA address in lower case, since addresses are case-insensitive.
// DEACTIVATED blocks new requests; DELETED leaves only the row and when everything held was purged.
import type { Database } from 'better-sqlite3-multiple-ciphers';

export const NOTIFIED_PATIENT_STATUSES = ['DEACTIVATED', 'REACTIVATED', 'DELETED'] as const;
export type NotifiedPatientStatus = (typeof NOTIFIED_PATIENT_STATUSES)[number];

export interface PatientStatusRecord {
  /** The ABHA address, lower case. */
  patientId: string;
  status: NotifiedPatientStatus;
  /** When the CM changed it (its notification's timestamp), ISO. */
  changedAt: string;
  /** When everything held for the patient was erased (after DELETED). */
  purgedAt: string | null;
}

interface Row {
  patient_id: string;
  status: NotifiedPatientStatus;
  changed_at: string;
  purged_at: string | null;
}

/** The key a patient's ABHA address is kept under. */
export function patientKey(patientId: string): string {
  return patientId.trim().toLowerCase();
}

export class PatientStatusStore {
  constructor(private readonly db: Database) {}

  get(patientId: string): PatientStatusRecord | undefined {
    const row = this.db.prepare('SELECT * FROM patient_status WHERE patient_id = ?').get(patientKey(patientId)) as Row | undefined;
    return row && toRecord(row);
  }

  set(patientId: string, status: NotifiedPatientStatus, changedAt: string): void {
    this.db
      .prepare(
        `INSERT INTO patient_status (patient_id, status, changed_at) VALUES (?, ?, ?)
         ON CONFLICT (patient_id) DO UPDATE SET status = excluded.status, changed_at = excluded.changed_at`,
      )
      .run(patientKey(patientId), status, changedAt);
  }

  purged(patientId: string, at: string): void {
    this.db.prepare('UPDATE patient_status SET purged_at = ? WHERE patient_id = ?').run(at, patientKey(patientId));
  }

  /** Newest change first. */
  list(): PatientStatusRecord[] {
    return (this.db.prepare('SELECT * FROM patient_status ORDER BY changed_at DESC').all() as Row[]).map(toRecord);
  }
}

function toRecord(row: Row): PatientStatusRecord {
  return { patientId: row.patient_id, status: row.status, changedAt: row.changed_at, purgedAt: row.purged_at };
}
