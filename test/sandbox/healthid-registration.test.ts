import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock, TRAINING_IDENTITIES, INVALID_AADHAAR_EXAMPLE, type RunningSandbox } from '../../sandbox/index';
import { assertMatchesOfficial, assertOfficialApiError, HEALTH_ID_SPEC } from '../support/official-spec';
import {
  bearer,
  enrol,
  expectApiError,
  gatewayToken,
  getJson,
  type HttpResult,
  OTP,
  paths,
  postJson,
  startTestSandbox,
  userHeaders,
  verhoeffCheckDigit,
  verifiedRegistration,
} from '../support/sandbox-http';

const { newResident, existingAbha, noMobile, secondResident, virtualId } = TRAINING_IDENTITIES;
// Every CreateAccountJwtResponse property is answered; email only when one was given.
const CREATED_FIELDS = [
  'authMethods', 'dayOfBirth', 'districtCode', 'districtName', 'firstName', 'gender', 'healthId', 'healthIdNumber', 'kycPhoto',
  'lastName', 'middleName', 'mobile', 'monthOfBirth', 'name', 'new', 'profilePhoto', 'refreshToken', 'stateCode', 'stateName',
  'tags', 'token', 'yearOfBirth',
];
const createdAccountOptions = {
  required: CREATED_FIELDS,
  closed: true,
  allowedExtras: ['pincode'], // present in the real sandbox's answer (doc example), not in the schema
};

/** Independent Luhn check (the sandbox has its own; this one guards it). */
function luhnValid(digits: string): boolean {
  let sum = 0;
  [...digits].reverse().forEach((c, i) => {
    let d = Number(c);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  });
  return sum % 10 === 0;
}

let aadhaarCounter = 0;
/** A Verhoeff-valid Aadhaar number never used before in this file. */
function freshAadhaar(): string {
  const payload = `7${String(Date.now() % 1e6).padStart(6, '0')}${String(aadhaarCounter++).padStart(4, '0')}`;
  return `${payload}${verhoeffCheckDigit(payload)}`;
}

function expectError(res: HttpResult, status: number, detail: string, top?: string) {
  const body = expectApiError(res, status, detail, top);
  assertOfficialApiError(res.json);
  return body;
}

describe('registration with Aadhaar (v1)', () => {
  let sandbox: RunningSandbox;
  let token: string;
  let api: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    token = await gatewayToken(sandbox);
    api = sandbox.healthIdBaseUrl;
  });
  afterAll(() => sandbox.close());

  it('runs generateOtp → verifyOTP → generateMobileOTP → verifyMobileOTP → createHealthIdWithPreVerified on one txnId', async () => {
    const auth = bearer(token);
    const generated = await postJson(`${api}${paths.generateOtp}`, { aadhaar: newResident.aadhaar }, auth);
    expect(generated.status).toBe(200);
    assertMatchesOfficial(HEALTH_ID_SPEC, 'TxnResponse2', generated.json, { required: 'all', closed: true });
    const { txnId } = generated.json as { txnId: string };

    const verified = await postJson(`${api}${paths.verifyOtp}`, { otp: OTP, txnId }, auth);
    assertMatchesOfficial(HEALTH_ID_SPEC, 'TxnResponse2', verified.json, { required: 'all', closed: true });
    expect(verified.json).toEqual({ txnId });

    const mobileSent = await postJson(`${api}${paths.generateMobileOtp}`, { mobile: newResident.aadhaarMobile, txnId }, auth);
    assertMatchesOfficial(HEALTH_ID_SPEC, 'TxnResponse', mobileSent.json, { required: 'all', closed: true });
    expect(mobileSent.json).toEqual({ txnId, mobileNumber: 'XXXXXX0001' });

    const mobileVerified = await postJson(`${api}${paths.verifyMobileOtp}`, { otp: OTP, txnId }, auth);
    assertMatchesOfficial(HEALTH_ID_SPEC, 'TxnResponse3', mobileVerified.json, { required: 'all', closed: true });
    expect(mobileVerified.json).toEqual({ txnId });

    const created = await postJson(`${api}${paths.createHealthId}`, { txnId, healthId: 'ravi.sharma', email: 'ravi@example.org' }, auth);
    expect(created.status, created.text).toBe(200);
    assertMatchesOfficial(HEALTH_ID_SPEC, 'CreateAccountJwtResponse', created.json, createdAccountOptions);
    const account = created.json as Record<string, unknown>;
    expect(account).toMatchObject({
      healthId: 'ravi.sharma@sbx',
      name: 'Ravi Kumar Sharma',
      firstName: 'Ravi',
      gender: 'M',
      yearOfBirth: '1985',
      monthOfBirth: '3',
      dayOfBirth: '12',
      stateCode: '27',
      stateName: 'MAHARASHTRA',
      districtCode: '490',
      districtName: 'Pune',
      mobile: '9876500001',
      email: 'ravi@example.org',
      new: true,
    });
    const abhaNumber = account.healthIdNumber as string;
    expect(abhaNumber).toMatch(/^91-\d{4}-\d{4}-\d{4}$/);
    expect(luhnValid(abhaNumber.replaceAll('-', ''))).toBe(true);
    expect(Buffer.from(account.kycPhoto as string, 'base64').subarray(1, 4).toString()).toBe('PNG');

    const profile = await getJson(`${api}${paths.profile}`, userHeaders(token, account.token as string));
    expect(profile.status).toBe(200);
    expect(profile.json).toMatchObject({ healthIdNumber: abhaNumber, healthId: 'ravi.sharma@sbx' });
  });

  it('gives the default ABHA address <14 digits>@sbx when none is chosen', async () => {
    const account = await enrol(sandbox, token, freshAadhaar(), '9000000001');
    expect(account.healthId).toBe(`${account.healthIdNumber.replaceAll('-', '')}@sbx`);
  });

  it('returns the existing account with new: false when the same Aadhaar enrols twice', async () => {
    const aadhaar = freshAadhaar();
    const first = await enrol(sandbox, token, aadhaar, '9000000002', { healthId: 'twice.enrolled' });
    const second = await enrol(sandbox, token, aadhaar, '9000000002', { healthId: 'another.choice' });
    expect(first.new).toBe(true);
    expect(second).toMatchObject({ new: false, healthIdNumber: first.healthIdNumber, healthId: 'twice.enrolled@sbx' });
    assertMatchesOfficial(HEALTH_ID_SPEC, 'CreateAccountJwtResponse', second, createdAccountOptions);
  });

  it('knows the training identity that already holds an ABHA', async () => {
    const account = await enrol(sandbox, token, existingAbha.aadhaar, existingAbha.aadhaarMobile);
    expect(account).toMatchObject({ new: false, healthIdNumber: '91-4820-1736-5529', healthId: 'asha.verma@sbx', name: 'Asha Devi Verma' });
  });

  it('accepts a 16-digit Virtual ID', async () => {
    const account = await enrol(sandbox, token, virtualId.aadhaar, virtualId.aadhaarMobile);
    expect(account).toMatchObject({ new: true, name: 'Kiran Das', gender: 'O' });
  });

  it('derives the same synthetic resident from the same Aadhaar and seed, another one from another seed', async () => {
    const aadhaar = freshAadhaar();
    const residentFields = (a: Record<string, unknown>) => {
      const { token: _t, refreshToken: _r, ...rest } = a;
      return rest;
    };
    const first = await enrol(sandbox, token, aadhaar, '9000000003');
    const twin = await startTestSandbox();
    const other = await startTestSandbox({ seed: 'another-seed' });
    try {
      const again = await enrol(twin, await gatewayToken(twin), aadhaar, '9000000003');
      expect(residentFields(again)).toEqual(residentFields(first));
      const elsewhere = await enrol(other, await gatewayToken(other), aadhaar, '9000000003');
      expect(elsewhere.healthIdNumber).not.toBe(first.healthIdNumber);
    } finally {
      await twin.close();
      await other.close();
    }
    expect(first.gender).toMatch(/^[MFO]$/);
    expect(first.yearOfBirth).toMatch(/^(19[5-9]\d|200[0-5])$/);
    expect(first.stateCode).toMatch(/^\d+$/);
    expect(first.districtCode).toMatch(/^\d+$/);
  });
});

describe('registration errors', () => {
  const clock = manualClock(Date.parse('2025-02-01T10:00:00Z'));
  let sandbox: RunningSandbox;
  let token: string;
  let api: string;
  const post = (path: string, body: unknown) => postJson(`${api}${path}`, body, bearer(token));

  beforeAll(async () => {
    sandbox = await startTestSandbox({ clock, accessTokenTtlSeconds: 24 * 3600, config: { maxAccountsPerMobile: 2 } });
    api = sandbox.healthIdBaseUrl;
  });
  beforeEach(async () => {
    token = await gatewayToken(sandbox);
  });
  afterAll(() => sandbox.close());

  async function aadhaarOtpSent(aadhaar = freshAadhaar()): Promise<string> {
    const res = await post(paths.generateOtp, { aadhaar });
    expect(res.status, res.text).toBe(200);
    return (res.json as { txnId: string }).txnId;
  }

  it('rejects an Aadhaar number failing the Verhoeff check with 400 HIS-2016, never echoing the number', async () => {
    const res = await post(paths.generateOtp, { aadhaar: INVALID_AADHAAR_EXAMPLE });
    const body = expectError(res, 400, 'HIS-2016', 'HIS-400');
    expect(body.details[0]?.attribute).toEqual({ key: 'aadhaar', value: 'XXXX XXXX 0125' });
    expect(res.text).not.toContain(INVALID_AADHAAR_EXAMPLE);
  });

  it('rejects a malformed Aadhaar number with 400', async () => {
    for (const aadhaar of ['23456789012', '2345678901245', 'ABCDEFGHIJKL', '']) {
      expectError(await post(paths.generateOtp, { aadhaar }), 400, 'HIS-400');
    }
  });

  it('answers 422 HIS-3005 for an Aadhaar without a linked mobile number', async () => {
    const res = await post(paths.generateOtp, { aadhaar: noMobile.aadhaar });
    const body = expectError(res, 422, 'HIS-3005');
    expect(body.details[0]?.message).toMatch(/Registered Mobile number/);
  });

  it('refuses steps taken in the wrong order with 422 HIS-1026', async () => {
    const txnId = await aadhaarOtpSent();
    expectError(await post(paths.generateMobileOtp, { mobile: '9000000010', txnId }), 422, 'HIS-1026');
    expectError(await post(paths.verifyMobileOtp, { otp: OTP, txnId }), 422, 'HIS-1026');
    expectError(await post(paths.createHealthId, { txnId }), 422, 'HIS-1026');
    expect((await post(paths.verifyOtp, { otp: OTP, txnId })).status).toBe(200);
    expectError(await post(paths.verifyOtp, { otp: OTP, txnId }), 422, 'HIS-1026');
    expectError(await post(paths.createHealthId, { txnId }), 422, 'HIS-1026');
  });

  it('refuses a finished registration being used again', async () => {
    const txnId = await verifiedRegistration(sandbox, token, freshAadhaar(), '9000000011');
    expect((await post(paths.createHealthId, { txnId })).status).toBe(200);
    expectError(await post(paths.createHealthId, { txnId }), 422, 'HIS-1026');
  });

  it('answers 422 HIS-1026 for an unknown txnId and 400 HIS-1012 for one that is not a UUID', async () => {
    expectError(await post(paths.verifyOtp, { otp: OTP, txnId: '6f1d2c9e-5b7a-4c3e-9a10-2f4e8b7c1d01' }), 422, 'HIS-1026');
    expectError(await post(paths.verifyOtp, { otp: OTP, txnId: 'not-a-uuid' }), 400, 'HIS-1012', 'HIS-400');
  });

  it('expires OTPs after 10 minutes (HIS-1056) and transactions after 30 (HIS-1026)', async () => {
    const txnId = await aadhaarOtpSent();
    clock.advance(10 * 60 * 1000 + 1000);
    expectError(await post(paths.verifyOtp, { otp: OTP, txnId }), 422, 'HIS-1056');
    clock.advance(20 * 60 * 1000);
    expectError(await post(paths.verifyOtp, { otp: OTP, txnId }), 422, 'HIS-1026');
  });

  it('answers a wrong Aadhaar OTP with HIS-2022 and a wrong mobile OTP with HIS-1013', async () => {
    const txnId = await aadhaarOtpSent();
    const wrong = expectError(await post(paths.verifyOtp, { otp: '000000', txnId }), 422, 'HIS-2022');
    expect(wrong.details[0]?.message).toMatch(/4 attempts left/);
    expect((await post(paths.verifyOtp, { otp: OTP, txnId })).status).toBe(200);
    expect((await post(paths.generateMobileOtp, { mobile: '9000000012', txnId })).status).toBe(200);
    expectError(await post(paths.verifyMobileOtp, { otp: '111111', txnId }), 422, 'HIS-1013');
    expect((await post(paths.verifyMobileOtp, { otp: OTP, txnId })).status).toBe(200);
  });

  it('locks the transaction after 5 wrong OTPs (HIS-1039), even for the right OTP afterwards', async () => {
    const txnId = await aadhaarOtpSent();
    for (let i = 0; i < 4; i++) expectError(await post(paths.verifyOtp, { otp: '000000', txnId }), 422, 'HIS-2022');
    expectError(await post(paths.verifyOtp, { otp: '000000', txnId }), 422, 'HIS-1039', 'HIS-400');
    expectError(await post(paths.verifyOtp, { otp: OTP, txnId }), 422, 'HIS-1039', 'HIS-400');
  });

  it('limits mobile OTP requests in one transaction to 3 (HIS-2017)', async () => {
    const txnId = await aadhaarOtpSent();
    await post(paths.verifyOtp, { otp: OTP, txnId });
    for (let i = 0; i < 3; i++) expect((await post(paths.generateMobileOtp, { mobile: '9000000013', txnId })).status).toBe(200);
    expectError(await post(paths.generateMobileOtp, { mobile: '9000000013', txnId }), 422, 'HIS-2017');
  });

  it('throttles new OTP transactions for one Aadhaar: 10 per 30 minutes (HIS-1023)', async () => {
    const aadhaar = freshAadhaar();
    for (let i = 0; i < 10; i++) await aadhaarOtpSent(aadhaar);
    expectError(await post(paths.generateOtp, { aadhaar }), 422, 'HIS-1023');
    clock.advance(30 * 60 * 1000 + 1);
    token = await gatewayToken(sandbox);
    expect((await post(paths.generateOtp, { aadhaar })).status).toBe(200);
  });

  it('answers a bad mobile number with 422 HIS-1011 (top code HIS-400, as the real service does)', async () => {
    const txnId = await aadhaarOtpSent();
    await post(paths.verifyOtp, { otp: OTP, txnId });
    for (const mobile of ['12345', '5123456789', '98765432100', 'abcdefghij']) {
      expectError(await post(paths.generateMobileOtp, { mobile, txnId }), 422, 'HIS-1011', 'HIS-400');
    }
  });

  it('refuses a mobile number already linked to the configured maximum of accounts (HIS-1052)', async () => {
    await enrol(sandbox, token, freshAadhaar(), '9000000099');
    await enrol(sandbox, token, freshAadhaar(), '9000000099');
    const txnId = await aadhaarOtpSent();
    await post(paths.verifyOtp, { otp: OTP, txnId });
    expectError(await post(paths.generateMobileOtp, { mobile: '9000000099', txnId }), 422, 'HIS-1052');
  });

  it('answers an ABHA address already taken with 422 HIS-1015, and lets the user pick another', async () => {
    const txnId = await verifiedRegistration(sandbox, token, secondResident.aadhaar, secondResident.aadhaarMobile);
    const taken = expectError(await post(paths.createHealthId, { txnId, healthId: 'asha.verma' }), 422, 'HIS-1015');
    expect(taken.details[0]?.attribute).toEqual({ key: 'healthId', value: 'asha.verma@sbx' });
    const created = await post(paths.createHealthId, { txnId, healthId: 'priya.reddy' });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ healthId: 'priya.reddy@sbx', name: 'Priya Rani Reddy', new: true });
  });

  it('rejects ABHA addresses breaking the address rules with 400', async () => {
    const txnId = await verifiedRegistration(sandbox, token, freshAadhaar(), '9000000014');
    for (const healthId of ['abc', '1abcd', '.abcd', 'abcd.', 'ab cd', 'a_b-c@x', 'x'.repeat(33)]) {
      const body = expectError(await post(paths.createHealthId, { txnId, healthId }), 400, 'HIS-400');
      expect(body.details[0]?.attribute?.key).toBe('healthId');
    }
  });
});

describe('configured OTP', () => {
  it('accepts only the OTP the sandbox was started with', async () => {
    const sandbox = await startTestSandbox({ otp: '654321' });
    try {
      const token = await gatewayToken(sandbox);
      const auth = bearer(token);
      const res = await postJson(`${sandbox.healthIdBaseUrl}${paths.generateOtp}`, { aadhaar: newResident.aadhaar }, auth);
      const { txnId } = res.json as { txnId: string };
      expectApiError(await postJson(`${sandbox.healthIdBaseUrl}${paths.verifyOtp}`, { otp: OTP, txnId }, auth), 422, 'HIS-2022');
      expect((await postJson(`${sandbox.healthIdBaseUrl}${paths.verifyOtp}`, { otp: '654321', txnId }, auth)).status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });
});
