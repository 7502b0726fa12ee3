// The one Aadhaar scanner (electron/shared/aadhaar-in-text.ts) on the texts a desk meets: a number however written,
// next to other numbers, inside longer runs, and the numbers a desk does keep (ABHA numbers, mobiles). Known answers
// come from UIDAI's published test residents and from the test's own Verhoeff (test/support/verhoeff-oracle.ts).
import { describe, expect, it } from 'vitest';
import { holdsAadhaar, maskAadhaarInText } from '../../../electron/shared/aadhaar-in-text';
import { oracleCheckDigit, oracleValid } from '../../support/verhoeff-oracle';

// UIDAI's published test resident for the Authentication API (valid), and one digit of it mistyped.
const AADHAAR = '999941057058';
const MISTYPED = '999941057059';
const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');
const hyphened = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1-');

describe('the known answers', () => {
  it('UIDAI test resident valid, its mistyped twin not (by the test oracle, not the app)', () => {
    expect(oracleValid(AADHAAR)).toBe(true);
    expect(oracleValid(MISTYPED)).toBe(false);
  });
});

describe('an Aadhaar number however written', () => {
  it.each([
    [AADHAAR, 'XXXX XXXX 7058'],
    [spaced(AADHAAR), 'XXXX XXXX 7058'],
    [hyphened(AADHAAR), 'XXXX XXXX 7058'],
    [`Aadhaar ${spaced(AADHAAR)}: 2 tries left`, 'Aadhaar XXXX XXXX 7058: 2 tries left'],
    [`(${AADHAAR})`, '(XXXX XXXX 7058)'],
    [`uid=${AADHAAR}&otp=123456`, 'uid=XXXX XXXX 7058&otp=123456'],
  ])('finds and masks %s', (text, masked) => {
    expect(holdsAadhaar(text)).toBe(true);
    expect(maskAadhaarInText(text)).toBe(masked);
  });

  it('next to other numbers with a single space between them: the Aadhaar number is still found', () => {
    const after = `Aadhaar ${spaced(AADHAAR)} 2 tries left`;
    const before = `Attempt 3 ${spaced(AADHAAR)}`;
    expect(holdsAadhaar(after)).toBe(true);
    expect(holdsAadhaar(before)).toBe(true);
    expect(maskAadhaarInText(after)).toBe('Aadhaar XXXX XXXX 7058 2 tries left');
    expect(maskAadhaarInText(before)).toBe('Attempt 3 XXXX XXXX 7058');
  });

  it('a Virtual ID (16 digits) too, masked to its last four', () => {
    const body = '917263548201736';
    const vid = body + oracleCheckDigit(body);
    expect(holdsAadhaar(spaced(vid))).toBe(true);
    expect(maskAadhaarInText(`VID ${spaced(vid)}`)).toBe(`VID XXXX XXXX XXXX ${vid.slice(12)}`);
  });
});

describe('a mistyped Aadhaar number', () => {
  // Verhoeff refuses every single-digit slip, so a check-digit rule would let exactly these through a log.
  it('is masked in text all the same: eleven of its digits are still the person’s', () => {
    expect(maskAadhaarInText(`Invalid Aadhaar ${MISTYPED}`)).toBe('Invalid Aadhaar XXXX XXXX 7059');
    expect(maskAadhaarInText(`Invalid Aadhaar ${spaced(MISTYPED)}`)).toBe('Invalid Aadhaar XXXX XXXX 7059');
  });

  it('is not held to be one (a refusal asks for a valid number; docs/decisions.md, "One Aadhaar scanner")', () => {
    expect(holdsAadhaar(MISTYPED)).toBe(false);
  });
});

describe('inside longer runs of digits', () => {
  it.each([
    [`9${AADHAAR}`, '13 digits'],
    [`${AADHAAR}12`, '14 digits'],
    [`${hyphened(AADHAAR)}-5`, 'a hyphen joins the 5 to the number'],
  ])('%s (%s) is neither found nor masked', (text) => {
    expect(holdsAadhaar(text)).toBe(false);
    expect(maskAadhaarInText(text)).toBe(text);
  });
});

describe('the numbers a desk keeps', () => {
  // An ABHA number whose last 12 digits are a valid Aadhaar number: still one 14-digit number.
  const abha = `91${AADHAAR}`;
  it.each([
    [`91-${hyphened(AADHAAR)}`, 'an ABHA number as ABDM writes it'],
    [abha, 'an ABHA number without its hyphens'],
    ['9812345670', 'a 10-digit mobile'],
    ['98123 45670', 'a mobile written in two fives'],
    ['XXXX XXXX 7058', 'the masked Aadhaar'],
    ['Pune 411001, 10:05, 25-11-2026', 'a pincode, a time, a date'],
  ])('%s (%s) is neither found nor masked', (text) => {
    expect(holdsAadhaar(text)).toBe(false);
    expect(maskAadhaarInText(text)).toBe(text);
  });

  it('a mobile with its country code after a + is a phone number, whatever its 12 digits add up to', () => {
    const body = '9198123456';
    const mobile = `${body}7${oracleCheckDigit(`${body}7`)}`.slice(2);
    expect(oracleValid(`91${mobile}`)).toBe(true);
    for (const text of [`+91${mobile}`, `+91 ${mobile}`, `+91-${mobile}`]) {
      expect(holdsAadhaar(text)).toBe(false);
      expect(maskAadhaarInText(text)).toBe(text);
    }
  });
});
