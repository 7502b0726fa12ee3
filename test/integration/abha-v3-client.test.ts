// The ABHA v3 client against the offline simulator's ABHA v3 (sandbox/abha-v3/, docs/sandbox-abha-v3.md): every
// flow of reference/spec/abdm-v3.md §2 end to end, with the simulator's people (sandbox/training-identities.ts,
// sandbox/abha-v3/family-accounts.ts) and its one OTP (123456).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAbhaV3Client } from '../../electron/abdm/abha-v3/client';
import type { AbhaV3Client } from '../../electron/abdm/abha-v3/types';
import { AbdmError, UserTokenExpiredError } from '../../electron/abdm/errors';
import { GatewaySession } from '../../electron/abdm/session';
import { MOBILE_FAMILY, SHARED_FAMILY_MOBILE } from '../../sandbox/abha-v3/index';
import { manualClock, startSandbox, TRAINING_IDENTITIES, type ManualClock, type RunningSandbox } from '../../sandbox/index';

const OTP = '123456';
const MINUTE = 60_000;
const { newResident, existingAbha, secondResident } = TRAINING_IDENTITIES;

interface Sent {
  method: string;
  path: string;
  body: string;
}

let sandbox: RunningSandbox;
let clock: ManualClock;
let abha: AbhaV3Client;
let sent: Sent[];
/** Extra headers for the next requests (the simulator's X-Sandbox-Error-Shape). */
let extraHeaders: Record<string, string>;

function capturing(): typeof fetch {
  return (input, init) => {
    const url = new URL(String(input));
    sent.push({ method: init?.method ?? 'GET', path: url.pathname.replace('/abha/api/v3', ''), body: typeof init?.body === 'string' ? init.body : '' });
    const headers = { ...(init?.headers as Record<string, string>), ...extraHeaders };
    return fetch(input, { ...init, headers });
  };
}

function clientFor(session: GatewaySession): AbhaV3Client {
  return createAbhaV3Client({ baseUrl: sandbox.abhaV3BaseUrl, session, fetch: capturing(), retryDelaysMs: [], now: () => clock.now() });
}

function sessionOf(now?: () => number): GatewaySession {
  return new GatewaySession({
    gatewayBaseUrl: sandbox.gatewayBaseUrl,
    clientId: sandbox.config.clientId,
    clientSecret: async () => sandbox.config.clientSecret,
    ...(now ? { now } : {}),
  });
}

beforeEach(async () => {
  clock = manualClock(Date.UTC(2025, 0, 6, 4, 30));
  sandbox = await startSandbox({ port: 0, seed: 'abha-v3-client', clock });
  sent = [];
  extraHeaders = {};
  abha = clientFor(sessionOf(() => clock.now()));
});

afterEach(async () => {
  await sandbox.close();
});

async function enrol(aadhaar: string, mobile: string) {
  const { txnId } = await abha.enrolRequestAadhaarOtp({ aadhaar });
  return abha.enrolByAadhaar({ txnId, otp: OTP, mobile });
}

describe('enrolment', () => {
  it('creates a new ABHA (isNew true), then its address from the suggestions', async () => {
    const otp = await abha.enrolRequestAadhaarOtp({ aadhaar: newResident.aadhaar });
    expect(otp.txnId).toMatch(/^[0-9a-f-]{36}$/);
    expect(otp.message).toMatch(/\d{4}/);
    const enrolled = await abha.enrolByAadhaar({ txnId: otp.txnId, otp: OTP, mobile: newResident.aadhaarMobile });
    expect(enrolled.isNew).toBe(true);
    expect(enrolled.verifiedMobile).toBe(newResident.aadhaarMobile);
    expect(enrolled.person).toMatchObject({ firstName: 'Ravi', middleName: 'Kumar', lastName: 'Sharma', gender: 'M', dayOfBirth: '12', monthOfBirth: '3', yearOfBirth: '1985' });
    expect(enrolled.person.healthIdNumber).toMatch(/^\d{2}-\d{4}-\d{4}-\d{4}$/);
    expect(enrolled.token.token).not.toBe('');

    const suggestions = await abha.addressSuggestions({ txnId: enrolled.txnId });
    expect(suggestions.length).toBeGreaterThan(0);
    const chosen = await abha.enrolAbhaAddress({ txnId: enrolled.txnId, abhaAddress: suggestions[0]! });
    expect(chosen).toEqual({ txnId: enrolled.txnId, abhaNumber: enrolled.person.healthIdNumber, abhaAddress: `${suggestions[0]}@sbx` });
    const profile = await abha.profile(enrolled.token.token);
    expect(profile).toMatchObject({ healthIdNumber: enrolled.person.healthIdNumber, healthId: `${suggestions[0]}@sbx`, mobile: newResident.aadhaarMobile });
  });

  it('answers an Aadhaar that already has an ABHA with that account (isNew false)', async () => {
    const enrolled = await enrol(existingAbha.aadhaar, existingAbha.aadhaarMobile!);
    expect(enrolled.isNew).toBe(false);
    expect(enrolled.person).toMatchObject({ healthIdNumber: existingAbha.existingAbha.healthIdNumber, firstName: 'Asha', lastName: 'Verma' });
    expect(enrolled.abhaAddresses).toContain(existingAbha.existingAbha.healthId);
  });

  it('verifies a mobile that is not the Aadhaar’s with its own OTP', async () => {
    const enrolled = await enrol(newResident.aadhaar, '9000012345');
    expect(enrolled.isNew).toBe(true);
    expect(enrolled.verifiedMobile).toBeNull();
    const { txnId } = await abha.enrolRequestMobileOtp({ txnId: enrolled.txnId, mobile: '9000012345' });
    await expect(abha.enrolVerifyMobileOtp({ txnId, otp: OTP })).resolves.toMatchObject({ txnId });
    await expect(abha.profile(enrolled.token.token)).resolves.toMatchObject({ mobile: '9000012345' });
  });

  it('keeps ABDM-1204 for a wrong OTP, whichever body shape carries it', async () => {
    const { txnId } = await abha.enrolRequestAadhaarOtp({ aadhaar: newResident.aadhaar });
    for (const shape of ['wrapped', 'array', 'flat']) {
      extraHeaders = { 'X-Sandbox-Error-Shape': shape };
      const error = await abha.enrolByAadhaar({ txnId, otp: '000000', mobile: newResident.aadhaarMobile }).catch((e: unknown) => e);
      expect(error, shape).toBeInstanceOf(AbdmError);
      expect(error, shape).toMatchObject({ status: 422, code: 'ABDM-1204', specificCode: 'ABDM-1204', service: 'abha', operation: 'enrolByAadhaar' });
    }
  });
});

describe('login', () => {
  it('by ABHA number with an Aadhaar OTP gives the X-token at once', async () => {
    const { txnId } = await abha.loginRequestOtp({ loginHint: 'abha-number', value: existingAbha.existingAbha.healthIdNumber.replace(/-/g, ''), otpSystem: 'aadhaar' });
    const result = await abha.loginVerifyOtp({ txnId, otp: OTP, loginHint: 'abha-number', otpSystem: 'aadhaar' });
    if (result.kind !== 'token') throw new Error(`expected a token, got ${result.kind}`);
    expect(result.accounts.map((account) => account.abhaNumber)).toEqual([existingAbha.existingAbha.healthIdNumber]);
    await expect(abha.profile(result.token.token)).resolves.toMatchObject({ healthIdNumber: existingAbha.existingAbha.healthIdNumber, healthId: existingAbha.existingAbha.healthId });
  });

  it('by a mobile holding several ABHAs: the operator chooses one', async () => {
    const { txnId } = await abha.loginRequestOtp({ loginHint: 'mobile', value: SHARED_FAMILY_MOBILE, otpSystem: 'abdm' });
    const result = await abha.loginVerifyOtp({ txnId, otp: OTP, loginHint: 'mobile', otpSystem: 'abdm' });
    if (result.kind !== 'choose') throw new Error(`expected a choice, got ${result.kind}`);
    expect(result.accounts.map((account) => account.abhaNumber).sort()).toEqual(MOBILE_FAMILY.map((member) => member.healthIdNumber).sort());
    const rohan = MOBILE_FAMILY.find((member) => member.firstName === 'Rohan')!;
    const token = await abha.loginChooseAccount({ txnId: result.txnId, tToken: result.tToken, abhaNumber: rohan.healthIdNumber });
    await expect(abha.profile(token.token)).resolves.toMatchObject({ healthIdNumber: rohan.healthIdNumber, firstName: 'Rohan', lastName: 'Joshi' });
  });

  it('by Aadhaar', async () => {
    const { txnId } = await abha.loginRequestOtp({ loginHint: 'aadhaar', value: existingAbha.aadhaar, otpSystem: 'aadhaar' });
    const result = await abha.loginVerifyOtp({ txnId, otp: OTP, loginHint: 'aadhaar', otpSystem: 'aadhaar' });
    expect(result).toMatchObject({ kind: 'token', accounts: [{ abhaNumber: existingAbha.existingAbha.healthIdNumber }] });
  });

  it('by ABHA address: search, mobile OTP, then the profile', async () => {
    const found = await abha.addressSearch({ abhaAddress: existingAbha.existingAbha.healthId });
    expect(found.abhaNumber).toBe(existingAbha.existingAbha.healthIdNumber);
    expect(found.authMethods.length).toBeGreaterThan(0);
    const { txnId } = await abha.addressRequestOtp({ abhaAddress: existingAbha.existingAbha.healthId, otpSystem: 'abdm' });
    const result = await abha.addressVerifyOtp({ txnId, otp: OTP, otpSystem: 'abdm' });
    if (result.kind !== 'token') throw new Error('expected a token');
    await expect(abha.profile(result.token.token)).resolves.toMatchObject({ healthIdNumber: existingAbha.existingAbha.healthIdNumber });
  });
});

describe('with the patient’s X-token', () => {
  async function loggedIn() {
    const { txnId } = await abha.loginRequestOtp({ loginHint: 'aadhaar', value: existingAbha.aadhaar, otpSystem: 'aadhaar' });
    const result = await abha.loginVerifyOtp({ txnId, otp: OTP, loginHint: 'aadhaar', otpSystem: 'aadhaar' });
    if (result.kind !== 'token') throw new Error('expected a token');
    return result.token;
  }

  it('gets the card and the QR as images', async () => {
    const token = await loggedIn();
    const card = await abha.card(token.token);
    expect(card.kind).toBe('image/png');
    expect(card.data.length).toBeGreaterThan(1000);
    const qr = await abha.qrCode(token.token);
    expect(qr.kind).toBe('image/png');
  });

  it('asks to verify again once the X-token has expired, and a refresh token gives a new one', async () => {
    const token = await loggedIn();
    expect(token.expiresIn).toBe(1800);
    clock.advance(31 * MINUTE);
    const error = await abha.profile(token.token).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserTokenExpiredError);
    expect(error).toMatchObject({ code: 'ABDM-1094', status: 401 });
    const renewed = await abha.refreshUserToken(token.refreshToken!);
    await expect(abha.profile(renewed.token)).resolves.toMatchObject({ healthIdNumber: existingAbha.existingAbha.healthIdNumber });
  });

  it('renews the gateway session when the simulator says 900901', async () => {
    // A session on the desk's own time keeps a token the simulator's later clock has seen expire.
    const realTime = clientFor(sessionOf());
    await realTime.addressSearch({ abhaAddress: existingAbha.existingAbha.healthId });
    clock.advance(3 * 60 * MINUTE);
    await expect(realTime.addressSearch({ abhaAddress: existingAbha.existingAbha.healthId })).resolves.toMatchObject({ abhaNumber: existingAbha.existingAbha.healthIdNumber });
    const searches = sent.filter((call) => call.path === '/phr/web/login/abha/search');
    expect(searches).toHaveLength(3);
  });
});

describe('privacy', () => {
  it('never sends the Aadhaar number, the mobile typed as a login id or an OTP in clear', async () => {
    const enrolled = await enrol(secondResident.aadhaar, '9000054321');
    const { txnId } = await abha.enrolRequestMobileOtp({ txnId: enrolled.txnId, mobile: '9000054321' });
    await abha.enrolVerifyMobileOtp({ txnId, otp: OTP });
    const login = await abha.loginRequestOtp({ loginHint: 'aadhaar', value: secondResident.aadhaar, otpSystem: 'aadhaar' });
    await abha.loginVerifyOtp({ txnId: login.txnId, otp: OTP, loginHint: 'aadhaar', otpSystem: 'aadhaar' });
    const bodies = sent.map((call) => call.body).join('\n');
    expect(bodies).not.toContain(secondResident.aadhaar);
    expect(bodies).not.toContain(OTP);
    // The byAadhaar mobile is the one plain value: it is compared with Aadhaar's, not a login id.
    const mobileOtp = sent.find((call) => call.path === '/enrollment/request/otp' && call.body.includes('mobile-verify'))!;
    expect(mobileOtp.body).not.toContain('9000054321');
  });
});
