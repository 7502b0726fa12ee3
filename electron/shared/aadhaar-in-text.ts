// Whether a text holds an Aadhaar number, however it is written (spaces or dashes between the digits). Used where
// text leaves the app's memory (the day's patients in the database, the day's log as CSV or print) as the last
// check that no Aadhaar number goes with it. Pure, like the rest of electron/shared/.
import { aadhaarProblem } from './aadhaar';

/**
 * True when a run of digits in `text` (spaces and dashes between them allowed) is a valid Aadhaar number: 12 digits,
 * not starting with 0 or 1, Verhoeff check digit right. Longer runs (a 14-digit ABHA number "91-4820-1736-5529") and
 * shorter ones (a mobile) are not, nor a number after a + (a mobile with its country code); the masked form
 * "XXXX XXXX 0124" is not either.
 */
export function holdsAadhaar(text: string): boolean {
  for (const [, plus, run] of text.matchAll(/(\+?)(\d(?:[ -]?\d)*)/g)) {
    // "+91 98765 00004" is a mobile with its country code, whatever its 12 digits add up to.
    if (plus) continue;
    const digits = run!.replace(/\D/g, '');
    if (digits.length === 12 && aadhaarProblem(digits) === null) return true;
  }
  return false;
}
