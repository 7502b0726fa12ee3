// The clinic's patient register (services/register/): one row a patient the clinic registered, with its own patient
// number (Settings' prefix and a sequence that is never reused), what ABDM or the patient told it, and whether the
// ABHA on it was verified by an OTP or only claimed (a shared profile, a scanned QR). Never an Aadhaar number.
// - patient_number_sequence: one row, the last sequence handed out; it only grows, so a number is never reused.
// - patient_register_addresses: every ABHA address a patient was registered under (a person may hold several);
//   the same address is the same patient (abdm-frontdesk.md §1, New vs Returning).
// - patient_register_sounds: the phonetic codes of each name part (double metaphone), so a name is found by how
//   it sounds without reading every row.
import type Database from 'better-sqlite3-multiple-ciphers';

export function createPatientRegister(db: Database.Database): void {
  db.exec(`
    CREATE TABLE patient_number_sequence (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      last INTEGER NOT NULL
    );
    INSERT INTO patient_number_sequence (id, last) VALUES (1, 0);
    CREATE TABLE patient_register (
      seq INTEGER PRIMARY KEY,
      patient_number TEXT NOT NULL UNIQUE COLLATE NOCASE,
      abha_number TEXT UNIQUE,
      abha_address TEXT,
      name TEXT NOT NULL,
      gender TEXT NOT NULL,
      date_of_birth TEXT,
      year_of_birth INTEGER,
      mobile TEXT,
      address TEXT,
      first_visit TEXT NOT NULL,
      last_visit TEXT NOT NULL,
      verified INTEGER NOT NULL CHECK (verified IN (0, 1))
    );
    CREATE INDEX patient_register_mobile ON patient_register (mobile);
    CREATE INDEX patient_register_gender_year ON patient_register (gender, year_of_birth);
    CREATE INDEX patient_register_last_visit ON patient_register (last_visit);
    CREATE TABLE patient_register_addresses (
      abha_address TEXT PRIMARY KEY,
      seq INTEGER NOT NULL REFERENCES patient_register (seq)
    );
    CREATE INDEX patient_register_addresses_seq ON patient_register_addresses (seq);
    CREATE TABLE patient_register_sounds (
      code TEXT NOT NULL,
      seq INTEGER NOT NULL REFERENCES patient_register (seq),
      PRIMARY KEY (code, seq)
    ) WITHOUT ROWID;
    CREATE INDEX patient_register_sounds_seq ON patient_register_sounds (seq);
  `);
}
