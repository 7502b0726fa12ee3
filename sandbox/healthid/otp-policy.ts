import type { SandboxConfig } from '../config';
import { AbdmError } from '../errors';
import type { OtpChallenge } from '../state';

// OTP rules shared by registration and login. Limits come from reference/spec/healthid-v1.md §6:
// resends spaced by 60 s, a capped number of sends per transaction (HIS-2017), a capped number of
// wrong OTPs (HIS-1039), and OTPs that expire (HIS-1056).

export function newChallenge(now: number, config: SandboxConfig): OtpChallenge {
  return { sentAt: [now], failedAttempts: 0, expiresAt: now + config.otpValiditySeconds * 1000 };
}

export function sendAgain(challenge: OtpChallenge, now: number, config: SandboxConfig, enforceSpacing: boolean): void {
  if (challenge.sentAt.length >= config.otpMaxSends) {
    throw new AbdmError(
      422,
      'HIS-2017',
      `You have requested multiple OTPs in this transaction (limit ${config.otpMaxSends}). Please try again in 30 minutes.`,
    );
  }
  const last = challenge.sentAt.at(-1) ?? 0;
  const waitMs = config.resendSpacingSeconds * 1000 - (now - last);
  if (enforceSpacing && waitMs > 0) {
    throw new AbdmError(422, 'HIS-1023', `Please wait ${Math.ceil(waitMs / 1000)} seconds before requesting a new OTP.`);
  }
  challenge.sentAt.push(now);
  challenge.expiresAt = now + config.otpValiditySeconds * 1000;
}

function tooManyFailures(config: SandboxConfig): AbdmError {
  return new AbdmError(
    422,
    'HIS-1039',
    `You have exceeded the maximum number of failed attempts (${config.otpMaxFailedAttempts}). Please try again in 12 hours.`,
    { topCode: 'HIS-400' },
  );
}

/**
 * Checks an OTP; throws the HIS error the real service gives. `wrongOtpCode` differs by channel:
 * Aadhaar OTPs are judged by UIDAI (HIS-2022), mobile OTPs by Health ID itself (HIS-1013).
 */
export function verifyOtp(challenge: OtpChallenge, otp: string, now: number, config: SandboxConfig, wrongOtpCode: string): void {
  if (challenge.failedAttempts >= config.otpMaxFailedAttempts) throw tooManyFailures(config);
  if (now > challenge.expiresAt) {
    throw new AbdmError(422, 'HIS-1056', 'OTP has expired. Please request a new OTP.');
  }
  if (otp === config.otp) return;
  challenge.failedAttempts += 1;
  if (challenge.failedAttempts >= config.otpMaxFailedAttempts) throw tooManyFailures(config);
  const left = config.otpMaxFailedAttempts - challenge.failedAttempts;
  throw new AbdmError(422, wrongOtpCode, `Invalid OTP value. ${left} attempt${left === 1 ? '' : 's'} left.`, {
    attribute: { key: 'otp', value: '' },
  });
}
