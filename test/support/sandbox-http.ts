// Raw-HTTP helpers for sandbox conformance tests: plain fetch, the spec's field names, no app client code.
import { expect } from 'vitest';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/index';

export const CLIENT = { clientId: 'abha-desk-training', clientSecret: 'training-secret' };
export const OTP = '123456';

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined when the body is not JSON. */
  json: unknown;
}

export interface BinaryResult {
  status: number;
  contentType: string | null;
  bytes: Buffer;
}

/** A response read whole: status, headers, the text, and its JSON when it is JSON. */
export async function toResult(response: Response): Promise<HttpResult> {
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Sends exactly `body` (string or bytes): for invalid JSON, odd content types and oversize bodies. */
export async function sendRaw(url: string, init: { method?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<HttpResult> {
  const body = typeof init.body === 'string' || init.body === undefined ? init.body : new Uint8Array(init.body);
  return toResult(await fetch(url, { method: init.method ?? 'POST', headers: init.headers, body }));
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<HttpResult> {
  return sendRaw(url, { headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

export async function getJson(url: string, headers: Record<string, string> = {}): Promise<HttpResult> {
  return toResult(await fetch(url, { headers }));
}

export async function getBinary(url: string, headers: Record<string, string> = {}): Promise<BinaryResult> {
  const response = await fetch(url, { headers });
  return { status: response.status, contentType: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export function userHeaders(gatewayToken: string, userToken: string): Record<string, string> {
  return { ...bearer(gatewayToken), 'x-token': `Bearer ${userToken}` };
}

export async function startTestSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ port: 0, ...options });
}

export async function gatewayToken(sandbox: RunningSandbox): Promise<string> {
  const res = await postJson(`${sandbox.gatewayBaseUrl}/v0.5/sessions`, { ...CLIENT, grantType: 'client_credentials' });
  expect(res.status).toBe(200);
  return (res.json as { accessToken: string }).accessToken;
}

export interface ApiErrorShape {
  code: string;
  message: string;
  details: Array<{ code: string; message: string; attribute?: { key: string; value: string } }>;
}

/** Asserts an ABDM Health ID error (status, top code, details[0].code) and returns its body. */
export function expectApiError(res: HttpResult, status: number, detailCode: string, topCode = `HIS-${status}`): ApiErrorShape {
  expect(res.status, res.text).toBe(status);
  const body = res.json as ApiErrorShape;
  expect(body.code, res.text).toBe(topCode);
  expect(typeof body.message).toBe('string');
  expect(body.details[0]?.code, res.text).toBe(detailCode);
  expect(body.details[0]?.message.length).toBeGreaterThan(0);
  return body;
}

export function expectGatewayError(res: HttpResult, status: number, code?: number): { error: { code: number; message: string } } {
  expect(res.status, res.text).toBe(status);
  const body = res.json as { error: { code: number; message: string } };
  expect(typeof body.error.code).toBe('number');
  expect(body.error.message.length).toBeGreaterThan(0);
  if (code !== undefined) expect(body.error.code).toBe(code);
  return body;
}

/** Health ID v1 paths, as in the official spec (under the sandbox's /api/v1). */
export const paths = {
  generateOtp: '/registration/aadhaar/generateOtp',
  verifyOtp: '/registration/aadhaar/verifyOTP',
  generateMobileOtp: '/registration/aadhaar/generateMobileOTP',
  verifyMobileOtp: '/registration/aadhaar/verifyMobileOTP',
  createHealthId: '/registration/aadhaar/createHealthIdWithPreVerified',
  authInit: '/auth/init',
  resendAuthOtp: '/auth/resendAuthOTP',
  confirmWithAadhaarOtp: '/auth/confirmWithAadhaarOtp',
  profile: '/account/profile',
  getCard: '/account/getCard',
  getPngCard: '/account/getPngCard',
  getSvgCard: '/account/getSvgCard',
  qrCode: '/account/qrCode',
} as const;

/** Drives registration up to (not including) createHealthIdWithPreVerified; returns the txnId. */
export async function verifiedRegistration(sandbox: RunningSandbox, token: string, aadhaar: string, mobile: string): Promise<string> {
  const api = sandbox.healthIdBaseUrl;
  const auth = bearer(token);
  const generated = await postJson(`${api}${paths.generateOtp}`, { aadhaar }, auth);
  expect(generated.status, generated.text).toBe(200);
  const { txnId } = generated.json as { txnId: string };
  for (const [path, body] of [
    [paths.verifyOtp, { otp: OTP, txnId }],
    [paths.generateMobileOtp, { mobile, txnId }],
    [paths.verifyMobileOtp, { otp: OTP, txnId }],
  ] as const) {
    const res = await postJson(`${api}${path}`, body, auth);
    expect(res.status, `${path}: ${res.text}`).toBe(200);
  }
  return txnId;
}

export interface CreatedAccount {
  healthIdNumber: string;
  healthId: string;
  token: string;
  new: boolean;
  [key: string]: unknown;
}

export async function enrol(sandbox: RunningSandbox, token: string, aadhaar: string, mobile: string, extra: Record<string, unknown> = {}): Promise<CreatedAccount> {
  const txnId = await verifiedRegistration(sandbox, token, aadhaar, mobile);
  const res = await postJson(`${sandbox.healthIdBaseUrl}${paths.createHealthId}`, { txnId, ...extra }, bearer(token));
  expect(res.status, res.text).toBe(200);
  return res.json as CreatedAccount;
}

/** auth/init + confirmWithAadhaarOtp; returns the user token (X-Token). */
export async function loginWithAadhaarOtp(sandbox: RunningSandbox, token: string, healthid: string): Promise<string> {
  const init = await postJson(`${sandbox.healthIdBaseUrl}${paths.authInit}`, { authMethod: 'AADHAAR_OTP', healthid }, bearer(token));
  expect(init.status, init.text).toBe(200);
  const { txnId } = init.json as { txnId: string };
  const confirm = await postJson(`${sandbox.healthIdBaseUrl}${paths.confirmWithAadhaarOtp}`, { otp: OTP, txnId }, bearer(token));
  expect(confirm.status, confirm.text).toBe(200);
  return (confirm.json as { token: string }).token;
}

/** Builds a Verhoeff-valid Aadhaar number from 11 digits (tests need fresh residents). */
export { verhoeffCheckDigit } from '../../sandbox/residents/check-digits';
