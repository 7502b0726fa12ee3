// ABHA v3 header rules, input encryption and error body shapes (reference/spec/abdm-v3.md §1, §2 "Errors").
import { constants, publicEncrypt, randomUUID, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAINING_IDENTITIES } from '../../sandbox/index';
import { codeOf, ENROL_OTP_SCOPE, expectFieldError, expectWrapped, startV3, type V3 } from './abha-v3-harness';
import { toResult } from '../support/sandbox-http';

const { newResident } = TRAINING_IDENTITIES;

describe('ABHA v3 headers, encryption and error shapes', () => {
  let v3: V3;
  beforeAll(async () => {
    v3 = await startV3();
  });
  afterAll(() => v3.sandbox.close());

  const aadhaarOtpBody = (loginId: string) => ({ txnId: '', scope: ENROL_OTP_SCOPE, loginHint: 'aadhaar', loginId, otpSystem: 'aadhaar' });

  it('serves an RSA 4096 public key as base64 DER SPKI, no PEM armour', async () => {
    const res = await v3.get('/profile/public/certificate');
    expect(res.status).toBe(200);
    const { publicKey } = res.json as { publicKey: string };
    expect(publicKey).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(publicKey).not.toContain('BEGIN');
    expect(v3.key.asymmetricKeyType).toBe('rsa');
    expect(v3.key.asymmetricKeyDetails?.modulusLength).toBe(4096);
  });

  it('does not answer the stale /auth/cert path of NHA\'s text', async () => {
    expect((await v3.get('/auth/cert')).status).toBe(404);
  });

  it('accepts an Aadhaar encrypted with OAEP SHA-1', async () => {
    const res = await v3.post('/enrollment/request/otp', aadhaarOtpBody(v3.enc(newResident.aadhaar)));
    expect(res.status, res.text).toBe(200);
    const body = res.json as { txnId: string; message: string };
    expect(body.txnId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.message).toContain('0001'); // last digits of the Aadhaar mobile 9876500001
  });

  it('refuses PKCS#1 v1.5, OAEP SHA-256, plain text and another key', async () => {
    const data = Buffer.from(newResident.aadhaar);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    const refused = [
      publicEncrypt({ key: v3.key, padding: constants.RSA_PKCS1_PADDING }, data).toString('base64'),
      publicEncrypt({ key: v3.key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, data).toString('base64'),
      newResident.aadhaar,
      publicEncrypt({ key: other, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' }, data).toString('base64'),
    ];
    for (const loginId of refused) {
      expect(expectFieldError(await v3.post('/enrollment/request/otp', aadhaarOtpBody(loginId)), 'loginId')).toBe('Invalid LoginId');
    }
  });

  it('refuses a TIMESTAMP with an offset with ABDM-1016 inside an HTTP 404', async () => {
    const res = await v3.post('/enrollment/request/otp', aadhaarOtpBody(v3.enc(newResident.aadhaar)), { TIMESTAMP: '2024-10-06T20:40:00.587+05:30' });
    expect(expectWrapped(res, 404, 'ABDM-1016')).toBe('ABDM-1016: ');
  });

  it('refuses a TIMESTAMP without milliseconds, or far from the service clock', async () => {
    const at = new Date(v3.now());
    expectWrapped(await v3.get('/profile/public/certificate', { TIMESTAMP: at.toISOString().replace(/\.\d{3}Z$/, 'Z') }), 404, 'ABDM-1016');
    expectWrapped(await v3.get('/profile/public/certificate', { TIMESTAMP: new Date(at.getTime() - 3600_000).toISOString() }), 404, 'ABDM-1016');
    expectWrapped(await v3.get('/profile/public/certificate', { TIMESTAMP: new Date(at.getTime() + 3600_000).toISOString() }), 404, 'ABDM-1016');
  });

  it('refuses a missing or non-UUID REQUEST-ID (ABDM-2404) and a missing TIMESTAMP (ABDM-2402)', async () => {
    const headers = v3.headers();
    const { 'REQUEST-ID': _id, ...noId } = headers;
    expectWrapped(await fetchResult(`${v3.base}/profile/public/certificate`, noId), 400, 'ABDM-2404');
    expectWrapped(await v3.get('/profile/public/certificate', { 'REQUEST-ID': 'req-1' }), 400, 'ABDM-2404');
    const { TIMESTAMP: _ts, ...noTime } = headers;
    expectWrapped(await fetchResult(`${v3.base}/profile/public/certificate`, { ...noTime, 'REQUEST-ID': randomUUID() }), 400, 'ABDM-2402');
  });

  it('refuses a missing Authorization (ABDM-2500) and a bad session token (900901)', async () => {
    const { authorization: _auth, ...noAuth } = v3.headers();
    expectWrapped(await fetchResult(`${v3.base}/profile/public/certificate`, noAuth), 401, 'ABDM-2500');
    const bad = await v3.get('/profile/public/certificate', { authorization: 'Bearer not-a-token' });
    expect(bad.status).toBe(401);
    expect(bad.json).toMatchObject({ code: '900901', message: 'Invalid Credentials' });
  });

  it('answers unreadable JSON with an empty 400', async () => {
    const res = await fetchResult(`${v3.base}/enrollment/request/otp`, { ...v3.headers(), 'content-type': 'application/json' }, '{not json');
    expect(res.status).toBe(400);
    expect(res.text).toBe('');
  });

  describe('each body shape, forced per request with X-Sandbox-Error-Shape', () => {
    // A missing REQUEST-ID: ABDM-2404, normally in the wrapped shape.
    const send = (shape?: string) => {
      const { 'REQUEST-ID': _id, ...headers } = v3.headers(shape ? { 'X-Sandbox-Error-Shape': shape } : {});
      return fetchResult(`${v3.base}/profile/public/certificate`, headers);
    };

    it('wrapped: {"error":{"code","message"}}', async () => {
      expectWrapped(await send('wrapped'), 400, 'ABDM-2404');
    });
    it('array: [{"code","message"}]', async () => {
      const res = await send('array');
      expect(Array.isArray(res.json)).toBe(true);
      expect(codeOf(res)?.replace(/: $/, '')).toBe('ABDM-2404');
      expect((res.json as Array<{ message: string }>)[0]?.message.length).toBeGreaterThan(0);
    });
    it('flat: {"code","message"}', async () => {
      const res = await send('flat');
      expect(Object.keys(res.json as object).sort()).toEqual(['code', 'message']);
      expect(codeOf(res)?.replace(/: $/, '')).toBe('ABDM-2404');
    });
    it('message: {"message","timestamp"}', async () => {
      const res = await send('message');
      expect(Object.keys(res.json as object).sort()).toEqual(['message', 'timestamp']);
    });
    it('field: {"<field>": message, "timestamp"}', async () => {
      const res = await v3.post('/enrollment/request/otp', aadhaarOtpBody('plain'), { 'X-Sandbox-Error-Shape': 'field' });
      expect(res.json).toMatchObject({ loginId: 'Invalid LoginId' });
    });
    it('empty: a bare 400', async () => {
      const res = await send('empty');
      expect(res.status).toBe(400);
      expect(res.text).toBe('');
    });
    it('an unknown shape name is refused', async () => {
      expect((await v3.get('/profile/public/certificate', { 'X-Sandbox-Error-Shape': 'xml' })).status).toBe(400);
    });
  });

  it('answers an injected fault in a v3 shape (500, ABDM-9999), not in v1\'s ApiError', async () => {
    const faults = `${v3.sandbox.url}/_sandbox/faults`;
    const set = (body: object) => fetch(faults, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await set({ errorRate: 1 });
    try {
      const res = await v3.get('/profile/public/certificate');
      expect(res.status).toBe(500);
      expect(codeOf(res)).toBe('ABDM-9999');
    } finally {
      await set({});
    }
  });

  it('forces a shape for every later error through POST /_sandbox/abha-v3/error-shape, until null', async () => {
    const control = `${v3.sandbox.url}/_sandbox/abha-v3/error-shape`;
    const set = (shape: string | null) => fetch(control, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ shape }) });
    expect((await set('array')).status).toBe(200);
    const res = await v3.post('/enrollment/request/otp', aadhaarOtpBody('plain'));
    expect(Array.isArray(res.json)).toBe(true);
    expect((await set(null)).status).toBe(200);
    expectFieldError(await v3.post('/enrollment/request/otp', aadhaarOtpBody('plain')), 'loginId');
    expect((await set('nonsense')).status).toBe(400);
  });
});

async function fetchResult(url: string, headers: Record<string, string>, body?: string) {
  return toResult(await fetch(url, { method: body === undefined ? 'GET' : 'POST', headers, body }));
}
