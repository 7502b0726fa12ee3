// What the screens check before sending anything, by the same rules main applies (electron/shared/), named by
// the same field-issue codes main uses, so one set of words (renderer/lib/i18n.ts `field.*`) serves both.
// Main checks again; these only spare the patient an OTP sent for a mistyped number.
import { aadhaarProblem } from '../../electron/shared/aadhaar';
import { abhaAddressProblem, parseAbhaIdentifier } from '../../electron/shared/abha';
import type { FieldIssueCode } from '../../electron/shared/errors';
import { isMobile } from '../../electron/shared/mobile';
import { isOtp } from '../../electron/shared/otp';

export function aadhaarCheck(digits: string): FieldIssueCode | undefined {
  if (digits === '') return 'required';
  const problem = aadhaarProblem(digits);
  return problem ? `aadhaar.${problem}` : undefined;
}

export function otpCheck(otp: string): FieldIssueCode | undefined {
  return isOtp(otp) ? undefined : 'otp';
}

export function mobileCheck(mobile: string): FieldIssueCode | undefined {
  return isMobile(mobile) ? undefined : 'mobile';
}

export function abhaIdentifierCheck(input: string): FieldIssueCode | undefined {
  return parseAbhaIdentifier(input) ? undefined : 'abha-identifier';
}

/** Optional: empty lets ABDM make the address from the ABHA number. */
export function abhaAddressCheck(input: string): FieldIssueCode | undefined {
  const problem = input.trim() === '' ? null : abhaAddressProblem(input);
  return problem ? `abha-address.${problem}` : undefined;
}

export function emailCheck(input: string): FieldIssueCode | undefined {
  return input.trim() === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.trim()) ? undefined : 'email';
}
