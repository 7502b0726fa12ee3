import { isVerhoeffValid } from '../residents/check-digits';
import { decryptInput } from './encryption';
import { AbhaV3Error, invalidField } from './errors';

// Reading v3 request bodies by hand rather than by JSON schema, because each bad field has its own answer:
// a field-keyed 400 naming it (`{"loginId":"Invalid LoginId"}`), as NHA's examples show.

export type Body = Record<string, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MOBILE = /^[6-9]\d{9}$/;
const ABHA_NUMBER_WITH_DASHES = /^\d{2}-\d{4}-\d{4}-\d{4}$/;

export function bodyOf(raw: unknown): Body {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new AbhaV3Error(400, 'ABDM-1001', 'Request body must be a JSON object', 'empty');
  return raw as Body;
}

export function objectAt(body: Body, key: string, field = key): Body {
  const value = body[key];
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalidField(field, `Invalid ${field}`);
  return value as Body;
}

export function stringAt(body: Body, key: string, message: string): string {
  const value = body[key];
  if (typeof value !== 'string' || value.trim() === '') throw invalidField(key, message);
  return value.trim();
}

export function txnIdAt(body: Body, key = 'txnId'): string {
  const value = body[key];
  if (typeof value !== 'string' || !UUID.test(value)) throw invalidField('txnId', 'Invalid Transaction Id');
  return value;
}

/** `scope` must list exactly the expected values (in any order). */
export function scopeAt(body: Body, allowed: string[][]): string[] {
  const scope = body.scope;
  const list = Array.isArray(scope) ? scope : [];
  const matches = allowed.find((set) => set.length === list.length && set.every((s) => list.includes(s)));
  if (!matches) throw invalidField('scope', 'Invalid Scope');
  return matches;
}

export function enumAt<T extends string>(body: Body, key: string, allowed: readonly T[], message: string): T {
  const value = body[key];
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) throw invalidField(key, message);
  return value as T;
}

/** `authData: {authMethods: ["otp"], otp: {...}}`, returning the `otp` object. */
export function otpAuthData(body: Body): Body {
  const authData = objectAt(body, 'authData');
  const methods = authData.authMethods;
  if (!Array.isArray(methods) || methods.length !== 1 || methods[0] !== 'otp') throw invalidField('authMethods', 'Invalid Auth Method');
  return objectAt(authData, 'otp');
}

/** An encrypted field; refused (field-keyed 400) when it does not decrypt with OAEP SHA-1 under the v3 key. */
export async function decrypted(body: Body, key: string, message: string): Promise<string> {
  const clear = await decryptInput(body[key]);
  if (clear === null) throw invalidField(key, message);
  return clear.trim();
}

export async function encryptedOtp(otp: Body): Promise<string> {
  const value = await decrypted(otp, 'otpValue', 'Invalid OTP value');
  if (!/^\d{6}$/.test(value)) throw invalidField('otpValue', 'Invalid OTP value');
  return value;
}

export function checkAadhaar(value: string, field = 'loginId'): string {
  if (!/^(\d{12}|\d{16})$/.test(value) || !isVerhoeffValid(value)) throw invalidField(field, 'Invalid LoginId');
  return value;
}

export function checkMobile(value: string, field: string, message: string): string {
  if (!MOBILE.test(value)) throw invalidField(field, message);
  return value;
}

/** ABHA numbers are encrypted with their dashes (reference/spec/abdm-v3.md §2 item 5). */
export function checkAbhaNumber(value: string, field = 'loginId'): string {
  if (!ABHA_NUMBER_WITH_DASHES.test(value)) throw invalidField(field, 'Invalid LoginId');
  return value;
}
