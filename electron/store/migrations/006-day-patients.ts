// The patients the desk showed (enrolled, verified, profile read), so Today can name them and open them again
// after the ABHA session ended or the app restarted. One row per ABHA number: the latest profile ABDM gave, and
// when. Never an Aadhaar number (day-patients.ts checks); erased some days after the last fetch (docs/storage.md).
import type Database from 'better-sqlite3-multiple-ciphers';

export function createDayPatients(db: Database.Database): void {
  db.exec(`
    CREATE TABLE day_patients (
      abha_number TEXT PRIMARY KEY,
      abha_address TEXT NOT NULL,
      name TEXT NOT NULL,
      profile TEXT NOT NULL,
      fetched_at TEXT NOT NULL
    );
    CREATE INDEX day_patients_fetched_at ON day_patients (fetched_at);
    CREATE INDEX day_patients_abha_address ON day_patients (abha_address);
  `);
}
