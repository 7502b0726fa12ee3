// Wrong OTPs and the lock that follows them, counted in main for each OTP step of a flow. ABDM allows a few wrong
// OTPs, then refuses the patient's OTPs for 12 hours (reference/spec/healthid-v1.md §5.2 and §6, HIS-1039); its
// answers give no attempts-left field (electron/abdm/otp-refusal.ts), so the flow counts against the maximum
// below and takes ABDM's own count or wait where its words hold one. docs/decisions.md says why 5 and why a
// resend does not start the count again.
import { AbdmError } from '../../abdm/errors';
import { readOtpRefusal } from '../../abdm/otp-refusal';
import { AppFailure } from '../../shared/errors';
import { toAppFailure } from '../call-abdm';

/** Wrong OTPs allowed before ABDM locks (the simulator's default and the consent manager's KYC limit alike). */
export const MAX_WRONG_OTPS = 5;
/** How long ABDM locks a patient's OTPs after too many wrong ones (HIS-1039: "try again in 12 hours"). */
export const OTP_LOCK_MS = 12 * 3_600_000;

export interface OtpAttempts {
  /** Wrong OTPs still allowed before the lock. */
  left: number;
  /** Epoch ms until which ABDM refuses this patient's OTPs; null while not locked. */
  lockedUntil: number | null;
}

export function freshAttempts(): OtpAttempts {
  return { left: MAX_WRONG_OTPS, lockedUntil: null };
}

/** Still locked at `now`? A lock that has run out is forgotten, with the count. */
export function lockedAt(attempts: OtpAttempts, now: number): boolean {
  if (attempts.lockedUntil === null) return false;
  if (attempts.lockedUntil > now) return true;
  Object.assign(attempts, freshAttempts());
  return false;
}

/** Refuses, without asking ABDM, an OTP step of a patient whose OTPs are locked. */
export function refuseIfLocked(attempts: OtpAttempts, now: number): void {
  if (lockedAt(attempts, now)) throw lockFailure(attempts.lockedUntil!);
}

/**
 * Runs a call that verifies an OTP. A wrong OTP becomes OTP_WRONG with the tries left, the last wrong one (or
 * ABDM's own lock) OTP_LOCKED with the time it may be tried again; any other failure is mapped as usual.
 */
export async function verifyingOtp<T>(attempts: OtpAttempts, now: () => number, call: () => Promise<T>): Promise<T> {
  refuseIfLocked(attempts, now());
  try {
    return await call();
  } catch (error) {
    throw countedFailure(attempts, now(), error);
  }
}

function countedFailure(attempts: OtpAttempts, now: number, error: unknown): unknown {
  const refusal = error instanceof AbdmError ? readOtpRefusal(error) : null;
  if (!refusal || refusal.kind === 'expired') return toAppFailure(error);
  const abdmCode = (error as AbdmError).specificCode;
  if (refusal.kind === 'wrong') attempts.left = refusal.attemptsLeft ?? attempts.left - 1;
  if (refusal.kind === 'locked' || attempts.left <= 0) {
    attempts.left = 0;
    attempts.lockedUntil = now + (refusal.kind === 'locked' ? (refusal.retryAfterMs ?? OTP_LOCK_MS) : OTP_LOCK_MS);
    return lockFailure(attempts.lockedUntil, abdmCode, error);
  }
  const params = { attemptsLeft: attempts.left, ...(attempts.left === 1 ? { reason: 'last-try' } : {}) };
  return new AppFailure('OTP_WRONG', { params, abdmCode }, { cause: error });
}

function lockFailure(lockedUntil: number, abdmCode?: string, cause?: unknown): AppFailure {
  return new AppFailure('OTP_LOCKED', { params: { retryAt: new Date(lockedUntil).toISOString() }, abdmCode }, cause === undefined ? undefined : { cause });
}
