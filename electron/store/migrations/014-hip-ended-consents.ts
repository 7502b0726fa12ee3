// The clinic as an HIP: the consents that ended here (REVOKED, EXPIRED, DENIED), by id only. ABDM may deliver a
// consent's GRANTED again after its revocation (a retry), or after it (callbacks are not ordered); without this list a
// late GRANTED would bring the consent back and records would be shared under a consent the patient had ended.
import type Database from 'better-sqlite3-multiple-ciphers';

export function createHipEndedConsents(db: Database.Database): void {
  db.exec(`
    CREATE TABLE hip_consents_ended (
      consent_id TEXT PRIMARY KEY,
      status TEXT NOT NULL CHECK (status IN ('REVOKED', 'EXPIRED', 'DENIED')),
      ended_at TEXT NOT NULL
    );
  `);
}
