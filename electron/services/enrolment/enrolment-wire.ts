// One API generation's side of enrolment. The order the desk follows is the same on both (Aadhaar OTP, with the
// mobile for the ABHA typed beside it; a mobile OTP when needed; an ABHA address), but where the account comes
// into being differs: Health ID v1 creates it last, ABHA v3 when the Aadhaar OTP is verified
// (reference/spec/abdm-v3.md §4).
import type { AbhaPerson } from '../../abdm/abha-v3/types';
import type { AbdmApi } from '../../store/settings/settings-schema';
import type { OtpAttempts } from '../abha/otp-attempts';
import type { OtpClock } from '../abha/otp-timer';

export type EnrolmentStep = 'aadhaar-otp' | 'mobile' | 'mobile-otp' | 'address';

export interface IssuedAccount {
  person: AbhaPerson;
  token: { token: string; expiresIn: number | null; refreshToken: string | null } | null;
  isNew: boolean;
}

/** One enrolment in main-process memory; the renderer holds only its flow id. */
export interface Enrolment {
  api: AbdmApi;
  step: EnrolmentStep;
  txnId: string;
  /** Until the Aadhaar OTP is verified (a resend needs it); never written anywhere. */
  aadhaar: string | null;
  maskedAadhaar: string;
  /** The mobile for the ABHA, as typed beside the Aadhaar OTP (not Aadhaar: the screen may show it again). */
  mobile: string | null;
  otp: OtpClock;
  /** Wrong OTPs at the current OTP step (the Aadhaar OTP, then the mobile OTP). */
  attempts: OtpAttempts;
  /** At the address step: ABDM's suggestions, kept so a reloaded screen shows them again. */
  suggestions: string[];
  /** ABHA v3: the account the Aadhaar OTP created, completed by the address step. */
  account: IssuedAccount | null;
}

/** What comes after the Aadhaar OTP on this generation. */
export type AfterAadhaar = 'send-mobile-otp' | 'address' | 'existing';

export interface EnrolmentWire {
  /** Whether the address step may also take an e-mail (v1's create call has one; v3 enrolment has none). */
  readonly takesEmail: boolean;
  sendAadhaarOtp(aadhaar: string): Promise<string>;
  verifyAadhaarOtp(enrolment: Enrolment, otp: string, mobile: string): Promise<AfterAadhaar>;
  sendMobileOtp(enrolment: Enrolment, mobile: string): Promise<string>;
  verifyMobileOtp(enrolment: Enrolment, otp: string): Promise<void>;
  suggestions(enrolment: Enrolment): Promise<string[]>;
  /** `abhaAddress` without the @cm suffix, or undefined to keep what ABDM gives. */
  create(enrolment: Enrolment, input: { abhaAddress?: string; email?: string }): Promise<IssuedAccount>;
}
