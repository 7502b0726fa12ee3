// One API generation's side of verifying an existing ABHA by OTP. Health ID v1 logs in by ABHA number or
// address with the Aadhaar OTP; ABHA v3 also by mobile, where one mobile may hold several ABHAs and a short
// transfer token lets the desk pick one (reference/spec/abdm-v3.md §2.5–2.7).
import type { V3Account, V3UserToken } from '../../abdm/abha-v3/types';
import type { AbdmApi } from '../../store/settings/settings-schema';
import type { OtpAttempts } from '../abha/otp-attempts';
import type { OtpClock } from '../abha/otp-timer';

export type VerifyIdentifier = { kind: 'number' | 'address' | 'mobile'; value: string };

/** Where the clerk chose to send the OTP for an ABHA number or address (VRFY_ABHA_201). */
export type OtpDestination = 'aadhaar-mobile' | 'abha-mobile';

export interface Verification {
  api: AbdmApi;
  txnId: string;
  identifier: VerifyIdentifier;
  /** The clerk's choice of mobile for the OTP; absent: the API's default (the Aadhaar-linked one where it can). */
  otpTo?: OtpDestination;
  /** v3: the OTP system the request used, which the verification must name again. */
  otpSystem: 'aadhaar' | 'abdm';
  otp: OtpClock;
  /** Wrong OTPs at this login (otp-attempts.ts). */
  attempts: OtpAttempts;
  /** v3, after a mobile OTP that found several ABHAs: the transfer token and the accounts to choose from. */
  choice: { tToken: string; accounts: V3Account[] } | null;
}

export type VerifiedLogin =
  | { kind: 'token'; token: V3UserToken }
  | { kind: 'choose'; tToken: string; accounts: V3Account[] };

export interface VerifyWire {
  /** Sends the OTP; sets txnId and otpSystem on the verification. */
  sendOtp(verification: Verification): Promise<void>;
  resendOtp(verification: Verification): Promise<void>;
  confirm(verification: Verification, otp: string): Promise<VerifiedLogin>;
  choose(verification: Verification, abhaNumber: string): Promise<V3UserToken>;
}
