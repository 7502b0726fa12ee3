// The relay's SQLite schema, as numbered steps recorded in relay_migrations (relay/store/sqlite-store.ts applies
// them). migrations/postgres.ts is the same schema for PostgreSQL: a step added here is added there too.
// Times are ISO 8601 UTC text (the stores normalise them on the way in), so text order is time order.
import type { RelayMigration } from '../shared';

export const SQLITE_MIGRATIONS: readonly RelayMigration[] = [
  {
    version: 1,
    name: 'desks-messages-expectations',
    sql: `
      -- Front-desk PCs allowed to connect; a revoked desk stays listed (revoked_at) but receives nothing.
      -- session_id: the connection that serves the desk now, so an older one elsewhere can be closed.
      CREATE TABLE desks (
        id TEXT PRIMARY KEY,
        hiu_id TEXT NOT NULL,
        name TEXT NOT NULL,
        secret_hash TEXT NOT NULL,
        created_at TEXT NOT NULL,
        revoked_at TEXT,
        session_id TEXT
      );
      CREATE INDEX desks_hiu ON desks (hiu_id);

      -- Keys (electron/bridge/relay-protocol.ts, \`<kind>:<id>\`) a desk holds: messages naming one go to that desk.
      -- One desk per key within an HIU.
      CREATE TABLE expectations (
        hiu_id TEXT NOT NULL,
        key TEXT NOT NULL,
        desk_id TEXT NOT NULL REFERENCES desks (id),
        created_at TEXT NOT NULL,
        PRIMARY KEY (hiu_id, key)
      );
      CREATE INDEX expectations_desk ON expectations (desk_id);
      CREATE INDEX expectations_created ON expectations (created_at);

      -- Callbacks and data-push pages until every desk they went to has acknowledged them. routed = 0: no desk held
      -- any of its keys yet (message_keys), kept until one claims one. introduces: JSON array of keys the receiving
      -- desk gets along with it.
      CREATE TABLE messages (
        id INTEGER PRIMARY KEY,
        hiu_id TEXT NOT NULL,
        dedupe_key TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('callback', 'page')),
        received_at TEXT NOT NULL,
        payload TEXT NOT NULL,
        introduces TEXT NOT NULL,
        routed INTEGER NOT NULL,
        UNIQUE (hiu_id, dedupe_key)
      );
      CREATE INDEX messages_received ON messages (received_at);

      -- The route keys of messages kept unrouted, to find them when a desk claims a key.
      CREATE TABLE message_keys (
        message_id INTEGER NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
        hiu_id TEXT NOT NULL,
        key TEXT NOT NULL,
        PRIMARY KEY (message_id, key)
      );
      CREATE INDEX message_keys_key ON message_keys (hiu_id, key);

      -- One row per message per desk still to acknowledge it; seq is the order the desk receives them in.
      -- AUTOINCREMENT: a seq is never used twice, even after the newest rows were acknowledged and deleted.
      CREATE TABLE deliveries (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        desk_id TEXT NOT NULL REFERENCES desks (id),
        message_id INTEGER NOT NULL REFERENCES messages (id) ON DELETE CASCADE
      );
      CREATE INDEX deliveries_desk ON deliveries (desk_id, seq);
      CREATE INDEX deliveries_message ON deliveries (message_id);

      -- Every message's dedupe key, kept after its payload is gone (delivered and acknowledged) so a late repeat of
      -- a callback or page is still recognised; purged with the message cutoff.
      CREATE TABLE seen_messages (
        hiu_id TEXT NOT NULL,
        dedupe_key TEXT NOT NULL,
        received_at TEXT NOT NULL,
        PRIMARY KEY (hiu_id, dedupe_key)
      );
      CREATE INDEX seen_messages_received ON seen_messages (received_at);
    `,
  },
  {
    version: 2,
    name: 'share-tokens-and-live-sessions',
    sql: `
      -- When the desk's session last showed it was alive (claimed, or answered a ping); cleared with session_id when
      -- the connection closes. A Scan & Share share goes with a token only to a desk seen lately (share-procedure.ts).
      ALTER TABLE desks ADD COLUMN session_seen_at TEXT;

      -- The last token number a counter handed out on a local day (yyyy-mm-dd in the clinic's time zone). A token
      -- number is not health data; rows of days long past are purged.
      CREATE TABLE token_counters (
        hiu_id TEXT NOT NULL,
        counter_id TEXT NOT NULL,
        day TEXT NOT NULL,
        last_number INTEGER NOT NULL,
        PRIMARY KEY (hiu_id, counter_id, day)
      );

      -- Tokens still valid, one per patient per counter, for the repeat rule (the same patient at the same counter
      -- within 30 minutes gets the same token). patient_hash: SHA-256 of clinic, counter and ABHA address
      -- (relay/share-tokens.ts); the address is not stored, and the row goes when the token's validity ends.
      CREATE TABLE share_tokens (
        hiu_id TEXT NOT NULL,
        counter_id TEXT NOT NULL,
        patient_hash TEXT NOT NULL,
        day TEXT NOT NULL,
        number INTEGER NOT NULL,
        issued_at TEXT NOT NULL,
        valid_until TEXT NOT NULL,
        PRIMARY KEY (hiu_id, counter_id, patient_hash),
        UNIQUE (hiu_id, counter_id, day, number)
      );
      CREATE INDEX share_tokens_valid ON share_tokens (valid_until);
    `,
  },
];
