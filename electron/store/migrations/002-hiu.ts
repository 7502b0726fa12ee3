// The HIU engine's tables: what the gateway sent (inbox, data-push pages), what we sent (outbox), and what came of
// it (consents, artefacts, transfers, health records, subscriptions, patient status), plus a timeline of every
// exchange. Times are ISO 8601 UTC text; JSON columns hold bodies as received or sent.
import type Database from 'better-sqlite3-multiple-ciphers';

export function createHiuTables(db: Database.Database): void {
  db.exec(`
    -- Verified callbacks, stored before the 202. state: pending -> done | waiting (for the request it answers) | failed.
    CREATE TABLE inbox (
      request_id TEXT PRIMARY KEY,
      kind TEXT NOT NULL,
      path TEXT NOT NULL,
      resp_request_id TEXT,
      received_at TEXT NOT NULL,
      headers TEXT NOT NULL,
      body TEXT NOT NULL,
      state TEXT NOT NULL DEFAULT 'pending',
      processed_at TEXT,
      note TEXT
    );
    CREATE INDEX inbox_state ON inbox (state, received_at);
    CREATE INDEX inbox_resp ON inbox (resp_request_id);

    -- Requests to the gateway. state: queued -> sent -> accepted -> answered | refused | timed-out.
    CREATE TABLE outbox (
      request_id TEXT PRIMARY KEY,
      operation TEXT NOT NULL,
      path TEXT NOT NULL,
      headers TEXT NOT NULL,
      body TEXT NOT NULL,
      state TEXT NOT NULL,
      expects_answer INTEGER NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      accepted_at TEXT,
      answer_due_at TEXT,
      http_status INTEGER,
      error_code TEXT,
      answered_by TEXT,
      answered_at TEXT,
      patient_id TEXT,
      consent_request_id TEXT
    );
    CREATE INDEX outbox_state ON outbox (state, next_attempt_at);

    -- Every request sent and callback received, for the per-patient and per-consent-request views.
    CREATE TABLE timeline (
      id INTEGER PRIMARY KEY,
      at TEXT NOT NULL,
      direction TEXT NOT NULL,
      path TEXT NOT NULL,
      request_id TEXT NOT NULL,
      resp_request_id TEXT,
      step TEXT NOT NULL,
      http_status INTEGER,
      error_code TEXT,
      patient_id TEXT,
      consent_request_id TEXT
    );
    CREATE INDEX timeline_patient ON timeline (patient_id, at);
    CREATE INDEX timeline_consent ON timeline (consent_request_id, at);
    CREATE INDEX timeline_request ON timeline (request_id);

    -- id is ours (the requestId of consent-requests/init); gateway_id arrives with on-init.
    CREATE TABLE consent_requests (
      id TEXT PRIMARY KEY,
      gateway_id TEXT UNIQUE,
      patient_id TEXT NOT NULL,
      hiu_id TEXT NOT NULL,
      purpose_code TEXT NOT NULL,
      hi_types TEXT NOT NULL,
      date_from TEXT NOT NULL,
      date_to TEXT NOT NULL,
      data_erase_at TEXT NOT NULL,
      requester TEXT NOT NULL,
      status TEXT NOT NULL,
      error_code TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX consent_requests_patient ON consent_requests (patient_id);

    CREATE TABLE consent_artefacts (
      id TEXT PRIMARY KEY,
      consent_request_id TEXT NOT NULL REFERENCES consent_requests (id),
      status TEXT NOT NULL,
      hip_id TEXT,
      hip_name TEXT,
      patient_id TEXT NOT NULL,
      hi_types TEXT,
      date_from TEXT,
      date_to TEXT,
      data_erase_at TEXT,
      detail TEXT,
      signature TEXT,
      fetched_at TEXT,
      erased_at TEXT,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX consent_artefacts_request ON consent_artefacts (consent_request_id);
    CREATE INDEX consent_artefacts_erase ON consent_artefacts (data_erase_at);

    -- One health-information request for one artefact. The private key is kept (encrypted) only until the
    -- transfer ends; the push URL's secret is kept as its SHA-256.
    CREATE TABLE data_transfers (
      id TEXT PRIMARY KEY,
      artefact_id TEXT NOT NULL REFERENCES consent_artefacts (id),
      transaction_id TEXT UNIQUE,
      secret_hash TEXT NOT NULL UNIQUE,
      private_key BLOB,
      public_key TEXT NOT NULL,
      nonce TEXT NOT NULL,
      date_from TEXT NOT NULL,
      date_to TEXT NOT NULL,
      status TEXT NOT NULL,
      page_count INTEGER,
      error_code TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      ended_at TEXT
    );
    CREATE INDEX data_transfers_artefact ON data_transfers (artefact_id);

    -- Pages as pushed (still Fidelius-encrypted), stored before the 202; state: pending -> done.
    CREATE TABLE data_push_pages (
      secret_hash TEXT NOT NULL,
      page_number INTEGER NOT NULL,
      page_count INTEGER NOT NULL,
      transaction_id TEXT NOT NULL,
      received_at TEXT NOT NULL,
      body TEXT,
      state TEXT NOT NULL DEFAULT 'pending',
      PRIMARY KEY (secret_hash, page_number)
    );

    -- One entry of a push: the FHIR bundle encrypted with the records key, or why it could not be kept.
    CREATE TABLE health_records (
      id TEXT PRIMARY KEY,
      transfer_id TEXT NOT NULL REFERENCES data_transfers (id),
      artefact_id TEXT NOT NULL REFERENCES consent_artefacts (id),
      consent_request_id TEXT NOT NULL,
      patient_id TEXT NOT NULL,
      hip_id TEXT NOT NULL,
      care_context TEXT NOT NULL,
      hi_type TEXT,
      record_date TEXT,
      page_number INTEGER NOT NULL,
      entry_index INTEGER NOT NULL,
      status TEXT NOT NULL,
      error TEXT,
      content BLOB,
      content_bytes INTEGER,
      received_at TEXT NOT NULL,
      UNIQUE (transfer_id, page_number, entry_index)
    );
    CREATE INDEX health_records_patient ON health_records (patient_id, record_date);
    CREATE INDEX health_records_artefact ON health_records (artefact_id);

    CREATE TABLE subscription_requests (
      id TEXT PRIMARY KEY,
      gateway_id TEXT UNIQUE,
      patient_id TEXT NOT NULL,
      hiu_id TEXT NOT NULL,
      purpose_code TEXT NOT NULL,
      categories TEXT NOT NULL,
      hips TEXT,
      period_from TEXT NOT NULL,
      period_to TEXT NOT NULL,
      status TEXT NOT NULL,
      subscription_id TEXT,
      sources TEXT,
      error_code TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );

    CREATE TABLE subscription_events (
      event_id TEXT PRIMARY KEY,
      subscription_id TEXT NOT NULL,
      category TEXT NOT NULL,
      patient_id TEXT,
      hip_id TEXT,
      content TEXT NOT NULL,
      received_at TEXT NOT NULL
    );

    -- The CM's word on a patient: DEACTIVATED blocks new requests; DELETED leaves only purged_at.
    CREATE TABLE patient_status (
      patient_id TEXT PRIMARY KEY,
      status TEXT NOT NULL,
      changed_at TEXT NOT NULL,
      purged_at TEXT
    );
  `);
}
