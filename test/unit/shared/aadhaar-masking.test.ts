import { describe, expect, it } from 'vitest';
import { maskAadhaarDeep, maskAadhaarInText } from '../../../electron/shared/aadhaar-in-text';
import { maskAadhaar, verhoeffValid as hasValidVerhoeffCheckDigit } from '../../../electron/shared/aadhaar';

describe('Verhoeff check digit', () => {
  // Wikipedia's worked example (236 → check digit 3) and the sandbox's training Aadhaar numbers,
  // which the sandbox computes with its own, separate implementation.
  it.each(['2363', '234567890124', '345678901238', '456789012341', '567890123458'])('accepts %s', (digits) => {
    expect(hasValidVerhoeffCheckDigit(digits)).toBe(true);
  });

  it.each(['2364', '234567890125', '345678901230', '243567890124'])('rejects %s (wrong or swapped digit)', (digits) => {
    expect(hasValidVerhoeffCheckDigit(digits)).toBe(false);
  });

  it('rejects anything that is not all digits', () => {
    expect(hasValidVerhoeffCheckDigit('2345 6789 0124')).toBe(false);
    expect(hasValidVerhoeffCheckDigit('')).toBe(false);
  });
});

describe('Aadhaar masking', () => {
  it('keeps only the last four digits', () => {
    expect(maskAadhaar('234567890124')).toBe('XXXX XXXX 0124');
    expect(maskAadhaar('2345 6789 0124')).toBe('XXXX XXXX 0124');
    expect(maskAadhaar('1234567890123456')).toBe('XXXX XXXX XXXX 3456');
  });

  it('masks Aadhaar numbers inside text but leaves ABHA numbers and mobiles alone', () => {
    const text = 'Aadhaar 234567890124 / 2345 6789 0124, ABHA 91-4820-1736-5529 or 91482017365529, mobile 9812345670';
    expect(maskAadhaarInText(text)).toBe(
      'Aadhaar XXXX XXXX 0124 / XXXX XXXX 0124, ABHA 91-4820-1736-5529 or 91482017365529, mobile 9812345670',
    );
  });

  it('masks deep inside error details', () => {
    const details = [{ code: 'HIS-2016', message: 'bad 234567890124', attribute: { key: 'aadhaar', value: '234567890124' } }];
    expect(JSON.stringify(maskAadhaarDeep(details))).not.toContain('234567890124');
    expect(maskAadhaarDeep(details)).toEqual([
      { code: 'HIS-2016', message: 'bad XXXX XXXX 0124', attribute: { key: 'aadhaar', value: 'XXXX XXXX 0124' } },
    ]);
  });
});
