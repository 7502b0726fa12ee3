// The clinic as an HIP (docs/hip-data-flow.md): consents at the HIP, health-information transfers and what was shared.
// A consent row lives while the consent is GRANTED and unexpired (REVOKED / EXPIRED delete it). A transfer row keeps
// the push's own Fidelius key pair until the transfer ends, so a push cut off by a restart resumes with the same key
// material (the database is SQLCipher-encrypted); the key is cleared when the transfer ends. `hip_shared` is the
// lasting record of which HIU received which document, for the document's "shared with" list.
import type Database from 'better-sqlite3-multiple-ciphers';

export function createHipDataFlow(db: Database.Database): void {
  db.exec(`
    CREATE TABLE hip_consents (
      consent_id TEXT PRIMARY KEY,
      -- the patient's ABHA address, lower case
      abha_address TEXT,
      hiu_id TEXT NOT NULL,
      hiu_name TEXT,
      purpose TEXT,
      -- JSON: [{patientReference, careContextReference}]
      care_contexts TEXT NOT NULL,
      -- JSON: ["Prescription", …]
      hi_types TEXT NOT NULL,
      date_from TEXT NOT NULL,
      date_to TEXT NOT NULL,
      -- permission.dataEraseAt: the consent ends then (null: no end given)
      data_erase_at TEXT,
      granted_at TEXT NOT NULL
    );
    CREATE TABLE hip_transfers (
      transaction_id TEXT PRIMARY KEY,
      consent_id TEXT NOT NULL,
      -- the health-information request's REQUEST-ID, answered by on-request
      request_id TEXT NOT NULL,
      hiu_id TEXT NOT NULL,
      hiu_name TEXT,
      abha_address TEXT,
      data_push_url TEXT NOT NULL,
      date_from TEXT NOT NULL,
      date_to TEXT NOT NULL,
      -- JSON: what the consent covered when the request was accepted ({careContexts, hiTypes})
      scope TEXT NOT NULL,
      -- JSON: the document ids to push, in order, fixed when the request was accepted
      documents TEXT NOT NULL,
      -- JSON: the document ids of each page, fixed before the first page goes (null until then)
      pages TEXT,
      pages_delivered INTEGER NOT NULL DEFAULT 0,
      -- the requester's public key (raw or X.509, as sent) and nonce
      requester_key TEXT NOT NULL,
      requester_nonce TEXT NOT NULL,
      -- this push's own key pair and nonce (private key cleared when the transfer ends)
      private_key TEXT,
      public_key TEXT NOT NULL,
      nonce TEXT NOT NULL,
      key_expiry TEXT NOT NULL,
      -- 'pending' (accepted, no page delivered), 'pushing', 'transferred', 'failed'
      state TEXT NOT NULL,
      accepted_at TEXT NOT NULL,
      -- ABDM's limit for the transfer: past it, an unfinished transfer ends FAILED
      deadline TEXT NOT NULL,
      ended_at TEXT,
      problem TEXT
    );
    CREATE INDEX hip_transfers_open ON hip_transfers (state);
    CREATE INDEX hip_transfers_consent ON hip_transfers (consent_id);
    CREATE TABLE hip_shared (
      document_id TEXT NOT NULL,
      transaction_id TEXT NOT NULL,
      consent_id TEXT NOT NULL,
      hiu_id TEXT NOT NULL,
      hiu_name TEXT,
      at TEXT NOT NULL,
      -- 'delivered' or 'failed'
      status TEXT NOT NULL,
      PRIMARY KEY (document_id, transaction_id)
    );
  `);
}
