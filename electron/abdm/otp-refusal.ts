// What ABDM's refusal of an OTP says: a wrong OTP, the lock after too many wrong ones, or an expired OTP.
// Health ID v1 names each by its code (reference/spec/healthid-v1.md §5.2: HIS-2022 wrong Aadhaar OTP, HIS-1013
// wrong mobile OTP, HIS-1039 "exceeded the maximum number of failed attempts … try again in 12 hours", HIS-1041
// "max OTP attempts", HIS-1056 expired). ABHA v3 answers all three with ABDM-1204 (abdm-v3.md §2 "Errors"), so
// there the words tell them apart. Neither spec gives an attempts-left field: a count or a wait is read from the
// words when they hold one, and otherwise left to the flow (electron/services/abha/otp-attempts.ts) to count.
import type { AbdmError } from './errors';

export type OtpRefusal =
  /** `attemptsLeft`: as ABDM's words gave it, or null when they did not. */
  | { kind: 'wrong'; attemptsLeft: number | null }
  /** `retryAfterMs`: the wait ABDM's words named ("try again in 12 hours"), or null. */
  | { kind: 'locked'; retryAfterMs: number | null }
  | { kind: 'expired' };

const WRONG_CODES = new Set(['HIS-2022', 'HIS-1013']);
const LOCK_CODES = new Set(['HIS-1039', 'HIS-1041']);
const EXPIRED_CODES = new Set(['HIS-1056']);
/** ABHA v3's one code for an OTP it refuses, whatever the reason. */
const V3_OTP_CODE = 'ABDM-1204';

const LOCK_WORDS = /exceeded|maximum|too many|blocked|locked/i;
const EXPIRED_WORDS = /expired/i;
const ATTEMPTS_LEFT = [/(\d+)\s+(?:attempts?|tries|try)\s+(?:left|remaining)/i, /remaining\s+(?:attempts?|tries)\D{0,3}(\d+)/i];
const WAIT = /(\d+)\s*(hours?|hrs?|minutes?|mins?)\b/i;
const UNIT_MS: Record<string, number> = { h: 3_600_000, m: 60_000 };

/** How ABDM refused an OTP, or null when the error is not about the OTP (an unknown transaction, a server fault…). */
export function readOtpRefusal(error: AbdmError): OtpRefusal | null {
  const code = error.specificCode;
  const words = error.message;
  const v3 = code === V3_OTP_CODE;
  if (LOCK_CODES.has(code) || (v3 && LOCK_WORDS.test(words))) return { kind: 'locked', retryAfterMs: waitIn(words) };
  if (EXPIRED_CODES.has(code) || (v3 && EXPIRED_WORDS.test(words))) return { kind: 'expired' };
  if (WRONG_CODES.has(code) || v3) return { kind: 'wrong', attemptsLeft: attemptsLeftIn(words) };
  return null;
}

function attemptsLeftIn(words: string): number | null {
  for (const pattern of ATTEMPTS_LEFT) {
    const found = pattern.exec(words);
    if (found) return Number(found[1]);
  }
  return null;
}

function waitIn(words: string): number | null {
  const found = WAIT.exec(words);
  if (!found) return null;
  return Number(found[1]) * UNIT_MS[found[2]!.charAt(0).toLowerCase()]!;
}
