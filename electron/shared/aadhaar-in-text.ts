// The one scanner for Aadhaar numbers inside text, for every place text leaves the app's memory: error messages a
// server echoed back and main's logs are masked (maskAadhaarInText, maskAadhaarDeep); the day's patients kept in the
// database and the day's log exported as CSV or print are refused when they hold one (holdsAadhaar). Main and the
// renderer use the same rule (pure, like the rest of electron/shared/). The rule and why: docs/decisions.md,
// "One Aadhaar scanner".
import { aadhaarProblem, maskAadhaar } from './aadhaar';
import { isObject } from './is-object';

/** Where an Aadhaar-like number sits in a text, and its digits. */
export interface AadhaarLike {
  start: number;
  end: number;
  digits: string;
}

// A number as people write it: digits with single spaces or hyphens between groups ("2345 6789 0124",
// "2345-6789-0124", "91-4820-1736-5529"), and whether a + comes right before it (a mobile with its country code).
const WRITTEN_NUMBER = /(\+?)(\d+(?:[ -]\d+)*)/g;
// A hyphen always joins (an ABHA number "91-4820-1736-5529" is one 14-digit number); a space may also stand between
// two numbers ("Aadhaar 2345 6789 0124 2 tries left"), so a written number is read as space-separated pieces.
const PIECE = /\d+(?:-\d+)*/g;

interface Piece {
  start: number;
  end: number;
  digits: string;
}

/**
 * Every run of whole pieces that holds 12 digits (an Aadhaar number) or 16 (a Virtual ID), check digit or not, and
 * never a part of a piece: the 14 digits of an ABHA number, a 10-digit mobile or a 13-digit run are not one.
 * Runs may overlap ("2345 6789 0124 5678" gives 12 digits from either end and 16 for the whole).
 */
export function aadhaarLikeNumbers(text: string): AadhaarLike[] {
  const found: AadhaarLike[] = [];
  for (const number of text.matchAll(WRITTEN_NUMBER)) {
    const at = number.index! + number[1]!.length;
    const pieces = [...number[2]!.matchAll(PIECE)].map((p) => ({ start: at + p.index!, end: at + p.index! + p[0].length, digits: p[0].replace(/-/g, '') }));
    // "+91 98765 00004": the + says a phone number starts here, whatever its digits add up to.
    const firstStart = number[1] ? 1 : 0;
    for (let first = firstStart; first < pieces.length; first++) found.push(...runsFrom(pieces, first));
  }
  return found;
}

function runsFrom(pieces: readonly Piece[], first: number): AadhaarLike[] {
  const runs: AadhaarLike[] = [];
  let digits = '';
  for (let last = first; last < pieces.length && digits.length < 16; last++) {
    digits += pieces[last]!.digits;
    if (digits.length === 12 || digits.length === 16) runs.push({ start: pieces[first]!.start, end: pieces[last]!.end, digits });
  }
  return runs;
}

/**
 * True when `text` holds a valid Aadhaar number or Virtual ID however written: 12 digits not starting with 0 or 1,
 * or 16, with the Verhoeff check digit right. The masked form "XXXX XXXX 0124" is not one.
 */
export function holdsAadhaar(text: string): boolean {
  return aadhaarLikeNumbers(text).some((number) => aadhaarProblem(number.digits) === null);
}

/**
 * Masks every Aadhaar-like number inside free text, e.g. an error message a server echoed back, check digit or not:
 * a mistyped Aadhaar number is still eleven digits of a person's number. Where two overlap, the longer is masked.
 */
export function maskAadhaarInText(text: string): string {
  const numbers = aadhaarLikeNumbers(text);
  let masked = '';
  let done = 0;
  for (const number of numbers) {
    if (number.start < done) continue;
    // the runs from one start come shortest first
    const widest = numbers.filter((other) => other.start === number.start).at(-1)!;
    masked += text.slice(done, widest.start) + maskAadhaar(widest.digits);
    done = widest.end;
  }
  return masked + text.slice(done);
}

/** Deep copy of a JSON value with every string passed through maskAadhaarInText. */
export function maskAadhaarDeep(value: unknown): unknown {
  if (typeof value === 'string') return maskAadhaarInText(value);
  if (Array.isArray(value)) return value.map(maskAadhaarDeep);
  if (isObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, maskAadhaarDeep(inner)]));
  }
  return value;
}
