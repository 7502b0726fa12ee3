// How ABDM refuses an OTP, read from its answers as the spec gives them (reference/spec/healthid-v1.md §3.2,
// §5.1–5.2; abdm-v3.md §2 "Errors"). Where the spec gives only a code, the words are ones the service could send.
import { describe, expect, it } from 'vitest';
import { abhaV3ErrorFromResponse } from '../../../electron/abdm/abha-v3/errors';
import { errorFromResponse } from '../../../electron/abdm/http';
import { readOtpRefusal } from '../../../electron/abdm/otp-refusal';

const json = (status: number, body: unknown) => ({ status, contentType: 'application/json', data: Buffer.from(JSON.stringify(body)) });
/** Health ID's ApiError: the top code is generic, details[0] names the reason (healthid-v1.md §5.1). */
const v1 = (top: string, detail: string, message: string) =>
  errorFromResponse('healthid', 'verifyOtp', json(422, { code: top, message: 'Request is invalid. Please enter the correct data.', details: [{ code: detail, message, attribute: null }] }));
const v3 = (body: unknown) => abhaV3ErrorFromResponse('abha', 'enrolByAadhaar', json(422, body));

describe('Health ID v1: the code says it', () => {
  it('HIS-2022 "Invalid OTP value." (Aadhaar OTP, 422) is a wrong OTP, with no count in its words', () => {
    expect(readOtpRefusal(v1('HIS-422', 'HIS-2022', 'Invalid OTP value.'))).toEqual({ kind: 'wrong', attemptsLeft: null });
  });

  it('HIS-1013 (mobile OTP, 422 with top HIS-400) is a wrong OTP', () => {
    expect(readOtpRefusal(v1('HIS-400', 'HIS-1013', 'Please enter the correct OTP.'))).toEqual({ kind: 'wrong', attemptsLeft: null });
  });

  it('HIS-1039 (max failed attempts, retry in 12 hours) is the lock, with its wait read from the words', () => {
    const refusal = readOtpRefusal(v1('HIS-400', 'HIS-1039', 'You have exceeded the maximum number of failed attempts. Please try again in 12 hours.'));
    expect(refusal).toEqual({ kind: 'locked', retryAfterMs: 43_200_000 });
  });

  it('HIS-1041 (max OTP attempts reached) is the lock; words without a wait leave it to the desk', () => {
    expect(readOtpRefusal(v1('HIS-400', 'HIS-1041', 'Max OTP attempts reached.'))).toEqual({ kind: 'locked', retryAfterMs: null });
  });

  it('HIS-1056 is an expired OTP, not a wrong one', () => {
    expect(readOtpRefusal(v1('HIS-422', 'HIS-1056', 'OTP has expired. Please request a new OTP.'))).toEqual({ kind: 'expired' });
  });

  it('an unknown transaction (HIS-1026) is not about the OTP', () => {
    expect(readOtpRefusal(v1('HIS-422', 'HIS-1026', 'Transaction not found for UUID.'))).toBeNull();
  });

  it('a count in the words is taken as ABDM’s own', () => {
    expect(readOtpRefusal(v1('HIS-422', 'HIS-2022', 'Invalid OTP value. 3 attempts left.'))).toEqual({ kind: 'wrong', attemptsLeft: 3 });
  });
});

describe('ABHA v3: one code, ABDM-1204, told apart by its words', () => {
  it('a wrong OTP, in the wrapped shape with the trailing ": "', () => {
    expect(readOtpRefusal(v3({ error: { code: 'ABDM-1204: ', message: 'Invalid OTP value' } }))).toEqual({ kind: 'wrong', attemptsLeft: null });
  });

  it('a wrong OTP with the tries left, in the array shape', () => {
    expect(readOtpRefusal(v3([{ code: 'ABDM-1204', message: 'Incorrect OTP. 2 attempts remaining' }]))).toEqual({ kind: 'wrong', attemptsLeft: 2 });
  });

  it('the lock, in the flat shape', () => {
    const refusal = readOtpRefusal(v3({ code: 'ABDM-1204', message: 'Too many wrong OTP attempts. Please try again after 30 minutes' }));
    expect(refusal).toEqual({ kind: 'locked', retryAfterMs: 1_800_000 });
  });

  it('an expired OTP', () => {
    expect(readOtpRefusal(v3({ error: { code: 'ABDM-1204', message: 'OTP expired, please try again' } }))).toEqual({ kind: 'expired' });
  });

  it('an invalid transaction (ABDM-1017) is not about the OTP', () => {
    expect(readOtpRefusal(v3({ error: { code: 'ABDM-1017', message: 'Invalid transaction id' } }))).toBeNull();
  });
});
