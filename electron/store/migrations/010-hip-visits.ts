// The clinic as an HIP (docs/hip-linking.md): visits (care contexts) and their links to the patient's ABHA; the link
// tokens ABDM gave per ABHA address, and its 24-hour blocks. All patient data: it lives in the encrypted database.
import type Database from 'better-sqlite3-multiple-ciphers';

export function createHipVisits(db: Database.Database): void {
  db.exec(`
    CREATE TABLE hip_visits (
      -- a random UUID: also the care context's reference number at ABDM
      id TEXT PRIMARY KEY,
      patient_number TEXT NOT NULL,
      -- the clinic's local day (yyyy-mm-dd): one visit per patient per day
      day TEXT NOT NULL,
      abha_address TEXT,
      abha_number TEXT,
      display TEXT NOT NULL,
      doctor TEXT,
      opened_at TEXT NOT NULL,
      -- LinkStatus (services/hip/hip-types.ts)
      link_status TEXT NOT NULL,
      -- where linking stands while 'linking': 'token', 'auth', 'link' (null otherwise)
      link_step TEXT,
      -- the outbox request of that step (our REQUEST-ID), to find the visit its answer is for
      link_request_id TEXT,
      -- a fresh token was already asked for once after ABDM refused a cached one
      token_renewed INTEGER NOT NULL DEFAULT 0,
      problem_code TEXT,
      problem_abdm_code TEXT,
      retry_after TEXT,
      linked_at TEXT,
      -- 'desk' (HIP-initiated) or 'patient' (the patient linked it in their app)
      linked_how TEXT,
      -- HI types of documents filed before the visit was linked, told ABDM (context notify) once it is (JSON array)
      unsent_hi_types TEXT NOT NULL DEFAULT '[]',
      UNIQUE (patient_number, day)
    );
    CREATE INDEX hip_visits_request ON hip_visits (link_request_id);
    CREATE INDEX hip_visits_status ON hip_visits (link_status);
    CREATE TABLE hip_link_tokens (
      abha_address TEXT PRIMARY KEY,
      link_token TEXT,
      valid_until TEXT,
      -- ABDM-1027: no link token for this patient until then
      blocked_until TEXT
    );
  `);
}
