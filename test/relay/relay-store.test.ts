// The relay's storage (relay/store/relay-store.ts), one contract for both implementations: SQLite (one relay process)
// and PostgreSQL (several processes sharing a database; a real throwaway server, test/support/postgres-server.ts).
// "Peer" is a second relay process on the same storage: for SQLite the same store (one process owns the file), for
// PostgreSQL a second store instance, so events and routing are checked across processes.
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openRelayStore } from '../../relay/store/open-store';
import { PostgresRelayStore } from '../../relay/store/postgres-store';
import type { Delivery, IncomingMessage, RelayStore } from '../../relay/store/relay-store';
import { startPostgres, withClient, type PostgresServer } from '../support/postgres-server';

const CITY = 'hiu-city-clinic';
const LAKE = 'hiu-lake-hospital';
const RECEPTION = 'desk-reception1';
const PHARMACY = 'desk-pharmacy01';
const LAB = 'desk-laboratory';
const LAKEFRONT = 'desk-lakefront1';

/** Fresh, empty storage for one test. */
interface Storage {
  open(): Promise<RelayStore>;
  /** Another relay process on the same storage. */
  openPeer(first: RelayStore): Promise<RelayStore>;
  /** A read (or a write) straight to the tables, past the store. */
  query(sql: string): Promise<Array<Record<string, unknown>>>;
}

interface Backend {
  fresh(): Promise<Storage>;
  /** The schema's steps, as relay_migrations lists them once migrated. */
  migrations: Array<{ version: number; name: string }>;
}

const SHARED_STEPS = [
  { version: 1, name: 'desks-messages-expectations' },
  { version: 2, name: 'share-tokens-and-live-sessions' },
];

const opened: RelayStore[] = [];
const folders: string[] = [];

async function track(store: Promise<RelayStore>): Promise<RelayStore> {
  opened.push(await store);
  return opened.at(-1)!;
}

const sqlite: Backend = {
  migrations: SHARED_STEPS,
  fresh: async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'relay-sqlite-'));
    folders.push(folder);
    const file = path.join(folder, 'relay.db');
    return {
      open: () => track(openRelayStore({ sqlite: file })),
      openPeer: async (first) => first,
      query: async (sql) => {
        const db = new Database(file);
        try {
          const statement = db.prepare(sql);
          if (statement.reader) return statement.all() as Array<Record<string, unknown>>;
          statement.run();
          return [];
        } finally {
          db.close();
        }
      },
    };
  },
};

// One server for the file; each test gets a database of its own.
let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgres();
}, 30_000);
afterAll(() => server.stop());

const postgres: Backend = {
  // Steps 3 and 4 are PostgreSQL's own: ingest's routing and ack as functions in the database.
  migrations: [...SHARED_STEPS, { version: 3, name: 'ingest-and-ack-functions' }, { version: 4, name: 'ingest-and-ack-by-key-lookups' }],
  fresh: async () => {
    const url = await server.createDatabase();
    return {
      open: () => track(openRelayStore({ postgres: url })),
      openPeer: () => track(openRelayStore({ postgres: url })),
      query: (sql) => withClient(url, async (client) => (await client.query(sql)).rows),
    };
  },
};

afterEach(async () => {
  for (const store of opened.splice(0).reverse()) await store.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function message(requestId: string, overrides: Partial<IncomingMessage> = {}): IncomingMessage {
  return {
    hiuId: CITY,
    dedupeKey: `callback:${requestId}`,
    kind: 'callback',
    receivedAt: '2026-03-10T08:00:00.000Z',
    payload: `{"requestId":"${requestId}"}`,
    routeKeys: [],
    introduces: [],
    broadcastIfUnclaimed: false,
    ...overrides,
  };
}

async function addDesks(store: RelayStore, ...desks: Array<[id: string, hiuId: string]>): Promise<void> {
  for (const [id, hiuId] of desks) {
    await store.addDesk({ id, hiuId, name: id, secretHash: '0'.repeat(64), createdAt: '2026-03-01T09:00:00.000Z' });
  }
}

async function payloads(store: RelayStore, deskId: string): Promise<string[]> {
  return (await store.pending(deskId, 0, 1000)).map((delivery) => delivery.payload);
}

async function seqs(store: RelayStore, deskId: string): Promise<number[]> {
  return (await store.pending(deskId, 0, 1000)).map((delivery) => delivery.seq);
}

/** Resolves with the first event `subscribe` reports that `wanted` accepts; fails after a few seconds. */
function nextEvent<T extends unknown[]>(subscribe: (listener: (...args: T) => void) => () => void, wanted: (...args: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error('no such event within 5 s'));
    }, 5_000);
    const unsubscribe = subscribe((...args) => {
      if (!wanted(...args)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(args);
    });
  });
}

const isIncreasing = (values: number[]) => values.every((value, index) => index === 0 || value > values[index - 1]!);

describe.each([
  ['SQLite', sqlite],
  ['PostgreSQL', postgres],
] as const)('relay store on %s', (_name, backend) => {
  let storage: Storage;
  let store: RelayStore;


  async function freshStore(): Promise<RelayStore> {
    storage = await backend.fresh();
    store = await storage.open();
    return store;
  }

  describe('desks', () => {
    it('lists, finds and revokes desks; a revoked desk stays listed with its revocation time', async () => {
      await freshStore();
      await store.addDesk({ id: RECEPTION, hiuId: CITY, name: 'Reception', secretHash: 'a'.repeat(64), createdAt: '2026-03-01T09:00:00.000Z' });
      // An offset time is kept as the same instant in UTC, so purge compares like with like.
      await store.addDesk({ id: PHARMACY, hiuId: CITY, name: 'Pharmacy', secretHash: 'b'.repeat(64), createdAt: '2026-03-01T15:00:00+05:30' });

      expect(await store.listDesks()).toEqual([
        { id: RECEPTION, hiuId: CITY, name: 'Reception', createdAt: '2026-03-01T09:00:00.000Z', revokedAt: null },
        { id: PHARMACY, hiuId: CITY, name: 'Pharmacy', createdAt: '2026-03-01T09:30:00.000Z', revokedAt: null },
      ]);
      expect(await store.findDesk(PHARMACY)).toEqual({
        id: PHARMACY,
        hiuId: CITY,
        name: 'Pharmacy',
        createdAt: '2026-03-01T09:30:00.000Z',
        revokedAt: null,
        secretHash: 'b'.repeat(64),
      });
      expect(await store.findDesk('desk-nobody000')).toBeNull();
      // A time that is no time is refused, not stored as text that would sort anywhere.
      await expect(store.addDesk({ id: LAB, hiuId: CITY, name: 'Lab', secretHash: 'c'.repeat(64), createdAt: 'yesterday' })).rejects.toThrow(
        'Not a time: "yesterday"',
      );
      expect(await store.findDesk(LAB)).toBeNull();

      expect(await store.revokeDesk(PHARMACY, '2026-03-02T10:00:00.000Z')).toBe(true);
      expect(await store.revokeDesk(PHARMACY, '2026-03-03T10:00:00.000Z')).toBe(false);
      expect(await store.revokeDesk('desk-nobody000', '2026-03-03T10:00:00.000Z')).toBe(false);
      expect((await store.findDesk(PHARMACY))?.revokedAt).toBe('2026-03-02T10:00:00.000Z');
      expect((await store.listDesks()).map((desk) => [desk.id, desk.revokedAt])).toEqual([
        [RECEPTION, null],
        [PHARMACY, '2026-03-02T10:00:00.000Z'],
      ]);
    });

    it('a revoked desk loses what waited for it and its keys, and receives nothing more', async () => {
      await freshStore();
      await addDesks(store, [RECEPTION, CITY], [PHARMACY, CITY]);
      await store.expect(CITY, RECEPTION, ['request:r-1'], '2026-03-10T07:00:00.000Z');
      await store.ingest(message('r-1', { routeKeys: ['request:r-1'] }));
      await store.ingest(message('notify-1', { broadcastIfUnclaimed: true }));
      expect(await store.backlog()).toEqual({ [RECEPTION]: 2, [PHARMACY]: 1 });

      await store.revokeDesk(RECEPTION, '2026-03-10T09:00:00.000Z');

      expect(await store.pending(RECEPTION, 0, 10)).toEqual([]);
      expect(await store.backlog()).toEqual({ [PHARMACY]: 1 });
      // r-1 went only to the revoked desk, so its payload is gone; the broadcast still waits for the pharmacy.
      expect(await storage.query('SELECT payload FROM messages')).toEqual([{ payload: '{"requestId":"notify-1"}' }]);
      expect(await store.isClaimed(CITY, 'request:r-1')).toBe(false);

      expect(await store.ingest(message('r-1-again', { routeKeys: ['request:r-1'] }))).toBe('stored');
      await store.ingest(message('notify-2', { broadcastIfUnclaimed: true }));
      expect(await payloads(store, RECEPTION)).toEqual([]);
      expect(await payloads(store, PHARMACY)).toEqual(['{"requestId":"notify-1"}', '{"requestId":"notify-2"}']);
      expect(await store.expect(CITY, RECEPTION, ['request:r-9'], '2026-03-10T09:30:00.000Z')).toEqual({ accepted: [], refused: ['request:r-9'] });

      // The key it held is free: the desk set up in its place claims it and gets what was kept for it.
      expect(await store.expect(CITY, PHARMACY, ['request:r-1'], '2026-03-10T09:30:00.000Z')).toEqual({ accepted: ['request:r-1'], refused: [] });
      expect(await payloads(store, PHARMACY)).toEqual(['{"requestId":"notify-1"}', '{"requestId":"notify-2"}', '{"requestId":"r-1-again"}']);
    });
  });

  describe('expectations', () => {
    it('refuses a key another desk of the HIU holds, keeps HIUs apart, and accepts a desk claiming its own key again', async () => {
      await freshStore();
      await addDesks(store, [RECEPTION, CITY], [PHARMACY, CITY], [LAKEFRONT, LAKE]);
      const at = '2026-03-10T07:00:00.000Z';

      expect(await store.expect(CITY, RECEPTION, ['request:r-1', 'consent-request:c-1'], at)).toEqual({
        accepted: ['request:r-1', 'consent-request:c-1'],
        refused: [],
      });
      expect(await store.expect(CITY, PHARMACY, ['consent-request:c-1', 'request:r-2'], at)).toEqual({
        accepted: ['request:r-2'],
        refused: ['consent-request:c-1'],
      });
      expect(await store.expect(LAKE, LAKEFRONT, ['consent-request:c-1'], at)).toEqual({ accepted: ['consent-request:c-1'], refused: [] });
      expect(await store.expect(CITY, RECEPTION, ['request:r-1', 'request:r-1'], at)).toEqual({ accepted: ['request:r-1'], refused: [] });

      expect(await store.isClaimed(CITY, 'request:r-2')).toBe(true);
      expect(await store.isClaimed(LAKE, 'request:r-2')).toBe(false);
      expect(await store.isClaimed(CITY, 'push:0000')).toBe(false);
    });

    it('a desk of another HIU cannot claim keys in this one', async () => {
      await freshStore();
      await addDesks(store, [LAKEFRONT, LAKE]);
      await expect(store.expect(CITY, LAKEFRONT, ['request:r-1'], '2026-03-10T07:00:00.000Z')).rejects.toThrow(/not a desk of HIU/);
      expect(await store.isClaimed(CITY, 'request:r-1')).toBe(false);
    });
  });

  describe('routing', () => {
    it('a message goes to the desk holding one of its keys, in its own HIU only', async () => {
      await freshStore();
      await addDesks(store, [RECEPTION, CITY], [PHARMACY, CITY], [LAKEFRONT, LAKE]);
      await store.expect(CITY, RECEPTION, ['consent-request:c-1'], '2026-03-10T07:00:00.000Z');
      await store.expect(CITY, PHARMACY, ['request:r-2'], '2026-03-10T07:00:00.000Z');
      await store.expect(LAKE, LAKEFRONT, ['consent-request:c-1'], '2026-03-10T07:00:00.000Z');

      expect(await store.ingest(message('on-notify-1', { routeKeys: ['consent-request:c-1'], broadcastIfUnclaimed: true }))).toBe('stored');
      await store.ingest(message('on-fetch-1', { hiuId: LAKE, routeKeys: ['consent-request:c-1'] }));
      await store.ingest(message('both', { routeKeys: ['consent-request:c-1', 'request:r-2'] }));

      expect(await payloads(store, RECEPTION)).toEqual(['{"requestId":"on-notify-1"}', '{"requestId":"both"}']);
      expect(await payloads(store, PHARMACY)).toEqual(['{"requestId":"both"}']);
      expect(await payloads(store, LAKEFRONT)).toEqual(['{"requestId":"on-fetch-1"}']);
    });

    it('keys a message hands out become its desk’s, so a later message naming them goes there too', async () => {
      await freshStore();
      await addDesks(store, [RECEPTION, CITY], [PHARMACY, CITY]);
      await store.expect(CITY, RECEPTION, ['request:r-1'], '2026-03-10T07:00:00.000Z');

      await store.ingest(message('on-init', { routeKeys: ['request:r-1'], introduces: ['consent-request:c-9'] }));

      expect(await store.isClaimed(CITY, 'consent-request:c-9')).toBe(true);
      expect(await store.expect(CITY, PHARMACY, ['consent-request:c-9'], '2026-03-10T08:30:00.000Z')).toEqual({ accepted: [], refused: ['consent-request:c-9'] });
      await store.ingest(message('hiu-notify', { routeKeys: ['consent-request:c-9'], broadcastIfUnclaimed: true }));
      expect(await payloads(store, RECEPTION)).toEqual(['{"requestId":"on-init"}', '{"requestId":"hiu-notify"}']);
      expect(await payloads(store, PHARMACY)).toEqual([]);
    });

    it('a broadcast hands its keys to nobody: with several desks receiving it, whose they are is unknown', async () => {
      await freshStore();
      await addDesks(store, [RECEPTION, CITY], [PHARMACY, CITY]);
      await store.ingest(message('broadcast', { introduces: ['consent:a-1'], broadcastIfUnclaimed: true }));
      expect(await store.isClaimed(CITY, 'consent:a-1')).toBe(false);
    });

    it('unclaimed and broadcast: every active desk of the HIU receives it, no desk of another HIU', async () => {
      await freshStore();
      await addDesks(store, [RECEPTION, CITY], [PHARMACY, CITY], [LAB, CITY], [LAKEFRONT, LAKE]);
      await store.revokeDesk(LAB, '2026-03-05T00:00:00.000Z');

      await store.ingest(message('notify', { routeKeys: ['consent-request:c-unknown'], broadcastIfUnclaimed: true }));

      expect(await payloads(store, RECEPTION)).toEqual(['{"requestId":"notify"}']);
      expect(await payloads(store, PHARMACY)).toEqual(['{"requestId":"notify"}']);
      expect(await payloads(store, LAB)).toEqual([]);
      expect(await payloads(store, LAKEFRONT)).toEqual([]);
      expect(await store.backlog()).toEqual({ [PHARMACY]: 1, [RECEPTION]: 1 });
    });

    it('unclaimed and not broadcast: kept, then delivered by the expect that claims one of its keys', async () => {
      await freshStore();
      await addDesks(store, [RECEPTION, CITY], [PHARMACY, CITY]);
      const peer = await storage.openPeer(store);

      await store.ingest(message('page-1', { kind: 'page', dedupeKey: 'page:abc/1', routeKeys: ['push:abc'] }));
      expect(await store.backlog()).toEqual({});

      const heard = nextEvent(peer.onDeliverable.bind(peer), (deskIds) => deskIds.includes(PHARMACY));
      expect(await store.expect(CITY, PHARMACY, ['push:abc'], '2026-03-10T08:05:00.000Z')).toEqual({ accepted: ['push:abc'], refused: [] });
      expect(await store.pending(PHARMACY, 0, 10)).toEqual([{ seq: expect.any(Number), kind: 'page', payload: '{"requestId":"page-1"}' }]);
      expect(await heard).toEqual([[PHARMACY]]);
      expect(await payloads(store, RECEPTION)).toEqual([]);
    });

    it('a kept message that hands out a key brings along the kept messages naming that key', async () => {
      await freshStore();
      await addDesks(store, [RECEPTION, CITY]);
      // The gateway's answers can overtake each other: the notify for c-5 arrives before the on-init that names it.
      await store.ingest(message('notify-c5', { routeKeys: ['consent-request:c-5'] }));
      await store.ingest(message('on-init-r5', { routeKeys: ['request:r-5'], introduces: ['consent-request:c-5'] }));

      await store.expect(CITY, RECEPTION, ['request:r-5'], '2026-03-10T08:05:00.000Z');

      expect(await payloads(store, RECEPTION)).toEqual(['{"requestId":"on-init-r5"}', '{"requestId":"notify-c5"}']);
      expect(await store.isClaimed(CITY, 'consent-request:c-5')).toBe(true);
    });

    it('a duplicate (same HIU and dedupe key) changes nothing, even after the first was delivered and acknowledged', async () => {
      await freshStore();
      await addDesks(store, [RECEPTION, CITY], [LAKEFRONT, LAKE]);
      await store.expect(CITY, RECEPTION, ['request:r-1'], '2026-03-10T07:00:00.000Z');

      expect(await store.ingest(message('r-1', { routeKeys: ['request:r-1'] }))).toBe('stored');
      expect(await store.ingest(message('r-1', { routeKeys: ['request:r-1'], payload: '{"second":"copy"}', broadcastIfUnclaimed: true }))).toBe('duplicate');
      expect(await payloads(store, RECEPTION)).toEqual(['{"requestId":"r-1"}']);

      await store.ack(RECEPTION, await seqs(store, RECEPTION));
      expect(await store.ingest(message('r-1', { routeKeys: ['request:r-1'] }))).toBe('duplicate');
      expect(await store.pending(RECEPTION, 0, 10)).toEqual([]);
      expect(await storage.query('SELECT id FROM messages')).toEqual([]);

      expect(await store.ingest(message('r-1', { hiuId: LAKE, broadcastIfUnclaimed: true }))).toBe('stored');
      expect(await payloads(store, LAKEFRONT)).toEqual(['{"requestId":"r-1"}']);
    });

    it('messages ingested together are routed one after another, in the order they came: each sees what the ones before it did', async () => {
      await freshStore();
      await addDesks(store, [RECEPTION, CITY], [PHARMACY, CITY]);
      await store.expect(CITY, RECEPTION, ['request:r-1'], '2026-03-10T07:00:00.000Z');
      await store.expect(CITY, PHARMACY, ['request:r-2'], '2026-03-10T07:00:00.000Z');

      const outcomes = await Promise.all([
        // Kept: nobody holds c-7 yet.
        store.ingest(message('notify-c7', { routeKeys: ['consent-request:c-7'] })),
        // Goes to the reception, which then holds c-1 and c-7; c-7 brings along notify-c7.
        store.ingest(message('on-init', { routeKeys: ['request:r-1'], introduces: ['consent-request:c-1', 'consent-request:c-7'] })),
        // Would be a broadcast to both desks had on-init not handed c-1 to the reception first.
        store.ingest(message('notify-c1', { routeKeys: ['consent-request:c-1'], broadcastIfUnclaimed: true })),
        store.ingest(message('on-find', { routeKeys: ['request:r-2'] })),
        store.ingest(message('on-init', { routeKeys: ['request:r-2'], payload: '{"second":"copy"}' })),
        store.ingest(message('notify-unknown', { routeKeys: ['consent-request:c-0'], broadcastIfUnclaimed: true })),
      ]);

      expect(outcomes).toEqual(['stored', 'stored', 'stored', 'stored', 'duplicate', 'stored']);
      expect(await payloads(store, RECEPTION)).toEqual([
        '{"requestId":"on-init"}',
        '{"requestId":"notify-c7"}',
        '{"requestId":"notify-c1"}',
        '{"requestId":"notify-unknown"}',
      ]);
      expect(await payloads(store, PHARMACY)).toEqual(['{"requestId":"on-find"}', '{"requestId":"notify-unknown"}']);
      expect(await store.isClaimed(CITY, 'consent-request:c-7')).toBe(true);
      expect(await store.expect(CITY, PHARMACY, ['consent-request:c-1'], '2026-03-10T08:30:00.000Z')).toEqual({ accepted: [], refused: ['consent-request:c-1'] });
    });

    it('messages ingested together reach every desk holding one of their keys, in the order they came; a repeat is a duplicate', async () => {
      await freshStore();
      await addDesks(store, [RECEPTION, CITY], [PHARMACY, CITY]);
      await store.expect(CITY, RECEPTION, ['request:r-1', 'request:r-3'], '2026-03-10T07:00:00.000Z');
      await store.expect(CITY, PHARMACY, ['request:r-2'], '2026-03-10T07:00:00.000Z');
      expect(await store.ingest(message('earlier', { routeKeys: ['request:r-1'] }))).toBe('stored');

      const outcomes = await Promise.all([
        store.ingest(message('r1-a', { routeKeys: ['request:r-1'] })),
        // Names a key of each desk: both get it.
        store.ingest(message('both', { routeKeys: ['request:r-3', 'request:r-2'] })),
        // Nobody holds c-5: kept for whoever claims it.
        store.ingest(message('kept', { routeKeys: ['consent-request:c-5'] })),
        store.ingest(message('earlier', { routeKeys: ['request:r-1'], payload: '{"second":"copy"}' })),
        store.ingest(message('r2-a', { routeKeys: ['request:r-2'] })),
      ]);

      expect(outcomes).toEqual(['stored', 'stored', 'stored', 'duplicate', 'stored']);
      expect(await payloads(store, RECEPTION)).toEqual(['{"requestId":"earlier"}', '{"requestId":"r1-a"}', '{"requestId":"both"}']);
      expect(await payloads(store, PHARMACY)).toEqual(['{"requestId":"both"}', '{"requestId":"r2-a"}']);
      expect(isIncreasing([...(await seqs(store, RECEPTION)), ...(await seqs(store, PHARMACY)).slice(1)])).toBe(true);
      await store.expect(CITY, PHARMACY, ['consent-request:c-5'], '2026-03-10T08:30:00.000Z');
      expect(await payloads(store, PHARMACY)).toEqual(['{"requestId":"both"}', '{"requestId":"r2-a"}', '{"requestId":"kept"}']);
    });

    it('a message that cannot be stored fails alone: the ones ingested with it are stored, and it may come again', async () => {
      await freshStore();
      await addDesks(store, [RECEPTION, CITY]);
      await store.expect(CITY, RECEPTION, ['request:r'], '2026-03-10T07:00:00.000Z');

      const outcomes = await Promise.allSettled([
        store.ingest(message('before', { routeKeys: ['request:r'] })),
        // The schema allows only 'callback' and 'page'.
        store.ingest(message('broken', { routeKeys: ['request:r'], kind: 'letter' as IncomingMessage['kind'] })),
        store.ingest(message('after', { routeKeys: ['request:r'] })),
      ]);

      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(await payloads(store, RECEPTION)).toEqual(['{"requestId":"before"}', '{"requestId":"after"}']);
      // Nothing of it was kept, not even its dedupe key: sent again, well formed, it is new.
      expect(await store.ingest(message('broken', { routeKeys: ['request:r'] }))).toBe('stored');
      expect(await payloads(store, RECEPTION)).toEqual(['{"requestId":"before"}', '{"requestId":"after"}', '{"requestId":"broken"}']);
    });

    it('a burst of 1,000 callbacks arriving at once is stored and delivered in full', async () => {
      await freshStore();
      await addDesks(store, [RECEPTION, CITY]);
      await store.expect(CITY, RECEPTION, ['request:burst'], '2026-03-10T07:00:00.000Z');
      const ids = Array.from({ length: 1000 }, (_, index) => `b-${String(index).padStart(4, '0')}`);

      const outcomes = await Promise.all(ids.map((id) => store.ingest(message(id, { routeKeys: ['request:burst'] }))));

      expect(outcomes.filter((outcome) => outcome === 'stored')).toHaveLength(1000);
      const waiting = await store.pending(RECEPTION, 0, 2000);
      expect(waiting).toHaveLength(1000);
      expect(isIncreasing(waiting.map((delivery) => delivery.seq))).toBe(true);
      expect(new Set(waiting.map((delivery) => delivery.payload))).toEqual(new Set(ids.map((id) => `{"requestId":"${id}"}`)));
    });
  });

  describe('deliveries', () => {
    it('pending lists a desk’s deliveries oldest first, after a seq, up to a limit', async () => {
      await freshStore();
      await addDesks(store, [RECEPTION, CITY]);
      await store.expect(CITY, RECEPTION, ['request:r'], '2026-03-10T07:00:00.000Z');
      for (const id of ['m-1', 'm-2', 'm-3', 'm-4', 'm-5']) await store.ingest(message(id, { routeKeys: ['request:r'] }));

      const all = await store.pending(RECEPTION, 0, 100);
      expect(all.map((delivery) => delivery.payload)).toEqual([
        '{"requestId":"m-1"}',
        '{"requestId":"m-2"}',
        '{"requestId":"m-3"}',
        '{"requestId":"m-4"}',
        '{"requestId":"m-5"}',
      ]);
      expect(all.every((delivery) => delivery.kind === 'callback')).toBe(true);
      expect(isIncreasing(all.map((delivery) => delivery.seq))).toBe(true);

      const afterSecond = await store.pending(RECEPTION, all[1]!.seq, 2);
      expect(afterSecond.map((delivery) => delivery.payload)).toEqual(['{"requestId":"m-3"}', '{"requestId":"m-4"}']);
      expect(await store.pending(RECEPTION, all[4]!.seq, 10)).toEqual([]);
    });

    it('an ack of another desk’s seq changes nothing', async () => {
      await freshStore();
      await addDesks(store, [RECEPTION, CITY], [PHARMACY, CITY]);
      await store.expect(CITY, RECEPTION, ['request:r-1'], '2026-03-10T07:00:00.000Z');
      await store.ingest(message('r-1', { routeKeys: ['request:r-1'] }));
      const [receptionSeq] = await seqs(store, RECEPTION);

      expect(await store.ack(PHARMACY, [receptionSeq!])).toBe(0);
      expect(await payloads(store, RECEPTION)).toEqual(['{"requestId":"r-1"}']);
      expect(await store.ack(RECEPTION, [receptionSeq!])).toBe(1);
      expect(await store.ack(RECEPTION, [receptionSeq!])).toBe(0);
      expect(await store.pending(RECEPTION, 0, 10)).toEqual([]);
    });

    it('a message’s payload is deleted when its last delivery is acknowledged; its dedupe key stays', async () => {
      await freshStore();
      await addDesks(store, [RECEPTION, CITY], [PHARMACY, CITY]);
      await store.ingest(message('notify', { payload: '{"patient":"MARKER-4417"}', broadcastIfUnclaimed: true }));

      await store.ack(RECEPTION, await seqs(store, RECEPTION));
      expect(await storage.query(`SELECT CAST(count(*) AS INTEGER) AS n FROM messages WHERE payload LIKE '%MARKER-4417%'`)).toEqual([{ n: 1 }]);
      expect(await store.backlog()).toEqual({ [PHARMACY]: 1 });

      await store.ack(PHARMACY, await seqs(store, PHARMACY));
      expect(await storage.query('SELECT CAST(count(*) AS INTEGER) AS n FROM messages')).toEqual([{ n: 0 }]);
      expect(await storage.query('SELECT CAST(count(*) AS INTEGER) AS n FROM deliveries')).toEqual([{ n: 0 }]);
      expect(await storage.query('SELECT hiu_id, dedupe_key FROM seen_messages')).toEqual([{ hiu_id: CITY, dedupe_key: 'callback:notify' }]);
      expect(await store.backlog()).toEqual({});
    });

    it('backlog counts waiting deliveries per desk, leaving out desks with none', async () => {
      await freshStore();
      await addDesks(store, [RECEPTION, CITY], [PHARMACY, CITY], [LAKEFRONT, LAKE]);
      await store.expect(CITY, RECEPTION, ['request:r'], '2026-03-10T07:00:00.000Z');
      for (const id of ['m-1', 'm-2', 'm-3']) await store.ingest(message(id, { routeKeys: ['request:r'] }));
      await store.ingest(message('notify', { broadcastIfUnclaimed: true }));

      expect(await store.backlog()).toEqual({ [RECEPTION]: 4, [PHARMACY]: 1 });
      const [first, second] = await seqs(store, RECEPTION);
      await store.ack(RECEPTION, [first!, second!]);
      expect(await store.backlog()).toEqual({ [RECEPTION]: 2, [PHARMACY]: 1 });
    });
  });

  it('purge deletes messages and expectations older than their cutoffs, and nothing newer', async () => {
    await freshStore();
    await addDesks(store, [RECEPTION, CITY]);
    await store.expect(CITY, RECEPTION, ['request:old', 'request:renewed'], '2026-03-01T07:00:00.000Z');
    await store.expect(CITY, RECEPTION, ['request:new', 'request:renewed'], '2026-03-09T07:00:00.000Z');
    await store.ingest(message('old-delivered', { routeKeys: ['request:new'], receivedAt: '2026-03-02T08:00:00.000Z' }));
    await store.ingest(message('old-kept', { routeKeys: ['transaction:t-1'], receivedAt: '2026-03-02T09:00:00.000Z' }));
    await store.ingest(message('new-delivered', { routeKeys: ['request:new'], receivedAt: '2026-03-09T08:00:00.000Z' }));

    expect(await store.purge({ messagesBefore: '2026-03-05T00:00:00.000Z', expectationsBefore: '2026-03-05T00:00:00.000Z' })).toEqual({
      messages: 2,
      expectations: 1,
    });

    expect(await payloads(store, RECEPTION)).toEqual(['{"requestId":"new-delivered"}']);
    expect(await store.backlog()).toEqual({ [RECEPTION]: 1 });
    expect(await store.isClaimed(CITY, 'request:old')).toBe(false);
    // Claiming a key again renews it.
    expect(await store.isClaimed(CITY, 'request:renewed')).toBe(true);
    expect(await store.isClaimed(CITY, 'request:new')).toBe(true);
    // A dedupe key is kept as long as its message would be: past the cutoff, a repeat counts as new.
    expect(await store.ingest(message('new-delivered', { receivedAt: '2026-03-10T08:00:00.000Z' }))).toBe('duplicate');
    expect(await store.ingest(message('old-delivered', { receivedAt: '2026-03-10T08:00:00.000Z' }))).toBe('stored');
    expect(await store.purge({ messagesBefore: '2026-03-05T00:00:00.000Z', expectationsBefore: '2026-03-05T00:00:00.000Z' })).toEqual({
      messages: 0,
      expectations: 0,
    });
  });

  describe('events', () => {
    it('claimSession tells every relay process which session serves the desk; revoking tells them it has none', async () => {
      await freshStore();
      await addDesks(store, [RECEPTION, CITY]);
      const peer = await storage.openPeer(store);

      const claimed = nextEvent(peer.onSessionClaimed.bind(peer));
      await store.claimSession(RECEPTION, 'session-2f9c');
      expect(await claimed).toEqual([RECEPTION, 'session-2f9c']);

      const revoked = nextEvent(peer.onSessionClaimed.bind(peer));
      await store.revokeDesk(RECEPTION, '2026-03-10T10:00:00.000Z');
      expect(await revoked).toEqual([RECEPTION, null]);
    });

    it('onDeliverable names the desks that have something new, in every relay process', async () => {
      await freshStore();
      await addDesks(store, [RECEPTION, CITY], [PHARMACY, CITY], [LAKEFRONT, LAKE]);
      const peer = await storage.openPeer(store);

      const heard = nextEvent(peer.onDeliverable.bind(peer));
      await store.ingest(message('notify', { broadcastIfUnclaimed: true }));
      expect(await heard).toEqual([[PHARMACY, RECEPTION]]);

      const unsubscribe = store.onDeliverable(() => {
        throw new Error('unsubscribed listener called');
      });
      unsubscribe();
      const again = nextEvent(peer.onDeliverable.bind(peer));
      await store.ingest(message('fetch', { hiuId: LAKE, broadcastIfUnclaimed: true }));
      expect(await again).toEqual([[LAKEFRONT]]);
    });
  });

  it('migrating again changes nothing', async () => {
    await freshStore();
    await addDesks(store, [RECEPTION, CITY]);
    await store.migrate();
    await store.migrate();
    expect(await storage.query('SELECT version, name FROM relay_migrations ORDER BY version')).toEqual(backend.migrations);
    expect((await store.listDesks()).map((desk) => desk.id)).toEqual([RECEPTION]);
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it('storage migrated by a newer relay is refused and left as it was', async () => {
    await freshStore();
    const latest = backend.migrations.at(-1)!.version;
    const newer = latest + 1;
    await storage.query(`INSERT INTO relay_migrations (version, name, applied_at) VALUES (${newer}, 'from-a-newer-relay', '2027-01-01T00:00:00.000Z')`);

    await expect(store.migrate()).rejects.toThrow(new RegExp(` has schema ${newer}; this relay knows up to ${latest}\\. Nothing was changed: run the newer relay\\.$`));
    expect(await storage.query('SELECT version FROM relay_migrations ORDER BY version')).toEqual([...backend.migrations.map(({ version }) => ({ version })), { version: newer }]);
  });
});

describe('relay store on SQLite only', () => {
  it('once a message is acknowledged, its payload is nowhere in the file', async () => {
    const storage = await sqlite.fresh();
    const store = await storage.open();
    await addDesks(store, [RECEPTION, CITY]);
    await store.ingest(message('notify', { payload: '{"patient":"MARKER-9d2e-health-data"}', broadcastIfUnclaimed: true }));
    const file = path.join(folders.at(-1)!, 'relay.db');
    const fileText = () => [file, `${file}-wal`].filter(existsSync).map((name) => readFileSync(name).toString('latin1')).join('');
    // The check can see it while it is stored.
    expect(fileText()).toContain('MARKER-9d2e-health-data');

    await store.ack(RECEPTION, await seqs(store, RECEPTION));
    await store.close();

    expect(fileText()).not.toContain('MARKER-9d2e-health-data');
    expect(fileText()).toContain('callback:notify');
  });
});

describe('relay store on PostgreSQL only', () => {
  it('two relay processes starting together on a new database both migrate it, once', async () => {
    const url = await server.createDatabase();
    const first = await track(PostgresRelayStore.open(url));
    const second = await track(PostgresRelayStore.open(url));

    await Promise.all([first.migrate(), second.migrate()]);

    const applied = await withClient(url, async (client) => (await client.query('SELECT version FROM relay_migrations ORDER BY version')).rows);
    expect(applied).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }, { version: 4 }]);
  });

  it('two processes ingesting 200 messages each for one desk: a sender reading after its last seq gets all 400, once each', async () => {
    const storage = await postgres.fresh();
    const first = await storage.open();
    const second = await storage.openPeer(first);
    await addDesks(first, [RECEPTION, CITY]);
    await first.expect(CITY, RECEPTION, ['request:load'], '2026-03-10T07:00:00.000Z');
    // As a slow disk would: a few milliseconds between a delivery taking its seq and its commit, so a later seq
    // could commit first if nothing kept them in order.
    await storage.query(`
      CREATE FUNCTION take_time() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(random() * 0.004); RETURN NEW; END $$;
      CREATE TRIGGER take_time AFTER INSERT ON deliveries FOR EACH ROW EXECUTE FUNCTION take_time();`);

    // What the relay's sender does: read what follows the last seq it sent, while ingests keep committing.
    const sent: Delivery[] = [];
    let ingestsDone = false;
    const sender = (async () => {
      let afterSeq = 0;
      for (;;) {
        const finished = ingestsDone;
        const batch = await first.pending(RECEPTION, afterSeq, 50);
        sent.push(...batch);
        if (batch.length > 0) afterSeq = batch.at(-1)!.seq;
        else if (finished) return;
        else await new Promise((resolve) => setTimeout(resolve, 1));
      }
    })();
    const ids = (prefix: string) => Array.from({ length: 200 }, (_, index) => `${prefix}-${index}`);
    await Promise.all([
      ...ids('a').map((id) => first.ingest(message(id, { routeKeys: ['request:load'] }))),
      ...ids('b').map((id) => second.ingest(message(id, { routeKeys: ['request:load'] }))),
    ]);
    ingestsDone = true;
    await sender;

    const expected = [...ids('a'), ...ids('b')].map((id) => `{"requestId":"${id}"}`).sort();
    expect(sent.map((delivery) => delivery.payload).sort()).toEqual(expected);
    expect(isIncreasing(sent.map((delivery) => delivery.seq))).toBe(true);
    const stored = await first.pending(RECEPTION, 0, 1000);
    expect(stored).toHaveLength(400);
    expect(stored.map((delivery) => delivery.seq)).toEqual(sent.map((delivery) => delivery.seq));
  });

  it('two desks acknowledging their last deliveries of the same 100 messages at once leave none of them behind', async () => {
    const storage = await postgres.fresh();
    const first = await storage.open();
    const second = await storage.openPeer(first);
    await addDesks(first, [RECEPTION, CITY], [PHARMACY, CITY]);
    await Promise.all(Array.from({ length: 100 }, (_, index) => first.ingest(message(`notify-${index}`, { broadcastIfUnclaimed: true }))));
    const receptionSeqs = await seqs(first, RECEPTION);
    const pharmacySeqs = await seqs(first, PHARMACY);
    expect(receptionSeqs).toHaveLength(100);

    // Each desk's acks in small frames, interleaved with the other's, through both processes.
    const frames = (all: number[]) => Array.from({ length: 10 }, (_, index) => all.slice(index * 10, index * 10 + 10));
    const acknowledged = await Promise.all([
      ...frames(receptionSeqs).map((frame) => first.ack(RECEPTION, frame)),
      ...frames(pharmacySeqs).map((frame) => second.ack(PHARMACY, frame)),
    ]);

    expect(acknowledged).toEqual(Array.from({ length: 20 }, () => 10));
    expect(await storage.query('SELECT CAST(count(*) AS INTEGER) AS n FROM messages')).toEqual([{ n: 0 }]);
    expect(await first.backlog()).toEqual({});
  });

  it('a process whose listening connection dropped hears of deliveries again', async () => {
    const storage = await postgres.fresh();
    const first = await storage.open();
    const second = await storage.openPeer(first);
    await addDesks(first, [RECEPTION, CITY]);

    await storage.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`);
    const heard = nextEvent(second.onDeliverable.bind(second), (deskIds) => deskIds.includes(RECEPTION));
    await first.ingest(message('after-drop', { broadcastIfUnclaimed: true }));

    expect(await heard).toEqual([[RECEPTION]]);
  });
});
