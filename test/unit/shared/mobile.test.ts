// A mobile is typed the way the patient reads it out; the desk takes the 10 digits ABDM wants from any usual form.
import { describe, expect, it } from 'vitest';
import { isMobile, normaliseMobile } from '../../../electron/shared/mobile';

describe('normaliseMobile', () => {
  it.each([
    ['98765 00001', '9876500001'],
    ['98765-00001', '9876500001'],
    ['+91 98300 00003', '9830000003'],
    ['+919830000003', '9830000003'],
    ['09830000003', '9830000003'],
    ['91 98300 00003', '9830000003'],
    ['  9830000003 ', '9830000003'],
    ['(+91) 98300-00003', '9830000003'],
  ])('%s → %s', (typed, digits) => {
    expect(normaliseMobile(typed)).toBe(digits);
    expect(isMobile(typed)).toBe(true);
  });

  it.each([
    ['9 digits', '983000000'],
    ['starts with 5', '5830000003'],
    ['Pakistan’s country code', '+92 300 1234567'],
    ['Pakistan’s country code, unspaced', '+923001234567'],
    ['11 digits without a trunk 0', '98300000031'],
    ['a trunk 0 before 9 digits', '0983000000'],
    ['letters', '98300ABCDE'],
    ['empty', ''],
  ])('refuses %s (%s)', (_why, typed) => {
    expect(isMobile(typed)).toBe(false);
  });

  it('leaves what is not a mobile recognisably as typed, without the grouping', () => {
    expect(normaliseMobile('+92 300 1234567')).toBe('+923001234567');
  });
});
