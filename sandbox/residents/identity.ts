import { createHash, scrypt } from 'node:crypto';
import { promisify } from 'node:util';
import { isLuhnValid, luhnCheckDigit } from './check-digits';

/**
 * The only form in which the sandbox keeps an Aadhaar number. scrypt (not a plain hash) because the
 * number space is small: a fast hash of a 12-digit number could be reversed by brute force, and the
 * key ends up in the optional state file. Everything derived from the Aadhaar derives from this key.
 */
const scryptAsync = promisify(scrypt) as (password: string, salt: string, keylen: number, options: { N: number; r: number; p: number }) => Promise<Buffer>;

/** Async because scrypt is slow on purpose and the sandbox may share the app's main process. */
export async function aadhaarKey(aadhaar: string, seed: string): Promise<string> {
  return (await scryptAsync(aadhaar, `abha-sandbox:${seed}`, 32, { N: 2 ** 14, r: 8, p: 1 })).toString('hex');
}

export function maskAadhaar(aadhaar: string): string {
  return `XXXX XXXX ${aadhaar.slice(-4)}`;
}

export function maskMobile(mobile: string): string {
  return `XXXXXX${mobile.slice(-4)}`;
}

export function formatAbhaNumber(digits: string): string {
  return `${digits.slice(0, 2)}-${digits.slice(2, 6)}-${digits.slice(6, 10)}-${digits.slice(10, 14)}`;
}

/** Accepts `XX-XXXX-XXXX-XXXX` or 14 plain digits; returns the formatted number or null. */
export function normaliseAbhaNumber(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\d{2}-?\d{4}-?\d{4}-?\d{4}$/.test(trimmed)) return null;
  return formatAbhaNumber(trimmed.replaceAll('-', ''));
}

/** A 14-digit, Luhn-valid ABHA number starting 91 (like numbers issued by the real sandbox since 2023). */
export function abhaNumberFromKey(key: string, attempt = 0): string {
  const hash = createHash('sha256').update(`abha-number:${key}:${attempt}`).digest();
  const body = (hash.readBigUInt64BE(0) % 100_000_000_000n).toString().padStart(11, '0');
  const payload = `91${body}`;
  return formatAbhaNumber(`${payload}${luhnCheckDigit(payload)}`);
}

export function isAbhaNumberValid(formatted: string): boolean {
  return /^\d{2}-\d{4}-\d{4}-\d{4}$/.test(formatted) && isLuhnValid(formatted.replaceAll('-', ''));
}
