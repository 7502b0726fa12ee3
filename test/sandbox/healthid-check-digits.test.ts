import { describe, expect, it } from 'vitest';
import { INVALID_AADHAAR_EXAMPLE, TRAINING_IDENTITIES } from '../../sandbox/index';
import { isLuhnValid, isVerhoeffValid, luhnCheckDigit, verhoeffCheckDigit } from '../../sandbox/residents/check-digits';
import { abhaNumberFromKey, isAbhaNumberValid, maskAadhaar, normaliseAbhaNumber } from '../../sandbox/residents/identity';

/** Luhn written here, independent of the sandbox's, so the numbers it issues are judged by a second implementation. */
function luhnValid(digits: string): boolean {
  const sum = [...digits].reverse().reduce((total, c, i) => {
    const d = Number(c) * (i % 2 === 1 ? 2 : 1);
    return total + (d > 9 ? d - 9 : d);
  }, 0);
  return sum % 10 === 0;
}

describe('check digits', () => {
  it('computes Verhoeff check digits as published (236 → 3, 12345 → 1)', () => {
    expect(verhoeffCheckDigit('236')).toBe(3);
    expect(verhoeffCheckDigit('12345')).toBe(1);
    expect(isVerhoeffValid('2363')).toBe(true);
    expect(isVerhoeffValid('2364')).toBe(false);
    expect(isVerhoeffValid('123451')).toBe(true);
    // Verhoeff catches every adjacent transposition.
    expect(isVerhoeffValid('3263')).toBe(false);
    // UIDAI's published test residents.
    for (const published of ['999941057058', '999971658847', '999933119405', '999955183433', '999990501894']) {
      expect(isVerhoeffValid(published), published).toBe(true);
    }
  });

  it('makes every training Aadhaar number Verhoeff-valid and the invalid example invalid', () => {
    for (const identity of Object.values(TRAINING_IDENTITIES)) expect(isVerhoeffValid(identity.aadhaar), identity.aadhaar).toBe(true);
    expect(isVerhoeffValid(INVALID_AADHAAR_EXAMPLE)).toBe(false);
  });

  it('agrees with Luhn on ABHA numbers seen in real sandbox traffic (reference/spec/healthid-v1.md §7)', () => {
    for (const real of ['15-3638-0684-6247', '57-0517-6745-1839', '91-2666-2007-2857', '91-6865-3273-1326', '91-5408-0214-0264']) {
      expect(isAbhaNumberValid(real), real).toBe(true);
    }
    expect(isLuhnValid('12345678901234')).toBe(false);
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(luhnValid('79927398713')).toBe(true);
  });

  it('issues 14-digit, Luhn-valid ABHA numbers starting 91, formatted XX-XXXX-XXXX-XXXX', () => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const number = abhaNumberFromKey('some-key', attempt);
      expect(number).toMatch(/^91-\d{4}-\d{4}-\d{4}$/);
      expect(luhnValid(number.replaceAll('-', '')), number).toBe(true);
    }
  });

  it('reads ABHA numbers with or without hyphens and masks Aadhaar numbers', () => {
    expect(normaliseAbhaNumber('91482017365529')).toBe('91-4820-1736-5529');
    expect(normaliseAbhaNumber(' 91-4820-1736-5529 ')).toBe('91-4820-1736-5529');
    expect(normaliseAbhaNumber('asha.verma@sbx')).toBeNull();
    expect(normaliseAbhaNumber('9148201736552')).toBeNull();
    expect(maskAadhaar('234567890124')).toBe('XXXX XXXX 0124');
  });
});
