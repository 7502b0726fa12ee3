// Check-digit algorithms for the two identifiers the sandbox deals with. Deliberately separate from the
// app's electron/shared/aadhaar.ts: the simulator is an independent oracle, so a bug in one shows up in tests.
// Aadhaar uses Verhoeff (UIDAI); ABHA numbers seen in real sandbox traffic pass Luhn mod 10
// (see reference/spec/healthid-v1.md §7), so the sandbox issues Luhn-valid ABHA numbers.

// Verhoeff tables: multiplication table of the dihedral group D5, the position permutation and the
// inverse table, as published by J. Verhoeff, "Error Detecting Decimal Codes" (1969), and reproduced
// in the Wikipedia article "Verhoeff algorithm".
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
const INVERSE = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

function digitsOf(value: string): number[] {
  if (!/^\d+$/.test(value)) throw new TypeError('expected a string of decimal digits');
  return [...value].map(Number);
}

function verhoeffChecksum(digits: number[], offset: number): number {
  let check = 0;
  digits
    .slice()
    .reverse()
    .forEach((digit, i) => {
      check = D5_MULTIPLY[check]![PERMUTATION[(i + offset) % 8]![digit]!]!;
    });
  return check;
}

export function isVerhoeffValid(value: string): boolean {
  return /^\d+$/.test(value) && verhoeffChecksum(digitsOf(value), 0) === 0;
}

export function verhoeffCheckDigit(payload: string): number {
  return INVERSE[verhoeffChecksum(digitsOf(payload), 1)]!;
}

export function luhnCheckDigit(payload: string): number {
  const sum = digitsOf(payload)
    .reverse()
    .reduce((acc, digit, i) => {
      // Counting from the right of the payload, every first, third... digit is doubled,
      // because the check digit will sit to its right.
      if (i % 2 === 0) {
        const doubled = digit * 2;
        return acc + (doubled > 9 ? doubled - 9 : doubled);
      }
      return acc + digit;
    }, 0);
  return (10 - (sum % 10)) % 10;
}

export function isLuhnValid(value: string): boolean {
  return /^\d{2,}$/.test(value) && luhnCheckDigit(value.slice(0, -1)) === Number(value.at(-1));
}
