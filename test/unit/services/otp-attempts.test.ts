// Wrong OTPs, counted in main: the tries left after each, the lock after the fifth, and when it lifts.
import { describe, expect, it } from 'vitest';
import { AbdmError } from '../../../electron/abdm/errors';
import { freshAttempts, verifyingOtp } from '../../../electron/services/abha/otp-attempts';
import { otpStatus } from '../../../electron/services/abha/otp-timer';
import { AppFailure } from '../../../electron/shared/errors';

/** Health ID v1's answer to a wrong Aadhaar OTP (reference/spec/healthid-v1.md §3.2): HIS-2022, no count. */
const wrongOtp = () => new AbdmError({ status: 422, code: 'HIS-422', detailCode: 'HIS-2022', message: 'Invalid OTP value.', service: 'healthid', operation: 'verifyOtp' });
const T0 = Date.parse('2025-07-14T10:05:00.000Z');

async function failureOf(promise: Promise<unknown>): Promise<AppFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppFailure) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('verifyingOtp', () => {
  it('says the tries left after each wrong OTP, warns at the last, and locks at the fifth for 12 hours', async () => {
    const attempts = freshAttempts();
    const now = () => T0;
    const seen = [];
    for (let i = 0; i < 5; i++) {
      const failure = await failureOf(verifyingOtp(attempts, now, () => Promise.reject(wrongOtp())));
      seen.push({ code: failure.code, params: failure.params, abdmCode: failure.abdmCode });
    }
    expect(seen).toEqual([
      { code: 'OTP_WRONG', params: { attemptsLeft: 4 }, abdmCode: 'HIS-2022' },
      { code: 'OTP_WRONG', params: { attemptsLeft: 3 }, abdmCode: 'HIS-2022' },
      { code: 'OTP_WRONG', params: { attemptsLeft: 2 }, abdmCode: 'HIS-2022' },
      { code: 'OTP_WRONG', params: { attemptsLeft: 1, reason: 'last-try' }, abdmCode: 'HIS-2022' },
      { code: 'OTP_LOCKED', params: { retryAt: '2025-07-14T22:05:00.000Z' }, abdmCode: 'HIS-2022' },
    ]);
  });

  it('refuses while locked without asking ABDM, and lets the OTP be tried once the lock has run out', async () => {
    const attempts = { left: 0, lockedUntil: T0 + 12 * 3_600_000 };
    let asked = 0;
    const call = () => {
      asked += 1;
      return Promise.resolve('verified');
    };
    const locked = await failureOf(verifyingOtp(attempts, () => T0 + 3_600_000, call));
    expect(locked).toMatchObject({ code: 'OTP_LOCKED', params: { retryAt: '2025-07-14T22:05:00.000Z' } });
    expect(asked).toBe(0);
    await expect(verifyingOtp(attempts, () => T0 + 12 * 3_600_000, call)).resolves.toBe('verified');
    expect(attempts).toEqual({ left: 5, lockedUntil: null });
  });

  it('takes ABDM’s lock and its wait as given', async () => {
    const lock = new AbdmError({ status: 422, code: 'HIS-400', detailCode: 'HIS-1039', message: 'You have exceeded the maximum number of failed attempts. Please try again in 12 hours.', service: 'healthid', operation: 'verifyOtp' });
    const failure = await failureOf(verifyingOtp(freshAttempts(), () => T0, () => Promise.reject(lock)));
    expect(failure).toMatchObject({ code: 'OTP_LOCKED', params: { retryAt: '2025-07-14T22:05:00.000Z' }, abdmCode: 'HIS-1039' });
  });

  it('takes ABDM’s count where its words give one', async () => {
    const counted = new AbdmError({ status: 422, code: 'ABDM-1204', detailCode: 'ABDM-1204', message: 'Invalid OTP value. 2 attempts left.', service: 'abha', operation: 'enrolByAadhaar' });
    const failure = await failureOf(verifyingOtp(freshAttempts(), () => T0, () => Promise.reject(counted)));
    expect(failure).toMatchObject({ code: 'OTP_WRONG', params: { attemptsLeft: 2 } });
  });

  it('leaves an expired OTP and other failures as ABDM refusals, without counting them', async () => {
    const attempts = freshAttempts();
    const expired = new AbdmError({ status: 422, code: 'HIS-422', detailCode: 'HIS-1056', message: 'OTP has expired.', service: 'healthid', operation: 'verifyOtp' });
    const failure = await failureOf(verifyingOtp(attempts, () => T0, () => Promise.reject(expired)));
    expect(failure).toMatchObject({ code: 'ABDM_ERROR', abdmCode: 'HIS-1056' });
    expect(attempts.left).toBe(5);
  });
});

describe('otpStatus', () => {
  it('gives what is left at the time asked: validity, resend wait, tries and the lock', () => {
    const clock = { sentAt: T0, resends: 1 };
    expect(otpStatus(clock, { left: 3, lockedUntil: null }, T0 + 45_000)).toEqual({
      sentAt: '2025-07-14T10:05:00.000Z',
      expiresInSeconds: 555,
      resendAfterSeconds: 15,
      resendsLeft: 1,
      attemptsLeft: 3,
      lockedUntil: null,
    });
    const later = otpStatus(clock, { left: 0, lockedUntil: T0 + 43_200_000 }, T0 + 700_000);
    expect(later).toMatchObject({ expiresInSeconds: 0, resendAfterSeconds: 0, lockedUntil: '2025-07-14T22:05:00.000Z' });
  });
});
