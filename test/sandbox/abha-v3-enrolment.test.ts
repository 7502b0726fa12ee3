// ABHA v3 enrolment with Aadhaar, mobile verification and the ABHA address (reference/spec/abdm-v3.md §2 items
// 1–4), and the one world shared with Health ID v1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAINING_IDENTITIES } from '../../sandbox/index';
import { bearer, loginWithAadhaarOtp, postJson, verhoeffCheckDigit, getJson, paths, enrol } from '../support/sandbox-http';
import {
  byAadhaarBody,
  codeOf,
  enrolV3,
  expectFieldError,
  expectWrapped,
  MOBILE_VERIFY_SCOPE,
  otpVerifyBody,
  requestAadhaarOtp,
  startV3,
  type Enrolled,
  type V3,
} from './abha-v3-harness';

const { newResident, existingAbha, noMobile, secondResident } = TRAINING_IDENTITIES;
let counter = 0;
function freshAadhaar(): string {
  const payload = `8${String(Date.now() % 1e6).padStart(6, '0')}${String(counter++).padStart(4, '0')}`;
  return `${payload}${verhoeffCheckDigit(payload)}`;
}

describe('ABHA v3 enrolment', () => {
  let v3: V3;
  beforeAll(async () => {
    v3 = await startV3();
  });
  afterAll(() => v3.sandbox.close());

  it('creates the ABHA in one call (isNew true), mobile verified when it is the Aadhaar mobile; again → isNew false, same ABHA', async () => {
    const first = await enrolV3(v3, newResident.aadhaar, newResident.aadhaarMobile);
    expect(first.isNew).toBe(true);
    expect(first.ABHAProfile.ABHANumber).toMatch(/^\d{2}-\d{4}-\d{4}-\d{4}$/);
    expect(first.ABHAProfile.mobile).toBe(newResident.aadhaarMobile);
    expect(first.ABHAProfile.firstName).toBe('Ravi');
    expect(first.ABHAProfile.dob).toBe('12-03-1985');
    expect(first.ABHAProfile.phrAddress).toEqual([`${first.ABHAProfile.ABHANumber.replaceAll('-', '')}@sbx`]);
    expect(first.tokens.expiresIn).toBe(1800);
    expect(typeof first.tokens.token).toBe('string');

    const again = await enrolV3(v3, newResident.aadhaar, newResident.aadhaarMobile);
    expect(again.isNew).toBe(false);
    expect(again.ABHAProfile.ABHANumber).toBe(first.ABHAProfile.ABHANumber);
  });

  it('returns a v1 training identity\'s existing ABHA with isNew false', async () => {
    const res = await enrolV3(v3, existingAbha.aadhaar, existingAbha.aadhaarMobile);
    expect(res.isNew).toBe(false);
    expect(res.ABHAProfile.ABHANumber).toBe('91-4820-1736-5529');
    expect(res.ABHAProfile.phrAddress).toEqual(['asha.verma@sbx']);
  });

  it('leaves ABHAProfile.mobile null when the mobile typed is not the Aadhaar\'s, then verifies it by mobile OTP', async () => {
    const typed = '9000012345';
    const enrolled = await enrolV3(v3, freshAadhaar(), typed);
    expect(enrolled.isNew).toBe(true);
    expect(enrolled.ABHAProfile.mobile).toBeNull();

    const sent = await v3.post('/enrollment/request/otp', {
      txnId: enrolled.txnId,
      scope: MOBILE_VERIFY_SCOPE,
      loginHint: 'mobile',
      loginId: v3.enc(typed),
      otpSystem: 'abdm',
    });
    expect(sent.status, sent.text).toBe(200);
    expect((sent.json as { message: string }).message).toContain('2345');

    const wrong = await v3.post('/enrollment/auth/byAbdm', otpVerifyBody(v3, MOBILE_VERIFY_SCOPE, enrolled.txnId, '000000'));
    expect(wrong.status).toBe(422);
    expect(codeOf(wrong)).toBe('ABDM-1204');

    const verified = await v3.post('/enrollment/auth/byAbdm', otpVerifyBody(v3, MOBILE_VERIFY_SCOPE, enrolled.txnId));
    expect(verified.status, verified.text).toBe(200);
    expect(verified.json).toMatchObject({ txnId: enrolled.txnId, authResult: 'success', accounts: [{ ABHANumber: enrolled.ABHAProfile.ABHANumber }] });

    const profile = await v3.get('/profile/account', { 'X-token': `Bearer ${enrolled.tokens.token}` });
    expect(profile.json).toMatchObject({ ABHANumber: enrolled.ABHAProfile.ABHANumber, mobile: typed });
  });

  it('refuses a wrong Aadhaar OTP with ABDM-1204 (422) and an unknown txnId with ABDM-1017', async () => {
    const txnId = await requestAadhaarOtp(v3, secondResident.aadhaar);
    const wrong = await v3.post('/enrollment/enrol/byAadhaar', byAadhaarBody(v3, txnId, secondResident.aadhaarMobile, '654321'));
    expect(wrong.status).toBe(422);
    expect(codeOf(wrong)).toBe('ABDM-1204');
    expectWrapped(await v3.post('/enrollment/enrol/byAadhaar', byAadhaarBody(v3, crypto.randomUUID(), secondResident.aadhaarMobile)), 401, 'ABDM-1017');
    expectFieldError(await v3.post('/enrollment/enrol/byAadhaar', byAadhaarBody(v3, txnId, '12345')), 'mobile');
  });

  it('refuses an Aadhaar that fails the Verhoeff check and one without a linked mobile', async () => {
    const body = (aadhaar: string) => ({ txnId: '', scope: ['abha-enrol'], loginHint: 'aadhaar', loginId: v3.enc(aadhaar), otpSystem: 'aadhaar' });
    expectFieldError(await v3.post('/enrollment/request/otp', body('234567890125')), 'loginId');
    expect((await v3.post('/enrollment/request/otp', body(noMobile.aadhaar))).status).toBe(422);
  });

  describe('ABHA address', () => {
    let enrolled: Enrolled;
    beforeAll(async () => {
      enrolled = await enrolV3(v3, secondResident.aadhaar, secondResident.aadhaarMobile);
    });

    it('suggests free addresses (header TRANSACTION_ID) and sets the chosen one as preferred', async () => {
      const suggestions = await v3.get('/enrollment/enrol/suggestion', { TRANSACTION_ID: enrolled.txnId });
      expect(suggestions.status, suggestions.text).toBe(200);
      const { txnId, abhaAddressList } = suggestions.json as { txnId: string; abhaAddressList: string[] };
      expect(txnId).toBe(enrolled.txnId);
      expect(abhaAddressList.length).toBeGreaterThan(0);
      expect(abhaAddressList).toContain('priya.reddy');

      const chosen = await v3.post('/enrollment/enrol/abha-address', { txnId: enrolled.txnId, abhaAddress: abhaAddressList[0], preferred: 1 });
      expect(chosen.status, chosen.text).toBe(200);
      expect(chosen.json).toEqual({ txnId: enrolled.txnId, healthIdNumber: enrolled.ABHAProfile.ABHANumber, preferredAbhaAddress: `${abhaAddressList[0]}@sbx` });

      const after = await v3.get('/enrollment/enrol/suggestion', { TRANSACTION_ID: enrolled.txnId });
      expect((after.json as { abhaAddressList: string[] }).abhaAddressList).not.toContain(abhaAddressList[0]);
    });

    it('refuses a taken address and one breaking the rules', async () => {
      const taken = await v3.post('/enrollment/enrol/abha-address', { txnId: enrolled.txnId, abhaAddress: 'asha.verma', preferred: 1 });
      expect(taken.status).toBe(400);
      expect(codeOf(taken)).toBe('ABDM-1101');
      expectFieldError(await v3.post('/enrollment/enrol/abha-address', { txnId: enrolled.txnId, abhaAddress: '1ab', preferred: 1 }), 'abhaAddress');
      expectFieldError(await v3.post('/enrollment/enrol/abha-address', { txnId: enrolled.txnId, abhaAddress: 'priya.ok', preferred: 2 }), 'preferred');
    });

    it('refuses suggestions without a valid TRANSACTION_ID', async () => {
      expectWrapped(await v3.get('/enrollment/enrol/suggestion'), 401, 'ABDM-1017');
    });
  });

  describe('one world with Health ID v1', () => {
    it('v1 logs in to an account created through v3, by number and by the address chosen in v3', async () => {
      const token = v3.token;
      const enrolled = await enrolV3(v3, freshAadhaar(), '9000054321');
      const address = `v3world${counter}`;
      const set = await v3.post('/enrollment/enrol/abha-address', { txnId: enrolled.txnId, abhaAddress: address, preferred: 1 });
      expect(set.status, set.text).toBe(200);
      const init = await postJson(`${v3.sandbox.healthIdBaseUrl}${paths.authInit}`, { authMethod: 'AADHAAR_OTP', healthid: enrolled.ABHAProfile.ABHANumber }, bearer(token));
      expect(init.status, init.text).toBe(200);
      const xToken = await loginWithAadhaarOtp(v3.sandbox, token, `${address}@sbx`);
      const profile = await getJson(`${v3.sandbox.healthIdBaseUrl}${paths.profile}`, { ...bearer(token), 'x-token': `Bearer ${xToken}` });
      expect(profile.json).toMatchObject({ healthIdNumber: enrolled.ABHAProfile.ABHANumber, healthId: `${address}@sbx` });
    });

    it('v3 enrolment finds an account created through v1 (isNew false)', async () => {
      const aadhaar = freshAadhaar();
      const created = await enrol(v3.sandbox, v3.token, aadhaar, '9000067890');
      const res = await enrolV3(v3, aadhaar, '9000067890');
      expect(res.isNew).toBe(false);
      expect(res.ABHAProfile.ABHANumber).toBe(created.healthIdNumber);
    });
  });
});
