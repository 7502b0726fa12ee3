import { describe, expect, it } from 'vitest';
import { AbdmError, AbdmInputError, UserTokenExpiredError } from '../../../electron/abdm/errors';
import { createHealthIdClient } from '../../../electron/abdm/healthid-v1/client';
import { GatewaySession } from '../../../electron/abdm/session';
import { fakeFetch, json, session as sessionAnswer, type Answer } from './fake-fetch';

const API = 'https://hid.example/api/v1';
const TXN = '3f1c9a2e-7b4d-4e0a-9c61-2d8e5b7a1f04';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const apiError = (status: number, code: string, detail: string, attribute: unknown = null) =>
  json(status, { code, message: 'generic', details: [{ code: detail, message: `${detail} reason`, attribute }] });

/** First scripted answer is the gateway session; the rest answer Health ID calls in order. */
function setUp(...answers: Answer[]) {
  const fake = fakeFetch(sessionAnswer('GW1'), ...answers);
  const session = new GatewaySession({ gatewayBaseUrl: 'https://gw.example/gateway', clientId: 'c', clientSecret: async () => 's', fetch: fake.fetch });
  const client = createHealthIdClient({ baseUrl: API, session, fetch: fake.fetch, retryDelaysMs: [1] });
  const healthIdCalls = () => fake.calls.filter((c) => c.url.startsWith(API));
  return { client, fake, healthIdCalls };
}

describe('Health ID operations send the official paths and field names', () => {
  const cases = [
    ['generateAadhaarOtp', '/registration/aadhaar/generateOtp', { aadhaar: '2345 6789 0124' }, { aadhaar: '234567890124' }],
    ['verifyAadhaarOtp', '/registration/aadhaar/verifyOTP', { otp: '123456', txnId: TXN }, { otp: '123456', txnId: TXN }],
    ['generateMobileOtp', '/registration/aadhaar/generateMobileOTP', { mobile: '98123 45670', txnId: TXN }, { mobile: '9812345670', txnId: TXN }],
    ['verifyMobileOtp', '/registration/aadhaar/verifyMobileOTP', { otp: '654321', txnId: TXN }, { otp: '654321', txnId: TXN }],
    ['authInit', '/auth/init', { authMethod: 'AADHAAR_OTP', healthid: ' asha.verma@sbx ' }, { authMethod: 'AADHAAR_OTP', healthid: 'asha.verma@sbx' }],
  ] as const;

  it.each(cases)('%s → POST %s', async (operation, path, input, sent) => {
    const { client, healthIdCalls } = setUp(json(200, { txnId: TXN }));
    const call = client[operation] as (request: unknown) => Promise<unknown>;
    await expect(call(input)).resolves.toMatchObject({ txnId: TXN });
    expect(healthIdCalls()).toHaveLength(1);
    expect(healthIdCalls()[0]).toMatchObject({ url: `${API}${path}`, method: 'POST', body: sent, headers: { authorization: 'Bearer GW1' } });
    expect(healthIdCalls()[0]!.headers['x-token']).toBeUndefined();
  });

  it('createHealthIdWithPreVerified drops empty fields, the address suffix and a data: prefix on the photo', async () => {
    const created = { healthIdNumber: '91-4820-1736-5529', healthId: 'asha.verma@sbx', token: 'U1', new: true, gender: 'F' };
    const { client, healthIdCalls } = setUp(json(200, created));
    const answer = await client.createHealthIdWithPreVerified({ txnId: TXN, healthId: 'Asha.Verma@sbx', email: '', profilePhoto: 'data:image/jpeg;base64,/9j/4AAQ' });
    expect(answer).toMatchObject(created);
    expect(healthIdCalls()[0]).toMatchObject({ url: `${API}/registration/aadhaar/createHealthIdWithPreVerified` });
    expect(healthIdCalls()[0]!.body).toEqual({ txnId: TXN, healthId: 'Asha.Verma', profilePhoto: '/9j/4AAQ' });
  });

  it('resendAuthOtp sends authMethod AADHAAR_OTP and reads the bare boolean', async () => {
    const { client, healthIdCalls } = setUp(json(200, true));
    await expect(client.resendAuthOtp({ txnId: TXN })).resolves.toBe(true);
    expect(healthIdCalls()[0]).toMatchObject({ url: `${API}/auth/resendAuthOTP`, body: { txnId: TXN, authMethod: 'AADHAAR_OTP' } });
  });

  it('confirmWithAadhaarOtp returns the user token', async () => {
    const { client } = setUp(json(200, { token: 'U1', expiresIn: 1800, refreshToken: 'R', refreshExpiresIn: 86400 }));
    await expect(client.confirmWithAadhaarOtp({ otp: '123456', txnId: TXN })).resolves.toMatchObject({ token: 'U1', expiresIn: 1800 });
  });

  it('profile sends both tokens and keeps fields it does not know', async () => {
    const { client, healthIdCalls } = setUp(json(200, { healthIdNumber: '91-4820-1736-5529', subdistrictName: null, clientId: 'healthid-api' }));
    const profile = await client.profile('Bearer U1');
    expect(profile).toMatchObject({ healthIdNumber: '91-4820-1736-5529', clientId: 'healthid-api' });
    expect(healthIdCalls()[0]).toMatchObject({
      url: `${API}/account/profile`,
      method: 'GET',
      headers: { authorization: 'Bearer GW1', 'x-token': 'Bearer U1' },
    });
  });
});

describe('answers are checked', () => {
  it('an answer without txnId is a bad response, not undefined', async () => {
    const { client } = setUp(json(200, { mobileNumber: 'XXXXXX5670' }));
    await expect(client.generateMobileOtp({ mobile: '9812345670', txnId: TXN })).rejects.toMatchObject({
      name: 'AbdmBadResponseError',
      message: expect.stringContaining('"txnId"') as string,
    });
  });

  it('resendAuthOtp must answer a boolean', async () => {
    const { client } = setUp(json(200, { txnId: TXN }));
    await expect(client.resendAuthOtp({ txnId: TXN })).rejects.toMatchObject({ name: 'AbdmBadResponseError' });
  });

  it.each([
    ['pdfCard', '/account/getCard', Buffer.from('%PDF-1.7\n...'), 'application/pdf'],
    ['pngCard', '/account/getPngCard', PNG, 'image/png'],
    ['svgCard', '/account/getSvgCard', Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/svg+xml'],
    ['qrCode', '/account/qrCode', PNG, 'image/png'],
  ] as const)('%s returns the bytes of %s', async (operation, path, bytes, type) => {
    const { client, healthIdCalls } = setUp(new Response(bytes, { status: 200, headers: { 'content-type': '*/*' } }));
    const document = await client[operation]('U1');
    expect(document).toEqual({ contentType: type, data: bytes });
    expect(healthIdCalls()[0]).toMatchObject({ url: `${API}${path}`, headers: { 'x-token': 'Bearer U1' } });
  });

  it('accepts a QR code sent as base64 text', async () => {
    const { client } = setUp(json(200, PNG.toString('base64')));
    await expect(client.qrCode('U1')).resolves.toEqual({ contentType: 'image/png', data: PNG });
  });

  it('never hands back a JSON page as a card', async () => {
    const { client } = setUp(json(200, { healthIdNumber: 'x' }));
    await expect(client.pdfCard('U1')).rejects.toMatchObject({ name: 'AbdmBadResponseError', message: expect.stringContaining('application/pdf') as string });
  });
});

describe('inputs are checked before anything is sent', () => {
  it.each([
    ['generateAadhaarOtp', { aadhaar: '23456789012' }, 'aadhaar', 'aadhaar.wrong-length'],
    ['generateAadhaarOtp', { aadhaar: '234567890125' }, 'aadhaar', 'aadhaar.check-digit'],
    ['verifyAadhaarOtp', { otp: '12345', txnId: TXN }, 'otp', 'otp'],
    ['verifyMobileOtp', { otp: '12a456', txnId: TXN }, 'otp', 'otp'],
    ['confirmWithAadhaarOtp', { otp: '123456', txnId: ' ' }, 'txnId', 'required'],
    ['generateMobileOtp', { mobile: '981234567', txnId: TXN }, 'mobile', 'mobile'],
    ['authInit', { authMethod: 'AADHAAR_OTP', healthid: '' }, 'healthid', 'abha-identifier'],
    ['authInit', { authMethod: 'AADHAAR_OTP', healthid: '91-4820-1736-552' }, 'healthid', 'abha-identifier'],
    ['authInit', { authMethod: 'FINGERPRINT', healthid: 'asha.verma@sbx' }, 'authMethod', 'not-allowed'],
    ['createHealthIdWithPreVerified', { txnId: TXN, healthId: 'abc' }, 'healthId', 'abha-address.too-short'],
    ['createHealthIdWithPreVerified', { txnId: TXN, healthId: '1asha' }, 'healthId', 'abha-address.bad-start-or-end'],
    ['createHealthIdWithPreVerified', { txnId: TXN, healthId: 'asha_v' }, 'healthId', 'abha-address.bad-characters'],
    ['createHealthIdWithPreVerified', { txnId: TXN, healthId: 'asha.' }, 'healthId', 'abha-address.bad-start-or-end'],
  ] as const)('%s(%j) → %s error', async (operation, input, field, issue) => {
    const { client, fake } = setUp();
    const call = client[operation] as (request: unknown) => Promise<unknown>;
    const error = await call(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbdmInputError);
    expect(error).toMatchObject({ field, issue });
    expect(fake.calls).toHaveLength(0);
  });

  it('an empty user token is refused without a call', async () => {
    const { client, fake } = setUp();
    await expect(client.profile('  ')).rejects.toMatchObject({ name: 'AbdmInputError', field: 'userToken' });
    expect(fake.calls).toHaveLength(0);
  });

  it('the Aadhaar number never appears in an input error', async () => {
    const { client } = setUp();
    const error = (await client.generateAadhaarOtp({ aadhaar: '234567890125' }).catch((e: unknown) => e)) as Error;
    expect(`${error.message} ${error.stack}`).not.toContain('234567890125');
  });
});

describe('gateway token refused vs user token refused', () => {
  it('a 401 on a Health ID call renews the gateway token and repeats the call once', async () => {
    const { client, fake, healthIdCalls } = setUp(apiError(401, 'HIS-401', 'HIS-401'), sessionAnswer('GW2'), json(200, { txnId: TXN }));
    await expect(client.authInit({ authMethod: 'AADHAAR_OTP', healthid: 'asha.verma@sbx' })).resolves.toMatchObject({ txnId: TXN });
    expect(healthIdCalls().map((c) => c.headers.authorization)).toEqual(['Bearer GW1', 'Bearer GW2']);
    expect(fake.calls).toHaveLength(4);
  });

  it('a second 401 is reported as it is', async () => {
    const { client } = setUp(apiError(401, 'HIS-401', 'HIS-401'), sessionAnswer('GW2'), apiError(401, 'HIS-401', 'HIS-401'));
    const error = await client.authInit({ authMethod: 'AADHAAR_OTP', healthid: 'asha.verma@sbx' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbdmError);
    expect(error).not.toBeInstanceOf(UserTokenExpiredError);
    expect(error).toMatchObject({ status: 401 });
  });

  it('a 401 on an account call renews the gateway token first', async () => {
    const { client, healthIdCalls } = setUp(apiError(401, 'HIS-401', 'HIS-401'), sessionAnswer('GW2'), json(200, { healthIdNumber: '91-4820-1736-5529' }));
    await expect(client.profile('U1')).resolves.toMatchObject({ healthIdNumber: '91-4820-1736-5529' });
    expect(healthIdCalls().map((c) => [c.headers.authorization, c.headers['x-token']])).toEqual([
      ['Bearer GW1', 'Bearer U1'],
      ['Bearer GW2', 'Bearer U1'],
    ]);
  });

  it('a 401 that survives a fresh gateway token on an account call means the user token', async () => {
    const { client } = setUp(apiError(401, 'HIS-401', 'HIS-401'), sessionAnswer('GW2'), apiError(401, 'HIS-401', 'HIS-401'));
    const error = await client.pngCard('U1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserTokenExpiredError);
    expect(error).toMatchObject({ status: 401, operation: 'pngCard' });
  });

  it('a 401 naming X-Token goes straight to "verify again", without renewing the gateway token', async () => {
    const { client, fake } = setUp(apiError(401, 'HIS-401', 'HIS-401', { key: 'X-Token', value: '' }));
    const error = await client.profile('U1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserTokenExpiredError);
    expect(fake.calls).toHaveLength(2);
  });

  it('the 422 "Invalid Token" of an account call means the user token', async () => {
    const { client, fake } = setUp(apiError(422, 'HIS-422', 'HIS-422', { key: 'X-Token', value: '' }));
    const error = await client.qrCode('U1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserTokenExpiredError);
    expect(error).toMatchObject({ status: 422, code: 'HIS-422', service: 'healthid' });
    expect((error as UserTokenExpiredError).cause).toBeInstanceOf(AbdmError);
    expect(fake.calls).toHaveLength(2);
  });

  it('a 422 on a registration call stays an ordinary AbdmError', async () => {
    const { client } = setUp(apiError(422, 'HIS-422', 'HIS-2022'));
    const error = await client.verifyAadhaarOtp({ otp: '111111', txnId: TXN }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(UserTokenExpiredError);
    expect(error).toMatchObject({ status: 422, code: 'HIS-422', detailCode: 'HIS-2022' });
  });

  it('a 500 on an account call is not blamed on the user token', async () => {
    // A GET is retried once on a 5xx (retryDelaysMs has one entry here), then reported.
    const { client } = setUp(apiError(500, 'HIS-500', 'HIS-500'), apiError(500, 'HIS-500', 'HIS-500'));
    const error = await client.profile('U1').catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(UserTokenExpiredError);
    expect(error).toMatchObject({ status: 500 });
  });
});
