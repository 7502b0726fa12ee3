// ABHA v3 login (number, mobile with a choice of account, Aadhaar, address) and the patient's account calls
// with the X-token (reference/spec/abdm-v3.md §2 items 5–8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, TRAINING_IDENTITIES, type ManualClock } from '../../sandbox/index';
import { enrol, verhoeffCheckDigit } from '../support/sandbox-http';
import { codeOf, expectFieldError, expectWrapped, loginV3, otpVerifyBody, startV3, type V3 } from './abha-v3-harness';

const { existingAbha } = TRAINING_IDENTITIES;
const ASHA = '91-4820-1736-5529';
// The sandbox's documented family mobile holding three ABHAs (docs/sandbox-abha-v3.md §3).
const FAMILY_MOBILE = '9123400006';
const FAMILY = ['91-3057-2046-1238', '91-6381-5902-1234', '91-7724-0318-1237'];
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Verified {
  txnId: string;
  authResult: string;
  token: string;
  expiresIn: number;
  refreshToken?: string;
  accounts: Array<{ ABHANumber: string; preferredAbhaAddress: string; name: string }>;
}

describe('ABHA v3 login and account', () => {
  let v3: V3;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = manualClock(Date.parse('2025-03-01T04:30:00.000Z'));
    v3 = await startV3({ clock });
  });
  afterAll(() => v3.sandbox.close());

  const xToken = (token: string) => ({ 'X-token': `Bearer ${token}` });

  it('logs in by ABHA number (encrypted with its dashes) with an Aadhaar OTP: X-token for 1800 s', async () => {
    const res = await loginV3(v3, 'abha-number', ASHA);
    expect(res.status, res.text).toBe(200);
    const body = res.json as Verified;
    expect(body.authResult).toBe('success');
    expect(body.expiresIn).toBe(1800);
    expect(body.accounts.map((a) => a.ABHANumber)).toEqual([ASHA]);
    const profile = await v3.get('/profile/account', xToken(body.token));
    expect(profile.status, profile.text).toBe(200);
    expect(profile.json).toMatchObject({ ABHANumber: ASHA, preferredAbhaAddress: 'asha.verma@sbx', firstName: 'Asha', mobile: existingAbha.aadhaarMobile });
  });

  it('logs in by ABHA number with a mobile OTP (otpSystem abdm) too', async () => {
    const res = await loginV3(v3, 'abha-number', ASHA, 'abdm');
    expect(res.status, res.text).toBe(200);
    expect((res.json as Verified).expiresIn).toBe(1800);
  });

  it('refuses an ABHA number without dashes and one that has no account', async () => {
    const scope = ['abha-login', 'aadhaar-verify'];
    const send = (value: string) => v3.post('/profile/login/request/otp', { scope, loginHint: 'abha-number', loginId: v3.enc(value), otpSystem: 'aadhaar' });
    expectFieldError(await send(ASHA.replaceAll('-', '')), 'loginId');
    const missing = await send('91-1111-2222-3333');
    expect(missing.status).toBe(400);
    expect(codeOf(missing)).toBe('ABDM-1114');
  });

  it('refuses a scope that does not match the OTP system', async () => {
    const res = await v3.post('/profile/login/request/otp', { scope: ['abha-login', 'mobile-verify'], loginHint: 'abha-number', loginId: v3.enc(ASHA), otpSystem: 'aadhaar' });
    expect(res.status).toBe(400);
  });

  it('logs in by Aadhaar', async () => {
    const res = await loginV3(v3, 'aadhaar', existingAbha.aadhaar);
    expect(res.status, res.text).toBe(200);
    expect((res.json as Verified).accounts[0]?.ABHANumber).toBe(ASHA);
  });

  it('by mobile: a 300 s T-token and every ABHA on the mobile; verify/user gives the chosen one\'s X-token', async () => {
    const res = await loginV3(v3, 'mobile', FAMILY_MOBILE, 'abdm');
    expect(res.status, res.text).toBe(200);
    const body = res.json as Verified;
    expect(body.expiresIn).toBe(300);
    expect(body.accounts.map((a) => a.ABHANumber).sort()).toEqual([...FAMILY].sort());

    const choose = (token: string, ABHANumber: string) =>
      v3.post('/profile/login/verify/user', { ABHANumber, txnId: body.txnId }, { 'T-token': `Bearer ${token}` });
    expect((await choose(body.token, '91-1111-2222-3333')).status).toBe(400);
    const chosen = await choose(body.token, FAMILY[1]!);
    expect(chosen.status, chosen.text).toBe(200);
    const { token, expiresIn } = chosen.json as { token: string; expiresIn: number };
    expect(expiresIn).toBe(1800);
    const profile = await v3.get('/profile/account', xToken(token));
    expect(profile.json).toMatchObject({ ABHANumber: FAMILY[1], firstName: 'Rohan', mobile: FAMILY_MOBILE });
  });

  it('refuses verify/user without "Bearer " in T-token, and once the T-token has expired', async () => {
    const body = (await loginV3(v3, 'mobile', FAMILY_MOBILE, 'abdm')).json as Verified;
    const noBearer = await v3.post('/profile/login/verify/user', { ABHANumber: FAMILY[0], txnId: body.txnId }, { 'T-token': body.token });
    expect(noBearer.status).toBe(400);
    clock.advance(301_000);
    await v3.renew();
    const expired = await v3.post('/profile/login/verify/user', { ABHANumber: FAMILY[0], txnId: body.txnId }, { 'T-token': `Bearer ${body.token}` });
    expect(expired.status).toBe(401);
  });

  it('refuses a wrong login OTP with ABDM-1204', async () => {
    const scope = ['abha-login', 'aadhaar-verify'];
    const sent = await v3.post('/profile/login/request/otp', { scope, loginHint: 'abha-number', loginId: v3.enc(ASHA), otpSystem: 'aadhaar' });
    const wrong = await v3.post('/profile/login/verify', otpVerifyBody(v3, scope, (sent.json as { txnId: string }).txnId, '111111'));
    expect(wrong.status).toBe(422);
    expect(codeOf(wrong)).toBe('ABDM-1204');
  });

  it('logs in by ABHA address: search, OTP, verify', async () => {
    const search = await v3.post('/phr/web/login/abha/search', { abhaAddress: 'asha.verma@sbx' });
    expect(search.status, search.text).toBe(200);
    expect(search.json).toMatchObject({ healthIdNumber: ASHA, status: 'ACTIVE', fullName: 'Asha Devi Verma', blockedAuthMethods: [] });
    expect((search.json as { authMethods: string[] }).authMethods.length).toBeGreaterThan(0);

    const scope = ['abha-address-login', 'mobile-verify'];
    const sent = await v3.post('/phr/web/login/abha/request/otp', { scope, loginHint: 'abha-address', loginId: v3.enc('asha.verma@sbx'), otpSystem: 'abdm' });
    expect(sent.status, sent.text).toBe(200);
    const verified = await v3.post('/phr/web/login/abha/verify', otpVerifyBody(v3, scope, (sent.json as { txnId: string }).txnId));
    expect(verified.status, verified.text).toBe(200);
    const body = verified.json as { authResult: string; users: Array<{ abhaAddress: string }>; tokens: { token: string; expiresIn: number } };
    expect(body.authResult).toBe('success');
    expect(body.users[0]?.abhaAddress).toBe('asha.verma@sbx');
    expect((await v3.get('/profile/account', xToken(body.tokens.token))).status).toBe(200);

    const unknown = await v3.post('/phr/web/login/abha/search', { abhaAddress: 'nobody.here@sbx' });
    expect(unknown.status).toBe(400);
    expect(codeOf(unknown)).toBe('ABDM-1114');
  });

  describe('with an X-token', () => {
    let token: string;
    let refreshToken: string;
    beforeAll(async () => {
      const body = (await loginV3(v3, 'abha-number', ASHA)).json as Verified;
      token = body.token;
      refreshToken = body.refreshToken!;
    });

    it('GET /profile/account/abha-card answers PNG image bytes (202)', async () => {
      const card = await v3.getBytes('/profile/account/abha-card', xToken(token));
      expect(card.status).toBe(202);
      expect(card.contentType).toMatch(/^image\/png/);
      expect(card.bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    });

    it('GET /profile/account/qrCode answers a PNG', async () => {
      const qr = await v3.getBytes('/profile/account/qrCode', xToken(token));
      expect(qr.status).toBe(200);
      expect(qr.bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    });

    it('refuses an X-token without "Bearer " with 400 "Invalid X-token"', async () => {
      const res = await v3.get('/profile/account', { 'X-token': token });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ message: 'Invalid X-token' });
    });

    it('expires the X-token after 1800 s (ABDM-1094, 401); the R-token gives a fresh one', async () => {
      clock.advance(1801_000);
      await v3.renew();
      const expired = await v3.get('/profile/account', xToken(token));
      expect(expired.status).toBe(401);
      expect(codeOf(expired)).toBe('ABDM-1094');
      const refreshed = await v3.get('/profile/account/request/token', { 'R-token': `Bearer ${refreshToken}` });
      expect(refreshed.status, refreshed.text).toBe(200);
      const fresh = (refreshed.json as { token: string; expiresIn: number });
      expect(fresh.expiresIn).toBe(1800);
      expect((await v3.get('/profile/account', xToken(fresh.token))).status).toBe(200);
      expect((await v3.get('/profile/account/request/token', { 'R-token': 'Bearer junk' })).status).toBe(401);
    });
  });

  it('refuses a login by a mobile on more than 6 ABHAs with ABDM-1124', async () => {
    // v1 allows up to 10 accounts on a mobile; v3 logins refuse a mobile on more than 6.
    const mobile = '9000077777';
    await v3.renew();
    for (let i = 0; i < 7; i++) {
      const payload = `5${String(i).padStart(3, '0')}${String(clock.now() % 1e7).padStart(7, '0')}`;
      await enrol(v3.sandbox, v3.token, `${payload}${verhoeffCheckDigit(payload)}`, mobile);
    }
    const res = await loginV3(v3, 'mobile', mobile, 'abdm');
    expect(res.status).toBe(422);
    expect(codeOf(res)).toBe('ABDM-1124');
    expectWrapped(await v3.post('/profile/login/verify/user', { ABHANumber: ASHA, txnId: crypto.randomUUID() }, { 'T-token': 'Bearer x' }), 401, 'ABDM-2401');
  });
});
