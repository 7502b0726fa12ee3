// Checks on what the operator typed, made before anything is sent, so a typo gets a specific message
// at once instead of a generic HIS-400 (and a wasted OTP attempt). Rules are the spec's
// (reference/spec/healthid-v1.md §3, §7); anything the spec leaves open is left to the server.
import { aadhaarIssue, normaliseAadhaar } from '../../shared/aadhaar';
import { abhaAddressIssue, parseAbhaIdentifier, withoutCmSuffix } from '../../shared/abha';
import { isMobile, normaliseMobile } from '../../shared/mobile';
import { isOtp } from '../../shared/otp';
import { AbdmInputError } from '../errors';
import { AUTH_METHODS, type AuthMethod } from './types';

/** 12-digit Aadhaar number with a correct Verhoeff check digit, or a 16-digit Virtual ID. */
export function checkAadhaar(input: string): string {
  const issue = aadhaarIssue(input);
  if (issue) throw new AbdmInputError('aadhaar', issue);
  return normaliseAadhaar(input);
}

export function checkOtp(input: string): string {
  if (!isOtp(input)) throw new AbdmInputError('otp', 'otp');
  return input.trim();
}

export function checkMobile(input: string): string {
  if (!isMobile(input)) throw new AbdmInputError('mobile', 'mobile');
  return normaliseMobile(input);
}

export function checkTxnId(input: string): string {
  if (typeof input !== 'string' || input.trim() === '') throw new AbdmInputError('txnId', 'required');
  return input.trim();
}

/** ABHA number (with or without hyphens) or ABHA address, as /auth/init takes it. */
export function checkLoginId(input: string): string {
  const identifier = parseAbhaIdentifier(input);
  if (!identifier) throw new AbdmInputError('healthid', 'abha-identifier');
  return input.trim();
}

/**
 * The ABHA address the patient chose, without the CM suffix the service adds (policy in ../shared/abha.ts;
 * the maximum length is not published, so the server judges it).
 */
export function checkNewAbhaAddress(input: string): string {
  const issue = abhaAddressIssue(input);
  if (issue) throw new AbdmInputError('healthId', issue);
  return withoutCmSuffix(input);
}

export function checkAuthMethod(input: string): AuthMethod {
  if (!(AUTH_METHODS as readonly string[]).includes(input)) {
    throw new AbdmInputError('authMethod', 'not-allowed');
  }
  return input as AuthMethod;
}

/** The X-Token value without any "Bearer " the caller may have kept. */
export function checkUserToken(input: string): string {
  const token = typeof input === 'string' ? input.trim().replace(/^Bearer\s+/i, '') : '';
  if (token === '') throw new AbdmInputError('userToken', 'required');
  return token;
}
