// Raw-HTTP helpers for the ABHA v3 conformance tests: plain fetch, the field names of reference/spec/abdm-v3.md,
// encryption done here with node:crypto (RSA-OAEP, SHA-1 for hash and MGF1), nothing imported from the sandbox's v3 code.
import { constants, createPublicKey, publicEncrypt, randomUUID, type KeyObject } from 'node:crypto';
import { expect } from 'vitest';
import type { ManualClock, RunningSandbox } from '../../sandbox/index';
import { gatewayToken, OTP, startTestSandbox, toResult, type HttpResult } from '../support/sandbox-http';

export { OTP };

export interface V3 {
  sandbox: RunningSandbox;
  base: string;
  token: string;
  key: KeyObject;
  /** Time for TIMESTAMP: the sandbox's clock (a manual clock in some tests). */
  now(): number;
  headers(extra?: Record<string, string>): Record<string, string>;
  post(path: string, body: unknown, extra?: Record<string, string>): Promise<HttpResult>;
  get(path: string, extra?: Record<string, string>): Promise<HttpResult>;
  getBytes(path: string, extra?: Record<string, string>): Promise<{ status: number; contentType: string | null; bytes: Buffer }>;
  /** OAEP SHA-1 under the certificate key, base64. */
  enc(value: string): string;
  /** A fresh gateway session token (after moving a manual clock past its 600 s). */
  renew(): Promise<void>;
}

export async function startV3(options: { clock?: ManualClock; seed?: string } = {}): Promise<V3> {
  const sandbox = await startTestSandbox({ clock: options.clock, seed: options.seed });
  let token = await gatewayToken(sandbox);
  const base = sandbox.abhaV3BaseUrl;
  const now = () => options.clock?.now() ?? Date.now();
  const headers = (extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${token}`,
    'REQUEST-ID': randomUUID(),
    TIMESTAMP: new Date(now()).toISOString(),
    ...extra,
  });
  const cert = await toResult(await fetch(`${base}/profile/public/certificate`, { headers: headers() }));
  expect(cert.status, cert.text).toBe(200);
  const key = createPublicKey({ key: Buffer.from((cert.json as { publicKey: string }).publicKey, 'base64'), format: 'der', type: 'spki' });
  return {
    sandbox,
    base,
    get token() {
      return token;
    },
    key,
    now,
    headers,
    post: async (path, body, extra) =>
      toResult(await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers(extra) }, body: JSON.stringify(body) })),
    get: async (path, extra) => toResult(await fetch(`${base}${path}`, { headers: headers(extra) })),
    getBytes: async (path, extra) => {
      const response = await fetch(`${base}${path}`, { headers: headers(extra) });
      return { status: response.status, contentType: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
    },
    renew: async () => {
      token = await gatewayToken(sandbox);
    },
    enc: (value) => publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' }, Buffer.from(value)).toString('base64'),
  };
}

/** `{"error":{"code","message"}}` with the code as given (maybe with its trailing ": "). */
export function expectWrapped(res: HttpResult, status: number, code: string): string {
  expect(res.status, res.text).toBe(status);
  const body = res.json as { error: { code: string; message: string } };
  expect(body.error.code.replace(/: $/, ''), res.text).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error.code;
}

export function expectFieldError(res: HttpResult, field: string): string {
  expect(res.status, res.text).toBe(400);
  const body = res.json as Record<string, string>;
  expect(typeof body[field], res.text).toBe('string');
  return body[field]!;
}

/** The ABDM code of any of the body shapes (what a client has to do: parse the body, not the status). */
export function codeOf(res: HttpResult): string | undefined {
  const body = res.json as unknown;
  if (Array.isArray(body)) return (body[0] as { code?: string } | undefined)?.code;
  if (body && typeof body === 'object') {
    const record = body as { error?: { code?: string }; code?: string };
    return record.error?.code ?? record.code;
  }
  return undefined;
}

export const ENROL_OTP_SCOPE = ['abha-enrol'];
export const MOBILE_VERIFY_SCOPE = ['abha-enrol', 'mobile-verify'];

export async function requestAadhaarOtp(v3: V3, aadhaar: string): Promise<string> {
  const res = await v3.post('/enrollment/request/otp', { txnId: '', scope: ENROL_OTP_SCOPE, loginHint: 'aadhaar', loginId: v3.enc(aadhaar), otpSystem: 'aadhaar' });
  expect(res.status, res.text).toBe(200);
  return (res.json as { txnId: string }).txnId;
}

export function byAadhaarBody(v3: V3, txnId: string, mobile: string, otp = OTP) {
  return {
    authData: { authMethods: ['otp'], otp: { timeStamp: new Date(v3.now()).toISOString(), txnId, otpValue: v3.enc(otp), mobile } },
    consent: { code: 'abha-enrollment', version: '1.4' },
  };
}

export interface Enrolled {
  txnId: string;
  isNew: boolean;
  message: string;
  tokens: { token: string; expiresIn: number; refreshToken: string; refreshExpiresIn: number };
  ABHAProfile: { ABHANumber: string; phrAddress: string[]; mobile: string | null; firstName: string; dob: string; [k: string]: unknown };
}

export async function enrolV3(v3: V3, aadhaar: string, mobile: string): Promise<Enrolled> {
  const txnId = await requestAadhaarOtp(v3, aadhaar);
  const res = await v3.post('/enrollment/enrol/byAadhaar', byAadhaarBody(v3, txnId, mobile));
  expect(res.status, res.text).toBe(200);
  return res.json as Enrolled;
}

export function otpVerifyBody(v3: V3, scope: string[], txnId: string, otp = OTP) {
  return { scope, authData: { authMethods: ['otp'], otp: { txnId, otpValue: v3.enc(otp) } } };
}

/** profile/login/request/otp + verify; returns the verify answer. */
export async function loginV3(v3: V3, loginHint: 'abha-number' | 'mobile' | 'aadhaar', value: string, otpSystem: 'aadhaar' | 'abdm' = 'aadhaar'): Promise<HttpResult> {
  const scope = ['abha-login', otpSystem === 'aadhaar' ? 'aadhaar-verify' : 'mobile-verify'];
  const sent = await v3.post('/profile/login/request/otp', { scope, loginHint, loginId: v3.enc(value), otpSystem });
  expect(sent.status, sent.text).toBe(200);
  const { txnId } = sent.json as { txnId: string };
  return v3.post('/profile/login/verify', otpVerifyBody(v3, scope, txnId));
}
