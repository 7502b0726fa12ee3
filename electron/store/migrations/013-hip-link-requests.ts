// The clinic as an HIP (docs/hip-patient-link.md): patient-initiated discovery and linking with the HIP's own OTP.
// - hip_discoveries: what a patient's app discovered here (transaction id → our patient and the visits offered), so
//   the link step can check it names only those visits.
// - hip_link_requests: one link the patient asked for: the visits, the OTP's salted hash (never the OTP), until when
//   it holds, how many wrong tries, and whether its SMS went. No mobile number: it is read from the register.
import type Database from 'better-sqlite3-multiple-ciphers';

export function createHipLinkRequests(db: Database.Database): void {
  db.exec(`
    CREATE TABLE hip_discoveries (
      transaction_id TEXT PRIMARY KEY,
      patient_number TEXT NOT NULL,
      care_contexts TEXT NOT NULL,
      matched_by TEXT NOT NULL,
      discovered_at TEXT NOT NULL
    );
    CREATE TABLE hip_link_requests (
      reference TEXT PRIMARY KEY,
      transaction_id TEXT NOT NULL,
      patient_number TEXT NOT NULL,
      care_contexts TEXT NOT NULL,
      otp_salt TEXT NOT NULL,
      otp_hash TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      tries INTEGER NOT NULL DEFAULT 0,
      status TEXT NOT NULL CHECK (status IN ('waiting', 'linked', 'dead')),
      sms_status TEXT NOT NULL CHECK (sms_status IN ('sending', 'sent', 'failed')),
      sms_problem TEXT,
      created_at TEXT NOT NULL,
      confirmed_at TEXT
    );
    CREATE INDEX hip_link_requests_patient ON hip_link_requests (patient_number);
  `);
}
