// The patient register's tables (migrations/009-patient-register.ts): the only code that writes or reads their SQL.
// The service (services/register/) decides who is the same patient; this keeps rows, hands out sequence numbers
// that are never reused, and finds rows by the keys the search and the matching use.
import type { Database } from 'better-sqlite3-multiple-ciphers';
import { holdsAadhaar } from '../../shared/aadhaar-in-text';
import { prepared } from '../prepared';

/** What a registration holds; the service words it for the screens. */
export interface RegistrationFields {
  abhaNumber: string | null;
  /** The latest ABHA address the patient came with (lower-case); every one is kept in patient_register_addresses. */
  abhaAddress: string | null;
  name: string;
  /** M, F, O, U (and ABDM's D, T as sent). */
  gender: string;
  /** yyyy-mm-dd when day and month are known; else null and `yearOfBirth` alone. */
  dateOfBirth: string | null;
  yearOfBirth: number | null;
  mobile: string | null;
  address: string | null;
  /** ISO times of the first and the latest visit. */
  firstVisit: string;
  lastVisit: string;
  /** Confirmed by an OTP at Enrol or Verify; false: the patient's claim (a shared profile, a scanned QR). */
  verified: boolean;
}

export interface StoredRegistration extends RegistrationFields {
  /** The sequence number inside the patient number, the row's key. */
  seq: number;
  patientNumber: string;
}

interface Row {
  seq: number;
  patient_number: string;
  abha_number: string | null;
  abha_address: string | null;
  name: string;
  gender: string;
  date_of_birth: string | null;
  year_of_birth: number | null;
  mobile: string | null;
  address: string | null;
  first_visit: string;
  last_visit: string;
  verified: number;
}

export class AadhaarInRegistrationError extends Error {
  constructor(field: string) {
    super(`A registration was not kept: its field "${field}" holds a number shaped like an Aadhaar number.`);
    this.name = 'AadhaarInRegistrationError';
  }
}

export class PatientRegisterStore {
  constructor(private readonly db: Database) {}

  /** Runs `work` in one transaction (a registration and what it tells the counter land together, or neither). */
  inTransaction<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }

  /**
   * A new registration under the next sequence number, written as `number(seq)` (the prefix is Settings', so the
   * caller words it). The sequence only grows: a number is never handed out twice, whatever the prefix.
   */
  add(fields: RegistrationFields, number: (seq: number) => string, soundCodes: readonly string[]): StoredRegistration {
    refuseAadhaar(fields);
    return this.inTransaction(() => {
      const { last } = prepared(this.db, 'UPDATE patient_number_sequence SET last = last + 1 WHERE id = 1 RETURNING last').get() as { last: number };
      const patientNumber = number(last);
      prepared(
        this.db,
        `INSERT INTO patient_register (seq, patient_number, abha_number, abha_address, name, gender, date_of_birth, year_of_birth,
             mobile, address, first_visit, last_visit, verified) VALUES (@seq, @patientNumber, @abhaNumber, @abhaAddress, @name, @gender,
             @dateOfBirth, @yearOfBirth, @mobile, @address, @firstVisit, @lastVisit, @verified)`,
      ).run({ ...params(fields), seq: last, patientNumber });
      this.index(last, fields.abhaAddress, soundCodes);
      return { ...fields, abhaAddress: fields.abhaAddress?.toLowerCase() ?? null, seq: last, patientNumber };
    });
  }

  /** Replaces what a registration holds (its number and first visit stay). */
  update(seq: number, fields: RegistrationFields, soundCodes: readonly string[]): void {
    refuseAadhaar(fields);
    this.inTransaction(() => {
      prepared(
        this.db,
        `UPDATE patient_register SET abha_number = @abhaNumber, abha_address = @abhaAddress, name = @name, gender = @gender,
             date_of_birth = @dateOfBirth, year_of_birth = @yearOfBirth, mobile = @mobile, address = @address,
             last_visit = @lastVisit, verified = @verified WHERE seq = @seq`,
      ).run({ ...params(fields), seq });
      prepared(this.db, 'DELETE FROM patient_register_sounds WHERE seq = ?').run(seq);
      this.index(seq, fields.abhaAddress, soundCodes);
    });
  }

  byNumber(patientNumber: string): StoredRegistration | null {
    return this.one('SELECT * FROM patient_register WHERE patient_number = ?', patientNumber.trim());
  }

  bySeq(seq: number): StoredRegistration | null {
    return this.one('SELECT * FROM patient_register WHERE seq = ?', seq);
  }

  byAbhaNumber(abhaNumber: string): StoredRegistration | null {
    return this.one('SELECT * FROM patient_register WHERE abha_number = ?', abhaNumber);
  }

  /** The registration this ABHA address was ever registered under. */
  byAbhaAddress(abhaAddress: string): StoredRegistration | null {
    return this.one(
      'SELECT r.* FROM patient_register r JOIN patient_register_addresses a ON a.seq = r.seq WHERE a.abha_address = ?',
      abhaAddress.trim().toLowerCase(),
    );
  }

  /** Registrations under an ABHA address starting with `start` ("asha.verma" finds asha.verma@sbx). */
  byAbhaAddressStart(start: string, limit: number): StoredRegistration[] {
    return this.all(
      `SELECT DISTINCT r.* FROM patient_register r JOIN patient_register_addresses a ON a.seq = r.seq
       WHERE a.abha_address >= ? AND a.abha_address < ? ORDER BY r.last_visit DESC LIMIT ?`,
      start.toLowerCase(),
      `${start.toLowerCase()}\uffff`,
      limit,
    );
  }

  /** Registrations whose mobile ends with these digits (the last few a patient reads out, or the whole number). */
  byMobileDigits(digits: string, limit: number): StoredRegistration[] {
    return this.all('SELECT * FROM patient_register WHERE substr(mobile, -?) = ? ORDER BY last_visit DESC LIMIT ?', digits.length, digits, limit);
  }

  /** Registrations whose name holds this text as written (case-insensitive for Latin letters). */
  byNameText(text: string, limit: number): StoredRegistration[] {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.all("SELECT * FROM patient_register WHERE name LIKE ? ESCAPE '\\' ORDER BY last_visit DESC LIMIT ?", pattern, limit);
  }

  /**
   * Registrations with, for every group of codes, a name part coded as one of them (patient_register_sounds): the
   * index narrows a search to names that have a part sounding like each word typed.
   */
  bySounds(codeGroups: readonly (readonly string[])[], limit: number): StoredRegistration[] {
    if (codeGroups.length === 0) return [];
    const each = 'seq IN (SELECT seq FROM patient_register_sounds WHERE code IN (SELECT value FROM json_each(?)))';
    return this.all(
      `SELECT * FROM patient_register WHERE ${codeGroups.map(() => each).join(' AND ')} ORDER BY last_visit DESC LIMIT ?`,
      ...codeGroups.map((codes) => JSON.stringify(codes)),
      limit,
    );
  }

  /** New vs Returning's first cut: this gender, born in these years, with a name part coded as any of `codes`. */
  matchCandidates(gender: string, yearFrom: number, yearTo: number, codes: readonly string[]): StoredRegistration[] {
    return this.all(
      `SELECT * FROM patient_register WHERE gender = ? AND year_of_birth BETWEEN ? AND ?
         AND seq IN (SELECT seq FROM patient_register_sounds WHERE code IN (SELECT value FROM json_each(?)))`,
      gender,
      yearFrom,
      yearTo,
      JSON.stringify(codes),
    );
  }

  /** The latest visits first. */
  recent(limit: number): StoredRegistration[] {
    return this.all('SELECT * FROM patient_register ORDER BY last_visit DESC LIMIT ?', limit);
  }

  private index(seq: number, abhaAddress: string | null, soundCodes: readonly string[]): void {
    if (abhaAddress) {
      prepared(this.db, 'INSERT INTO patient_register_addresses (abha_address, seq) VALUES (?, ?) ON CONFLICT (abha_address) DO UPDATE SET seq = excluded.seq')
        .run(abhaAddress.toLowerCase(), seq);
    }
    const sound = prepared(this.db, 'INSERT OR IGNORE INTO patient_register_sounds (code, seq) VALUES (?, ?)');
    for (const code of soundCodes) sound.run(code, seq);
  }

  private one(sql: string, ...args: unknown[]): StoredRegistration | null {
    const row = prepared(this.db, sql).get(...args) as Row | undefined;
    return row ? fromRow(row) : null;
  }

  private all(sql: string, ...args: unknown[]): StoredRegistration[] {
    return (prepared(this.db, sql).all(...args) as Row[]).map(fromRow);
  }
}

function params(fields: RegistrationFields) {
  return {
    abhaNumber: fields.abhaNumber,
    abhaAddress: fields.abhaAddress?.toLowerCase() ?? null,
    name: fields.name,
    gender: fields.gender,
    dateOfBirth: fields.dateOfBirth,
    yearOfBirth: fields.yearOfBirth,
    mobile: fields.mobile,
    address: fields.address,
    firstVisit: fields.firstVisit,
    lastVisit: fields.lastVisit,
    verified: fields.verified ? 1 : 0,
  };
}

function fromRow(row: Row): StoredRegistration {
  return {
    seq: row.seq,
    patientNumber: row.patient_number,
    abhaNumber: row.abha_number,
    abhaAddress: row.abha_address,
    name: row.name,
    gender: row.gender,
    dateOfBirth: row.date_of_birth,
    yearOfBirth: row.year_of_birth,
    mobile: row.mobile,
    address: row.address,
    firstVisit: row.first_visit,
    lastVisit: row.last_visit,
    verified: row.verified === 1,
  };
}

/** The register is filled from ABDM and shared profiles; this checks nothing Aadhaar-shaped reaches the disk. */
function refuseAadhaar(fields: RegistrationFields): void {
  for (const [field, value] of Object.entries(fields)) {
    if (typeof value === 'string' && holdsAadhaar(value)) throw new AadhaarInRegistrationError(field);
  }
}
