// Data-push pages on the app's real encrypted database: known secrets, pages once each, ciphertext dropped when done.
import { createHash, randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newPushSecret } from '../../../electron/bridge/push-secret';
import type { ReceivedPushPage } from '../../../electron/bridge/ports';
import { DataPushPageStore, secretHash } from '../../../electron/store/hiu/data-push-pages';
import { addTransfer, openTestDatabase, type TestDatabase } from '../bridge/bridge-support';

let db: TestDatabase;
let pages: DataPushPageStore;

beforeEach(async () => {
  db = await openTestDatabase();
  pages = new DataPushPageStore(db.database.db);
});
afterEach(() => db.dispose());

const page = (secret: string, pageNumber: number, pageCount: number, extra: Partial<ReceivedPushPage> = {}): ReceivedPushPage => ({
  secret,
  transactionId: 'txn-1',
  pageNumber,
  pageCount,
  receivedAt: `2024-05-14T09:53:0${pageNumber}.000Z`,
  body: `{"pageNumber":${pageNumber},"pageCount":${pageCount},"entries":["ciphertext-${pageNumber}"]}`,
  ...extra,
});

describe('DataPushPageStore', () => {
  it('names a secret by its SHA-256, and never stores the secret itself', async () => {
    const secret = newPushSecret();
    expect(secretHash(secret)).toBe(createHash('sha256').update(secret).digest('hex'));
    addTransfer(db.database, secret);
    await pages.store(page(secret, 1, 1));
    const dump = JSON.stringify([db.database.db.prepare('SELECT * FROM data_transfers').all(), db.database.db.prepare('SELECT * FROM data_push_pages').all()]);
    expect(dump).not.toContain(secret);
    expect(dump).toContain(secretHash(secret));
  });

  it('knows a secret while its transfer has not ended, and no other', async () => {
    const live = newPushSecret();
    const ended = newPushSecret();
    addTransfer(db.database, live);
    const endedId = addTransfer(db.database, ended);
    expect(await pages.knows(live)).toBe(true);
    expect(await pages.knows(ended)).toBe(true);
    db.database.db.prepare('UPDATE data_transfers SET ended_at = ? WHERE id = ?').run('2024-05-14T10:00:00.000Z', endedId);
    expect(await pages.knows(ended)).toBe(false);
    expect(await pages.knows(newPushSecret())).toBe(false);
    expect(await pages.knows(secretHash(live))).toBe(false); // the hash is not the secret
  });

  it('stores each page once; a page pushed again keeps its first copy', async () => {
    const secret = newPushSecret();
    expect(await pages.store(page(secret, 1, 2))).toBe('stored');
    expect(await pages.store(page(secret, 1, 2, { body: '{"second":"copy"}' }))).toBe('duplicate');
    expect(pages.pending(secretHash(secret))).toEqual([
      { secretHash: secretHash(secret), pageNumber: 1, pageCount: 2, transactionId: 'txn-1', receivedAt: '2024-05-14T09:53:01.000Z', body: page(secret, 1, 2).body, state: 'pending' },
    ]);
  });

  it('lists pending pages by page number, follows what is missing, and drops the ciphertext of a done page', async () => {
    const secret = newPushSecret();
    const hash = secretHash(secret);
    await pages.store(page(secret, 3, 3));
    await pages.store(page(secret, 1, 3));
    expect(pages.pending(hash).map((p) => p.pageNumber)).toEqual([1, 3]);
    expect(pages.pagesOf(hash)).toEqual({ pageCount: 3, received: [1, 3], pending: 2, done: 0, missing: [2], complete: false, transactionIds: ['txn-1'] });

    expect(pages.markDone(hash, 1)).toBe(true);
    expect(pages.markDone(hash, 2)).toBe(false);
    const row = db.database.db.prepare('SELECT state, body FROM data_push_pages WHERE secret_hash = ? AND page_number = 1').get(hash);
    expect(row).toEqual({ state: 'done', body: null });
    await pages.store(page(secret, 2, 3));
    expect(pages.pagesOf(hash)).toMatchObject({ received: [1, 2, 3], pending: 2, done: 1, missing: [], complete: true });
    expect(pages.pending(hash).map((p) => p.pageNumber)).toEqual([2, 3]);
  });

  it('lists every pending page of every transfer, oldest first, and summarises an unknown transfer as empty', async () => {
    const a = newPushSecret();
    const b = newPushSecret();
    await pages.store(page(a, 2, 2, { receivedAt: '2024-05-14T09:53:05.000Z' }));
    await pages.store(page(b, 1, 1, { receivedAt: '2024-05-14T09:53:01.000Z', transactionId: randomUUID() }));
    expect(pages.pending().map((p) => [p.secretHash, p.pageNumber])).toEqual([
      [secretHash(b), 1],
      [secretHash(a), 2],
    ]);
    expect(pages.pagesOf(secretHash(newPushSecret()))).toEqual({ pageCount: null, received: [], pending: 0, done: 0, missing: [], complete: false, transactionIds: [] });
  });
});

describe('DataPushPageStore.storeHashed (pages the relay kept for this desk)', () => {
  // SHA-256 of "abc" (FIPS 180-2, appendix B.1): the relay names the page by it and never sees "abc" once hashed.
  const ABC_HASH = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
  const relayed = (pageNumber: number, pageCount: number, body = `{"entries":["ciphertext-${pageNumber}"]}`) => ({
    secretHash: ABC_HASH,
    transactionId: 'txn-relay-1',
    pageNumber,
    pageCount,
    receivedAt: `2024-05-14T09:54:0${pageNumber}.000Z`,
    body,
  });

  it('stores a page of a live transfer under its hash, exactly as a page pushed to this desk would be', async () => {
    addTransfer(db.database, 'abc');
    expect(await pages.storeHashed(relayed(2, 2))).toBe('stored');
    expect(pages.pending(ABC_HASH)).toEqual([
      { secretHash: ABC_HASH, pageNumber: 2, pageCount: 2, transactionId: 'txn-relay-1', receivedAt: '2024-05-14T09:54:02.000Z', body: '{"entries":["ciphertext-2"]}', state: 'pending' },
    ]);
    // The same page pushed straight to the bridge on the secret itself is the same page.
    expect(await pages.store({ secret: 'abc', transactionId: 'txn-relay-1', pageNumber: 2, pageCount: 2, receivedAt: '2024-05-14T09:55:00.000Z', body: '{"other":"copy"}' })).toBe('duplicate');
    expect(pages.pagesOf(ABC_HASH)).toMatchObject({ received: [2], missing: [1], pending: 1 });
  });

  it('keeps the first copy of a page delivered twice', async () => {
    addTransfer(db.database, 'abc');
    expect(await pages.storeHashed(relayed(1, 1))).toBe('stored');
    expect(await pages.storeHashed(relayed(1, 1, '{"second":"copy"}'))).toBe('duplicate');
    expect(pages.pending(ABC_HASH).map((p) => p.body)).toEqual(['{"entries":["ciphertext-1"]}']);
  });

  it('stores nothing for a transfer that ended while the desk was away, or one it never asked for', async () => {
    addTransfer(db.database, 'abc', { ended: true });
    expect(await pages.storeHashed(relayed(1, 1))).toBe('unknown');
    expect(await pages.storeHashed({ ...relayed(1, 1), secretHash: 'f'.repeat(64) })).toBe('unknown');
    expect(db.database.db.prepare('SELECT count(*) AS n FROM data_push_pages').get()).toEqual({ n: 0 });
  });
});
