// Aadhaar number checks and masking. Pure functions with no Node or DOM: the renderer may import this file
// (the layering check allows electron/shared/ and nothing else), so both sides check the same way.

// Verhoeff tables (dihedral group D5), as published with the algorithm; UIDAI uses it for the last digit.
// Row i of PERMUTE is row 1 applied i times; test/unit/shared/aadhaar-check-digit.test.ts checks these tables
// against a Verhoeff built from that algebra and against published numbers, never against themselves.
const MULTIPLY = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5], [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7], [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3], [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const PERMUTE = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4], [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7], [9, 4, 5, 3, 1, 2, 6, 8, 7, 0], [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5], [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

export function verhoeffValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let check = 0;
  [...digits].reverse().forEach((digit, i) => {
    check = MULTIPLY[check]![PERMUTE[i % 8]![Number(digit)]!]!;
  });
  return check === 0;
}

const INVERSE = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/** The digit that makes `digits` + it Verhoeff-valid (for generating test and training numbers). */
export function verhoeffCheckDigit(digits: string): string {
  let check = 0;
  [...digits].reverse().forEach((digit, i) => {
    check = MULTIPLY[check]![PERMUTE[(i + 1) % 8]![Number(digit)]!]!;
  });
  return String(INVERSE[check]);
}

/** Spaces and dashes are how people type and read the number; they are not part of it. */
export function normaliseAadhaar(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export type AadhaarProblem = 'not-digits' | 'wrong-length' | 'starts-with-0-or-1' | 'check-digit';

/** Why the number cannot be an Aadhaar number (12 digits) or Virtual ID (16 digits), or null when it can. */
export function aadhaarProblem(input: string): AadhaarProblem | null {
  const digits = normaliseAadhaar(input);
  if (!/^\d*$/.test(digits)) return 'not-digits';
  if (digits.length !== 12 && digits.length !== 16) return 'wrong-length';
  if (digits.length === 12 && /^[01]/.test(digits)) return 'starts-with-0-or-1';
  return verhoeffValid(digits) ? null : 'check-digit';
}

/** The same, named as a field issue (electron/shared/errors.ts) for the contract, the screens and the ABDM client. */
export function aadhaarIssue(input: string): `aadhaar.${AadhaarProblem}` | null {
  const problem = aadhaarProblem(input);
  return problem ? `aadhaar.${problem}` : null;
}

/** "XXXX XXXX 1234": the only form in which an Aadhaar number may be shown, logged or stored. */
export function maskAadhaar(input: string): string {
  const digits = normaliseAadhaar(input);
  const hidden = Math.max(digits.length - 4, 0);
  const masked = 'X'.repeat(hidden) + digits.slice(hidden);
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}
