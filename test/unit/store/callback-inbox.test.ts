// The inbox on the app's real encrypted database: stored once per requestId, then worked off by state.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReceivedCallback } from '../../../electron/bridge/ports';
import { CallbackInboxStore } from '../../../electron/store/gateway/callback-inbox';
import { openTestDatabase, type TestDatabase } from '../bridge/bridge-support';

let db: TestDatabase;
let inbox: CallbackInboxStore;

beforeEach(async () => {
  db = await openTestDatabase();
  inbox = new CallbackInboxStore(db.database.db);
});
afterEach(() => db.dispose());

function callback(overrides: Partial<ReceivedCallback> = {}): ReceivedCallback {
  const requestId = randomUUID();
  const respRequestId = randomUUID();
  return {
    requestId,
    kind: 'patients.onFind',
    path: '/v0.5/patients/on-find',
    respRequestId,
    receivedAt: '2024-05-14T09:30:13.020Z',
    headers: { 'x-hiu-id': 'HIU-ABHADESK-01', 'x-cm-id': 'sbx' },
    body: `{"requestId":"${requestId}","resp":{"requestId":"${respRequestId}"}}`,
    ...overrides,
  };
}

describe('CallbackInboxStore', () => {
  it('commits callbacks that arrive together in one transaction: all stored, a repeat inside the burst a duplicate', async () => {
    const burst = [callback(), callback(), callback()];
    const outcomes = await Promise.all([...burst, burst[1]!].map((c) => inbox.store(c)));
    expect(outcomes).toEqual(['stored', 'stored', 'stored', 'duplicate']);
    expect(burst.map((c) => inbox.get(c.requestId)?.state)).toEqual(['pending', 'pending', 'pending']);
  });

  it('when a burst cannot be committed, none of it is stored and every one of it is refused (so none is acknowledged)', async () => {
    const good = callback();
    const broken = callback({ body: { not: 'text' } as unknown as string }); // SQLite cannot bind an object: the INSERT throws
    const outcomes = await Promise.allSettled([inbox.store(good), inbox.store(broken)]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(inbox.get(good.requestId)).toBeNull();
    expect(await inbox.store(good)).toBe('stored'); // and the next burst is not affected
  });

  it('stores a callback once: a second one with the same requestId is a duplicate and changes nothing', async () => {
    const first = callback();
    expect(await inbox.store(first)).toBe('stored');
    expect(await inbox.store({ ...first, body: '{"forged":true}', receivedAt: '2024-05-14T10:00:00.000Z' })).toBe('duplicate');
    expect(inbox.get(first.requestId)).toEqual({ ...first, state: 'pending', processedAt: null, note: null });
    expect(inbox.get('no-such-id')).toBeNull();
  });

  it('keeps the body text byte for byte (spacing, key order, non-ASCII)', async () => {
    const body = '{ "requestId" : "r-1",\n\t"patient": {"name": "आशा वर्मा"}, "resp": {"requestId": "q"} }';
    await inbox.store(callback({ requestId: 'r-1', body }));
    expect(inbox.get('r-1')!.body).toBe(body);
  });

  it('lists pending callbacks oldest first, and moves them to waiting, done or failed', async () => {
    const [a, b, c, d] = ['09:30:03', '09:30:01', '09:30:02', '09:30:04'].map((t) => callback({ receivedAt: `2024-05-14T${t}.000Z` }));
    for (const item of [a!, b!, c!, d!]) await inbox.store(item);
    expect(inbox.pending().map((e) => e.requestId)).toEqual([b, c, a, d].map((x) => x!.requestId));
    expect(inbox.pending(2)).toHaveLength(2);

    expect(inbox.markWaiting(b!.requestId, 'answers a request not in the outbox yet')).toBe(true);
    expect(inbox.markDone(c!.requestId, '2024-05-14T09:31:00.000Z')).toBe(true);
    expect(inbox.markFailed(a!.requestId, '2024-05-14T09:31:01.000Z', 'consent request unknown')).toBe(true);
    expect(inbox.markDone('no-such-id', '2024-05-14T09:31:00.000Z')).toBe(false);

    expect(inbox.pending().map((e) => e.requestId)).toEqual([d!.requestId]);
    expect(inbox.waiting()).toEqual([expect.objectContaining({ requestId: b!.requestId, state: 'waiting', note: 'answers a request not in the outbox yet', processedAt: null })]);
    expect(inbox.get(c!.requestId)).toMatchObject({ state: 'done', processedAt: '2024-05-14T09:31:00.000Z', note: null });
    expect(inbox.get(a!.requestId)).toMatchObject({ state: 'failed', processedAt: '2024-05-14T09:31:01.000Z', note: 'consent request unknown' });
    expect(inbox.countByState()).toEqual({ pending: 1, waiting: 1, done: 1, failed: 1 });

    // A waiting callback is done once its request is known.
    inbox.markDone(b!.requestId, '2024-05-14T09:32:00.000Z');
    expect(inbox.waiting()).toEqual([]);
    expect(inbox.get(b!.requestId)).toMatchObject({ state: 'done', note: null });
  });

  it('finds the answers to one of our requests by resp.requestId; notifications have none', async () => {
    const ours = randomUUID();
    const answer = callback({ respRequestId: ours });
    const notify = callback({ kind: 'consents.notify', path: '/v0.5/consents/hiu/notify', respRequestId: null });
    await inbox.store(answer);
    await inbox.store(notify);
    expect(inbox.answersTo(ours).map((e) => e.requestId)).toEqual([answer.requestId]);
    expect(inbox.get(notify.requestId)).toMatchObject({ respRequestId: null, kind: 'consents.notify' });
  });

  it('counts zero for every state of an empty inbox', () => {
    expect(inbox.countByState()).toEqual({ pending: 0, waiting: 0, done: 0, failed: 0 });
  });

  it('rejects (does not throw) when the database cannot store', async () => {
    db.database.close();
    await expect(inbox.store(callback())).rejects.toThrow(/not open/);
  });
});
