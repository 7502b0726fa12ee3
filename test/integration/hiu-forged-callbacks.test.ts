// Issue 23, item 1: a client's own session token is not the gateway's. Anyone with ABDM client credentials gets a
// token from the gateway's sessions endpoint, signed by the gateway's keys, for audience `account`: exactly what
// the callback tokens look like, except that it lacks the realm role `gateway` (gateway-v05.md §3.1–3.2). Here the
// attacker does what the security probe did: takes such a token from the simulator's /gateway/v3/sessions and
// posts a REVOKED notification (and a well-formed body on every other callback route) to the desk's bridge. Every
// one must be refused, nothing stored, the artefact and its records untouched; a revocation the gateway itself
// signs is still taken. The v0.5 side is shown refusing the same token for comparison.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { GATEWAY_V3 } from '../../electron/abdm/gateway/v3/generation';
import { GATEWAY_V05 } from '../../electron/abdm/gateway/v05/generation';
import type { CallbackKind, GatewayGeneration } from '../../electron/abdm/gateway/generation';
import { CLIENT } from '../support/sandbox-http';
import { consentInput, startHiuApp, type HiuApp } from '../support/hiu-app';

let app: HiuApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const PATIENT = 'asha.verma@sbx';
const grantedWithArtefacts = (n: number) => (c: { status: string; artefacts: { fetched: boolean }[] }) =>
  c.status === 'GRANTED' && c.artefacts.length === n && c.artefacts.every((a) => a.fetched);

/** The v3 headers as an outside caller writes them (abdm-v3.md §1), with a fresh UUID. */
function v3Headers(): Record<string, string> {
  return { 'REQUEST-ID': randomUUID(), TIMESTAMP: new Date().toISOString(), 'X-CM-ID': 'sbx' };
}

/** What any ABDM client can get: a session token of its own, as the probe did. */
async function clientSessionToken(h: HiuApp, api: 'v3' | 'v0.5'): Promise<string> {
  const url = api === 'v3' ? `${h.sandbox.hiecmBaseUrl}/gateway/v3/sessions` : `${h.sandbox.gatewayBaseUrl}/v0.5/sessions`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(api === 'v3' ? v3Headers() : {}) },
    body: JSON.stringify({ ...CLIENT, grantType: 'client_credentials' }),
  });
  expect(response.status).toBeLessThan(300);
  const { accessToken } = (await response.json()) as { accessToken: string };
  // It is a real gateway-signed token: a client's roles, not the gateway's (gateway-v05.md §3.1).
  const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8'));
  expect(claims).toMatchObject({ aud: 'account', realm_access: { roles: expect.arrayContaining(['hiu', 'hip']) } });
  expect(claims.realm_access.roles).not.toContain('gateway');
  return accessToken;
}

/** A body each v3 callback route would take from the gateway, aimed at this consent (abdm-v3.md §3). */
function v3Bodies(consentRequestId: string, artefactId: string): Record<string, Record<string, unknown>> {
  const response = { requestId: randomUUID() };
  return {
    'consents.notify': { notification: { consentRequestId, status: 'REVOKED', consentArtefacts: [{ id: artefactId }] } },
    'consentRequests.onInit': { consentRequest: { id: consentRequestId }, response },
    'consentRequests.onStatus': { consentRequest: { id: consentRequestId, status: 'REVOKED' }, response },
    'consents.onFetch': { consent: { status: 'REVOKED', consentDetail: null }, response },
    'healthInformation.onRequest': { hiRequest: { transactionId: randomUUID(), sessionStatus: 'REQUESTED' }, response },
  };
}

function routeOf(generation: GatewayGeneration, kind: CallbackKind) {
  return generation.callbackRoutes.find((r) => r.kind === kind)!;
}

async function post(url: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

async function grantedConsent(h: HiuApp) {
  const requested = await h.call('consents.request', consentInput(PATIENT, Date.now()));
  const consent = await h.waitForConsent(requested.id, grantedWithArtefacts(3), 'granted with 3 fetched artefacts');
  await h.settle();
  const artefact = consent.artefacts.find((a) => a.hipId === 'HIP-DH-NASHIK')!;
  expect((await h.call('records.list', { artefactId: artefact.id })).length).toBe(1);
  return { consent, artefact };
}

describe('a client session token on the bridge', () => {
  it('on ABDM API v3: refused on every callback route, nothing stored, the artefact and its records untouched; the gateway’s own revocation still taken', async () => {
    app = await startHiuApp({}, {}, { api: 'v3' });
    const { consent, artefact } = await grantedConsent(app);
    const bridgeUrl = app.core.hiu.bridge.status().localUrl!;
    const before = app.core.hiu.bridge.status().counters!;
    const token = await clientSessionToken(app, 'v3');

    const bodies = v3Bodies(consent.gatewayId!, artefact.id);
    expect(Object.keys(bodies).sort()).toEqual(GATEWAY_V3.callbackRoutes.map((r) => r.kind).sort());
    for (const [kind, body] of Object.entries(bodies)) {
      const route = routeOf(GATEWAY_V3, kind as CallbackKind);
      // Well-formed, so that only the token can be what is refused.
      expect(route.schema.safeParse(body).success, kind).toBe(true);
      const res = await post(`${bridgeUrl}${route.path}`, body, { authorization: `Bearer ${token}`, ...v3Headers(), 'x-hiu-id': 'HIU-ABHADESK' });
      expect(res.status, route.path).toBe(401);
      expect(res.json.error.code, route.path).toBe('bad-token');
      expect(res.json.error.message, route.path).toMatch(/gateway role/);
    }
    await app.settle();

    const after = app.core.hiu.bridge.status().counters!;
    expect(after.accepted).toBe(before.accepted);
    expect(after.refused['bad-token']).toBe(before.refused['bad-token'] + 5);
    const unchanged = await app.call('consents.get', { id: consent.id });
    expect(unchanged.artefacts.find((a) => a.id === artefact.id)).toMatchObject({ status: 'GRANTED', erasedAt: null });
    expect((await app.call('records.list', { artefactId: artefact.id })).length).toBe(1);
    expect((await app.call('audit.list', {})).filter((e) => e.action === 'records.erased')).toEqual([]);

    // The gateway's own REVOKED notification (signed with its callback token) is still taken and applied.
    expect((await app.control(`/consents/${artefact.id}/revoke`)).status).toBe(200);
    const revoked = await app.waitForConsent(consent.id, (c) => c.artefacts.find((a) => a.id === artefact.id)?.status === 'REVOKED', 'artefact revoked');
    expect(revoked.artefacts.find((a) => a.id === artefact.id)?.erasedAt).not.toBeNull();
    expect(app.core.hiu.bridge.status().counters!.accepted).toBeGreaterThan(after.accepted);
  });

  it('on ABDM API v1 (gateway v0.5): the same kind of token is refused on the notify route too', async () => {
    app = await startHiuApp({}, {}, { api: 'v1' });
    const { consent, artefact } = await grantedConsent(app);
    const bridgeUrl = app.core.hiu.bridge.status().localUrl!;
    const token = await clientSessionToken(app, 'v0.5');
    const body = {
      requestId: randomUUID(),
      timestamp: new Date().toISOString(),
      notification: { consentRequestId: consent.gatewayId, status: 'REVOKED', consentArtefacts: [{ id: artefact.id }] },
    };
    const route = routeOf(GATEWAY_V05, 'consents.notify');
    expect(route.schema.safeParse(body).success).toBe(true);
    const res = await post(`${bridgeUrl}${route.path}`, body, { authorization: `Bearer ${token}`, 'x-cm-id': 'sbx' });
    expect(res.status).toBe(401);
    expect(res.json.error.message).toMatch(/gateway role/);
    await app.settle();
    expect((await app.call('consents.get', { id: consent.id })).artefacts.find((a) => a.id === artefact.id)?.status).toBe('GRANTED');
  });
});
