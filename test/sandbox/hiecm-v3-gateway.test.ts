import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { CLIENT, getJson, postJson } from '../support/sandbox-http';
import { patchJson, startV3Harness, v3ConsentRequest, v3Headers, v3Session, type V3Harness } from './hiecm-v3-harness';

// Gateway v3: sessions, certs, OpenID configuration, bridge URL, and the header rules every v3 call
// is held to (reference/spec/abdm-v3.md §1, §2 "Errors", §3).

describe('HIE-CM v3 gateway', () => {
  let h: V3Harness;
  beforeAll(async () => {
    h = await startV3Harness({ consentDecision: 'manual' });
  });
  afterAll(() => h.close());

  const errorCode = (json: unknown) => (json as { error: { code: string } }).error.code;

  it('sessions: 202 with accessToken, expiresIn, refreshToken, refreshExpiresIn, tokenType', async () => {
    const res = await v3Session(h.base);
    expect(res.status, res.text).toBe(202);
    expect(res.json).toEqual({
      accessToken: expect.any(String),
      expiresIn: expect.any(Number),
      refreshToken: expect.any(String),
      refreshExpiresIn: expect.any(Number),
      tokenType: 'bearer',
    });
    const refreshed = await v3Session(h.base, { ...CLIENT, grantType: 'refresh_token', refreshToken: (res.json as { refreshToken: string }).refreshToken });
    expect(refreshed.status, refreshed.text).toBe(202);
  });

  it('sessions: wrong secret refused; headers required', async () => {
    const wrong = await v3Session(h.base, { ...CLIENT, clientSecret: 'nope', grantType: 'client_credentials' });
    expect(wrong.status).toBe(401);
    const noRequestId = await postJson(`${h.base}/gateway/v3/sessions`, { ...CLIENT, grantType: 'client_credentials' }, v3Headers({ 'REQUEST-ID': undefined }));
    expect(noRequestId.status).toBe(400);
    expect(errorCode(noRequestId.json)).toMatch(/^ABDM-2404/);
  });

  it('one world: a v3 session token works on v0.5 routes and a v0.5 one on v3 routes', async () => {
    const v3Token = ((await v3Session(h.base)).json as { accessToken: string }).accessToken;
    const v05 = await postJson(
      `${h.sandbox.gatewayBaseUrl}/v0.5/consent-requests/status`,
      { requestId: crypto.randomUUID(), timestamp: new Date().toISOString(), consentRequestId: crypto.randomUUID() },
      { Authorization: `Bearer ${v3Token}`, 'X-CM-ID': 'sbx' },
    );
    expect(v05.status, v05.text).toBe(202);
    const v05Token = ((await postJson(`${h.sandbox.gatewayBaseUrl}/v0.5/sessions`, { ...CLIENT, grantType: 'client_credentials' })).json as { accessToken: string }).accessToken;
    const v3 = await h.send('/consent/v3/request/status', { consentRequestId: crypto.randomUUID() }, { Authorization: `Bearer ${v05Token}` });
    expect(v3.status, v3.text).toBe(202);
  });

  it('certs: the same RS256 JWKS as /v0.5/certs; OpenID configuration points at it', async () => {
    const v3 = await getJson(`${h.base}/gateway/v3/certs`, v3Headers());
    expect(v3.status).toBe(200);
    const v05 = await getJson(`${h.sandbox.gatewayBaseUrl}/v0.5/certs`);
    expect(v3.json).toEqual(v05.json);
    const { keys } = v3.json as { keys: Array<{ alg: string; kty: string }> };
    expect(keys[0]).toMatchObject({ alg: 'RS256', kty: 'RSA' });
    // A callback's token verifies against the v3 JWKS with jose.
    const init = await h.send('/consent/v3/request/init', v3ConsentRequest());
    const call = await h.callback('/consent/request/on-init', init.requestId);
    const token = /^Bearer (\S+)$/.exec(String(call.headers.authorization))![1]!;
    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(v3.json as { keys: [] }), { audience: 'account' });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.clientId).toBe('gateway');
    // What tells it from any client's session token, which the same keys sign for the same audience (issue 23).
    expect((payload.realm_access as { roles: string[] }).roles).toContain('gateway');
    const session = decodeJwt(h.token);
    expect(session.aud).toBe('account');
    expect((session.realm_access as { roles: string[] }).roles).not.toContain('gateway');
    const config = await getJson(`${h.base}/gateway/v3/.well-known/openid-configuration`, v3Headers());
    expect(config.status).toBe(200);
    expect((config.json as { jwks_uri: string }).jwks_uri).toBe(`${h.base}/gateway/v3/certs`);
  });

  it('bridge url: PATCH → 202, and later callbacks go to the new URL', async () => {
    const { startMiniBridge } = await import('../support/mini-bridge');
    const other = await startMiniBridge(`${h.base}/gateway/v3/certs`);
    try {
      const patched = await patchJson(`${h.base}/gateway/v3/bridge/url`, { url: other.url }, { Authorization: `Bearer ${h.token}`, ...v3Headers() });
      expect(patched.status, patched.text).toBe(202);
      const init = await h.send('/consent/v3/request/init', v3ConsentRequest());
      const call = await other.waitFor('/api/v3/hiu/consent/request/on-init', (c) => c.body?.response?.requestId === init.requestId);
      expect(call.token.valid).toBe(true);
      const bad = await patchJson(`${h.base}/gateway/v3/bridge/url`, { url: 'ftp://x' }, { Authorization: `Bearer ${h.token}`, ...v3Headers() });
      expect(bad.status).toBe(400);
    } finally {
      await patchJson(`${h.base}/gateway/v3/bridge/url`, { url: h.bridge.url }, { Authorization: `Bearer ${h.token}`, ...v3Headers() });
      await other.close();
    }
  });

  describe('header rules', () => {
    const init = (overrides: Record<string, string | undefined>) => h.send('/consent/v3/request/init', v3ConsentRequest(), overrides);

    it('TIMESTAMP with an offset → HTTP 404, ABDM-1016', async () => {
      const local = new Date(Date.now() + 5.5 * 3600_000).toISOString().replace('Z', '+05:30');
      const res = await init({ TIMESTAMP: local });
      expect(res.status).toBe(404);
      expect(errorCode(res.json)).toMatch(/^ABDM-1016/);
    });

    it('missing REQUEST-ID → 400, ABDM-2404; not a UUID likewise', async () => {
      const missing = await init({ 'REQUEST-ID': undefined });
      expect(missing.status).toBe(400);
      expect(errorCode(missing.json)).toMatch(/^ABDM-2404/);
      const notUuid = await init({ 'REQUEST-ID': 'abc' });
      expect(errorCode(notUuid.json)).toMatch(/^ABDM-2404/);
    });

    it('a replayed REQUEST-ID is refused', async () => {
      const first = await init({});
      expect(first.status).toBe(202);
      const again = await init({ 'REQUEST-ID': first.requestId });
      expect(again.status).toBe(400);
      expect(errorCode(again.json)).toMatch(/^ABDM-2404/);
    });

    it('missing X-HIU-ID → refused', async () => {
      const res = await init({ 'X-HIU-ID': undefined });
      expect(res.status).toBe(400);
      expect((res.json as { error: { message: string } }).error.message).toMatch(/X-HIU-ID/);
    });

    it('wrong or missing X-CM-ID → 400, ABDM-2403', async () => {
      const wrong = await init({ 'X-CM-ID': 'abdm' });
      expect(wrong.status).toBe(400);
      expect(errorCode(wrong.json)).toMatch(/^ABDM-2403/);
      const missing = await init({ 'X-CM-ID': undefined });
      expect(errorCode(missing.json)).toMatch(/^ABDM-2403/);
    });

    it('no gateway token → 401 with code 900901', async () => {
      const res = await init({ Authorization: undefined });
      expect(res.status).toBe(401);
      expect((res.json as { code: string }).code).toBe('900901');
    });

    it('a body with the v0.5 envelope but no consent → 400', async () => {
      const res = await h.send('/consent/v3/request/init', { requestId: crypto.randomUUID(), timestamp: new Date().toISOString() });
      expect(res.status).toBe(400);
      expect(errorCode(res.json)).toMatch(/^ABDM-/);
    });
  });
});
