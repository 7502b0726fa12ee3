// Names that a person at a counter hears as the same are matched; names that sound different are not. The pairs are
// ones any clerk would judge by ear; none is taken from the code under test.
import { describe, expect, it } from 'vitest';
import { latinName, namesSoundAlike, querySoundsLike } from '../../../electron/services/register/name-sounds';

describe('names that sound alike', () => {
  it.each([
    ['Asha Verma', 'Aasha Varma'],
    ['Mohammad', 'Muhammed'],
    ['Mohammed Iqbal', 'Muhammad Ikbal'],
    ['आशा वर्मा', 'Asha Verma'],
    ['सुनीता शर्मा', 'Suneeta Sharma'],
    ['Priya Singh', 'Preeya Singh'],
    // Word order and a middle name the other record lacks.
    ['Verma Asha', 'Asha Verma'],
    ['Asha Verma', 'Asha Devi Verma'],
    // An initial stands for its name; a title is not part of the name.
    ['R. Asha Verma', 'Ravi Asha Verma'],
    ['Smt. Asha Verma', 'Asha Verma'],
  ])('%s ~ %s', (a, b) => {
    expect(namesSoundAlike(a, b)).not.toBeNull();
    expect(namesSoundAlike(b, a)).not.toBeNull();
  });
});

describe('names that do not', () => {
  it.each([
    ['Asha Verma', 'Usha Sharma'],
    ['Asha Verma', 'Asha Sharma'],
    ['Ravi Kumar', 'Rekha Kumari Joshi'],
    ['Mohammad Iqbal', 'Mohammad Rafiq'],
    ['आशा वर्मा', 'Asha Sharma'],
    // An initial alone names nobody.
    ['A. V.', 'Asha Verma'],
  ])('%s ≁ %s', (a, b) => {
    expect(namesSoundAlike(a, b)).toBeNull();
    expect(namesSoundAlike(b, a)).toBeNull();
  });
});

describe('Devanagari is written in Latin letters first', () => {
  it('writes आशा वर्मा as asha varma (ITRANS, lower case)', () => {
    expect(latinName('आशा वर्मा')).toBe('asha varma');
  });

  it('drops accents and punctuation from Latin names', () => {
    expect(latinName('  Zoë  D’Souza ')).toBe('zoe d souza');
  });
});

describe('the register search by name', () => {
  it('finds a name from the parts typed, in any order, spelled as heard', () => {
    expect(querySoundsLike('aasha', 'Asha Devi Verma')).toBe(true);
    expect(querySoundsLike('varma asha', 'Asha Devi Verma')).toBe(true);
    expect(querySoundsLike('वर्मा', 'Asha Devi Verma')).toBe(true);
  });

  it('does not find it when a typed part is not in the name', () => {
    expect(querySoundsLike('asha sharma', 'Asha Devi Verma')).toBe(false);
    expect(querySoundsLike('asha devi verma kumari', 'Asha Devi Verma')).toBe(false);
  });
});
