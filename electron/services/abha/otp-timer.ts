// The OTP clock the operator sees: how long the OTP is valid, when a resend is allowed, how many are left, and
// how many wrong OTPs ABDM still allows (otp-attempts.ts). ABDM's guidance: allow a resend after 60 s, at least
// twice; OTPs are valid for 10 minutes. The times are what remains at `now`, so a screen that finds its flow
// again after a reload (enrol.current, verify.current) counts down from where the OTP really is.
import { AppFailure } from '../../shared/errors';
import { lockedAt, type OtpAttempts } from './otp-attempts';

export const OTP_VALID_SECONDS = 600;
export const RESEND_AFTER_SECONDS = 60;
export const MAX_RESENDS = 2;

export interface OtpClock {
  sentAt: number;
  resends: number;
}

export interface OtpStatus {
  sentAt: string;
  /** Seconds the OTP is still valid for. */
  expiresInSeconds: number;
  /** Seconds until a resend is allowed (0: now). */
  resendAfterSeconds: number;
  resendsLeft: number;
  /** Wrong OTPs ABDM still allows before it locks this patient's OTPs. */
  attemptsLeft: number;
  /** While locked: when the OTP may be tried again (ISO); otherwise null. */
  lockedUntil: string | null;
}

export function otpStatus(clock: OtpClock, attempts: OtpAttempts, now: number): OtpStatus {
  const elapsed = Math.max(0, Math.floor((now - clock.sentAt) / 1000));
  const locked = lockedAt(attempts, now);
  return {
    sentAt: new Date(clock.sentAt).toISOString(),
    expiresInSeconds: Math.max(0, OTP_VALID_SECONDS - elapsed),
    resendAfterSeconds: Math.max(0, RESEND_AFTER_SECONDS - elapsed),
    resendsLeft: MAX_RESENDS - clock.resends,
    attemptsLeft: attempts.left,
    lockedUntil: locked ? new Date(attempts.lockedUntil!).toISOString() : null,
  };
}

/** Refuses a resend that ABDM would refuse anyway, before any call is made. */
export function checkResendAllowed(clock: OtpClock, now: number): void {
  if (clock.resends >= MAX_RESENDS) throw new AppFailure('RESEND_LIMIT');
  const waitMs = RESEND_AFTER_SECONDS * 1000 - (now - clock.sentAt);
  if (waitMs > 0) throw new AppFailure('RESEND_TOO_SOON', { params: { seconds: Math.ceil(waitMs / 1000) } });
}
