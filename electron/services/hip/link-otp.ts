// The HIP's own OTP for patient-initiated linking (docs/hip-patient-link.md): six digits from the operating system's
// random source, kept only as a salted hash, valid five minutes, three wrong tries and the link request is dead.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const OTP_DIGITS = 6;
/**
 * Five minutes: an SMS through an Indian DLT route usually lands within a minute, so this leaves the patient time to
 * read and type it, while an OTP glimpsed on a phone left at the counter is soon worth nothing.
 */
export const OTP_VALID_MS = 5 * 60_000;
/** The third wrong OTP kills the link request (the patient starts again from their app). */
export const OTP_MAX_TRIES = 3;

/**
 * At most this many OTPs a patient per OTP_REQUEST_WINDOW_MS: each costs the clinic an SMS, and a patient who asks
 * more often than that is better served at the desk (ABDM's 1407, OTP request limit).
 */
export const OTP_REQUESTS_PER_WINDOW = 3;
export const OTP_REQUEST_WINDOW_MS = 15 * 60_000;

export function newOtp(): string {
  return randomInt(0, 10 ** OTP_DIGITS).toString().padStart(OTP_DIGITS, '0');
}

/** The OTP as stored: a random salt and SHA-256 of salt and OTP (hex). The database is encrypted as well. */
export function sealOtp(otp: string): { salt: string; hash: string } {
  const salt = randomBytes(16).toString('hex');
  return { salt, hash: otpHash(salt, otp) };
}

export function otpMatches(typed: string, sealed: { salt: string; hash: string }): boolean {
  const expected = Buffer.from(sealed.hash, 'hex');
  const actual = Buffer.from(otpHash(sealed.salt, typed.trim()), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

function otpHash(salt: string, otp: string): string {
  return createHash('sha256').update(salt).update(':').update(otp).digest('hex');
}

/** Where the OTP went, as the patient's app shows it: the last four digits only ("XXXXXX3210"). */
export function maskedMobile(mobile: string): string {
  return `${'X'.repeat(Math.max(0, mobile.length - 4))}${mobile.slice(-4)}`;
}

/**
 * The SMS: English, then Hindi (the desk does not know the patient's language; both fit one Unicode SMS pair).
 * The clinic is named so a patient can tell a real OTP from a stranger's request.
 */
export function otpMessage(otp: string, clinic: string): string {
  const place = clinic.trim() || 'the clinic';
  const placeHi = clinic.trim() || 'क्लिनिक';
  return [
    `${otp} is your OTP to link your records at ${place}. Valid 5 minutes.`,
    `${otp} ${placeHi} पर आपके रिकॉर्ड लिंक करने के लिए आपका OTP है। 5 मिनट तक मान्य।`,
  ].join('\n');
}
