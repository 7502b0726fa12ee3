import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, type RunningSandbox } from '../../sandbox/index';
import { assertMatchesOfficial, GATEWAY_PATCHES, GATEWAY_SPEC } from '../support/official-spec';
import { bearer, CLIENT, expectApiError, expectGatewayError, gatewayToken, getJson, paths, postJson, startTestSandbox } from '../support/sandbox-http';

const errorCodePatch = GATEWAY_PATCHES.errorCode;

describe('gateway sessions (/gateway/v0.5)', () => {
  const clock = manualClock(Date.parse('2025-01-15T09:00:00Z'));
  let sandbox: RunningSandbox;
  let sessions: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox({ clock });
    sessions = `${sandbox.gatewayBaseUrl}/v0.5/sessions`;
  });
  afterAll(() => sandbox.close());

  it('issues an RS256 access token for the configured client, verifiable with the served JWKS', async () => {
    const res = await postJson(sessions, { ...CLIENT, grantType: 'client_credentials' });
    expect(res.status).toBe(200);
    assertMatchesOfficial(GATEWAY_SPEC, 'SessionResponse', res.json, { required: 'all', closed: true });
    const session = res.json as { accessToken: string; expiresIn: number; refreshExpiresIn: number; tokenType: string };
    expect(session).toMatchObject({ expiresIn: 600, refreshExpiresIn: 1800, tokenType: 'bearer' });

    const certs = await getJson(`${sandbox.gatewayBaseUrl}/v0.5/certs`);
    assertMatchesOfficial(GATEWAY_SPEC, 'Certs', certs.json, { required: ['keys'] });
    const jwks = certs.json as JSONWebKeySet;
    const header = decodeProtectedHeader(session.accessToken);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    expect(jwks.keys.map((k) => k.kid)).toContain(header.kid);
    const { payload } = await jwtVerify(session.accessToken, createLocalJWKSet(jwks), { currentDate: new Date(clock.now()) });
    expect(payload.exp! - payload.iat!).toBe(600);
    expect(payload).toMatchObject({ clientId: CLIENT.clientId, azp: CLIENT.clientId, aud: 'account', typ: 'Bearer' });
    expect((payload.realm_access as { roles: string[] }).roles).toEqual(expect.arrayContaining(['hiu', 'healthId']));
  });

  it('answers 401 in the gateway error shape for a wrong secret or client id', async () => {
    for (const body of [
      { ...CLIENT, clientSecret: 'not-the-secret', grantType: 'client_credentials' },
      { ...CLIENT, clientId: 'someone-else', grantType: 'client_credentials' },
    ]) {
      const res = await postJson(sessions, body);
      expectGatewayError(res, 401);
      assertMatchesOfficial(GATEWAY_SPEC, 'ErrorResponse', res.json, { required: ['error'], patches: [errorCodePatch] });
    }
  });

  it('accepts a request without grantType (as real clients send it) but not a refreshToken without one', async () => {
    expect((await postJson(sessions, CLIENT)).status).toBe(200);
    const res = await postJson(sessions, { ...CLIENT, refreshToken: 'x.y.z' });
    expect(expectGatewayError(res, 400, 2500).error.message).toBe('Please mention grant type');
  });

  it('refreshes a session with grantType refresh_token, and refuses a bad or expired refresh token', async () => {
    const first = (await postJson(sessions, { ...CLIENT, grantType: 'client_credentials' })).json as { refreshToken: string };
    const refreshed = await postJson(sessions, { ...CLIENT, grantType: 'refresh_token', refreshToken: first.refreshToken });
    expect(refreshed.status).toBe(200);
    assertMatchesOfficial(GATEWAY_SPEC, 'SessionResponse', refreshed.json, { required: 'all' });

    expectGatewayError(await postJson(sessions, { ...CLIENT, grantType: 'refresh_token', refreshToken: 'garbage' }), 401);
    expectGatewayError(await postJson(sessions, { ...CLIENT, grantType: 'refresh_token' }), 400);
    clock.advance(1801 * 1000);
    expectGatewayError(await postJson(sessions, { ...CLIENT, grantType: 'refresh_token', refreshToken: first.refreshToken }), 401);
  });

  it('rejects a bad grantType value with a 400', async () => {
    expectGatewayError(await postJson(sessions, { ...CLIENT, grantType: 'password' }), 400, 2500);
  });

  it('serves openid-configuration pointing at the certs endpoint, and a heartbeat', async () => {
    const config = await getJson(`${sandbox.gatewayBaseUrl}/v0.5/.well-known/openid-configuration`);
    assertMatchesOfficial(GATEWAY_SPEC, 'OpenIdConfiguration', config.json, { required: ['jwks_uri'] });
    const jwksUri = (config.json as { jwks_uri: string }).jwks_uri;
    expect(jwksUri).toBe(`${sandbox.url}/gateway/v0.5/certs`);
    expect((await getJson(jwksUri)).status).toBe(200);

    const heartbeat = await getJson(`${sandbox.gatewayBaseUrl}/v0.5/heartbeat`);
    assertMatchesOfficial(GATEWAY_SPEC, 'HeartbeatResponse', heartbeat.json, { required: ['timestamp', 'status'] });
    expect(heartbeat.json).toEqual({ timestamp: new Date(clock.now()).toISOString(), status: 'UP' });
  });

  it('guards every Health ID call with the gateway token: missing, forged or expired → 401', async () => {
    const api = `${sandbox.healthIdBaseUrl}${paths.authInit}`;
    const body = { authMethod: 'AADHAAR_OTP', healthid: 'asha.verma@sbx' };
    expectApiError(await postJson(api, body), 401, 'HIS-401');
    expectApiError(await postJson(api, body, { authorization: 'Basic abc' }), 401, 'HIS-401');
    const token = await gatewayToken(sandbox);
    const forged = `${token.slice(0, -4)}AAAA`;
    expectApiError(await postJson(api, body, bearer(forged)), 401, 'HIS-401');
    expect((await postJson(api, body, bearer(token))).status).toBe(200);
    clock.advance(601 * 1000);
    const expired = expectApiError(await postJson(api, body, bearer(token)), 401, 'HIS-401');
    expect(expired.details[0]?.message).toMatch(/expired/);
  });
});

describe('gateway session configuration', () => {
  it('uses the configured client credentials and token lifetime', async () => {
    const sandbox = await startTestSandbox({ clientId: 'SBX_000123', clientSecret: 's3cret', accessTokenTtlSeconds: 1200 });
    try {
      const url = `${sandbox.gatewayBaseUrl}/v0.5/sessions`;
      expectGatewayError(await postJson(url, { ...CLIENT, grantType: 'client_credentials' }), 401);
      const res = await postJson(url, { clientId: 'SBX_000123', clientSecret: 's3cret', grantType: 'client_credentials' });
      expect(res.status).toBe(200);
      const { accessToken, expiresIn } = res.json as { accessToken: string; expiresIn: number };
      expect(expiresIn).toBe(1200);
      const claims = decodeJwt(accessToken);
      expect(claims.exp! - claims.iat!).toBe(1200);
    } finally {
      await sandbox.close();
    }
  });
});

describe('signing keys across simulators in one process', () => {
  it('share the process’s keys unless one is started with keys of its own, which refuses the others’ tokens', async () => {
    const first = await startTestSandbox();
    const second = await startTestSandbox();
    const rotated = await startTestSandbox({ config: { signingKeys: 'new' } });
    try {
      const kid = async (sandbox: RunningSandbox) => ((await getJson(`${sandbox.gatewayBaseUrl}/v0.5/certs`)).json as JSONWebKeySet).keys.map((k) => k.kid);
      expect(await kid(second)).toEqual(await kid(first));
      expect(await kid(rotated)).not.toEqual(await kid(first));
      // A token of the first, used at the others' Health ID (an Aadhaar of the training table, docs/sandbox.md §2).
      const token = await gatewayToken(first);
      const ask = (sandbox: RunningSandbox) => postJson(`${sandbox.healthIdBaseUrl}${paths.generateOtp}`, { aadhaar: '345678901238' }, bearer(token));
      expect((await ask(second)).status).toBe(200);
      expectApiError(await ask(rotated), 401, 'HIS-401');
    } finally {
      await Promise.all([first.close(), second.close(), rotated.close()]);
    }
  });
});

describe('official schema helper', () => {
  it('rejects bodies that break the official schema, so conformance checks can fail', () => {
    const good = { accessToken: 'a', expiresIn: 600, refreshExpiresIn: 1800, refreshToken: 'r', tokenType: 'bearer' };
    expect(() => assertMatchesOfficial(GATEWAY_SPEC, 'SessionResponse', good, { required: 'all', closed: true })).not.toThrow();
    expect(() => assertMatchesOfficial(GATEWAY_SPEC, 'SessionResponse', { ...good, expiresIn: '600' })).toThrow(/expiresIn/);
    const { refreshToken: _dropped, ...missing } = good;
    expect(() => assertMatchesOfficial(GATEWAY_SPEC, 'SessionResponse', missing, { required: 'all' })).toThrow(/refreshToken/);
    expect(() => assertMatchesOfficial(GATEWAY_SPEC, 'SessionResponse', { ...good, expires_in: 600 }, { closed: true })).toThrow(/expires_in/);
    // Swagger 2 file, $ref into another definition:
    const apiError = { code: 'HIS-400', message: 'm', details: [{ code: 'HIS-1', message: 'x', attribute: { key: 'k', value: 3 } }] };
    expect(() => assertMatchesOfficial('abdm-abha-service-1_0.yml', 'ApiError', apiError)).toThrow(/attribute\/value/);
  });
});
