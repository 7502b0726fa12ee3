// The Aadhaar check digit against sources that share nothing with electron/shared/aadhaar.ts: numbers published
// by others, and a second Verhoeff written from the algebra (no copied tables; test/support/verhoeff-oracle.ts), so a
// wrong table row in the app cannot also be wrong in the oracle. A wrong row once refused 30 % of real numbers while
// every test passed.
import { describe, expect, it } from 'vitest';
import { aadhaarProblem, verhoeffCheckDigit, verhoeffValid } from '../../../electron/shared/aadhaar';
import { oracleCheckDigit, oracleValid } from '../../support/verhoeff-oracle';

// A small seeded generator, so a failure names a number that can be reproduced.
function randomDigits(seed: number): (length: number, firstFrom?: number) => string {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return (length, firstFrom = 0) =>
    Array.from({ length }, (_, i) => String(Math.floor((i === 0 ? firstFrom : 0) + next() * (i === 0 ? 10 - firstFrom : 10)))).join('');
}
const validAadhaar = (random: ReturnType<typeof randomDigits>) => {
  const body = random(11, 2);
  return body + oracleCheckDigit(body);
};

describe('the independent oracle', () => {
  it('agrees with the published worked examples before it judges the app', () => {
    // Wikipedia "Verhoeff algorithm": 236 → 3; 12345 → 1; 142857 → 0.
    expect(oracleCheckDigit('236')).toBe('3');
    expect(oracleCheckDigit('12345')).toBe('1');
    expect(oracleCheckDigit('142857')).toBe('0');
  });
});

describe('Aadhaar numbers known to be valid', () => {
  // UIDAI's published test residents for the Authentication API, and the number from the field report.
  const PUBLISHED = ['999941057058', '999971658847', '999933119405', '999955183433', '999990501894', '252273678269'];

  it.each(PUBLISHED)('accepts %s', (number) => {
    expect(aadhaarProblem(number)).toBeNull();
    expect(aadhaarProblem(`${number.slice(0, 4)} ${number.slice(4, 8)} ${number.slice(8)}`)).toBeNull();
  });

  it.each(PUBLISHED)('computes the last digit of %s from the first eleven', (number) => {
    expect(verhoeffCheckDigit(number.slice(0, 11))).toBe(number.at(-1));
  });
});

describe('against the independent Verhoeff', () => {
  it('judges 100,000 random 12-digit numbers the same way, and accepts 100,000 random valid ones', () => {
    const random = randomDigits(20261124);
    const disagreements: string[] = [];
    for (let n = 0; n < 100_000; n++) {
      const anyNumber = random(12, 2);
      if (verhoeffValid(anyNumber) !== oracleValid(anyNumber)) disagreements.push(anyNumber);
      const valid = validAadhaar(random);
      if (aadhaarProblem(valid) !== null) disagreements.push(valid);
      if (verhoeffCheckDigit(valid.slice(0, 11)) !== valid.at(-1)) disagreements.push(`${valid} (check digit)`);
    }
    expect(disagreements.slice(0, 10)).toEqual([]);
    expect(disagreements).toHaveLength(0);
  });

  it('refuses every single-digit change and every adjacent transposition of 1,000 valid numbers', () => {
    const random = randomDigits(91);
    const missed: string[] = [];
    for (let n = 0; n < 1_000; n++) {
      const valid = validAadhaar(random);
      for (let position = 0; position < 12; position++) {
        for (const digit of '0123456789') {
          if (digit === valid[position]) continue;
          const changed = valid.slice(0, position) + digit + valid.slice(position + 1);
          if (aadhaarProblem(changed) === null) missed.push(`${valid} → ${changed}`);
        }
        if (position < 11 && valid[position] !== valid[position + 1]) {
          const swapped = valid.slice(0, position) + valid[position + 1] + valid[position] + valid.slice(position + 2);
          if (aadhaarProblem(swapped) === null) missed.push(`${valid} ⇄ ${swapped}`);
        }
      }
    }
    expect(missed.slice(0, 10)).toEqual([]);
  });
});
