// An independent Verhoeff, built from the definitions rather than the published tables: the tests' oracle for the
// Aadhaar check digit (test/unit/shared/aadhaar-check-digit.test.ts checks it against Wikipedia's worked examples
// before it judges the app), sharing nothing with electron/shared/aadhaar.ts.

// D5, the symmetries of a pentagon: 0–4 are the rotations r^k, 5–9 the reflections s·r^k (Verhoeff's numbering).
function d5(j: number, k: number): number {
  const a = j % 5;
  const b = k % 5;
  const mod5 = (n: number) => ((n % 5) + 5) % 5;
  if (j < 5 && k < 5) return mod5(a + b);
  if (j < 5) return 5 + mod5(a + b);
  if (k < 5) return 5 + mod5(a - b);
  return mod5(a - b);
}
// Verhoeff's position permutation σ = (0 1 5 8 9 4 2 7)(3 6), applied i times for the digit at position i.
const SIGMA_CYCLES = [[0, 1, 5, 8, 9, 4, 2, 7], [3, 6]];
function sigmaPower(times: number, digit: number): number {
  const cycle = SIGMA_CYCLES.find((c) => c.includes(digit))!;
  return cycle[(cycle.indexOf(digit) + times) % cycle.length]!;
}
export function oracleValid(digits: string): boolean {
  let check = 0;
  [...digits].reverse().forEach((d, i) => (check = d5(check, sigmaPower(i, Number(d)))));
  return check === 0;
}
export function oracleCheckDigit(body: string): string {
  return String([...'0123456789'].find((d) => oracleValid(body + d)));
}
