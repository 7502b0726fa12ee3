// Checks on what the operator typed, made before anything is sent, so a typo gets a specific message
// at once instead of a generic HIS-400 (and a wasted OTP attempt). Rules are the spec's
// (../shared/spec/healthid-v1.md §3, §7); anything the spec leaves open is left to the server.
import { normaliseAadhaar, verhoeffValid } from '../shared/aadhaar';
import { AbdmInputError } from './errors';
import { AUTH_METHODS, type AuthMethod } from './healthid-types';

/** 12-digit Aadhaar number with a correct Verhoeff check digit, or a 16-digit Virtual ID. */
export function checkAadhaar(input: string): string {
  const aadhaar = normaliseAadhaar(input);
  if (!/^(\d{12}|\d{16})$/.test(aadhaar)) {
    throw new AbdmInputError('aadhaar', 'Aadhaar number must be 12 digits (or a 16-digit Virtual ID)');
  }
  // UIDAI publishes the Verhoeff rule for Aadhaar numbers only, not for Virtual IDs.
  if (aadhaar.length === 12 && !verhoeffValid(aadhaar)) {
    throw new AbdmInputError('aadhaar', 'Aadhaar number is not valid: its last (check) digit does not match');
  }
  return aadhaar;
}

export function checkOtp(input: string): string {
  const otp = input.trim();
  if (!/^\d{6}$/.test(otp)) throw new AbdmInputError('otp', 'OTP must be 6 digits');
  return otp;
}

export function checkMobile(input: string): string {
  const mobile = input.replace(/[\s-]/g, '');
  if (!/^\d{10}$/.test(mobile)) throw new AbdmInputError('mobile', 'Mobile number must be 10 digits');
  return mobile;
}

export function checkTxnId(input: string): string {
  if (typeof input !== 'string' || input.trim() === '') {
    throw new AbdmInputError('txnId', 'txnId is missing: start again from the step that sends the OTP');
  }
  return input.trim();
}

/** ABHA number (with or without hyphens) or ABHA address, as /auth/init takes it. */
export function checkLoginId(input: string): string {
  const healthid = input.trim();
  if (healthid === '') throw new AbdmInputError('healthid', 'Enter the ABHA number or ABHA address');
  if (/^[\d\s-]+$/.test(healthid) && healthid.replace(/\D/g, '').length !== 14) {
    throw new AbdmInputError('healthid', 'ABHA number must be 14 digits');
  }
  return healthid;
}

/**
 * The ABHA address the patient chose, without the `@sbx`/`@abdm` the service adds. Policy from the
 * ABDM docs: at least 4 characters; letters, digits and dots; not starting with a digit or a dot;
 * not ending with a dot. The maximum length is not published, so the server judges it.
 */
export function checkNewAbhaAddress(input: string): string {
  const address = input.trim().replace(/@(sbx|abdm|ndhm)$/i, '');
  if (address.length < 4) throw new AbdmInputError('healthId', 'ABHA address must have at least 4 characters');
  if (!/^[A-Za-z0-9.]+$/.test(address)) throw new AbdmInputError('healthId', 'ABHA address may contain only letters, digits and dots');
  if (/^\d/.test(address)) throw new AbdmInputError('healthId', 'ABHA address must not start with a digit');
  if (address.startsWith('.') || address.endsWith('.')) throw new AbdmInputError('healthId', 'ABHA address must not start or end with a dot');
  return address;
}

export function checkAuthMethod(input: string): AuthMethod {
  if (!(AUTH_METHODS as readonly string[]).includes(input)) {
    throw new AbdmInputError('authMethod', `authMethod must be one of ${AUTH_METHODS.join(', ')}`);
  }
  return input as AuthMethod;
}

/** The X-Token value without any "Bearer " the caller may have kept. */
export function checkUserToken(input: string): string {
  const token = typeof input === 'string' ? input.trim().replace(/^Bearer\s+/i, '') : '';
  if (token === '') throw new AbdmInputError('userToken', 'The patient is not verified: there is no user token');
  return token;
}
