// New vs Returning as ABDM describes it: a registration is offered as the same person when the mobile (when both have
// one), the gender and the year of birth (±2) agree and the name sounds alike. Every expected answer is worked out by
// hand from the rule.
import { describe, expect, it } from 'vitest';
import { returningCandidates } from '../../../electron/services/register/returning-match';
import type { PersonClaim } from '../../../electron/services/register/person-claims';
import type { RegisteredPatient } from '../../../electron/services/register/register-types';

const registered = (patientNumber: string, fields: Partial<RegisteredPatient>): RegisteredPatient => ({
  patientNumber,
  abhaNumber: null,
  abhaAddress: null,
  name: 'Asha Verma',
  gender: 'F',
  dateOfBirth: null,
  yearOfBirth: 1990,
  mobile: '9812345670',
  address: null,
  firstVisit: '2025-03-01T04:30:00.000Z',
  lastVisit: '2025-03-01T04:30:00.000Z',
  verified: false,
  ...fields,
});

const atCounter: PersonClaim = {
  abhaNumber: null,
  abhaAddress: 'aasha.varma@sbx',
  name: 'Aasha Varma',
  gender: 'F',
  dateOfBirth: null,
  yearOfBirth: 1992,
  mobile: '9812345670',
  address: null,
};

const numbers = (person: PersonClaim, rows: RegisteredPatient[]) => returningCandidates(person, rows).map((c) => c.registration.patientNumber);

describe('age within ±2 years (by year of birth)', () => {
  it.each([
    [1990, true],
    [1994, true],
    [1992, true],
    [1989, false],
    [1995, false],
  ])('born %i, the patient at the counter in 1992: candidate %s', (year, offered) => {
    expect(numbers(atCounter, [registered('OPD-000001', { yearOfBirth: year })])).toEqual(offered ? ['OPD-000001'] : []);
  });

  it('1990 against 1992 is a match; 1990 against 1993 is not', () => {
    const born1990 = [registered('OPD-000001', { yearOfBirth: 1990 })];
    expect(numbers({ ...atCounter, yearOfBirth: 1992 }, born1990)).toEqual(['OPD-000001']);
    expect(numbers({ ...atCounter, yearOfBirth: 1993 }, born1990)).toEqual([]);
  });

  it('an unknown year of birth is no match', () => {
    expect(numbers(atCounter, [registered('OPD-000001', { yearOfBirth: null })])).toEqual([]);
  });
});

describe('mobile (exact), gender (exact), name (sounds alike)', () => {
  it('says what matched', () => {
    expect(returningCandidates(atCounter, [registered('OPD-000001', {})])[0]?.matchedBy).toEqual(['mobile', 'gender', 'age', 'name']);
  });

  it('a different mobile rules a registration out, even one digit', () => {
    expect(numbers(atCounter, [registered('OPD-000001', { mobile: '9812345671' })])).toEqual([]);
  });

  it('a missing mobile on either side does not: offered without "mobile"', () => {
    expect(returningCandidates(atCounter, [registered('OPD-000001', { mobile: null })])[0]?.matchedBy).toEqual(['gender', 'age', 'name']);
    expect(returningCandidates({ ...atCounter, mobile: null }, [registered('OPD-000001', {})])[0]?.matchedBy).toEqual(['gender', 'age', 'name']);
  });

  it('another gender is another person; an unknown gender matches nobody', () => {
    expect(numbers(atCounter, [registered('OPD-000001', { gender: 'M' })])).toEqual([]);
    expect(numbers({ ...atCounter, gender: 'U' }, [registered('OPD-000001', { gender: 'U' })])).toEqual([]);
  });

  it('a name that sounds different is no match, whatever else agrees', () => {
    expect(numbers(atCounter, [registered('OPD-000001', { name: 'Usha Sharma' })])).toEqual([]);
  });

  it('a registration holding another ABHA number is another person', () => {
    const person = { ...atCounter, abhaNumber: '91-1111-2222-3333' };
    expect(numbers(person, [registered('OPD-000001', { abhaNumber: '91-4820-1736-5529' })])).toEqual([]);
    expect(numbers(person, [registered('OPD-000001', { abhaNumber: null })])).toEqual(['OPD-000001']);
  });
});

describe('ranking', () => {
  it('same mobile first, then the nearest age, then the name spelled most alike, then the latest visit', () => {
    const rows = [
      registered('OPD-000001', { mobile: null, yearOfBirth: 1992 }),
      registered('OPD-000002', { yearOfBirth: 1990 }),
      registered('OPD-000003', { yearOfBirth: 1991 }),
      registered('OPD-000004', { yearOfBirth: 1991, name: 'Aasha Varma' }),
      registered('OPD-000005', { yearOfBirth: 1990, lastVisit: '2026-01-01T04:30:00.000Z' }),
    ];
    expect(numbers(atCounter, rows)).toEqual(['OPD-000004', 'OPD-000003', 'OPD-000005', 'OPD-000002', 'OPD-000001']);
  });

  it('offers at most ten', () => {
    const rows = Array.from({ length: 14 }, (_, i) => registered(`OPD-${String(i + 1).padStart(6, '0')}`, {}));
    expect(returningCandidates(atCounter, rows)).toHaveLength(10);
  });
});
