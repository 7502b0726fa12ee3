import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, TRAINING_IDENTITIES, type RunningSandbox } from '../../sandbox/index';
import { assertMatchesOfficial, assertOfficialApiError, HEALTH_ID_SPEC } from '../support/official-spec';
import { bearer, expectApiError, gatewayToken, getJson, type HttpResult, OTP, paths, postJson, startTestSandbox, userHeaders } from '../support/sandbox-http';

const { existingAbha } = TRAINING_IDENTITIES;
const ABHA_NUMBER = existingAbha.existingAbha.healthIdNumber;

function expectError(res: HttpResult, status: number, detail: string, top?: string) {
  const body = expectApiError(res, status, detail, top);
  assertOfficialApiError(res.json);
  return body;
}

describe('login with Aadhaar OTP (v1)', () => {
  const clock = manualClock(Date.parse('2025-03-01T08:00:00Z'));
  let sandbox: RunningSandbox;
  let token: string;
  const post = (path: string, body: unknown) => postJson(`${sandbox.healthIdBaseUrl}${path}`, body, bearer(token));
  async function init(healthid: string): Promise<string> {
    const res = await post(paths.authInit, { authMethod: 'AADHAAR_OTP', healthid });
    expect(res.status, res.text).toBe(200);
    assertMatchesOfficial(HEALTH_ID_SPEC, 'TxnResponse3', res.json, { required: 'all', closed: true });
    return (res.json as { txnId: string }).txnId;
  }

  beforeAll(async () => {
    // A day-long gateway token, so moving the clock tests only the Health ID lifetimes.
    sandbox = await startTestSandbox({ clock, accessTokenTtlSeconds: 24 * 3600 });
    token = await gatewayToken(sandbox);
  });
  afterAll(() => sandbox.close());

  it('starts a login for an ABHA address or an ABHA number, in any of their usual spellings', async () => {
    for (const healthid of ['asha.verma@sbx', 'asha.verma', 'ASHA.VERMA@SBX', ABHA_NUMBER, ABHA_NUMBER.replaceAll('-', '')]) {
      expect(await init(healthid)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('confirms with the Aadhaar OTP and returns a 30-minute user token (JwtResponse)', async () => {
    const txnId = await init('asha.verma@sbx');
    const res = await post(paths.confirmWithAadhaarOtp, { otp: OTP, txnId });
    expect(res.status).toBe(200);
    assertMatchesOfficial(HEALTH_ID_SPEC, 'JwtResponse', res.json, { required: 'all', closed: true });
    const jwt = res.json as { token: string; expiresIn: number; refreshExpiresIn: number };
    expect(jwt.expiresIn).toBe(1800);
    expect(jwt.refreshExpiresIn).toBe(86400);
    expect(decodeProtectedHeader(jwt.token).alg).toBe('RS512');
    const claims = decodeJwt(jwt.token);
    expect(claims).toMatchObject({ healthIdNumber: ABHA_NUMBER, healthId: 'asha.verma@sbx', sub: ABHA_NUMBER.replaceAll('-', '') });
    expect(claims.exp! - claims.iat!).toBe(1800);

    const profile = await getJson(`${sandbox.healthIdBaseUrl}${paths.profile}`, userHeaders(token, jwt.token));
    expect(profile.json).toMatchObject({ healthIdNumber: ABHA_NUMBER, name: 'Asha Devi Verma' });
    clock.advance(1800 * 1000 + 1000);
    const expired = expectError(await getJson(`${sandbox.healthIdBaseUrl}${paths.profile}`, userHeaders(token, jwt.token)), 422, 'HIS-422');
    expect(expired.details[0]?.message).toMatch(/expired/);
  });

  it('answers HIS-1008 for an ABHA number or address that has no account', async () => {
    for (const healthid of ['nobody.here@sbx', '91-1111-2222-3333', 'nobody.here']) {
      const body = expectError(await post(paths.authInit, { authMethod: 'AADHAAR_OTP', healthid }), 422, 'HIS-1008');
      expect(body.details[0]?.attribute).toEqual({ key: 'healthid', value: healthid });
    }
  });

  it('offers only AADHAAR_OTP, and rejects auth methods outside the official enum with 400', async () => {
    expectError(await post(paths.authInit, { authMethod: 'MOBILE_OTP', healthid: 'asha.verma@sbx' }), 422, 'HIS-422');
    expectError(await post(paths.authInit, { authMethod: 'SMS', healthid: 'asha.verma@sbx' }), 400, 'HIS-400');
    expectError(await post(paths.authInit, { authMethod: 'AADHAAR_OTP', healthId: 'asha.verma@sbx' }), 400, 'HIS-400');
  });

  it('resends the OTP (answering a bare true) no sooner than 60 s apart, at most twice', async () => {
    const txnId = await init('asha.verma@sbx');
    const tooSoon = expectError(await post(paths.resendAuthOtp, { authMethod: 'AADHAAR_OTP', txnId }), 422, 'HIS-1023');
    expect(tooSoon.details[0]?.message).toMatch(/60 seconds/);
    clock.advance(30 * 1000);
    expect(expectError(await post(paths.resendAuthOtp, { txnId }), 422, 'HIS-1023').details[0]?.message).toMatch(/30 seconds/);
    for (let i = 0; i < 2; i++) {
      clock.advance(60 * 1000);
      const res = await post(paths.resendAuthOtp, { authMethod: 'AADHAAR_OTP', txnId });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.text).toBe('true');
    }
    clock.advance(60 * 1000);
    expectError(await post(paths.resendAuthOtp, { txnId }), 422, 'HIS-2017');
    expect((await post(paths.confirmWithAadhaarOtp, { otp: OTP, txnId })).status).toBe(200);
  });

  it('answers a wrong OTP with HIS-2022, and a used or unknown login transaction with HIS-1026', async () => {
    const txnId = await init(ABHA_NUMBER);
    expectError(await post(paths.confirmWithAadhaarOtp, { otp: '999999', txnId }), 422, 'HIS-2022');
    expect((await post(paths.confirmWithAadhaarOtp, { otp: OTP, txnId })).status).toBe(200);
    expectError(await post(paths.confirmWithAadhaarOtp, { otp: OTP, txnId }), 422, 'HIS-1026');
    expectError(await post(paths.resendAuthOtp, { txnId }), 422, 'HIS-1026');
    expectError(await post(paths.confirmWithAadhaarOtp, { otp: OTP, txnId: '0b9e7d44-1c2a-4f7e-8e55-3a9d6c2b7e10' }), 422, 'HIS-1026');
  });

  it('does not accept a registration txnId for login', async () => {
    const generated = await post(paths.generateOtp, { aadhaar: TRAINING_IDENTITIES.newResident.aadhaar });
    const { txnId } = generated.json as { txnId: string };
    expectError(await post(paths.confirmWithAadhaarOtp, { otp: OTP, txnId }), 422, 'HIS-1026');
  });
});
