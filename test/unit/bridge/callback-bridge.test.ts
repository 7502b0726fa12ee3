// The callback bridge over real HTTP, with real RS256 tokens checked against a JWKS served over HTTP, storing in
// the app's real encrypted database.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GATEWAY_V05 } from '../../../electron/abdm/gateway/v05/generation';
import { dataPushPath, newPushSecret, startCallbackBridge, type CallbackBridgeOptions, type RunningBridge } from '../../../electron/bridge/callback-bridge';
import type { CallbackInbox, ReceivedCallback, ReceivedPushPage } from '../../../electron/bridge/ports';
import { CallbackInboxStore } from '../../../electron/store/gateway/callback-inbox';
import { DataPushPageStore, secretHash } from '../../../electron/store/hiu/data-push-pages';
import { manualClock } from '../../../sandbox/clock';
import {
  addTransfer,
  bearer,
  gatewayToken,
  onFindBody,
  openTestDatabase,
  post,
  pushBody,
  signingKey,
  startJwksServer,
  unsecuredToken,
  type JwksServer,
  type SigningKey,
  type TestDatabase,
} from './bridge-support';

const ON_FIND = '/v0.5/patients/on-find';
const START = Date.parse('2024-05-14T09:30:00.000Z');
const MiB = 1024 * 1024;

let key: SigningKey;
let jwks: JwksServer;
let db: TestDatabase;
let inbox: CallbackInboxStore;
let pushes: DataPushPageStore;
let clock: ReturnType<typeof manualClock>;
const open: RunningBridge[] = [];

beforeEach(async () => {
  key = await signingKey('gateway-key-1');
  jwks = await startJwksServer([key]);
  db = await openTestDatabase();
  inbox = new CallbackInboxStore(db.database.db);
  pushes = new DataPushPageStore(db.database.db);
  clock = manualClock(START);
});

afterEach(async () => {
  vi.useRealTimers();
  for (const bridge of open.splice(0)) await bridge.close();
  await jwks.close();
  db.dispose();
});

async function bridge(overrides: Partial<CallbackBridgeOptions> = {}): Promise<RunningBridge> {
  const running = await startCallbackBridge({
    host: '127.0.0.1',
    port: 0,
    generation: GATEWAY_V05,
    inbox,
    pushes,
    jwksUrl: async () => jwks.url,
    now: clock.now,
    dataPushLimitBytes: 4 * MiB,
    ...overrides,
  });
  open.push(running);
  return running;
}

const token = (opts: Partial<Parameters<typeof gatewayToken>[1]> = {}, signer = key) => gatewayToken(signer, { nowMs: clock.now(), ...opts });
const routing = { 'x-hiu-id': 'HIU-ABHADESK-01', 'x-cm-id': 'sbx' };
const inboxIds = () => (db.database.db.prepare('SELECT request_id FROM inbox ORDER BY rowid').all() as Array<{ request_id: string }>).map((r) => r.request_id);
const pageRows = () => db.database.db.prepare('SELECT page_number, page_count, transaction_id FROM data_push_pages ORDER BY page_number').all();

describe('a genuine callback', () => {
  it('is stored exactly as received, with its routing headers, before an empty 202; the listener hears after', async () => {
    const heard: ReceivedCallback[] = [];
    const running = await bridge({ listener: { callbackStored: (c) => heard.push(c) } });
    const body = onFindBody();
    const text = `{ "requestId": "${body.requestId}",\n  "timestamp": "2024-05-14T09:30:13.020Z", "patient": {"id": "asha.verma@sbx", "name": "Asha Verma"}, "resp": {"requestId": "${body.resp.requestId}"}, "extra": 1 }`;
    const res = await post(`${running.url}${ON_FIND}`, text, { ...bearer(await token()), ...routing, 'x-other': 'dropped' });

    expect(res.status).toBe(202);
    expect(res.text).toBe('');
    const entry = inbox.get(body.requestId)!;
    expect(entry).toEqual({
      requestId: body.requestId,
      kind: 'patients.onFind',
      path: ON_FIND,
      respRequestId: body.resp.requestId,
      receivedAt: '2024-05-14T09:30:00.000Z',
      headers: { 'x-hiu-id': 'HIU-ABHADESK-01', 'x-cm-id': 'sbx' },
      body: text,
      state: 'pending',
      processedAt: null,
      note: null,
    });
    await vi.waitFor(() => expect(heard.map((c) => c.requestId)).toEqual([body.requestId]));
    expect(running.counters()).toMatchObject({ accepted: 1, duplicates: 0, lastAcceptedAt: '2024-05-14T09:30:00.000Z', lastRefusal: null });
  });

  it('takes the on-request answer under the CM-side name a sandbox page shows, as the same callback', async () => {
    const running = await bridge();
    const body = { requestId: randomUUID(), timestamp: '2024-05-14T09:30:00.000Z', hiRequest: { transactionId: randomUUID(), sessionStatus: 'REQUESTED' }, resp: { requestId: randomUUID() } };
    expect((await post(`${running.url}/v0.5/health-information/cm/on-request`, body, bearer(await token()))).status).toBe(202);
    expect(inbox.get(body.requestId)).toMatchObject({ kind: 'healthInformation.onRequest', respRequestId: body.resp.requestId });
  });

  it('serves every callback path of the generation, and takes a gateway error relay without timestamp', async () => {
    const running = await bridge();
    const auth = bearer(await token());
    const relay = { requestId: randomUUID(), error: { code: 2500, message: 'Invalid patient' }, resp: { requestId: randomUUID() } };
    expect((await post(`${running.url}/v0.5/consent-requests/on-init`, relay, { ...auth, 'x-hiu-id': 'bridge_abha-desk' })).status).toBe(202);
    expect(inbox.get(relay.requestId)).toMatchObject({ kind: 'consentRequests.onInit', respRequestId: relay.resp.requestId, headers: { 'x-hiu-id': 'bridge_abha-desk' } });
    for (const route of GATEWAY_V05.callbackRoutes) {
      const res = await post(`${running.url}${route.path}`, {}, auth);
      expect(res.status, route.path).toBe(400); // routed and checked against its own schema
      expect(res.json.error.message).toContain('requestId: required');
    }
  });
});

describe('forged and replayed callbacks', () => {
  it('are refused and counted by reason, and leave only the genuine callbacks in the inbox', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const running = await bridge();
    const url = `${running.url}${ON_FIND}`;
    const genuine: string[] = [];
    const send = async (headers: Record<string, string>, body = onFindBody()) => ({ body, res: await post(url, body, { ...headers, ...routing }) });

    // A genuine callback first: the JWKS is fetched once and cached.
    const first = await send(bearer(await token()));
    expect(first.res.status).toBe(202);
    genuine.push(first.body.requestId);
    expect(jwks.fetches()).toBe(1);

    const refusals: Array<[string, Record<string, string>, number, string, RegExp]> = [
      ['no token', {}, 401, 'no-token', /Authorization: Bearer/],
      ['not a bearer header', { authorization: 'Basic Z2F0ZXdheTpzZWNyZXQ=' }, 401, 'bad-token', /Bearer <token>/],
      ['a token signed by another key with the same kid', bearer(await token({}, { ...(await signingKey(key.kid)) })), 401, 'bad-token', /signature/],
      ['an expired token', bearer(await token({ claims: { iat: START / 1000 - 700, exp: START / 1000 - 100 } })), 401, 'bad-token', /expired at 2024-05-14T09:28:20/],
      ['HS256', bearer(await hs256()), 401, 'bad-token', /RS256; it says alg HS256/],
      ['alg none', bearer(unsecuredToken({ sub: 'x', clientId: 'gateway', realm_access: { roles: ['gateway'] } })), 401, 'bad-token', /RS256; it says alg none/],
      ['no gateway role', bearer(await token({ claims: { realm_access: { roles: ['hiu', 'hip'] } } })), 401, 'bad-token', /gateway role \(realm_access.roles: hiu, hip\)/],
      ['no clientId', bearer(await token({ without: ['clientId'] })), 401, 'bad-token', /clientId/],
      ['no sub', bearer(await token({ without: ['sub'] })), 401, 'bad-token', /"sub"/],
      ['typ not JWT', bearer(await token({ header: { typ: 'at+jwt' } })), 401, 'bad-token', /typ/],
      ['garbage', bearer('not.a.jwt'), 401, 'bad-token', /well-formed/],
    ];
    for (const [name, headers, status, code, message] of refusals) {
      const { res } = await send(headers);
      expect(res.status, name).toBe(status);
      expect(res.json.error.code, name).toBe(code);
      expect(res.json.error.message, name).toMatch(message);
    }
    expect(jwks.fetches()).toBe(1); // none of these made the bridge fetch the keys again

    // An unknown kid, more than a minute after the last fetch: the JWKS is fetched again, and the token still refused.
    vi.setSystemTime(Date.now() + 61_000);
    const stranger = await signingKey('unknown-kid-1');
    const unknown1 = await send(bearer(await token({}, stranger)));
    expect(unknown1.res.status).toBe(401);
    expect(unknown1.res.json.error.message).toBe("The token's key (kid unknown-kid-1) is not in the gateway's key set.");
    expect(jwks.fetches()).toBe(2);
    // Another unknown kid within the minute: no fetch.
    const unknown2 = await send(bearer(await token({}, await signingKey('unknown-kid-2'))));
    expect(unknown2.res.status).toBe(401);
    expect(jwks.fetches()).toBe(2);

    // A valid token on a replayed body: 202, and nothing new is stored.
    const before = inbox.get(first.body.requestId);
    const replay = await post(url, { ...first.body, patient: { id: 'someone.else@sbx', name: 'Forged' } }, { ...bearer(await token()), ...routing });
    expect(replay.status).toBe(202);
    expect(inbox.get(first.body.requestId)).toEqual(before);

    // A data push to a secret no transfer holds, and one to a well-formed path that is not a secret at all.
    const pushed = await post(`${running.url}${dataPushPath(newPushSecret())}`, pushBody());
    expect(pushed.status).toBe(404);
    expect((await post(`${running.url}/data-push/short`, pushBody())).status).toBe(404);

    // One more genuine callback still gets through.
    const last = await send(bearer(await token()));
    expect(last.res.status).toBe(202);
    genuine.push(last.body.requestId);

    expect(inboxIds()).toEqual(genuine);
    expect(pageRows()).toEqual([]);
    const counters = running.counters();
    expect(counters.accepted).toBe(2);
    expect(counters.duplicates).toBe(1);
    expect(counters.refused).toEqual({ 'no-token': 1, 'bad-token': 12, 'bad-body': 0, 'too-large': 0, 'unknown-path': 2, 'jwks-unavailable': 0, 'store-failed': 0 });
    expect(counters.lastRefusal).toMatchObject({ reason: 'unknown-path', path: '/data-push/…' });
  });

  it('picks up a rotated signing key (new kid) once the cooldown allows a refetch, and still takes the old one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const running = await bridge();
    const url = `${running.url}${ON_FIND}`;
    expect((await post(url, onFindBody(), bearer(await token()))).status).toBe(202);
    const next = await signingKey('gateway-key-2');
    jwks.serve([key, next]);
    vi.setSystemTime(Date.now() + 61_000);
    expect((await post(url, onFindBody(), bearer(await token({}, next)))).status).toBe(202);
    expect(jwks.fetches()).toBe(2);
    expect((await post(url, onFindBody(), bearer(await token()))).status).toBe(202);
    expect(running.counters().accepted).toBe(3);
  });

  it('tries every key when the token names no kid', async () => {
    const other = await signingKey('gateway-key-0');
    jwks.serve([other, key]);
    const running = await bridge();
    const noKid = await gatewayToken({ ...key, kid: undefined as unknown as string }, { nowMs: clock.now() });
    expect((await post(`${running.url}${ON_FIND}`, onFindBody(), bearer(noKid))).status).toBe(202);
    const forged = await gatewayToken({ ...(await signingKey()), kid: undefined as unknown as string }, { nowMs: clock.now() });
    const res = await post(`${running.url}${ON_FIND}`, onFindBody(), bearer(forged));
    expect(res.status).toBe(401);
    expect(res.json.error.message).toMatch(/signature/);
  });

  it('follows the shared clock: a token is refused once the clock passes its exp by more than a minute of drift', async () => {
    const running = await bridge();
    const shortLived = await token({ ttl: 60 });
    expect((await post(`${running.url}${ON_FIND}`, onFindBody(), bearer(shortLived))).status).toBe(202);
    clock.advance(90_000); // 30 s past exp: within the leeway a drifting desk clock needs
    expect((await post(`${running.url}${ON_FIND}`, onFindBody(), bearer(shortLived))).status).toBe(202);
    clock.advance(31_000); // 61 s past exp
    const res = await post(`${running.url}${ON_FIND}`, onFindBody(), bearer(shortLived));
    expect(res.status).toBe(401);
    expect(res.json.error.message).toMatch(/expired/);
  });
});

describe('the gateway key set out of reach', () => {
  it('answers 503 with Retry-After and stores nothing; the same callback is taken once the JWKS answers', async () => {
    jwks.setDown(true);
    const running = await bridge();
    const body = onFindBody();
    const res = await post(`${running.url}${ON_FIND}`, body, bearer(await token()));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(res.json.error).toMatchObject({ code: 'jwks-unavailable', message: expect.stringContaining(jwks.url) });
    expect(inboxIds()).toEqual([]);
    jwks.setDown(false);
    expect((await post(`${running.url}${ON_FIND}`, body, bearer(await token()))).status).toBe(202);
    expect(inboxIds()).toEqual([body.requestId]);
    expect(running.counters().refused['jwks-unavailable']).toBe(1);
  });

  it('answers 503 while the JWKS address itself is not known yet (simulator still starting)', async () => {
    let ready = false;
    const running = await bridge({ jwksUrl: async () => (ready ? jwks.url : Promise.reject(new Error('training simulator starting'))) });
    const first = await post(`${running.url}${ON_FIND}`, onFindBody(), bearer(await token()));
    expect(first.status).toBe(503);
    expect(first.json.error.message).toMatch(/training simulator starting/);
    ready = true;
    expect((await post(`${running.url}${ON_FIND}`, onFindBody(), bearer(await token()))).status).toBe(202);
  });
});

describe('bodies', () => {
  it('refuses a callback of 1 MiB + 1 byte with 413, unread and unstored', async () => {
    const running = await bridge();
    const body = onFindBody();
    const base = JSON.stringify({ ...body, pad: '' });
    const text = JSON.stringify({ ...body, pad: 'x'.repeat(MiB + 1 - Buffer.byteLength(base)) });
    expect(Buffer.byteLength(text)).toBe(MiB + 1);
    const res = await post(`${running.url}${ON_FIND}`, text, bearer(await token()));
    expect(res.status).toBe(413);
    expect(res.json.error).toEqual({ code: 'too-large', message: 'The body is larger than the 1 MiB (1048576 bytes) the bridge takes for a callback; nothing was stored.' });
    expect(inboxIds()).toEqual([]);
    const exact = JSON.stringify({ ...body, pad: 'x'.repeat(MiB - Buffer.byteLength(base)) });
    expect((await post(`${running.url}${ON_FIND}`, exact, bearer(await token()))).status).toBe(202);
    expect(running.counters().refused['too-large']).toBe(1);
  });

  it('names the missing field: resp.requestId on on-find is a 400', async () => {
    const running = await bridge();
    const body = onFindBody({ resp: {} });
    const res = await post(`${running.url}${ON_FIND}`, body, bearer(await token()));
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({ code: 'bad-body', message: 'The /v0.5/patients/on-find body was refused: resp.requestId: required' });
    expect(inboxIds()).toEqual([]);
  });

  it('refuses a requestId that is not a UUID with 400 naming the field, on every v0.5 route (issue 23)', async () => {
    const running = await bridge();
    const auth = bearer(await token());
    for (const route of GATEWAY_V05.callbackRoutes) {
      for (const requestId of ['a'.repeat(300), '\u202E\u2066abc', '<script>x</script>']) {
        const res = await post(`${running.url}${route.path}`, { ...onFindBody(), requestId }, auth);
        expect(res.status, route.path).toBe(400);
        expect(res.json.error.message, route.path).toContain('requestId: must be a UUID');
      }
    }
    expect(inboxIds()).toEqual([]);
  });

  it('takes JSON only: another content type is 415, broken JSON and an empty body are 400', async () => {
    const running = await bridge();
    const auth = bearer(await token());
    const xml = await post(`${running.url}${ON_FIND}`, '<a/>', { ...auth, 'content-type': 'application/xml' });
    expect(xml.status).toBe(415);
    expect(xml.json.error.message).toMatch(/application\/json bodies only \(Content-Type was application\/xml\)/);
    const broken = await post(`${running.url}${ON_FIND}`, '{"requestId": ', auth);
    expect(broken.status).toBe(400);
    expect(broken.json.error.message).toMatch(/not valid JSON/);
    const empty = await post(`${running.url}${ON_FIND}`, '', auth);
    expect(empty.status).toBe(400);
    const array = await post(`${running.url}${ON_FIND}`, '[]', auth);
    expect(array.json.error.message).toMatch(/\(body\): expected object, got array/);
    expect(running.counters().refused['bad-body']).toBe(4);
    expect(inboxIds()).toEqual([]);
  });

  it('answers 404 to any other path, before the token or the body', async () => {
    const running = await bridge();
    for (const path of ['/v0.5/patients/on-found', '/v0.5/consents/hiu/on-notify', '/', '/data-push']) {
      const res = await post(`${running.url}${path}`, onFindBody());
      expect(res.status, path).toBe(404);
      expect(res.json.error.code).toBe('unknown-path');
    }
    expect(jwks.fetches()).toBe(0);
    const heartbeat = await fetch(`${running.url}/v0.5/heartbeat`);
    expect(await heartbeat.json()).toEqual({ timestamp: '2024-05-14T09:30:00.000Z', status: 'UP' });
  });
});

describe('store, then acknowledge', () => {
  it('answers 202 only once the store has resolved', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: CallbackInbox = { store: async (c) => (await gate, inbox.store(c)) };
    const running = await bridge({ inbox: slow });
    let answered = false;
    const request = post(`${running.url}${ON_FIND}`, onFindBody(), bearer(await token())).then((res) => {
      answered = true;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(answered).toBe(false);
    release();
    expect((await request).status).toBe(202);
    expect(inboxIds()).toHaveLength(1);
  });

  it('answers 500 and acknowledges nothing when the store throws', async () => {
    const heard: string[] = [];
    const failing: CallbackInbox = { store: async () => Promise.reject(new Error('SQLITE_FULL: database or disk is full')) };
    const running = await bridge({ inbox: failing, listener: { callbackStored: (c) => heard.push(c.requestId) } });
    const res = await post(`${running.url}${ON_FIND}`, onFindBody(), bearer(await token()));
    expect(res.status).toBe(500);
    expect(res.json.error).toEqual({ code: 'store-failed', message: expect.stringContaining('SQLITE_FULL') });
    expect(res.json.error.message).toMatch(/not acknowledged/);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual([]);
    expect(running.counters()).toMatchObject({ accepted: 0, refused: { 'store-failed': 1 } });
  });
});

describe('data push', () => {
  it('stores a page for a live transfer without a token, keeps the first copy of a page pushed twice', async () => {
    const secret = newPushSecret();
    addTransfer(db.database, secret);
    const heard: ReceivedPushPage[] = [];
    const running = await bridge({ listener: { pageStored: (p) => heard.push(p) } });
    const url = `${running.url}${dataPushPath(secret)}`;
    const page1 = pushBody({ pageNumber: 1, pageCount: 2 });
    expect((await post(url, page1)).status).toBe(202);
    expect((await post(url, { ...page1, entries: [] })).status).toBe(202);
    const page2 = pushBody({ pageNumber: 2, pageCount: 2, transactionId: page1.transactionId });
    expect((await post(url, page2, bearer(await token()))).status).toBe(202); // a token is allowed, not needed

    const stored = pushes.pending(secretHash(secret));
    expect(stored.map((p) => [p.pageNumber, p.pageCount])).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(JSON.parse(stored[0]!.body!)).toEqual(page1);
    expect(pushes.pagesOf(secretHash(secret))).toMatchObject({ complete: true, missing: [] });
    await vi.waitFor(() => expect(heard.map((p) => p.pageNumber)).toEqual([1, 2]));
    expect(heard[0]!.secret).toBe(secret);
    expect(running.counters()).toMatchObject({ pagesAccepted: 2, duplicates: 1 });
  });

  it('reads a push without page fields as page 1 of 1', async () => {
    const secret = newPushSecret();
    addTransfer(db.database, secret);
    const running = await bridge();
    const body = pushBody();
    delete (body as Record<string, unknown>).pageNumber;
    delete (body as Record<string, unknown>).pageCount;
    expect((await post(`${running.url}${dataPushPath(secret)}`, body)).status).toBe(202);
    expect(pageRows()).toEqual([{ page_number: 1, page_count: 1, transaction_id: body.transactionId }]);
  });

  it('refuses a page above the push limit (413), one for an ended transfer (404) and a malformed page (400)', async () => {
    const secret = newPushSecret();
    addTransfer(db.database, secret);
    const ended = newPushSecret();
    addTransfer(db.database, ended, { ended: true });
    const running = await bridge({ dataPushLimitBytes: 2 * MiB });
    const url = `${running.url}${dataPushPath(secret)}`;
    const big = pushBody({ entries: [{ content: 'A'.repeat(2 * MiB), media: 'application/fhir+json', checksum: 'c', careContextReference: 'OPD-0042' }] });
    const res = await post(url, big);
    expect(res.status).toBe(413);
    expect(res.json.error.message).toBe('The body is larger than the 2 MiB (2097152 bytes) the bridge takes for a data-push page; nothing was stored.');
    expect((await post(`${running.url}${dataPushPath(ended)}`, pushBody())).status).toBe(404);
    const broken = await post(url, pushBody({ entries: [{ content: 'x', media: 'application/fhir+json', checksum: 'c' }] }));
    expect(broken.status).toBe(400);
    expect(broken.json.error.message).toBe('The data-push page was refused: entries.0.careContextReference: required');
    expect(pageRows()).toEqual([]);
    // A callback-sized push is fine, the limit is the push limit.
    expect((await post(url, pushBody({ entries: [{ content: 'A'.repeat(MiB + 10), media: 'application/fhir+json', checksum: 'c', careContextReference: 'OPD-0042' }] }))).status).toBe(202);
  });
});

describe('listening', () => {
  it('refuses to start on a port that is taken, naming host and port', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      await expect(bridge({ port })).rejects.toMatchObject({
        code: 'EADDRINUSE',
        message: expect.stringContaining(`cannot listen on 127.0.0.1:${port}: another program is already using that port`),
      });
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});

async function hs256(): Promise<string> {
  const { SignJWT } = await import('jose');
  return new SignJWT({ sub: 'x', clientId: 'gateway', realm_access: { roles: ['gateway'] } })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: key.kid })
    .setIssuedAt(Math.floor(clock.now() / 1000))
    .setExpirationTime(Math.floor(clock.now() / 1000) + 600)
    .sign(new TextEncoder().encode('a shared secret the gateway never uses'));
}
