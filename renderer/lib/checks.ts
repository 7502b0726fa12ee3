// What the screens check before sending anything, by the same rules main applies (electron/shared/), named by
// the same field-issue codes main uses, so one set of words (renderer/lib/i18n.ts `field.*`) serves both.
// Main checks again; these only spare the patient an OTP sent for a mistyped number.
import { aadhaarIssue } from '../../electron/shared/aadhaar';
import { abhaAddressIssue, parseAbhaIdentifier, parseVerifyIdentifier } from '../../electron/shared/abha';
import { isEmail } from '../../electron/shared/email';
import type { FieldIssueCode } from '../../electron/shared/errors';
import { isMobile } from '../../electron/shared/mobile';
import { isOtp } from '../../electron/shared/otp';

export function aadhaarCheck(digits: string): FieldIssueCode | undefined {
  return digits === '' ? 'required' : (aadhaarIssue(digits) ?? undefined);
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

/** What Verify takes: an ABHA number or address, or a mobile. */
export function verifyIdentifierCheck(input: string): FieldIssueCode | undefined {
  return parseVerifyIdentifier(input) ? undefined : 'abha-identifier';
}

/** Optional: empty lets ABDM make the address from the ABHA number. */
export function abhaAddressCheck(input: string): FieldIssueCode | undefined {
  return input.trim() === '' ? undefined : (abhaAddressIssue(input) ?? undefined);
}

/** Optional: empty means none. */
export function emailCheck(input: string): FieldIssueCode | undefined {
  return input.trim() === '' || isEmail(input) ? undefined : 'email';
}
