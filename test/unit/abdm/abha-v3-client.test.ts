// The ABHA v3 client against a scripted service: headers, encryption, answers in the app's vocabulary, and what
// each refusal becomes. Request and answer shapes are those of reference/spec/abdm-v3.md §2; the people, numbers
// and tokens are made up here.
import { constants, generateKeyPairSync, privateDecrypt, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAbhaV3Client } from '../../../electron/abdm/abha-v3/client';
import { AbdmBadResponseError, AbdmError, AbdmInputError, UserTokenExpiredError } from '../../../electron/abdm/errors';
import type { GatewaySession } from '../../../electron/abdm/session';
import { json } from './fake-fetch';

const BASE = 'https://abha.test/abha/api/v3';
const keyPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const first = keyPair();
const second = keyPair();
const spki = (key: KeyObject) => key.export({ format: 'der', type: 'spki' }).toString('base64');
const open = (privateKey: KeyObject, value: unknown) =>
  privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' }, Buffer.from(String(value), 'base64')).toString('utf8');

interface Seen {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: any;
}
type Route = (seen: Seen) => Response;

/** A stand-in service: the certificate answers with the given keys in turn; other paths with their route's answers in turn. */
function service(routes: Record<string, Route | Route[]>, keys: KeyObject[] = [first.publicKey]) {
  const seen: Seen[] = [];
  const queues = new Map(Object.entries(routes).map(([name, route]) => [name, Array.isArray(route) ? [...route] : route]));
  let certificates = 0;
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const call: Seen = { method: init?.method ?? 'GET', path: url.pathname.replace('/abha/api/v3', ''), headers, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
    seen.push(call);
    if (call.path === '/profile/public/certificate') return json(200, { publicKey: spki(keys[Math.min(certificates++, keys.length - 1)]!) });
    const route = queues.get(`${call.method} ${call.path}`);
    const next = Array.isArray(route) ? route.shift() : route;
    if (!next) throw new Error(`no route for ${call.method} ${call.path}`);
    return next(call);
  };
  return { fetch: fetchImpl as typeof fetch, seen, certificateCalls: () => certificates };
}

/** A session stand-in: hands out G1, then G2 after an invalidation. */
function fakeSession() {
  let current = 1;
  const invalidated: string[] = [];
  const session = {
    accessToken: async () => `G${current}`,
    invalidate: (token?: string) => {
      invalidated.push(token ?? '');
      current += 1;
    },
  };
  return { session: session as unknown as GatewaySession, invalidated };
}

function client(routes: Record<string, Route | Route[]>, keys?: KeyObject[]) {
  const fake = service(routes, keys);
  const { session, invalidated } = fakeSession();
  const abha = createAbhaV3Client({ baseUrl: BASE, session, fetch: fake.fetch, retryDelaysMs: [], now: () => Date.UTC(2025, 0, 2, 3, 4, 5, 678) });
  return { abha, ...fake, invalidated };
}

const ok = (body: unknown): Route => () => json(200, body);
const txn = (txnId: string) => ok({ txnId, message: 'OTP sent to mobile ending ******4321' });
const ABHA_PROFILE = {
  ABHANumber: '91-1234-5678-9012',
  phrAddress: ['asha.devi.1990@sbx'],
  firstName: 'Asha',
  middleName: '',
  lastName: 'Devi',
  dob: '05-07-1990',
  gender: 'F',
  mobile: null,
  photo: 'data:image/jpeg;base64,/9j/AAAA',
  address: '12 MG Road',
  stateCode: '29',
  districtCode: '572',
  stateName: 'KARNATAKA',
  districtName: 'Bengaluru',
  pinCode: '560001',
  abhaType: 'STANDARD',
  abhaStatus: 'ACTIVE',
};
const TOKENS = { token: 'X1', expiresIn: 1800, refreshToken: 'R1', refreshExpiresIn: 1296000 };

describe('ABHA v3 client: every call', () => {
  it('carries the gateway token, a REQUEST-ID and a UTC TIMESTAMP with milliseconds', async () => {
    const { abha, seen } = client({ 'POST /enrollment/request/otp': txn('T1') });
    await abha.enrolRequestAadhaarOtp({ aadhaar: '9999 4105 7058' });
    expect(seen).toHaveLength(2);
    for (const call of seen) {
      expect(call.headers.authorization).toBe('Bearer G1');
      expect(call.headers['request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(call.headers.timestamp).toBe('2025-01-02T03:04:05.678Z');
    }
    expect(seen[0]!.headers['request-id']).not.toBe(seen[1]!.headers['request-id']);
  });

  it('fetches the public key once for many calls', async () => {
    const { abha, certificateCalls } = client({ 'POST /enrollment/request/otp': [txn('T1'), txn('T2')], 'POST /profile/login/request/otp': txn('T3') });
    await abha.enrolRequestAadhaarOtp({ aadhaar: '999941057058' });
    await abha.enrolRequestAadhaarOtp({ aadhaar: '999941057058' });
    await abha.loginRequestOtp({ loginHint: 'mobile', value: '9876543210', otpSystem: 'abdm' });
    expect(certificateCalls()).toBe(1);
  });

  it('renews the gateway token once when v3 answers 900901, then repeats the call', async () => {
    const { abha, seen, invalidated } = client({
      'POST /enrollment/request/otp': [() => json(401, { code: '900901', message: 'Invalid Credentials' }), txn('T1')],
    });
    await expect(abha.enrolRequestAadhaarOtp({ aadhaar: '999941057058' })).resolves.toEqual({ txnId: 'T1', message: 'OTP sent to mobile ending ******4321' });
    expect(invalidated).toEqual(['G1']);
    expect(seen.at(-1)!.headers.authorization).toBe('Bearer G2');
  });

  it('reports a second 900901 as it is, not as the patient’s token', async () => {
    const refused = () => json(401, { code: '900901', message: 'Invalid Credentials' });
    const { abha } = client({ 'GET /profile/account': [refused, refused] });
    const error = await abha.profile('X1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbdmError);
    expect(error).not.toBeInstanceOf(UserTokenExpiredError);
    expect(error).toMatchObject({ code: '900901', status: 401 });
  });
});

describe('ABHA v3 client: encryption', () => {
  it('encrypts the Aadhaar number, mobile login ids, OTPs and ABHA numbers (with dashes) with RSA-OAEP SHA-1', async () => {
    const { abha, seen } = client({
      'POST /enrollment/request/otp': [txn('T1'), txn('T3')],
      'POST /enrollment/enrol/byAadhaar': ok({ txnId: 'T2', message: 'ok', isNew: true, tokens: TOKENS, ABHAProfile: ABHA_PROFILE }),
      'POST /profile/login/request/otp': txn('T4'),
      'POST /phr/web/login/abha/request/otp': txn('T5'),
    });
    await abha.enrolRequestAadhaarOtp({ aadhaar: '9999 4105 7058' });
    await abha.enrolByAadhaar({ txnId: 'T1', otp: '123456', mobile: '98765 43210' });
    await abha.enrolRequestMobileOtp({ txnId: 'T2', mobile: '9123456789' });
    await abha.loginRequestOtp({ loginHint: 'abha-number', value: '91123456789012', otpSystem: 'aadhaar' });
    await abha.addressRequestOtp({ abhaAddress: 'Asha.Devi.1990@sbx', otpSystem: 'abdm' });
    const [aadhaarOtp, enrol, mobileOtp, login, address] = seen.filter((call) => call.method === 'POST');
    expect(aadhaarOtp!.body).toMatchObject({ txnId: '', scope: ['abha-enrol'], loginHint: 'aadhaar', otpSystem: 'aadhaar' });
    expect(open(first.privateKey, aadhaarOtp!.body.loginId)).toBe('999941057058');
    expect(enrol!.body.consent).toEqual({ code: 'abha-enrollment', version: '1.4' });
    expect(enrol!.body.authData.authMethods).toEqual(['otp']);
    expect(enrol!.body.authData.otp).toMatchObject({ txnId: 'T1', mobile: '9876543210', timeStamp: '2025-01-02T03:04:05.678Z' });
    expect(open(first.privateKey, enrol!.body.authData.otp.otpValue)).toBe('123456');
    expect(mobileOtp!.body).toMatchObject({ txnId: 'T2', scope: ['abha-enrol', 'mobile-verify'], loginHint: 'mobile', otpSystem: 'abdm' });
    expect(open(first.privateKey, mobileOtp!.body.loginId)).toBe('9123456789');
    expect(login!.body).toMatchObject({ scope: ['abha-login', 'aadhaar-verify'], loginHint: 'abha-number', otpSystem: 'aadhaar' });
    expect(open(first.privateKey, login!.body.loginId)).toBe('91-1234-5678-9012');
    expect(address!.body).toMatchObject({ scope: ['abha-address-login', 'mobile-verify'], loginHint: 'abha-address', otpSystem: 'abdm' });
    expect(open(first.privateKey, address!.body.loginId)).toBe('asha.devi.1990@sbx');
  });

  it('never puts the clear Aadhaar number or OTP in a request body', async () => {
    const { abha, seen } = client({
      'POST /enrollment/request/otp': txn('T1'),
      'POST /enrollment/enrol/byAadhaar': ok({ txnId: 'T2', isNew: true, tokens: TOKENS, ABHAProfile: ABHA_PROFILE }),
    });
    await abha.enrolRequestAadhaarOtp({ aadhaar: '999941057058' });
    await abha.enrolByAadhaar({ txnId: 'T1', otp: '482913', mobile: '9876543210' });
    const sent = seen.map((call) => JSON.stringify(call.body ?? '')).join('\n');
    expect(sent).not.toContain('999941057058');
    expect(sent).not.toContain('482913');
  });

  it('fetches the key again and repeats the call once when the service could not decrypt and the key changed', async () => {
    const { abha, seen, certificateCalls } = client(
      { 'POST /profile/login/request/otp': [() => json(400, { loginId: 'Invalid LoginId' }), txn('T1')] },
      [first.publicKey, second.publicKey],
    );
    await expect(abha.loginRequestOtp({ loginHint: 'mobile', value: '9876543210', otpSystem: 'abdm' })).resolves.toMatchObject({ txnId: 'T1' });
    expect(certificateCalls()).toBe(2);
    const posts = seen.filter((call) => call.method === 'POST');
    expect(open(second.privateKey, posts[1]!.body.loginId)).toBe('9876543210');
  });

  it('does not repeat the call when the key is the same', async () => {
    const { abha, seen, certificateCalls } = client({ 'POST /profile/login/request/otp': () => json(400, { error: { code: 'ABDM-9999', message: 'Unable to decrypt loginId' } }) });
    await expect(abha.loginRequestOtp({ loginHint: 'mobile', value: '9876543210', otpSystem: 'abdm' })).rejects.toMatchObject({ code: 'ABDM-9999' });
    expect(certificateCalls()).toBe(2);
    expect(seen.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('refuses bad input before sending anything', async () => {
    const { abha, seen } = client({});
    await expect(abha.enrolRequestAadhaarOtp({ aadhaar: '123412341234' })).rejects.toBeInstanceOf(AbdmInputError);
    await expect(abha.loginRequestOtp({ loginHint: 'abha-number', value: '1234', otpSystem: 'aadhaar' })).rejects.toMatchObject({ field: 'healthid', issue: 'abha-number' });
    await expect(abha.loginVerifyOtp({ txnId: 'T', otp: '12', loginHint: 'aadhaar', otpSystem: 'aadhaar' })).rejects.toMatchObject({ field: 'otp' });
    await expect(abha.addressSearch({ abhaAddress: 'no suffix' })).rejects.toMatchObject({ field: 'healthid' });
    expect(seen).toHaveLength(0);
  });
});

describe('ABHA v3 client: enrolment answers', () => {
  it('maps ABHAProfile to the v1-shaped person, dd-mm-yyyy split into parts', async () => {
    const { abha } = client({ 'POST /enrollment/enrol/byAadhaar': ok({ txnId: 'T2', message: 'Account created', isNew: true, tokens: TOKENS, ABHAProfile: ABHA_PROFILE }) });
    const enrolled = await abha.enrolByAadhaar({ txnId: 'T1', otp: '123456', mobile: '9876543210' });
    expect(enrolled).toMatchObject({ txnId: 'T2', isNew: true, abhaAddresses: ['asha.devi.1990@sbx'], verifiedMobile: null, token: { token: 'X1', expiresIn: 1800, refreshToken: 'R1' } });
    expect(enrolled.person).toMatchObject({
      healthIdNumber: '91-1234-5678-9012',
      healthId: 'asha.devi.1990@sbx',
      firstName: 'Asha',
      lastName: 'Devi',
      name: 'Asha Devi',
      dayOfBirth: '5',
      monthOfBirth: '7',
      yearOfBirth: '1990',
      gender: 'F',
      mobile: null,
      address: '12 MG Road',
      stateName: 'KARNATAKA',
      districtName: 'Bengaluru',
      pincode: '560001',
      profilePhoto: '/9j/AAAA',
      kycPhoto: '/9j/AAAA',
    });
  });

  it('reads yyyy-mm-dd too, and an existing account (isNew false)', async () => {
    const profile = { ...ABHA_PROFILE, dob: '1988-11-23', mobile: '9876543210' };
    const { abha } = client({ 'POST /enrollment/enrol/byAadhaar': ok({ txnId: 'T2', isNew: false, tokens: TOKENS, ABHAProfile: profile }) });
    const enrolled = await abha.enrolByAadhaar({ txnId: 'T1', otp: '123456', mobile: '9876543210' });
    expect(enrolled).toMatchObject({ isNew: false, verifiedMobile: '9876543210' });
    expect(enrolled.person).toMatchObject({ dayOfBirth: '23', monthOfBirth: '11', yearOfBirth: '1988' });
  });

  it('refuses an answer without the ABHA number or the tokens', async () => {
    const noNumber = { ...ABHA_PROFILE, ABHANumber: undefined };
    const { abha } = client({
      'POST /enrollment/enrol/byAadhaar': [ok({ txnId: 'T2', isNew: true, tokens: TOKENS, ABHAProfile: noNumber }), ok({ txnId: 'T2', isNew: true, ABHAProfile: ABHA_PROFILE })],
    });
    const input = { txnId: 'T1', otp: '123456', mobile: '9876543210' };
    await expect(abha.enrolByAadhaar(input)).rejects.toBeInstanceOf(AbdmBadResponseError);
    await expect(abha.enrolByAadhaar(input)).rejects.toThrow(/tokens/);
  });

  it('verifies the mobile OTP, and turns authResult "failed" into an error', async () => {
    const { abha, seen } = client({
      'POST /enrollment/auth/byAbdm': [
        ok({ txnId: 'T3', authResult: 'success', message: 'Mobile verified', accounts: [] }),
        ok({ txnId: 'T3', authResult: 'failed', message: 'Entered OTP is incorrect' }),
      ],
    });
    await expect(abha.enrolVerifyMobileOtp({ txnId: 'T2', otp: '654321' })).resolves.toEqual({ txnId: 'T3', message: 'Mobile verified' });
    expect(seen.at(-1)!.body).toMatchObject({ scope: ['abha-enrol', 'mobile-verify'], authData: { authMethods: ['otp'], otp: { txnId: 'T2' } } });
    await expect(abha.enrolVerifyMobileOtp({ txnId: 'T2', otp: '654321' })).rejects.toMatchObject({ code: 'AUTH_FAILED', message: 'Entered OTP is incorrect' });
  });

  it('asks for suggestions with the TRANSACTION_ID header and sets the chosen address without its suffix', async () => {
    const { abha, seen } = client({
      'GET /enrollment/enrol/suggestion': ok({ txnId: 'T3', abhaAddressList: ['asha.devi.1990', 'devi.asha'] }),
      'POST /enrollment/enrol/abha-address': ok({ txnId: 'T4', healthIdNumber: '91-1234-5678-9012', preferredAbhaAddress: 'asha.devi.1990@sbx' }),
    });
    await expect(abha.addressSuggestions({ txnId: 'T3' })).resolves.toEqual(['asha.devi.1990', 'devi.asha']);
    expect(seen[0]!.headers.transaction_id).toBe('T3');
    await expect(abha.enrolAbhaAddress({ txnId: 'T3', abhaAddress: 'asha.devi.1990@sbx' })).resolves.toEqual({ txnId: 'T4', abhaNumber: '91-1234-5678-9012', abhaAddress: 'asha.devi.1990@sbx' });
    expect(seen[1]!.body).toEqual({ txnId: 'T3', abhaAddress: 'asha.devi.1990', preferred: 1 });
  });
});

describe('ABHA v3 client: login', () => {
  const ACCOUNTS = [
    { ABHANumber: '91-1111-2222-3333', preferredAbhaAddress: 'ravi@sbx', name: 'Ravi Kumar', gender: 'M', dob: '01-01-1980', status: 'ACTIVE' },
    { ABHANumber: '91-4444-5555-6666', preferredAbhaAddress: 'meena@sbx', name: 'Meena Kumari', gender: 'F', dob: '02-02-1985', status: 'ACTIVE' },
  ];

  it('gives the X-token straight away after an Aadhaar OTP', async () => {
    const { abha, seen } = client({ 'POST /profile/login/verify': ok({ txnId: 'T2', authResult: 'success', token: 'X9', expiresIn: 1800, refreshToken: 'R9', accounts: ACCOUNTS.slice(0, 1) }) });
    const result = await abha.loginVerifyOtp({ txnId: 'T1', otp: '123456', loginHint: 'aadhaar', otpSystem: 'aadhaar' });
    expect(result).toEqual({
      kind: 'token',
      txnId: 'T2',
      token: { token: 'X9', expiresIn: 1800, refreshToken: 'R9' },
      accounts: [{ abhaNumber: '91-1111-2222-3333', name: 'Ravi Kumar', preferredAbhaAddress: 'ravi@sbx', gender: 'M', dob: '01-01-1980', status: 'ACTIVE' }],
    });
    expect(seen.at(-1)!.body).toMatchObject({ scope: ['abha-login', 'aadhaar-verify'], authData: { authMethods: ['otp'], otp: { txnId: 'T1' } } });
    expect(open(first.privateKey, seen.at(-1)!.body.authData.otp.otpValue)).toBe('123456');
  });

  it('after a mobile OTP, offers the accounts and turns the chosen one into an X-token with the T-token', async () => {
    const { abha, seen } = client({
      'POST /profile/login/verify': ok({ txnId: 'T2', authResult: 'success', token: 'T-TOKEN', expiresIn: 300, accounts: ACCOUNTS }),
      'POST /profile/login/verify/user': ok({ token: 'X7', expiresIn: 1800, refreshToken: 'R7', refreshExpiresIn: 1296000 }),
    });
    const result = await abha.loginVerifyOtp({ txnId: 'T1', otp: '123456', loginHint: 'mobile', otpSystem: 'abdm' });
    expect(result).toMatchObject({ kind: 'choose', txnId: 'T2', tToken: 'T-TOKEN' });
    expect(result.accounts.map((account) => account.abhaNumber)).toEqual(['91-1111-2222-3333', '91-4444-5555-6666']);
    await expect(abha.loginChooseAccount({ txnId: 'T2', tToken: 'T-TOKEN', abhaNumber: '91-4444-5555-6666' })).resolves.toEqual({ token: 'X7', expiresIn: 1800, refreshToken: 'R7' });
    const choose = seen.at(-1)!;
    expect(choose.headers['t-token']).toBe('Bearer T-TOKEN');
    expect(choose.body).toEqual({ ABHANumber: '91-4444-5555-6666', txnId: 'T2' });
  });

  it('logs in by ABHA address: search, OTP, tokens under `tokens`', async () => {
    const { abha, seen } = client({
      'POST /phr/web/login/abha/search': ok({ healthIdNumber: '91-1111-2222-3333', abhaAddress: 'ravi@sbx', authMethods: ['AADHAAR_OTP', 'MOBILE_OTP'], blockedAuthMethods: [], status: 'ACTIVE', fullName: 'Ravi Kumar', mobile: '******3210' }),
      'POST /phr/web/login/abha/verify': ok({ authResult: 'success', message: 'ok', users: [{ abhaAddress: 'ravi@sbx', fullName: 'Ravi Kumar', abhaNumber: '91-1111-2222-3333', status: 'ACTIVE' }], tokens: TOKENS }),
    });
    await expect(abha.addressSearch({ abhaAddress: 'ravi@sbx' })).resolves.toEqual({ abhaNumber: '91-1111-2222-3333', authMethods: ['AADHAAR_OTP', 'MOBILE_OTP'], blockedAuthMethods: [], status: 'ACTIVE', fullName: 'Ravi Kumar' });
    expect(seen.at(-1)!.body).toEqual({ abhaAddress: 'ravi@sbx' });
    const result = await abha.addressVerifyOtp({ txnId: 'T1', otp: '123456', otpSystem: 'aadhaar' });
    expect(result).toMatchObject({ kind: 'token', txnId: 'T1', token: { token: 'X1', expiresIn: 1800, refreshToken: 'R1' }, accounts: [{ abhaNumber: '91-1111-2222-3333', name: 'Ravi Kumar', preferredAbhaAddress: 'ravi@sbx' }] });
    expect(seen.at(-1)!.body).toMatchObject({ scope: ['abha-address-login', 'aadhaar-verify'] });
  });

  it('keeps ABDM-1204 of a wrong OTP as the code', async () => {
    const { abha } = client({ 'POST /profile/login/verify': () => json(422, { error: { code: 'ABDM-1204', message: 'Invalid OTP' } }) });
    await expect(abha.loginVerifyOtp({ txnId: 'T1', otp: '000000', loginHint: 'aadhaar', otpSystem: 'aadhaar' })).rejects.toMatchObject({ status: 422, code: 'ABDM-1204', specificCode: 'ABDM-1204' });
  });
});

describe('ABHA v3 client: with the patient’s X-token', () => {
  const PROFILE = {
    ABHANumber: '91-1234-5678-9012',
    preferredAbhaAddress: 'asha@sbx',
    mobile: '9876543210',
    firstName: 'Asha',
    lastName: 'Devi',
    name: 'Asha Devi',
    yearOfBirth: '1990',
    monthOfBirth: '07',
    dayOfBirth: '05',
    gender: 'F',
    profilePhoto: '/9j/BBBB',
    pincode: '560001',
    stateName: 'KARNATAKA',
    districtName: 'Bengaluru',
    email: 'asha@example.org',
  };

  it('reads the profile with `X-token: Bearer …`', async () => {
    const { abha, seen } = client({ 'GET /profile/account': ok(PROFILE) });
    const person = await abha.profile('X1');
    expect(seen[0]!.headers['x-token']).toBe('Bearer X1');
    expect(person).toMatchObject({ healthIdNumber: '91-1234-5678-9012', healthId: 'asha@sbx', name: 'Asha Devi', dayOfBirth: '5', monthOfBirth: '7', yearOfBirth: '1990', mobile: '9876543210', email: 'asha@example.org', profilePhoto: '/9j/BBBB' });
  });

  it.each([
    ['ABDM-1094 with 401', 401, { error: { code: 'ABDM-1094', message: 'X-token expired' } }],
    ['{message} with 401', 401, { message: 'X-token expired', timestamp: 't' }],
    ['ABDM-2401', 400, [{ code: 'ABDM-2401', message: 'Invalid X-token' }]],
    ['"Invalid X-token" 400', 400, { message: 'Invalid X-token' }],
  ])('turns %s into UserTokenExpiredError without renewing the gateway token', async (_name, status, body) => {
    const { abha, invalidated } = client({ 'GET /profile/account': () => json(status, body) });
    const error = await abha.profile('X1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserTokenExpiredError);
    expect(invalidated).toEqual([]);
  });

  it('blames the X-token for a bare 401 that survives a fresh gateway token', async () => {
    const { abha, invalidated } = client({ 'GET /profile/account': [() => json(401, {}), () => json(401, {})] });
    await expect(abha.profile('X1')).rejects.toBeInstanceOf(UserTokenExpiredError);
    expect(invalidated).toEqual(['G1']);
  });

  it('takes the card as PNG or JPEG bytes with 200 or 202, and refuses JSON', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest')]);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const { abha, seen } = client({
      'GET /profile/account/abha-card': [() => new Response(png, { status: 202 }), () => new Response(jpeg, { status: 200 }), ok({ message: 'nothing here' })],
    });
    await expect(abha.card('X1')).resolves.toEqual({ data: png, kind: 'image/png' });
    expect(seen[0]!.headers['x-token']).toBe('Bearer X1');
    await expect(abha.card('X1')).resolves.toEqual({ data: jpeg, kind: 'image/jpeg' });
    await expect(abha.card('X1')).rejects.toBeInstanceOf(AbdmBadResponseError);
  });

  it('takes the QR as an image, base64 text included', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 9]);
    const { abha } = client({ 'GET /profile/account/qrCode': () => new Response(png.toString('base64'), { status: 200 }) });
    await expect(abha.qrCode('X1')).resolves.toEqual({ data: png, kind: 'image/png' });
  });

  it('refreshes the X-token with `R-token: Bearer …`; a refused refresh token means verify again', async () => {
    const { abha, seen } = client({
      'GET /profile/account/request/token': [ok({ token: 'X2', expiresIn: 1800, refreshToken: 'R2', refreshExpiresIn: 1296000 }), () => json(400, { error: { code: 'ABDM-9999', message: 'Token invalid' } })],
    });
    await expect(abha.refreshUserToken('R1')).resolves.toEqual({ token: 'X2', expiresIn: 1800, refreshToken: 'R2' });
    expect(seen[0]!.headers['r-token']).toBe('Bearer R1');
    expect(seen[0]!.headers['x-token']).toBeUndefined();
    await expect(abha.refreshUserToken('R2')).rejects.toBeInstanceOf(UserTokenExpiredError);
  });
});
