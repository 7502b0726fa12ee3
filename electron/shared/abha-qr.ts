// The patient's ABHA QR as a 2D scanner types it: JSON in one of two shapes (docs/reference field notes,
// abdm-frontdesk.md §2), the ABHA app's (`phr`, dob "d-m-yyyy") and the ABHA card's (`hid`, dob "d/m/yyyy",
// "state name", `district_name` or "dist name", `mobile`). Read leniently where the peers are (either address key,
// either district key, "-" as empty, day or month of birth missing), strictly where it matters: an ABHA number must
// be 14 digits and an address must follow the address policy, because the desk sends them to ABDM. A scan is the
// patient's claim, not a verification: the screen still verifies by OTP.
//
// Pure and shared (the screens read scans; nothing in main needs the raw text). The reasons it gives never quote
// the text: a scan holds a person's details and must not reach a log through an error message.
import { abhaAddressProblem, formatAbhaNumber } from './abha';
import { isObject } from './is-object';
import { isMobile, normaliseMobile } from './mobile';

/** Which producer wrote the QR: the ABHA app (`phr`) or the ABHA card (`hid`). */
export type AbhaQrShape = 'app' | 'card';

export interface ScannedBirth {
  /** Null when the QR leaves it out ("-8-1990", "1990"). */
  day: number | null;
  month: number | null;
  year: number;
}

export interface ScannedAbha {
  shape: AbhaQrShape;
  /** "91-4820-1736-5529", whatever spacing the QR used. */
  abhaNumber: string | null;
  /** In lower case, as ABDM writes addresses; the suffix ("@sbx") as the QR gave it, possibly none. */
  abhaAddress: string | null;
  name: string | null;
  /** M, F, O, T, U or D as ABDM spells genders; null when the QR has something else. */
  gender: string | null;
  birth: ScannedBirth | null;
  /** LGD codes, digits as given. */
  stateLgd: string | null;
  districtLgd: string | null;
  stateName: string | null;
  districtName: string | null;
  /** 10 digits; null when absent or not an Indian mobile (a card may print it masked). */
  mobile: string | null;
  address: string | null;
}

/**
 * Why a text was not read: `not-json` (a scan cut short, or not a QR at all), `not-abha-qr` (JSON, but none of an
 * ABHA QR's identifiers: e.g. the facility's old `{"hipId","code"}` QR), `no-abha` (neither an ABHA number nor an
 * address), `bad-abha-number` / `bad-abha-address` (one is there but malformed: a misread, to be scanned again rather
 * than half used).
 */
export type AbhaQrProblem = 'not-json' | 'not-abha-qr' | 'no-abha' | 'bad-abha-number' | 'bad-abha-address';

export type AbhaQrReading = { ok: true; scanned: ScannedAbha } | { ok: false; problem: AbhaQrProblem };

/** A QR code holds at most about 3 KB; anything longer is not one scan. */
const MAX_SCAN_LENGTH = 4096;

const GENDERS: Record<string, string> = {
  M: 'M',
  MALE: 'M',
  F: 'F',
  FEMALE: 'F',
  O: 'O',
  OTHER: 'O',
  OTHERS: 'O',
  T: 'T',
  TRANSGENDER: 'T',
  U: 'U',
  UNKNOWN: 'U',
  D: 'D',
};

/** Whether a typed text is a scan rather than something the operator typed: scans are JSON objects. */
export function looksLikeAbhaQr(text: string): boolean {
  return text.trimStart().startsWith('{');
}

export function readAbhaQr(text: string): AbhaQrReading {
  const json = parseJson(text);
  if (json === undefined) return { ok: false, problem: 'not-json' };
  if (!isObject(json)) return { ok: false, problem: 'not-abha-qr' };

  const hidn = field(json, 'hidn');
  const phr = field(json, 'phr');
  const hid = field(json, 'hid');
  if (!('hidn' in json) && !('phr' in json) && !('hid' in json)) return { ok: false, problem: 'not-abha-qr' };

  const abhaNumber = hidn === null ? null : formatAbhaNumber(hidn);
  if (hidn !== null && abhaNumber === null) return { ok: false, problem: 'bad-abha-number' };
  // The app writes `phr`, the card `hid`; a QR with both (none seen, but cheap to allow) is read by its `phr`.
  const addressText = phr ?? hid;
  const abhaAddress = addressText === null ? null : addressText.toLowerCase();
  if (abhaAddress !== null && abhaAddressProblem(abhaAddress) !== null) return { ok: false, problem: 'bad-abha-address' };
  if (abhaNumber === null && abhaAddress === null) return { ok: false, problem: 'no-abha' };

  const mobile = field(json, 'mobile');
  return {
    ok: true,
    scanned: {
      shape: shapeOf(json),
      abhaNumber,
      abhaAddress,
      name: field(json, 'name'),
      gender: GENDERS[(field(json, 'gender') ?? '').toUpperCase()] ?? null,
      birth: readBirth(field(json, 'dob')),
      stateLgd: digitsOnly(field(json, 'statelgd')),
      districtLgd: digitsOnly(field(json, 'distlgd')),
      stateName: field(json, 'state name') ?? field(json, 'state_name'),
      districtName: field(json, 'district_name') ?? field(json, 'dist name'),
      mobile: mobile !== null && isMobile(mobile) ? normaliseMobile(mobile) : null,
      address: field(json, 'address'),
    },
  };
}

/** By its address key; a QR with neither, by how its date is written (the card writes slashes). */
function shapeOf(json: Record<string, unknown>): AbhaQrShape {
  if ('phr' in json) return 'app';
  if ('hid' in json) return 'card';
  return (field(json, 'dob') ?? '').includes('/') ? 'card' : 'app';
}

function parseJson(text: string): unknown {
  // A scanner may add a byte-order mark or a line end; anything longer than a QR holds is not one scan.
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed.length > MAX_SCAN_LENGTH) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    // The parser's message quotes the text: it is dropped, only the fact is kept.
    return undefined;
  }
}

/** A field as text: numbers as written, "-" and blanks as absent, anything else (objects, lists) absent. */
function field(json: Record<string, unknown>, key: string): string | null {
  const value = json[key];
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
  return text === '' || text === '-' ? null : text;
}

function digitsOnly(value: string | null): string | null {
  return value !== null && /^\d+$/.test(value) ? value : null;
}

/**
 * "14-7-1988" (app), "14/07/1988" (card), with day or month left out ("-7-1988", "--1988", "7-1988", "1988"), and,
 * from producers that write ISO, "1988-07-14". A day or month of 0 counts as left out. Null when no year can be read;
 * a day and month that make no calendar day are dropped and the year kept.
 */
export function readBirth(value: string | null): ScannedBirth | null {
  if (value === null) return null;
  const parts = value.split(/[-/]/).map((part) => part.trim());
  const iso = parts.length === 3 && /^\d{4}$/.test(parts[0]!);
  const [dayText, monthText, yearText] = iso ? [parts[2]!, parts[1]!, parts[0]!] : parts.length === 3 ? parts : parts.length === 2 ? ['', parts[0]!, parts[1]!] : ['', '', parts[0]!];
  if (parts.length > 3 || !/^\d{4}$/.test(yearText!)) return null;
  const year = Number(yearText);
  const day = partOf(dayText!, 31);
  const month = partOf(monthText!, 12);
  if (day === undefined || month === undefined) return { day: null, month: null, year };
  if (day !== null && month !== null && !isCalendarDay(year, month, day)) return { day: null, month: null, year };
  return { day, month, year };
}

/** A day or month: null when left out (blank or 0), undefined when unreadable. */
function partOf(text: string, max: number): number | null | undefined {
  if (text === '') return null;
  if (!/^\d{1,2}$/.test(text)) return undefined;
  const value = Number(text);
  if (value === 0) return null;
  return value <= max ? value : undefined;
}

function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
