// How a name sounds, for New vs Returning (abdm-frontdesk.md §1) and the register search: a clerk types "Aasha Varma"
// for the "Asha Verma" registered last year, a shared profile writes "मोहम्मद" for the "Mohammad" on file. A name in
// Devanagari is first written in Latin letters by Sanscript (@indic-transliteration/sanscript, ITRANS), then each
// part is coded by Double Metaphone (double-metaphone); two parts sound alike when any of their codes agree. Both
// are maintained libraries; nothing here is a hand-written phonetic code. docs/patient-register.md gives the rule.
import Sanscript from '@indic-transliteration/sanscript';
import { doubleMetaphone } from 'double-metaphone';

export interface NamePart {
  /** The part in lower-case Latin letters (transliterated when it was Devanagari). */
  spelling: string;
  /** Double Metaphone's primary and secondary codes (one when they agree); none for an initial. */
  codes: string[];
  /** A single letter ("R. Asha"): it stands for any part starting with that letter. */
  initial: boolean;
}

const DEVANAGARI = /[\u0900-\u097F]/;
/** The nukta (ज़, फ़): Sanscript's ITRANS has no letter for it; without it ज़ reads ज, as many write it anyway. */
const NUKTA = /\u093C/g;
const COMBINING_MARKS = /[\u0300-\u036F]/g;
/** Titles that are not part of anyone's name; dropped unless they are all there is. */
const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'shri', 'sri', 'shree', 'smt', 'shrimati', 'km', 'kum']);

/** The name in lower-case Latin letters and spaces: Devanagari transliterated, accents and punctuation dropped. */
export function latinName(name: string): string {
  let text = name.normalize('NFD').replace(NUKTA, '');
  if (DEVANAGARI.test(text)) text = Sanscript.t(text.normalize('NFC'), 'devanagari', 'itrans');
  return text
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();
}

export function nameParts(name: string): NamePart[] {
  const words = latinName(name).split(' ').filter(Boolean);
  const withoutTitles = words.filter((word) => !TITLES.has(word));
  return (withoutTitles.length > 0 ? withoutTitles : words).map((spelling) => {
    if (spelling.length === 1) return { spelling, codes: [], initial: true };
    const codes = [...new Set(doubleMetaphone(spelling).filter(Boolean))];
    return { spelling, codes, initial: false };
  });
}

/** The codes a name is indexed under (patient_register_sounds): every code of every part that is not an initial. */
export function soundCodes(name: string): string[] {
  return [...new Set(nameParts(name).flatMap((part) => part.codes))];
}

function partsSoundAlike(a: NamePart, b: NamePart): boolean {
  if (a.initial || b.initial) return a.spelling[0] === b.spelling[0];
  if (a.spelling === b.spelling) return true;
  return a.codes.some((code) => b.codes.includes(code));
}

/**
 * Whether every part of `few` sounds like a different part of `many`, in any order ("Verma Asha" is "Asha Verma"),
 * with at least one pair of whole words (an initial alone names nobody). Returns how many of the paired parts are
 * spelled the same, for ranking, or null when they do not pair up.
 */
export function pairParts(few: readonly NamePart[], many: readonly NamePart[]): { sameSpelling: number } | null {
  if (few.length === 0 || few.length > many.length) return null;
  // Names have a handful of parts: trying every pairing is cheap, and finds the best one.
  let best: number | null = null;
  const used = new Array<boolean>(many.length).fill(false);
  const pair = (index: number, same: number, words: number): void => {
    if (index === few.length) {
      if (words > 0) best = Math.max(best ?? 0, same);
      return;
    }
    const part = few[index]!;
    many.forEach((other, j) => {
      if (used[j] || !partsSoundAlike(part, other)) return;
      used[j] = true;
      pair(index + 1, same + (part.spelling === other.spelling ? 1 : 0), words + (part.initial || other.initial ? 0 : 1));
      used[j] = false;
    });
  };
  pair(0, 0, 0);
  return best === null ? null : { sameSpelling: best };
}

/**
 * The New vs Returning name rule: the two names sound alike when every part of the one with fewer parts sounds like
 * a different part of the other ("Asha Verma" and "Aasha Kumari Varma"; not "Asha Verma" and "Usha Sharma").
 */
export function namesSoundAlike(a: string, b: string): { sameSpelling: number } | null {
  const partsA = nameParts(a);
  const partsB = nameParts(b);
  return partsA.length <= partsB.length ? pairParts(partsA, partsB) : pairParts(partsB, partsA);
}

/** The register search: every part the clerk typed sounds like a different part of the name ("asha" finds "Asha Verma"). */
export function querySoundsLike(query: string, name: string): boolean {
  return pairParts(nameParts(query), nameParts(name)) !== null;
}
