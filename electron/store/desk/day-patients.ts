// The day_patients table (migrations/006-day-patients.ts): the only code that writes or reads its SQL.
// The latest profile the desk was shown for each ABHA number, kept so Today can name and reopen the patient without
// a new OTP. The profile is stored as given (JSON) once it is checked to hold no Aadhaar number.
import type { Database } from 'better-sqlite3-multiple-ciphers';
import { holdsAadhaar } from '../../shared/aadhaar-in-text';
import { prepared } from '../prepared';

export interface DayPatient<P> {
  abhaNumber: string;
  abhaAddress: string;
  name: string;
  profile: P;
  /** When ABDM last gave this profile (ISO). */
  fetchedAt: string;
}

interface Row {
  abha_number: string;
  abha_address: string;
  name: string;
  profile: string;
  fetched_at: string;
}

export class AadhaarInProfileError extends Error {
  constructor(field: string) {
    super(`A profile was not kept: its field "${field}" holds a number shaped like an Aadhaar number.`);
    this.name = 'AadhaarInProfileError';
  }
}

export class DayPatientStore<P extends object> {
  constructor(private readonly db: Database) {}

  /** Keeps the latest profile of this ABHA number, replacing an older one. Refuses one that holds an Aadhaar number. */
  keep(patient: DayPatient<P>): void {
    refuseAadhaar(patient.profile);
    prepared(
      this.db,
      `INSERT INTO day_patients (abha_number, abha_address, name, profile, fetched_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (abha_number) DO UPDATE SET abha_address = excluded.abha_address, name = excluded.name,
           profile = excluded.profile, fetched_at = excluded.fetched_at`,
    ).run(patient.abhaNumber, patient.abhaAddress.toLowerCase(), patient.name, JSON.stringify(patient.profile), patient.fetchedAt);
  }

  get(abhaNumber: string): DayPatient<P> | null {
    const row = prepared(this.db, 'SELECT * FROM day_patients WHERE abha_number = ?').get(abhaNumber) as Row | undefined;
    return row ? fromRow<P>(row) : null;
  }

  /** The kept patients with any of these ABHA numbers or (lower-case) ABHA addresses. */
  find(abhaNumbers: readonly string[], abhaAddresses: readonly string[]): DayPatient<P>[] {
    const rows = prepared(
      this.db,
      `SELECT * FROM day_patients
         WHERE abha_number IN (SELECT value FROM json_each(?)) OR abha_address IN (SELECT value FROM json_each(?))`,
    ).all(JSON.stringify(abhaNumbers), JSON.stringify(abhaAddresses.map((address) => address.toLowerCase()))) as Row[];
    return rows.map((row) => fromRow<P>(row));
  }

  /** Erases every profile last fetched before `iso`; returns how many. */
  eraseFetchedBefore(iso: string): number {
    return prepared(this.db, 'DELETE FROM day_patients WHERE fetched_at < ?').run(iso).changes;
  }
}

function fromRow<P>(row: Row): DayPatient<P> {
  return { abhaNumber: row.abha_number, abhaAddress: row.abha_address, name: row.name, profile: JSON.parse(row.profile) as P, fetchedAt: row.fetched_at };
}

/**
 * A profile comes from ABDM through code that picks its fields, so an Aadhaar number should never be in it; this is
 * the check that it is not, before anything reaches the disk. A data: URL (the photo) is skipped: base64 text holds
 * digit runs by chance.
 */
function refuseAadhaar(profile: object): void {
  for (const [field, value] of Object.entries(profile)) {
    if (typeof value === 'string' && !value.startsWith('data:') && holdsAadhaar(value)) throw new AadhaarInProfileError(field);
  }
}
