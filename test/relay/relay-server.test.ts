// The relay over real HTTP and WebSockets, on real storage (a SQLite file, and a PostgreSQL server this suite
// starts): gateway callbacks signed with RS256 keys served as a JWKS, desks speaking the protocol by hand
// (test/support/relay-harness.ts). What a clinic would notice: each desk gets what answers its own requests and
// nothing else, forged and refused calls change nothing, a desk that was away gets everything in order.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { RelayStore } from '../../relay/store/relay-store';
import { relayWorld } from '../support/relay-world';
import { connectProtocolDesk, desksHealth, startTestRelay, type ProtocolDesk, type TestRelay } from '../support/relay-harness';
import { bearer, gatewayToken, onFindBody, post, pushBody, signingKey } from '../unit/bridge/bridge-support';
import { createHash } from 'node:crypto';

const HIU = 'CLINIC-HIU-01';
const OTHER_HIU = 'OTHER-HIU-02';
const ON_FIND = '/v0.5/patients/on-find';
const STATUS_NOTIFY = '/v0.5/patients/status/notify';

const world = relayWorld('relay-test-');
const STORAGES = world.storages;

describe.each(STORAGES)('the relay on %s', (_name, openStore) => {
  let store: RelayStore;
  let relay: TestRelay;
  const desks: ProtocolDesk[] = [];

  async function start(): Promise<void> {
    store = await openStore();
    relay = await startTestRelay(store, [
      { id: HIU, gatewayCertsUrl: world.jwks.url },
      { id: OTHER_HIU, gatewayCertsUrl: world.jwks.url },
    ]);
  }

  afterEach(async () => {
    for (const desk of desks.splice(0)) await desk.close();
    await relay?.close();
    await store?.close();
  });

  async function desk(hiuId = HIU): Promise<{ desk: ProtocolDesk; deskId: string; credential: string }> {
    const { deskId, credential } = await relay.addDesk(hiuId);
    const connected = await connectProtocolDesk(relay.url, credential);
    desks.push(connected);
    return { desk: connected, deskId, credential };
  }

  /** Waits until the relay's health page reports `expected` waiting for the desk (undefined: nothing waits). */
  async function backlogReaches(deskId: string, expected: number | undefined): Promise<void> {
    await expect.poll(async () => (await desksHealth(relay.url)).backlog[deskId], { timeout: 5_000, interval: 20 }).toBe(expected);
  }

  async function callback(hiuId: string, route: string, body: object, token?: string) {
    return post(`${relay.url}/hiu/${hiuId}${route}`, body, bearer(token ?? (await gatewayToken(world.key, { nowMs: Date.now() }))));
  }

  it('gives each desk the answers to its own requests, and the other desk nothing', async () => {
    await start();
    const a = await desk();
    const b = await desk();
    expect(a.desk.frames[0]).toMatchObject({ t: 'hello', deskId: a.deskId, hiuId: HIU, callbackUrl: `${relay.url}/hiu/${HIU}`, backlog: 0 });
    const [requestA, requestB] = [randomUUID(), randomUUID()];
    expect(await a.desk.expect([`request:${requestA}`])).toMatchObject({ accepted: [`request:${requestA}`], refused: [] });
    await b.desk.expect([`request:${requestB}`]);

    const bodyA = onFindBody({ resp: { requestId: requestA } });
    expect((await callback(HIU, ON_FIND, bodyA)).status).toBe(202);
    expect((await callback(HIU, ON_FIND, onFindBody({ resp: { requestId: requestB } }))).status).toBe(202);

    const toA = await a.desk.waitFor((f) => f.t === 'deliver');
    expect(toA.kind).toBe('callback');
    expect(toA.callback).toMatchObject({ requestId: bodyA.requestId, kind: 'patients.onFind', path: ON_FIND, respRequestId: requestA });
    expect(JSON.parse(toA.callback.body)).toEqual(bodyA);
    const toB = await b.desk.waitFor((f) => f.t === 'deliver');
    expect(toB.callback.respRequestId).toBe(requestB);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(a.desk.deliveries()).toHaveLength(1);
    expect(b.desk.deliveries()).toHaveLength(1);
  });

  it('refuses a forged callback (401) and stores nothing of it', async () => {
    await start();
    const a = await desk();
    const request = randomUUID();
    await a.desk.expect([`request:${request}`]);
    const forger = await signingKey('gateway-key-1'); // same kid, another key: the signature does not verify
    const forged = await callback(HIU, ON_FIND, onFindBody({ resp: { requestId: request } }), await gatewayToken(forger, { nowMs: Date.now() }));
    expect(forged.status).toBe(401);
    expect(forged.json.error.code).toBe('bad-token');
    expect((await post(`${relay.url}/hiu/${HIU}${ON_FIND}`, onFindBody({ resp: { requestId: request } }))).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(a.desk.deliveries()).toEqual([]);
    expect(await store.backlog()).toEqual({});
  });

  it('refuses a key another desk holds, so a desk cannot ask for another desk’s messages', async () => {
    await start();
    const a = await desk();
    const b = await desk();
    const request = randomUUID();
    await a.desk.expect([`request:${request}`]);
    expect(await b.desk.expect([`request:${request}`])).toEqual({ t: 'expected', ref: expect.any(String), accepted: [], refused: [`request:${request}`] });
    await callback(HIU, ON_FIND, onFindBody({ resp: { requestId: request } }));
    const delivered = await a.desk.waitFor((f) => f.t === 'deliver');
    // B acknowledging A's delivery number deletes nothing: A still has it after reconnecting.
    b.desk.ack([delivered.seq]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(b.desk.deliveries()).toEqual([]);
    expect(await store.backlog()).toEqual({ [a.deskId]: 1 });
  });

  it('refuses a revoked credential at the door, and closes its open connection', async () => {
    await start();
    const a = await desk();
    await store.revokeDesk(a.deskId, new Date().toISOString());
    expect((await a.desk.closed).code).toBe(4401);
    await expect(connectProtocolDesk(relay.url, a.credential)).rejects.toMatchObject({ status: 401 });
    await expect(connectProtocolDesk(relay.url, `${a.deskId}.${'x'.repeat(43)}`)).rejects.toMatchObject({ status: 401 });
  });

  it('keeps what comes for a desk that is away, and gives it everything in order when it returns; acked messages are gone', async () => {
    await start();
    const first = await desk();
    const requests = Array.from({ length: 5 }, () => randomUUID());
    await first.desk.expect(requests.map((r) => `request:${r}`));
    await first.desk.close();
    for (const request of requests) expect((await callback(HIU, ON_FIND, onFindBody({ resp: { requestId: request } }))).status).toBe(202);

    const back = await connectProtocolDesk(relay.url, first.credential);
    desks.push(back);
    expect(back.frames[0]).toMatchObject({ t: 'hello', backlog: 5 });
    await back.waitFor(() => back.deliveries().length === 5);
    expect(back.deliveries().map((d) => d.callback.respRequestId)).toEqual(requests);
    back.ack(back.deliveries().slice(0, 3).map((d) => d.seq));
    // An ack has no answer frame: wait until the relay has applied it before leaving, as an ack still in flight at the
    // close is (rightly) delivered again, and that is not what this test is about.
    await backlogReaches(first.deskId, 2);
    await back.close();

    const again = await connectProtocolDesk(relay.url, first.credential);
    desks.push(again);
    await again.waitFor(() => again.deliveries().length === 2);
    expect(again.deliveries().map((d) => d.callback.respRequestId)).toEqual(requests.slice(3));
  });

  it('reads what waits for a desk once per change (its start, its claim, each stored callback), not again after each ack', async () => {
    await start();
    let reads = 0;
    const pending = store.pending.bind(store);
    store.pending = (...args) => ((reads += 1), pending(...args));
    const { desk: one, deskId } = await desk();
    const requests = Array.from({ length: 3 }, () => randomUUID());
    await one.expect(requests.map((r) => `request:${r}`));
    for (const [index, request] of requests.entries()) {
      expect((await callback(HIU, ON_FIND, onFindBody({ resp: { requestId: request } }))).status).toBe(202);
      await one.waitFor(() => one.deliveries().length === index + 1);
      one.ack([one.deliveries()[index].seq]);
      await backlogReaches(deskId, undefined);
    }
    expect(one.deliveries().map((d) => d.callback.respRequestId)).toEqual(requests);
    // Before: a second read after each that found something, and one after each ack: 11 reads for the same traffic.
    expect(reads).toBe(2 + requests.length);
  });

  it('stores a repeated callback once and delivers it once', async () => {
    await start();
    const a = await desk();
    const request = randomUUID();
    await a.desk.expect([`request:${request}`]);
    const body = onFindBody({ resp: { requestId: request } });
    expect((await callback(HIU, ON_FIND, body)).status).toBe(202);
    const first = await a.desk.waitFor((f) => f.t === 'deliver');
    a.desk.ack([first.seq]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await callback(HIU, ON_FIND, body)).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(a.desk.deliveries()).toHaveLength(1);
  });

  it('tells every desk of the HIU about a patient’s status, and no desk of another HIU', async () => {
    await start();
    const a = await desk();
    const b = await desk();
    const other = await desk(OTHER_HIU);
    const body = { requestId: randomUUID(), timestamp: new Date().toISOString(), notification: { status: 'DEACTIVATED', patient: { id: 'asha.verma@sbx' } } };
    expect((await callback(HIU, STATUS_NOTIFY, body)).status).toBe(202);
    for (const d of [a, b]) expect((await d.desk.waitFor((f) => f.t === 'deliver')).callback.requestId).toBe(body.requestId);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(other.desk.deliveries()).toEqual([]);
  });

  it('takes a data push only on a secret a desk claimed, and hands that desk the page as pushed (ciphertext), by hash', async () => {
    await start();
    const a = await desk();
    const secret = randomUUID().replaceAll('-', '') + 'abcdefgh';
    const hash = createHash('sha256').update(secret).digest('hex');
    const page = pushBody();
    expect((await post(`${relay.url}/hiu/${HIU}/data-push/${secret}`, page)).status).toBe(404);
    await a.desk.expect([`push:${hash}`]);
    expect((await post(`${relay.url}/hiu/${HIU}/data-push/${secret}`, page)).status).toBe(202);
    const delivered = await a.desk.waitFor((f) => f.t === 'deliver');
    expect(delivered.kind).toBe('page');
    expect(delivered.page).toMatchObject({ secretHash: hash, transactionId: page.transactionId, pageNumber: 1, pageCount: 1 });
    expect(JSON.parse(delivered.page.body)).toEqual(page);
    expect(JSON.stringify(delivered)).not.toContain(secret);
    // The same secret under another HIU is not claimed there.
    expect((await post(`${relay.url}/hiu/${OTHER_HIU}/data-push/${secret}`, page)).status).toBe(404);
  });

  it('answers /healthz/desks, to the operator’s monitoring credential, with the backlog per desk', async () => {
    await start();
    const a = await desk();
    const request = randomUUID();
    await a.desk.expect([`request:${request}`]);
    await a.desk.close();
    await callback(HIU, ON_FIND, onFindBody({ resp: { requestId: request } }));
    expect(await desksHealth(relay.url)).toEqual({ status: 'ok', desksConnected: 0, backlog: { [a.deskId]: 1 } });
  });
});
