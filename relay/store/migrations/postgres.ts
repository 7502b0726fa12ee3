// The relay's PostgreSQL schema, as numbered steps recorded in relay_migrations (relay/store/postgres-store.ts
// applies them). The same tables as migrations/sqlite.ts, which explains each; a step added here is added there too.
// Times are ISO 8601 UTC text (the stores normalise them on the way in), as in SQLite, so both compare alike.
import type { RelayMigration } from '../shared';

export const POSTGRES_MIGRATIONS: readonly RelayMigration[] = [
  {
    version: 1,
    name: 'desks-messages-expectations',
    sql: `
      CREATE TABLE desks (
        id text PRIMARY KEY,
        hiu_id text NOT NULL,
        name text NOT NULL,
        secret_hash text NOT NULL,
        created_at text NOT NULL,
        revoked_at text,
        session_id text
      );
      CREATE INDEX desks_hiu ON desks (hiu_id);

      CREATE TABLE expectations (
        hiu_id text NOT NULL,
        key text NOT NULL,
        desk_id text NOT NULL REFERENCES desks (id),
        created_at text NOT NULL,
        PRIMARY KEY (hiu_id, key)
      );
      CREATE INDEX expectations_desk ON expectations (desk_id);
      CREATE INDEX expectations_created ON expectations (created_at);

      CREATE TABLE messages (
        id bigserial PRIMARY KEY,
        hiu_id text NOT NULL,
        dedupe_key text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('callback', 'page')),
        received_at text NOT NULL,
        payload text NOT NULL,
        introduces text NOT NULL,
        routed boolean NOT NULL,
        UNIQUE (hiu_id, dedupe_key)
      );
      CREATE INDEX messages_received ON messages (received_at);

      CREATE TABLE message_keys (
        message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
        hiu_id text NOT NULL,
        key text NOT NULL,
        PRIMARY KEY (message_id, key)
      );
      CREATE INDEX message_keys_key ON message_keys (hiu_id, key);

      -- seq comes from one sequence shared by all relay processes; per desk it follows commit order because every
      -- insert here happens under the HIU's advisory lock (postgres-store.ts, lockHiu).
      CREATE TABLE deliveries (
        seq bigserial PRIMARY KEY,
        desk_id text NOT NULL REFERENCES desks (id),
        message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE
      );
      CREATE INDEX deliveries_desk ON deliveries (desk_id, seq);
      CREATE INDEX deliveries_message ON deliveries (message_id);

      CREATE TABLE seen_messages (
        hiu_id text NOT NULL,
        dedupe_key text NOT NULL,
        received_at text NOT NULL,
        PRIMARY KEY (hiu_id, dedupe_key)
      );
      CREATE INDEX seen_messages_received ON seen_messages (received_at);
    `,
  },
  {
    version: 2,
    name: 'share-tokens-and-live-sessions',
    sql: `
      ALTER TABLE desks ADD COLUMN session_seen_at text;

      CREATE TABLE token_counters (
        hiu_id text NOT NULL,
        counter_id text NOT NULL,
        day text NOT NULL,
        last_number integer NOT NULL,
        PRIMARY KEY (hiu_id, counter_id, day)
      );

      CREATE TABLE share_tokens (
        hiu_id text NOT NULL,
        counter_id text NOT NULL,
        patient_hash text NOT NULL,
        day text NOT NULL,
        number integer NOT NULL,
        issued_at text NOT NULL,
        valid_until text NOT NULL,
        PRIMARY KEY (hiu_id, counter_id, patient_hash),
        UNIQUE (hiu_id, counter_id, day, number)
      );
      CREATE INDEX share_tokens_valid ON share_tokens (valid_until);
    `,
  },
];
