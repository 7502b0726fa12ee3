// An ABHA address may be typed without the consent manager's suffix: the desk adds Settings' CM ID.
import { describe, expect, it } from 'vitest';
import { parseVerifyIdentifier, withCmSuffix } from '../../../electron/shared/abha';

describe('withCmSuffix', () => {
  it('adds the suffix of this desk’s consent manager when it was left off', () => {
    expect(withCmSuffix('asha.verma', 'sbx')).toBe('asha.verma@sbx');
    expect(withCmSuffix('asha.verma', 'abdm')).toBe('asha.verma@abdm');
    expect(withCmSuffix(' Asha.Verma ', 'SBX')).toBe('asha.verma@sbx');
  });

  it('keeps a suffix that was typed, in lower case', () => {
    expect(withCmSuffix('Asha.Verma@SBX', 'abdm')).toBe('asha.verma@sbx');
  });
});

describe('parseVerifyIdentifier: what Verify takes', () => {
  it.each([
    ['91 4820 1736 5529', { kind: 'number', value: '91-4820-1736-5529' }],
    ['asha.verma@sbx', { kind: 'address', value: 'asha.verma@sbx' }],
    ['asha.verma', { kind: 'address', value: 'asha.verma' }],
    ['Asha.Verma', { kind: 'address', value: 'asha.verma' }],
    ['98765 00001', { kind: 'mobile', value: '9876500001' }],
    ['+91 98300 00003', { kind: 'mobile', value: '9830000003' }],
    ['+919830000003', { kind: 'mobile', value: '9830000003' }],
    ['09830000003', { kind: 'mobile', value: '9830000003' }],
  ])('%s', (typed, expected) => {
    expect(parseVerifyIdentifier(typed)).toEqual(expected);
  });

  it.each([['98765'], ['asha verma'], ['abc'], ['1asha'], ['+92 300 1234567'], ['']])('refuses %s', (typed) => {
    expect(parseVerifyIdentifier(typed)).toBeNull();
  });
});
