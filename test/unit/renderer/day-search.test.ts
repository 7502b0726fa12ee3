// Today's search as a clerk types it: part of a name, part of an ABHA number with or without dashes, an ABHA address,
// the last digits of a mobile.
import { describe, expect, it } from 'vitest';
import { matchesSearch, type Searchable } from '../../../renderer/lib/today/day-search';

const asha: Searchable = { abhaNumber: '91-4820-1736-5529', patient: { name: 'Asha Devi Verma', abhaAddress: 'asha.verma@sbx', mobile: '9812345670' } };
const ravi: Searchable = { abhaNumber: '91-1111-2222-3333', patient: { name: 'रवि कुमार शर्मा', abhaAddress: 'ravi.sharma85@sbx', mobile: '9876500001' } };
const consent: Searchable = { abhaNumber: null, patient: null };
const found = (query: string) => [asha, ravi, consent].filter((entry) => matchesSearch(entry, query));

describe('matchesSearch', () => {
  it('finds everything for an empty search', () => {
    expect(found('  ')).toEqual([asha, ravi, consent]);
  });

  it('finds a name by any part, in any letter case, Hindi too', () => {
    expect(found('verma')).toEqual([asha]);
    expect(found('DEVI')).toEqual([asha]);
    expect(found('कुमार')).toEqual([ravi]);
  });

  it('finds an ABHA number by digits in a row, dashes typed or not', () => {
    expect(found('1736')).toEqual([asha]);
    expect(found('4820-1736')).toEqual([asha]);
    expect(found('4820 1736 5529')).toEqual([asha]);
  });

  it('finds an ABHA address', () => {
    expect(found('ravi.sharma')).toEqual([ravi]);
  });

  it('finds a consent or record row by the ABHA address it names, where the desk has no profile of the patient', () => {
    const asked: Searchable = { abhaNumber: null, abhaAddress: 'meena.iyer@sbx', patient: null };
    expect(matchesSearch(asked, 'Meena')).toBe(true);
    expect(matchesSearch(asked, 'asha')).toBe(false);
  });

  it('finds a mobile by its last digits, not by digits in the middle', () => {
    expect(found('5670')).toEqual([asha]);
    expect(found('00001')).toEqual([ravi]);
    expect(found('98123')).toEqual([]);
  });
});
