// The last check before text leaves memory: an Aadhaar number however written is found; the numbers a desk does
// keep (ABHA number, mobile, pincode, the masked Aadhaar) are not taken for one.
import { describe, expect, it } from 'vitest';
import { holdsAadhaar } from '../../../electron/shared/aadhaar-in-text';

// 234567890124 is the training resident's Aadhaar (docs/operator-guide.md): Verhoeff-valid, fictional.
describe('holdsAadhaar', () => {
  it.each([
    ['234567890124'],
    ['2345 6789 0124'],
    ['2345-6789-0124'],
    ['Aadhaar 2345 6789 0124 given'],
  ])('finds %s', (text) => {
    expect(holdsAadhaar(text)).toBe(true);
  });

  it.each([
    ['91-4820-1736-5529', 'an ABHA number (14 digits)'],
    ['9876500001', 'a mobile'],
    // 919876500004 would pass the Aadhaar checks; the + says it is a phone number.
    ['+91 98765 00004', 'a mobile with the country code'],
    ['XXXX XXXX 0124', 'the masked Aadhaar the consent record keeps'],
    ['234567890125', '12 digits with a wrong check digit'],
    ['123456789012', '12 digits starting with 1'],
    ['42, Shivaji Chowk, Pune 411001', 'an address with a pincode'],
    ['2345678901245', '13 digits'],
  ])('does not take %s (%s) for one', (text) => {
    expect(holdsAadhaar(text)).toBe(false);
  });
});
