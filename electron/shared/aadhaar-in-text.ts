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
// "2345-6789-0124", "91-4820-1736-5529"). A hyphen always joins (an ABHA number "91-4820-1736-5529" is one 14-digit
// number); a space may also stand between two numbers ("Aadhaar 2345 6789 0124 2 tries left"), so text is read as
// pieces (digits joined by hyphens), each with the + that may come right before it (a mobile's country code).
const PIECE = /\+?\d+(?:-\d+)*/g;

interface Piece {
  start: number;
  end: number;
  digits: string;
  afterPlus: boolean;
  /** Whether a single space is all that stands between this piece and the one before. */
  joinsPrevious: boolean;
}

/**
 * Every run of whole pieces, one space between each, that holds 12 digits (an Aadhaar number) or 16 (a Virtual ID),
 * check digit or not, and never a part of a piece: the 14 digits of an ABHA number, a 10-digit mobile or a 13-digit
 * run are not one. Runs may overlap ("2345 6789 0124 5678" gives 12 digits from either end and 16 for the whole);
 * they come in the order they start, and those from one start shortest first.
 */
export function aadhaarLikeNumbers(text: string): AadhaarLike[] {
  const pieces = piecesOf(text);
  const found: AadhaarLike[] = [];
  pieces.forEach((first, i) => {
    // "+91 98765 00004": the + says a phone number starts here, whatever its digits add up to.
    if (first.afterPlus) return;
    let digits = '';
    for (let last = i; last < pieces.length && digits.length < 16 && (last === i || pieces[last]!.joinsPrevious); last++) {
      digits += pieces[last]!.digits;
      if (digits.length === 12 || digits.length === 16) found.push({ start: first.start, end: pieces[last]!.end, digits });
    }
  });
  return found;
}

function piecesOf(text: string): Piece[] {
  const pieces: Piece[] = [];
  const reader = new RegExp(PIECE);
  for (let match = reader.exec(text); match; match = reader.exec(text)) {
    const afterPlus = match[0].startsWith('+');
    const start = match.index + (afterPlus ? 1 : 0);
    const previous = pieces.at(-1);
    const joinsPrevious = !afterPlus && previous !== undefined && previous.end + 1 === start && text[previous.end] === ' ';
    const written = text.slice(start, match.index + match[0].length);
    pieces.push({ start, end: start + written.length, digits: written.includes('-') ? written.replace(/-/g, '') : written, afterPlus, joinsPrevious });
  }
  return pieces;
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
 * a mistyped Aadhaar number is still eleven digits of a person's number. Of runs that overlap the first is masked, and
 * of those from one start the longest.
 */
export function maskAadhaarInText(text: string): string {
  const numbers = aadhaarLikeNumbers(text);
  let masked = '';
  let done = 0;
  numbers.forEach((number, i) => {
    // the runs from one start come shortest first: mask the widest, once
    if (number.start < done || numbers[i + 1]?.start === number.start) return;
    masked += text.slice(done, number.start) + maskAadhaar(number.digits);
    done = number.end;
  });
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
