// The relay's PostgreSQL schema, as numbered steps recorded in relay_migrations (relay/store/postgres-store.ts
// applies them). The same tables as migrations/sqlite.ts, which explains each; a step that changes tables is added
// there too. Step 3 is PostgreSQL's alone: ingest's routing and ack as functions in the database (relay_ingest,
// relay_ack), so that a batch of callbacks costs one round trip instead of eight each, and an ack one instead of five;
// SQLite runs the same routing in routing-procedure.ts.
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
  {
    version: 3,
    name: 'ingest-and-ack-functions',
    // relay_ingest is routing-procedure.ts's ingestMessage, step for step, for a batch of one HIU's messages in one
    // statement (postgres-ingest-batch.ts sends it). A change to the routing there is made here too, in a new step
    // (CREATE OR REPLACE), and test/relay/relay-store.test.ts runs the same routing cases against both stores.
    sql: `
      -- RoutingTransaction.claim: keys free or already the desk's become the desk's (time renewed); returns those it holds.
      CREATE FUNCTION relay_claim(hiu text, desk text, wanted text[], claimed_at text) RETURNS text[] LANGUAGE sql AS $$
        WITH held AS (
          INSERT INTO expectations (hiu_id, key, desk_id, created_at) SELECT hiu, claimed_key, desk, claimed_at FROM unnest(wanted) AS claimed_key
          ON CONFLICT (hiu_id, key) DO UPDATE SET created_at = excluded.created_at WHERE expectations.desk_id = excluded.desk_id
          RETURNING key)
        SELECT coalesce(array_agg(key), '{}') FROM held
      $$;

      -- routing-procedure.ts's routeKept: kept messages naming a claimed key go to the desk, oldest first, and the keys
      -- they hand out are claimed in turn, until nothing more is found.
      CREATE FUNCTION relay_route_kept(hiu text, desk text, claimed text[], claimed_at text) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        kept_ids bigint[];
        handed_out text[];
      BEGIN
        WHILE cardinality(claimed) > 0 LOOP
          -- FOR UPDATE: a purge deleting one of them waits for this commit, or this finds it gone.
          SELECT coalesce(array_agg(kept.id ORDER BY kept.id), '{}') INTO kept_ids FROM (
            SELECT id FROM messages WHERE NOT routed AND id IN
              (SELECT message_id FROM message_keys WHERE hiu_id = hiu AND key = ANY(claimed))
            ORDER BY id FOR UPDATE) AS kept;
          EXIT WHEN cardinality(kept_ids) = 0;
          UPDATE messages SET routed = true WHERE id = ANY(kept_ids);
          DELETE FROM message_keys WHERE message_id = ANY(kept_ids);
          INSERT INTO deliveries (desk_id, message_id)
            SELECT desk, kept_id FROM unnest(kept_ids) WITH ORDINALITY AS k (kept_id, place) ORDER BY place;
          handed_out := ARRAY(SELECT DISTINCT jsonb_array_elements_text(introduces::jsonb) FROM messages WHERE id = ANY(kept_ids));
          claimed := CASE WHEN cardinality(handed_out) > 0 THEN relay_claim(hiu, desk, handed_out, claimed_at) ELSE '{}' END;
        END LOOP;
      END $$;

      -- Ingests a batch of one HIU's messages, in order, under the HIU's lock (the one postgres-store.ts's lockHiu takes),
      -- and returns 'stored' or 'duplicate' for each. batch: [{dedupeKey, kind, receivedAt, routeKeys, introduces,
      -- broadcastIfUnclaimed}], keys without repeats; payloads[i] is the i-th message's payload. The desks with new
      -- deliveries are told once, at commit.
      CREATE FUNCTION relay_ingest(hiu text, batch jsonb, payloads text[]) RETURNS text[] LANGUAGE plpgsql AS $$
      DECLARE
        item jsonb;
        item_number integer := 0;
        outcomes text[] := '{}';
        recipients text[];
        told text[] := '{}';
        chunk_start integer;
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtextextended('relay-hiu:' || hiu, 0));
        FOR item IN SELECT value FROM jsonb_array_elements(batch) LOOP
          item_number := item_number + 1;
          INSERT INTO seen_messages (hiu_id, dedupe_key, received_at) VALUES (hiu, item->>'dedupeKey', item->>'receivedAt') ON CONFLICT DO NOTHING;
          IF NOT FOUND THEN
            outcomes := outcomes || 'duplicate'::text;
            CONTINUE;
          END IF;
          recipients := ARRAY(SELECT DISTINCT e.desk_id FROM expectations e JOIN desks d ON d.id = e.desk_id
            WHERE e.hiu_id = hiu AND e.key = ANY(ARRAY(SELECT jsonb_array_elements_text(item->'routeKeys'))) AND d.revoked_at IS NULL
            ORDER BY e.desk_id);
          IF cardinality(recipients) = 0 AND (item->>'broadcastIfUnclaimed')::boolean THEN
            recipients := ARRAY(SELECT id FROM desks WHERE hiu_id = hiu AND revoked_at IS NULL ORDER BY id);
          END IF;
          -- The message and its deliveries (or the keys it is kept under) in one statement: one less step a message.
          IF cardinality(recipients) = 0 THEN
            WITH kept AS (
              INSERT INTO messages (hiu_id, dedupe_key, kind, received_at, payload, introduces, routed)
              VALUES (hiu, item->>'dedupeKey', item->>'kind', item->>'receivedAt', payloads[item_number], (item->'introduces')::text, false)
              RETURNING id)
            INSERT INTO message_keys (message_id, hiu_id, key)
              SELECT kept.id, hiu, kept_key FROM kept, jsonb_array_elements_text(item->'routeKeys') AS kept_key;
          ELSE
            WITH stored AS (
              INSERT INTO messages (hiu_id, dedupe_key, kind, received_at, payload, introduces, routed)
              VALUES (hiu, item->>'dedupeKey', item->>'kind', item->>'receivedAt', payloads[item_number], (item->'introduces')::text, true)
              RETURNING id)
            INSERT INTO deliveries (desk_id, message_id)
              SELECT recipient, stored.id FROM stored, unnest(recipients) WITH ORDINALITY AS r (recipient, place) ORDER BY place;
            told := told || recipients;
            -- The keys it hands out are its recipient's when there is one (shared.ts, ownerOfIntroduced).
            IF cardinality(recipients) = 1 AND jsonb_array_length(item->'introduces') > 0 THEN
              PERFORM relay_route_kept(hiu, recipients[1],
                relay_claim(hiu, recipients[1], ARRAY(SELECT jsonb_array_elements_text(item->'introduces')), item->>'receivedAt'),
                item->>'receivedAt');
            END IF;
          END IF;
          outcomes := outcomes || 'stored'::text;
        END LOOP;
        -- As postgres-routing.ts's announceDeliverable: at most 100 desk ids a notification (its payload stays under 8000 bytes).
        told := ARRAY(SELECT DISTINCT unnest(told) ORDER BY 1);
        FOR chunk_start IN 1 .. cardinality(told) BY 100 LOOP
          PERFORM pg_notify('relay_deliverable', to_jsonb(told[chunk_start : chunk_start + 99])::text);
        END LOOP;
        RETURN outcomes;
      END $$;

      -- RelayStore.ack as postgres-store.ts did it in five statements, in one call. Each statement here sees what
      -- committed before it began, as in a transaction of separate statements: after waiting for another desk's ack of
      -- the same message, the delete below sees that desk's delivery gone, and the message goes.
      CREATE FUNCTION relay_ack(desk text, seqs bigint[]) RETURNS integer LANGUAGE plpgsql AS $$
      DECLARE
        message_ids bigint[];
        acknowledged integer;
      BEGIN
        -- Locked in id order (as purge and revokeDesk lock them), so two acks wait for each other instead of deadlocking.
        SELECT coalesce(array_agg(locked.id ORDER BY locked.id), '{}') INTO message_ids FROM (
          SELECT id FROM messages WHERE id IN (SELECT message_id FROM deliveries WHERE desk_id = desk AND seq = ANY(seqs))
          ORDER BY id FOR UPDATE) AS locked;
        DELETE FROM deliveries WHERE desk_id = desk AND seq = ANY(seqs);
        GET DIAGNOSTICS acknowledged = ROW_COUNT;
        -- Messages no desk still has to acknowledge: their payload goes now.
        DELETE FROM messages m WHERE m.routed AND m.id = ANY(message_ids)
          AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.message_id = m.id);
        RETURN acknowledged;
      END $$;
    `,
  },
  {
    version: 4,
    name: 'ingest-and-ack-by-key-lookups',
    // Step 3's relay_ingest found a message's recipients with one query over all its route keys, which the planner,
    // knowing no statistics yet, answered by reading every claim of the HIU: some milliseconds a callback with a few
    // thousand claims (docs/performance.md, "Relay"). The same functions, with lookups by key.
    sql: `
      CREATE OR REPLACE FUNCTION relay_ingest(hiu text, batch jsonb, payloads text[]) RETURNS text[] LANGUAGE plpgsql AS $$
      DECLARE
        item jsonb;
        item_number integer := 0;
        outcomes text[] := '{}';
        recipients text[];
        told text[] := '{}';
        chunk_start integer;
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtextextended('relay-hiu:' || hiu, 0));
        FOR item IN SELECT value FROM jsonb_array_elements(batch) LOOP
          item_number := item_number + 1;
          INSERT INTO seen_messages (hiu_id, dedupe_key, received_at) VALUES (hiu, item->>'dedupeKey', item->>'receivedAt') ON CONFLICT DO NOTHING;
          IF NOT FOUND THEN
            outcomes := outcomes || 'duplicate'::text;
            CONTINUE;
          END IF;
          -- One lookup by the whole primary key per route key: a plan the planner cannot trade for a scan of the HIU's
          -- claims, whatever its statistics say (before the first ANALYZE it thinks every table nearly empty).
          recipients := ARRAY(
            SELECT DISTINCT holder FROM (
              SELECT (SELECT desk_id FROM expectations WHERE hiu_id = hiu AND key = route_key) AS holder
              FROM jsonb_array_elements_text(item->'routeKeys') AS route_key) AS held
            WHERE holder IN (SELECT id FROM desks WHERE revoked_at IS NULL)
            ORDER BY holder);
          IF cardinality(recipients) = 0 AND (item->>'broadcastIfUnclaimed')::boolean THEN
            recipients := ARRAY(SELECT id FROM desks WHERE hiu_id = hiu AND revoked_at IS NULL ORDER BY id);
          END IF;
          -- The message and its deliveries (or the keys it is kept under) in one statement: one less step a message.
          IF cardinality(recipients) = 0 THEN
            WITH kept AS (
              INSERT INTO messages (hiu_id, dedupe_key, kind, received_at, payload, introduces, routed)
              VALUES (hiu, item->>'dedupeKey', item->>'kind', item->>'receivedAt', payloads[item_number], (item->'introduces')::text, false)
              RETURNING id)
            INSERT INTO message_keys (message_id, hiu_id, key)
              SELECT kept.id, hiu, kept_key FROM kept, jsonb_array_elements_text(item->'routeKeys') AS kept_key;
          ELSE
            WITH stored AS (
              INSERT INTO messages (hiu_id, dedupe_key, kind, received_at, payload, introduces, routed)
              VALUES (hiu, item->>'dedupeKey', item->>'kind', item->>'receivedAt', payloads[item_number], (item->'introduces')::text, true)
              RETURNING id)
            INSERT INTO deliveries (desk_id, message_id)
              SELECT recipient, stored.id FROM stored, unnest(recipients) WITH ORDINALITY AS r (recipient, place) ORDER BY place;
            told := told || recipients;
            -- The keys it hands out are its recipient's when there is one (shared.ts, ownerOfIntroduced).
            IF cardinality(recipients) = 1 AND jsonb_array_length(item->'introduces') > 0 THEN
              PERFORM relay_route_kept(hiu, recipients[1],
                relay_claim(hiu, recipients[1], ARRAY(SELECT jsonb_array_elements_text(item->'introduces')), item->>'receivedAt'),
                item->>'receivedAt');
            END IF;
          END IF;
          outcomes := outcomes || 'stored'::text;
        END LOOP;
        -- As postgres-routing.ts's announceDeliverable: at most 100 desk ids a notification (its payload stays under 8000 bytes).
        told := ARRAY(SELECT DISTINCT unnest(told) ORDER BY 1);
        FOR chunk_start IN 1 .. cardinality(told) BY 100 LOOP
          PERFORM pg_notify('relay_deliverable', to_jsonb(told[chunk_start : chunk_start + 99])::text);
        END LOOP;
        RETURN outcomes;
      END $$;

      CREATE OR REPLACE FUNCTION relay_ack(desk text, seqs bigint[]) RETURNS integer LANGUAGE plpgsql AS $$
      DECLARE
        message_ids bigint[];
        acknowledged integer;
      BEGIN
        -- Locked in id order (as purge and revokeDesk lock them), so two acks wait for each other instead of deadlocking.
        -- id = ANY(…), not IN (…): looked up by primary key, never a join that reads the whole backlog.
        SELECT coalesce(array_agg(locked.id ORDER BY locked.id), '{}') INTO message_ids FROM (
          SELECT id FROM messages WHERE id = ANY(ARRAY(SELECT message_id FROM deliveries WHERE desk_id = desk AND seq = ANY(seqs)))
          ORDER BY id FOR UPDATE) AS locked;
        DELETE FROM deliveries WHERE desk_id = desk AND seq = ANY(seqs);
        GET DIAGNOSTICS acknowledged = ROW_COUNT;
        -- Messages no desk still has to acknowledge: their payload goes now.
        DELETE FROM messages m WHERE m.routed AND m.id = ANY(message_ids)
          AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.message_id = m.id);
        RETURN acknowledged;
      END $$;
    `,
  },
];
