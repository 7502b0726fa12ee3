// What the screens check before sending anything, with the operator-facing message for each problem.
// Main checks again; these only spare the patient an OTP sent for a mistyped number.
import { aadhaarProblem } from '../../electron/shared/aadhaar';
import { abhaAddressProblem, parseAbhaIdentifier } from '../../electron/shared/abha';
import type { StringKey } from './i18n';

export function aadhaarCheck(digits: string): StringKey | undefined {
  const problem = aadhaarProblem(digits);
  if (!problem) return undefined;
  return digits === '' ? 'check.aadhaar.empty' : `check.aadhaar.${problem}`;
}

export function otpCheck(otp: string): StringKey | undefined {
  return /^\d{6}$/.test(otp.trim()) ? undefined : 'check.otp';
}

export function mobileCheck(mobile: string): StringKey | undefined {
  return /^[6-9]\d{9}$/.test(mobile.trim()) ? undefined : 'check.mobile';
}

export function abhaIdentifierCheck(input: string): StringKey | undefined {
  return parseAbhaIdentifier(input) ? undefined : 'check.abhaIdentifier';
}

/** Optional: empty lets ABDM make the address from the ABHA number. */
export function abhaAddressCheck(input: string): StringKey | undefined {
  return input.trim() === '' || abhaAddressProblem(input) === null ? undefined : 'check.abhaAddress';
}

export function emailCheck(input: string): StringKey | undefined {
  return input.trim() === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.trim()) ? undefined : 'check.email';
}
