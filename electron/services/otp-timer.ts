// The OTP clock the operator sees: how long the OTP is valid, when a resend is allowed, how many are left.
// ABDM's guidance: allow a resend after 60 s, at least twice; OTPs are valid for 10 minutes.
import { AppFailure } from '../shared/errors';

export const OTP_VALID_SECONDS = 600;
export const RESEND_AFTER_SECONDS = 60;
export const MAX_RESENDS = 2;

export interface OtpClock {
  sentAt: number;
  resends: number;
}

export interface OtpStatus {
  sentAt: string;
  expiresInSeconds: number;
  resendAfterSeconds: number;
  resendsLeft: number;
}

export function otpStatus(clock: OtpClock): OtpStatus {
  return {
    sentAt: new Date(clock.sentAt).toISOString(),
    expiresInSeconds: OTP_VALID_SECONDS,
    resendAfterSeconds: RESEND_AFTER_SECONDS,
    resendsLeft: MAX_RESENDS - clock.resends,
  };
}

/** Refuses a resend that ABDM would refuse anyway, before any call is made. */
export function checkResendAllowed(clock: OtpClock, now: number): void {
  if (clock.resends >= MAX_RESENDS) throw new AppFailure('RESEND_LIMIT');
  const waitMs = RESEND_AFTER_SECONDS * 1000 - (now - clock.sentAt);
  if (waitMs > 0) throw new AppFailure('RESEND_TOO_SOON', { params: { seconds: Math.ceil(waitMs / 1000) } });
}
