// The callback bridge serving the HIE-CM v3 generation over real HTTP: the JWKS fetched from a stand-in of
// `<hiecm>/gateway/v3/certs` that records the headers it was asked with (abdm-v3.md §1: REQUEST-ID, TIMESTAMP,
// X-CM-ID), callback tokens of audience `account` as v3 issues them, the callback's own id from its REQUEST-ID header.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GATEWAY_V05 } from '../../../electron/abdm/gateway/v05/generation';
import { GATEWAY_V3 } from '../../../electron/abdm/gateway/v3/generation';
import { startCallbackBridge, type CallbackBridgeOptions, type RunningBridge } from '../../../electron/bridge/callback-bridge';
import { CallbackInboxStore } from '../../../electron/store/gateway/callback-inbox';
import { DataPushPageStore } from '../../../electron/store/hiu/data-push-pages';
import { bearer, gatewayToken, openTestDatabase, post, signingKey, type SigningKey, type TestDatabase } from '../bridge/bridge-support';

const TIMESTAMP_V3 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ON_INIT = '/api/v3/hiu/consent/request/on-init';

let key: SigningKey;
let jwks: { url: string; asked: IncomingHttpHeaders[]; close(): Promise<void> };
let db: TestDatabase;
let inbox: CallbackInboxStore;
const open: RunningBridge[] = [];

async function jwksServer(keys: SigningKey[]) {
  const asked: IncomingHttpHeaders[] = [];
  const server: Server = createServer((request, response) => {
    asked.push(request.headers);
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: keys.map((k) => k.publicJwk) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/hiecm/gateway/v3/certs`,
    asked,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

beforeEach(async () => {
  key = await signingKey('hiecm-key-1');
  jwks = await jwksServer([key]);
  db = await openTestDatabase();
  inbox = new CallbackInboxStore(db.database.db);
});

afterEach(async () => {
  for (const bridge of open.splice(0)) await bridge.close();
  await jwks.close();
  db.dispose();
});

async function bridge(overrides: Partial<CallbackBridgeOptions> = {}): Promise<RunningBridge> {
  const running = await startCallbackBridge({
    host: '127.0.0.1',
    port: 0,
    generation: GATEWAY_V3,
    inbox,
    pushes: new DataPushPageStore(db.database.db),
    jwksUrl: async () => jwks.url,
    jwksHeaders: () => GATEWAY_V3.certsHeaders('sbx'),
    dataPushLimitBytes: 1024 * 1024,
    ...overrides,
  });
  open.push(running);
  return running;
}

/**
 * A Keycloak-style v3 callback token: audience account, the gateway's realm role, its client named by `azp` only
 * (Keycloak always writes azp; the clientId claim is a mapper a v3 realm may lack).
 */
const v3Token = (claims: Record<string, unknown> = {}) =>
  gatewayToken(key, { nowMs: Date.now(), claims: { aud: 'account', azp: 'gateway', realm_access: { roles: ['gateway', 'offline_access'] }, ...claims }, without: ['clientId'] });

/** What any ABDM client gets from `/gateway/v3/sessions`: same keys, same audience, a client's roles (gateway-v05.md §3.1). */
const clientSessionToken = () =>
  gatewayToken(key, { nowMs: Date.now(), claims: { aud: 'account', azp: 'SBX_000123', clientId: 'SBX_000123', realm_access: { roles: ['hiu', 'offline_access', 'healthId', 'OIDC', 'hip'] } } });

const onInit = () => ({ consentRequest: { id: randomUUID() }, error: null, response: { requestId: randomUUID() } });

describe('a v3 callback', () => {
  it('is stored under its REQUEST-ID header, answering response.requestId', async () => {
    const running = await bridge();
    const body = onInit();
    const id = randomUUID();
    const res = await post(`${running.url}${ON_INIT}`, body, { ...bearer(await v3Token()), 'REQUEST-ID': id, TIMESTAMP: '2024-10-06T15:10:00.587Z', 'X-HIU-ID': 'IN2810014366' });
    expect(res.status).toBe(202);
    expect(inbox.get(id)).toMatchObject({ requestId: id, kind: 'consentRequests.onInit', path: ON_INIT, respRequestId: body.response.requestId, headers: { 'x-hiu-id': 'IN2810014366' } });
  });

  it('without a REQUEST-ID header is refused with 400 and not stored', async () => {
    const running = await bridge();
    const res = await post(`${running.url}${ON_INIT}`, onInit(), bearer(await v3Token()));
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/REQUEST-ID/);
    expect(db.database.db.prepare('SELECT COUNT(*) AS n FROM inbox').get()).toEqual({ n: 0 });
  });

  it('a REQUEST-ID that is not a UUID is refused with 400 on every v3 route, not stored, the value not echoed', async () => {
    const running = await bridge();
    // What the security probe sent (issue 23): 300 characters, bidi controls (UTF-8 bytes on the wire), markup.
    const bidi = Buffer.from('\u202E\u2066', 'utf8').toString('latin1');
    const bad = ['a'.repeat(300), `${bidi}${randomUUID()}`, '<b>x</b>', `${randomUUID()}x`, randomUUID().replaceAll('-', '')];
    for (const route of GATEWAY_V3.callbackRoutes) {
      for (const id of bad) {
        const res = await post(`${running.url}${route.path}`, onInit(), { ...bearer(await v3Token()), 'REQUEST-ID': id });
        expect(res.status, `${route.path} ${id.length}`).toBe(400);
        expect(res.json.error.code).toBe('bad-body');
        expect(res.json.error.message).toMatch(/REQUEST-ID must be a UUID/);
        expect(res.text).not.toContain(id.slice(0, 8));
      }
    }
    expect(db.database.db.prepare('SELECT COUNT(*) AS n FROM inbox').get()).toEqual({ n: 0 });
    // Upper-case hex is still a UUID (RFC 9562 §4: input is case-insensitive).
    const upper = randomUUID().toUpperCase();
    expect((await post(`${running.url}${ON_INIT}`, onInit(), { ...bearer(await v3Token()), 'REQUEST-ID': upper })).status).toBe(202);
  });

  it('the JWKS was asked for with REQUEST-ID, TIMESTAMP and X-CM-ID', async () => {
    const running = await bridge();
    await post(`${running.url}${ON_INIT}`, onInit(), { ...bearer(await v3Token()), 'REQUEST-ID': randomUUID() });
    expect(jwks.asked).toHaveLength(1);
    expect(jwks.asked[0]!['x-cm-id']).toBe('sbx');
    expect(jwks.asked[0]!['request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(jwks.asked[0]!.timestamp).toMatch(TIMESTAMP_V3);
  });

  it('a token for another audience is refused with 401', async () => {
    const running = await bridge();
    const res = await post(`${running.url}${ON_INIT}`, onInit(), { ...bearer(await v3Token({ aud: 'someone-else' })), 'REQUEST-ID': randomUUID() });
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('bad-token');
  });

  it('a client’s own session token (no gateway role) is refused with 401 on every v3 route, nothing stored', async () => {
    const running = await bridge();
    for (const route of GATEWAY_V3.callbackRoutes) {
      const res = await post(`${running.url}${route.path}`, onInit(), { ...bearer(await clientSessionToken()), 'REQUEST-ID': randomUUID() });
      expect(res.status, route.path).toBe(401);
      expect(res.json.error.message, route.path).toBe('The token does not carry the gateway role (realm_access.roles: hiu, offline_access, healthId, OIDC, hip).');
    }
    expect(db.database.db.prepare('SELECT COUNT(*) AS n FROM inbox').get()).toEqual({ n: 0 });
  });

  it('a gateway-role token naming no client (neither clientId nor azp) is refused with 401', async () => {
    const running = await bridge();
    const token = await gatewayToken(key, { nowMs: Date.now(), claims: { aud: 'account' }, without: ['clientId', 'azp'] });
    const res = await post(`${running.url}${ON_INIT}`, onInit(), { ...bearer(token), 'REQUEST-ID': randomUUID() });
    expect(res.status).toBe(401);
    expect(res.json.error.message).toBe('The token has no clientId or azp claim.');
  });

  it('a token signed by another key is refused with 401', async () => {
    const running = await bridge();
    const stranger = await signingKey('hiecm-key-1');
    const token = await gatewayToken(stranger, { nowMs: Date.now(), claims: { aud: 'account' } });
    expect((await post(`${running.url}${ON_INIT}`, onInit(), { ...bearer(token), 'REQUEST-ID': randomUUID() })).status).toBe(401);
  });

  it('v0.5 still wants the clientId claim (ProjectEKA): a token naming its client by azp only is refused there', async () => {
    const running = await bridge({ generation: GATEWAY_V05, jwksHeaders: undefined });
    const body = { requestId: randomUUID(), timestamp: '2024-10-06T15:10:00.587Z', consentRequest: { id: randomUUID() }, resp: { requestId: randomUUID() } };
    const res = await post(`${running.url}/v0.5/consent-requests/on-init`, body, bearer(await v3Token()));
    expect(res.status).toBe(401);
    expect(res.json.error.message).toBe('The token has no clientId claim.');
  });
});
