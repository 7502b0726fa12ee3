// Indexes for "what does this desk still expect?" (electron/store/hiu/relay-expectations.ts): asked after every connection
// to the clinic's relay, so it must not read every transfer, consent and subscription the desk ever had. Each index
// covers only the open rows, which stay few while the closed ones pile up over the years.
import type Database from 'better-sqlite3-multiple-ciphers';

export function addOpenKeyIndexes(db: Database.Database): void {
  db.exec(`
    -- Transfers still waiting for pages (their push secret's hash, their transaction id).
    CREATE INDEX data_transfers_open ON data_transfers (secret_hash) WHERE ended_at IS NULL;
    -- Consent requests the consent manager may still write about.
    CREATE INDEX consent_requests_status ON consent_requests (status);
    -- Artefacts that may still be revoked or expire.
    CREATE INDEX consent_artefacts_live ON consent_artefacts (consent_request_id) WHERE status = 'GRANTED' AND erased_at IS NULL;
    -- Subscription requests still asked or granted.
    CREATE INDEX subscription_requests_status ON subscription_requests (status);
  `);
}
