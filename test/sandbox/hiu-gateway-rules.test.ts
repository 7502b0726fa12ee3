import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectGatewayError, getJson, postJson } from '../support/sandbox-http';
import { startMiniBridge } from '../support/mini-bridge';
import { assertMatchesOfficial } from '../support/official-spec';
import { envelope, HIU_ID, HIU_SPEC_PATCHES, startHiuHarness, type HiuHarness } from './hiu-harness';

// Gateway rules on HIU-facing paths (gateway-v05.md §1.2–1.4, §3.1, §4, §5.2).

const find = (id = 'asha.verma@sbx') => ({ query: { patient: { id }, requester: { type: 'HIU', id: HIU_ID } } });
const errorBody = (body: unknown) => assertMatchesOfficial('ndhm-hiu.yml', 'ErrorResponse', body, { patches: HIU_SPEC_PATCHES, required: ['error'] });

describe('gateway rules', () => {
  let h: HiuHarness;
  beforeAll(async () => {
    h = await startHiuHarness();
  });
  afterAll(() => h.close());

  it('accepts a valid request with 202 and an empty body, then calls back', async () => {
    const res = await h.send('/patients/find', find());
    expect(res.status).toBe(202);
    expect(res.text).toBe('');
    const call = await h.callback('/patients/on-find', res.requestId);
    expect(call.body.patient).toEqual({ id: 'asha.verma@sbx', name: 'Asha Devi Verma' });
    expect(call.headers['x-hiu-id']).toBe(HIU_ID);
  });

  it('answers a reused requestId with 429 / 2429', async () => {
    const body = { ...envelope(), ...find() };
    const url = `${h.sandbox.gatewayBaseUrl}/v0.5/patients/find`;
    expect((await postJson(url, body, h.headers)).status).toBe(202);
    const again = await postJson(url, body, h.headers);
    errorBody(expectGatewayError(again, 429, 2429));
  });

  it.each([
    ['two minutes old', -120_000],
    ['ten minutes ahead', 10 * 60_000],
  ])('rejects a timestamp %s with 429 / 2429', async (_label, offsetMs) => {
    const url = `${h.sandbox.gatewayBaseUrl}/v0.5/patients/find`;
    const body = { ...envelope(), timestamp: new Date(Date.now() + offsetMs).toISOString(), ...find() };
    expectGatewayError(await postJson(url, body, h.headers), 429, 2429);
  });

  it('accepts a timestamp eight minutes ahead and one without a zone (read as UTC)', async () => {
    const url = `${h.sandbox.gatewayBaseUrl}/v0.5/patients/find`;
    const ahead = { ...envelope(), timestamp: new Date(Date.now() + 8 * 60_000).toISOString(), ...find() };
    expect((await postJson(url, ahead, h.headers)).status).toBe(202);
    const local = { ...envelope(), timestamp: new Date().toISOString().replace('Z', '123'), ...find() };
    expect((await postJson(url, local, h.headers)).status).toBe(202);
  });

  it('ignores the offset, so Indian local time is five and a half hours in the future', async () => {
    const ist = new Date(Date.now() + 5.5 * 3600_000).toISOString().replace('Z', '+05:30');
    const body = { ...envelope(), timestamp: ist, ...find() };
    expectGatewayError(await postJson(`${h.sandbox.gatewayBaseUrl}/v0.5/patients/find`, body, h.headers), 429, 2429);
  });

  it('requires X-CM-ID and knows only the sandbox consent manager', async () => {
    const url = `${h.sandbox.gatewayBaseUrl}/v0.5/patients/find`;
    const missing = await postJson(url, { ...envelope(), ...find() }, bearer(h.token));
    expect(expectGatewayError(missing, 400, 2500).error.message).toMatch(/X-CM-ID/);
    const other = await postJson(url, { ...envelope(), ...find() }, { ...bearer(h.token), 'x-cm-id': 'abdm' });
    expect(expectGatewayError(other, 500, 2500).error.message).toMatch(/X-CM-ID/);
  });

  it('requires a valid bearer token from /sessions', async () => {
    const url = `${h.sandbox.gatewayBaseUrl}/v0.5/patients/find`;
    expectGatewayError(await postJson(url, { ...envelope(), ...find() }, { 'x-cm-id': 'sbx' }), 401);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ clientId: 'abha-desk-training', typ: 'Bearer', realm_access: { roles: ['hiu'] } })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setExpirationTime('5m')
      .sign(privateKey);
    expectGatewayError(await postJson(url, { ...envelope(), ...find() }, { ...bearer(forged), 'x-cm-id': 'sbx' }), 401);
  });

  it('names the offending field of an invalid body', async () => {
    const res = await h.send('/patients/find', { query: { patient: {}, requester: { type: 'HIU', id: HIU_ID } } }, { raw: true });
    expect(expectGatewayError(res, 400, 2500).error.message).toBe('query.patient.id: must not be null');
    const badType = await h.send('/patients/find', { query: { patient: { id: 'a@sbx' }, requester: { type: 'CM', id: 'x' } } }, { raw: true });
    expect(expectGatewayError(badType, 400, 2500).error.message).toMatch(/^query\.requester\.type: /);
  });

  it('rejects a requestId that is not a UUID', async () => {
    const res = await postJson(`${h.sandbox.gatewayBaseUrl}/v0.5/patients/find`, { ...envelope(), requestId: 'req-1', ...find() }, h.headers);
    expect(expectGatewayError(res, 400, 2500).error.message).toBe('Empty/Invalid requestId found on the payload');
  });

  it('accepts an acknowledgement only for a notification it sent', async () => {
    const res = await h.send('/consents/hiu/on-notify', { acknowledgement: [{ status: 'OK', consentId: 'x' }], resp: { requestId: crypto.randomUUID() } });
    expect(expectGatewayError(res, 400, 2500).error.message).toMatch(/No mapping found for resp.requestId/);
  });

  it('serves the JWKS the callbacks are verified with', async () => {
    const certs = await getJson(`${h.sandbox.gatewayBaseUrl}/v0.5/certs`);
    assertMatchesOfficial('ndhm-hiu.yml', 'Certs', certs.json);
    const call = h.bridge.calls.find((c) => c.path === '/v0.5/patients/on-find')!;
    const kid = JSON.parse(Buffer.from(call.headers.authorization!.split('.')[0]!.slice(7), 'base64url').toString()).kid;
    expect((certs.json as { keys: Array<{ kid: string }> }).keys.map((k) => k.kid)).toContain(kid);
  });
});

describe('bridge registration (PATCH /v1/bridges)', () => {
  it('sends callbacks to the URL registered last, and lists linked services', async () => {
    const h = await startHiuHarness();
    const second = await startMiniBridge(`${h.sandbox.gatewayBaseUrl}/v0.5/certs`);
    try {
      const patch = await fetch(`${h.sandbox.gatewayBaseUrl}/v1/bridges`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', ...bearer(h.token) },
        body: JSON.stringify({ url: `${second.url}/` }),
      });
      expect(patch.status).toBe(200);
      const res = await h.send('/patients/find', find());
      const call = await second.waitFor('/v0.5/patients/on-find', (c) => c.body.resp.requestId === res.requestId);
      expect(call.token.valid).toBe(true);
      expect(h.bridge.callsTo('/v0.5/patients/on-find')).toHaveLength(0);

      const services = [{ id: HIU_ID, name: 'ABHA Desk test', type: 'HIU', active: true }];
      const added = await postJson(`${h.sandbox.gatewayBaseUrl}/v1/bridges/addUpdateServices`, services, bearer(h.token));
      expect(added.status).toBe(200);
      const listed = await getJson(`${h.sandbox.gatewayBaseUrl}/v1/bridges/getServices`, bearer(h.token));
      expect(listed.json).toMatchObject({ bridge: { url: second.url }, services: [{ id: HIU_ID, types: ['HIU'], active: true }] });
    } finally {
      await second.close();
      await h.close();
    }
  });

  it('refuses a URL that is not http(s) and a caller without a token', async () => {
    const h = await startHiuHarness();
    try {
      const send = (body: unknown, headers: Record<string, string>) =>
        fetch(`${h.sandbox.gatewayBaseUrl}/v1/bridges`, { method: 'PATCH', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      const bad = await send({ url: 'ftp://example.org' }, bearer(h.token));
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/^url: /);
      expect((await send({ url: 'http://127.0.0.1:1' }, {})).status).toBe(401);
    } finally {
      await h.close();
    }
  });
});
