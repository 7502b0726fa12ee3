// The registration counter (Scan & Share, docs/counter.md): one row per token handed out at a counter (a repeat scan
// within the token's validity updates its row instead of adding one), and one per share that got no token (answered
// FAILED, or kept at the clinic's relay while no desk was connected). The shared profile is patient data: it lives in
// the encrypted database, like the HIU's tables. `counter_tokens` holds the last number given per counter and local
// day, so numbering never repeats within a day even after the day's rows are gone.
import type Database from 'better-sqlite3-multiple-ciphers';

export function createCounterShares(db: Database.Database): void {
  db.exec(`
    CREATE TABLE counter_shares (
      -- the desk's own id (a UUID); ABDM's REQUEST-ID of the first share is kept beside it
      id TEXT PRIMARY KEY,
      request_id TEXT NOT NULL,
      counter_id TEXT,
      -- the local day (yyyy-mm-dd) the share came on: the board lists a day
      day TEXT NOT NULL,
      token_number INTEGER,
      shared_at TEXT NOT NULL,
      -- the last time the patient shared again and got the same token back (null: shared once)
      repeated_at TEXT,
      valid_until TEXT,
      abha_address TEXT,
      -- 'waiting', 'registered' or 'failed'; 'expired' is worked out when read
      status TEXT NOT NULL,
      late INTEGER NOT NULL DEFAULT 0,
      problem TEXT,
      -- the SharedPatient as JSON (the patient's claim)
      patient TEXT NOT NULL,
      registered_as TEXT,
      registered_at TEXT
    );
    CREATE INDEX counter_shares_day ON counter_shares (day, counter_id);
    CREATE INDEX counter_shares_patient ON counter_shares (counter_id, abha_address, valid_until);
    CREATE TABLE counter_tokens (
      counter_id TEXT NOT NULL,
      day TEXT NOT NULL,
      last_number INTEGER NOT NULL,
      PRIMARY KEY (counter_id, day)
    );
  `);
}
