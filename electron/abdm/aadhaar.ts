// The Aadhaar number: the one piece of data here that must never reach a disk or a log.
// UIDAI ends every Aadhaar number with a Verhoeff check digit and ABDM asks integrators to check it
// before calling generateOtp (../shared/spec/healthid-v1.md §3.4, §7). The tables are the dihedral
// group D5 ones from J. Verhoeff, "Error Detecting Decimal Codes" (1969); no maintained npm package
// offers just this, and the algorithm is a dozen lines.

const D5_MULTIPLY = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const PERMUTATION = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** True when the digit string ends with a correct Verhoeff check digit. */
export function hasValidVerhoeffCheckDigit(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let check = 0;
  [...digits].reverse().forEach((char, position) => {
    check = D5_MULTIPLY[check]![PERMUTATION[position % 8]![Number(char)]!]!;
  });
  return check === 0;
}

/** Removes the spaces and hyphens people type between the groups of four. */
export function normaliseAadhaar(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** `XXXX XXXX 1234`: the only form of an Aadhaar number (or 16-digit VID) allowed in logs or errors. */
export function maskAadhaar(aadhaar: string): string {
  const digits = normaliseAadhaar(aadhaar);
  const hiddenGroups = Math.max(0, Math.ceil(digits.length / 4) - 1);
  return [...Array<string>(hiddenGroups).fill('XXXX'), digits.slice(-4)].join(' ');
}

// 12 digits (Aadhaar) or 16 (VID), optionally grouped by single spaces, not part of a longer number.
// Hyphen-grouped 14-digit ABHA numbers (91-4820-1736-5529) and 10-digit mobiles do not match.
const AADHAAR_IN_TEXT = /(?<![\d-])(?:\d{4} ?){2}\d{4}(?: ?\d{4})?(?![\d-])/g;

/** Masks every Aadhaar-like number inside free text, e.g. an error message a server echoed back. */
export function maskAadhaarInText(text: string): string {
  return text.replace(AADHAAR_IN_TEXT, (match) => maskAadhaar(match));
}

/** Deep copy of a JSON value with every string passed through maskAadhaarInText. */
export function maskAadhaarDeep(value: unknown): unknown {
  if (typeof value === 'string') return maskAadhaarInText(value);
  if (Array.isArray(value)) return value.map(maskAadhaarDeep);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, maskAadhaarDeep(inner)]));
  }
  return value;
}
