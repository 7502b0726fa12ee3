import { describe, expect, it } from 'vitest';
import { aadhaarProblem, maskAadhaar, verhoeffCheckDigit, verhoeffValid } from '../../../electron/shared/aadhaar';
import { abhaAddressProblem, formatAbhaNumber, parseAbhaIdentifier } from '../../../electron/shared/abha';

describe('Aadhaar checks', () => {
  it('accepts Verhoeff-valid numbers and catches a single mistyped or swapped digit', () => {
    expect(verhoeffValid('234567890124')).toBe(true);
    expect(aadhaarProblem('2345 6789 0124')).toBeNull();
    expect(aadhaarProblem('234567890125')).toBe('check-digit');
    expect(aadhaarProblem('234567809124')).toBe('check-digit');
  });

  it('computes the check digit that makes a number valid', () => {
    // Published answers (Wikipedia's worked examples), not numbers made with this same code.
    expect(verhoeffCheckDigit('236')).toBe('3');
    expect(verhoeffCheckDigit('12345')).toBe('1');
    expect(verhoeffCheckDigit('23456789012')).toBe('4');
  });

  it('explains what is wrong with the shape', () => {
    expect(aadhaarProblem('23456789012')).toBe('wrong-length');
    expect(aadhaarProblem('2345678901ab')).toBe('not-digits');
    expect(aadhaarProblem('123456789012')).toBe('starts-with-0-or-1');
  });

  it('masks all but the last four digits', () => {
    expect(maskAadhaar('234567890124')).toBe('XXXX XXXX 0124');
    expect(maskAadhaar('2345 6789 0124')).toBe('XXXX XXXX 0124');
    expect(maskAadhaar('9123456789012346')).toBe('XXXX XXXX XXXX 2346');
  });
});

describe('ABHA formats', () => {
  it('formats a 14-digit number however it was typed', () => {
    expect(formatAbhaNumber('91482017365529')).toBe('91-4820-1736-5529');
    expect(formatAbhaNumber('91 4820 1736 5529')).toBe('91-4820-1736-5529');
    expect(formatAbhaNumber('9148201736552')).toBeNull();
  });

  it('applies the ABHA address policy', () => {
    expect(abhaAddressProblem('asha.verma@sbx')).toBeNull();
    expect(abhaAddressProblem('abc')).toBe('too-short');
    expect(abhaAddressProblem('1asha')).toBe('bad-start-or-end');
    expect(abhaAddressProblem('asha_verma')).toBe('bad-characters');
  });

  it('tells a number from an address', () => {
    expect(parseAbhaIdentifier('91-4820-1736-5529')).toEqual({ kind: 'number', value: '91-4820-1736-5529' });
    expect(parseAbhaIdentifier(' Asha.Verma@sbx ')).toEqual({ kind: 'address', value: 'asha.verma@sbx' });
    expect(parseAbhaIdentifier('hello')).toBeNull();
  });
});
