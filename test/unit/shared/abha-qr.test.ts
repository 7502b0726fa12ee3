// The patient's ABHA QR, both shapes of abdm-frontdesk.md §2, written here by hand from the spec's table (not from
// the parser): the ABHA app's QR (`phr`, dob with dashes) and the ABHA card's (`hid`, dob with slashes, "state name",
// `district_name` or "dist name", mobile), each quirk on its own, and the texts that must be refused.
import { describe, expect, it } from 'vitest';
import { looksLikeAbhaQr, readAbhaQr, readBirth, type ScannedAbha } from '../../../electron/shared/abha-qr';

// As the ABHA app writes it: no mobile, no names of state and district.
const APP_QR =
  '{"hidn":"91-4820-1736-5529","phr":"asha.verma@sbx","name":"Asha Devi Verma","gender":"F","statelgd":"9","distlgd":"162","dob":"14-7-1988","address":"12 Civil Lines, Lucknow"}';

// As the ABHA card writes it: `hid`, slashes, the names with a space in the key, and the mobile.
const CARD_QR =
  '{"hidn":"91-4820-1736-5529","hid":"asha.verma@sbx","name":"Asha Devi Verma","gender":"F","statelgd":"9","distlgd":"162","dob":"14/07/1988","state name":"UTTAR PRADESH","district_name":"LUCKNOW","mobile":"9876500004","address":"12 Civil Lines, Lucknow"}';

function scanned(text: string): ScannedAbha {
  const reading = readAbhaQr(text);
  if (!reading.ok) throw new Error(`refused: ${reading.problem}`);
  return reading.scanned;
}

/** The app QR with some fields replaced (undefined drops a field). */
function appQr(changes: Record<string, unknown>): string {
  const json = { ...(JSON.parse(APP_QR) as Record<string, unknown>), ...changes };
  return JSON.stringify(Object.fromEntries(Object.entries(json).filter(([, value]) => value !== undefined)));
}

describe('the two shapes', () => {
  it('reads the ABHA app QR', () => {
    expect(scanned(APP_QR)).toEqual({
      shape: 'app',
      abhaNumber: '91-4820-1736-5529',
      abhaAddress: 'asha.verma@sbx',
      name: 'Asha Devi Verma',
      gender: 'F',
      birth: { day: 14, month: 7, year: 1988 },
      stateLgd: '9',
      districtLgd: '162',
      stateName: null,
      districtName: null,
      mobile: null,
      address: '12 Civil Lines, Lucknow',
    });
  });

  it('reads the ABHA card QR', () => {
    expect(scanned(CARD_QR)).toEqual({
      shape: 'card',
      abhaNumber: '91-4820-1736-5529',
      abhaAddress: 'asha.verma@sbx',
      name: 'Asha Devi Verma',
      gender: 'F',
      birth: { day: 14, month: 7, year: 1988 },
      stateLgd: '9',
      districtLgd: '162',
      stateName: 'UTTAR PRADESH',
      districtName: 'LUCKNOW',
      mobile: '9876500004',
      address: '12 Civil Lines, Lucknow',
    });
  });

  it('reads a scan with a line end or a byte-order mark around it, as some scanners add', () => {
    expect(scanned(`\uFEFF${APP_QR}\r\n`).abhaAddress).toBe('asha.verma@sbx');
    expect(scanned(`  ${CARD_QR}\t`).mobile).toBe('9876500004');
  });
});

describe('each quirk', () => {
  it('"dist name" is read as the district where district_name is missing', () => {
    const card = CARD_QR.replace('"district_name"', '"dist name"');
    expect(scanned(card).districtName).toBe('LUCKNOW');
  });

  it('"-" is empty, in every field', () => {
    const reading = scanned(
      '{"hidn":"91-4820-1736-5529","hid":"-","name":"Asha Devi Verma","gender":"F","statelgd":"-","distlgd":"-","dob":"-","state name":"-","dist name":"-","mobile":"-","address":"-"}',
    );
    expect(reading).toMatchObject({ abhaAddress: null, stateLgd: null, districtLgd: null, birth: null, stateName: null, districtName: null, mobile: null, address: null });
    expect(reading.abhaNumber).toBe('91-4820-1736-5529');
  });

  it('LGD codes written as numbers are read as their digits', () => {
    expect(scanned(appQr({ statelgd: 27, distlgd: 519 }))).toMatchObject({ stateLgd: '27', districtLgd: '519' });
  });

  it('an ABHA number without dashes or with spaces is written with dashes', () => {
    expect(scanned(appQr({ hidn: '91482017365529' })).abhaNumber).toBe('91-4820-1736-5529');
    expect(scanned(appQr({ hidn: '91 4820 1736 5529' })).abhaNumber).toBe('91-4820-1736-5529');
  });

  it('an address is kept in lower case; one without a suffix (older cards) is kept as it is', () => {
    expect(scanned(appQr({ phr: 'Asha.Verma@SBX' })).abhaAddress).toBe('asha.verma@sbx');
    expect(scanned(appQr({ phr: 'ashaverma1988' })).abhaAddress).toBe('ashaverma1988');
  });

  it('an address alone is enough, and so is a number alone', () => {
    expect(scanned(appQr({ hidn: undefined })).abhaAddress).toBe('asha.verma@sbx');
    expect(scanned(appQr({ hidn: '-' })).abhaNumber).toBeNull();
    expect(scanned(appQr({ phr: undefined })).abhaNumber).toBe('91-4820-1736-5529');
  });

  it('genders as words are read as ABDM’s letters; anything else is unknown', () => {
    expect(scanned(appQr({ gender: 'Male' })).gender).toBe('M');
    expect(scanned(appQr({ gender: 'female' })).gender).toBe('F');
    expect(scanned(appQr({ gender: 'T' })).gender).toBe('T');
    expect(scanned(appQr({ gender: 'X' })).gender).toBeNull();
    expect(scanned(appQr({ gender: undefined })).gender).toBeNull();
  });

  it('a mobile with the country code is its 10 digits; a masked one is none', () => {
    expect(scanned(CARD_QR.replace('"9876500004"', '"+91-9876500004"')).mobile).toBe('9876500004');
    expect(scanned(CARD_QR.replace('"9876500004"', '"XXXXXX0004"')).mobile).toBeNull();
    expect(scanned(CARD_QR.replace('"9876500004"', '9876500004')).mobile).toBe('9876500004');
  });
});

describe('the date of birth', () => {
  it.each([
    ['14-7-1988', { day: 14, month: 7, year: 1988 }],
    ['14-07-1988', { day: 14, month: 7, year: 1988 }],
    ['14/07/1988', { day: 14, month: 7, year: 1988 }],
    ['1/1/2001', { day: 1, month: 1, year: 2001 }],
    // day missing
    ['-7-1988', { day: null, month: 7, year: 1988 }],
    ['/07/1988', { day: null, month: 7, year: 1988 }],
    ['0-7-1988', { day: null, month: 7, year: 1988 }],
    ['7-1988', { day: null, month: 7, year: 1988 }],
    // day and month missing
    ['--1988', { day: null, month: null, year: 1988 }],
    ['//1988', { day: null, month: null, year: 1988 }],
    ['1988', { day: null, month: null, year: 1988 }],
    // month missing, day given
    ['14--1988', { day: 14, month: null, year: 1988 }],
    // ISO, as some producers write it
    ['1988-07-14', { day: 14, month: 7, year: 1988 }],
    // not a calendar day: the year is still the patient's
    ['31-2-1990', { day: null, month: null, year: 1990 }],
    ['14-13-1988', { day: null, month: null, year: 1988 }],
    ['29-2-2000', { day: 29, month: 2, year: 2000 }],
  ])('%s', (dob, birth) => {
    expect(readBirth(dob)).toEqual(birth);
    expect(scanned(appQr({ dob })).birth).toEqual(birth);
  });

  it.each(['14-7-88', 'fourteen', '14-7-1988-1', ''])('%s has no year to read', (dob) => {
    expect(scanned(appQr({ dob })).birth).toBeNull();
  });
});

describe('what is refused', () => {
  it.each([
    ['a scan cut short', APP_QR.slice(0, 60)],
    ['plain text', 'asha.verma@sbx'],
    ['an empty text', ''],
  ])('%s is not JSON', (_, text) => {
    expect(readAbhaQr(text)).toEqual({ ok: false, problem: 'not-json' });
  });

  it.each([
    ['a list', '[1,2]'],
    ['a number', '42'],
    ['the facility’s old QR', '{"hipId":"IN2810014366","code":"6"}'],
    ['an object with a name only', '{"name":"Asha Devi Verma"}'],
  ])('%s is not an ABHA QR', (_, text) => {
    expect(readAbhaQr(text)).toEqual({ ok: false, problem: 'not-abha-qr' });
  });

  it('an ABHA QR with neither a number nor an address is refused', () => {
    expect(readAbhaQr('{"hidn":"-","phr":"","name":"Asha Devi Verma"}')).toEqual({ ok: false, problem: 'no-abha' });
  });

  it.each(['91-4820-1736-552', '91-4820-1736-55290', '9A-4820-1736-5529'])('the ABHA number %s is refused, not half used', (hidn) => {
    expect(readAbhaQr(appQr({ hidn }))).toEqual({ ok: false, problem: 'bad-abha-number' });
  });

  it.each(['as@sbx', '1asha@sbx', 'asha verma@sbx', 'asha.@sbx'])('the address %s is refused', (phr) => {
    expect(readAbhaQr(appQr({ phr }))).toEqual({ ok: false, problem: 'bad-abha-address' });
  });

  it('a text longer than a QR can hold is refused', () => {
    expect(readAbhaQr(appQr({ address: 'x'.repeat(5000) }))).toEqual({ ok: false, problem: 'not-json' });
  });

  it('a refusal never carries the scanned text', () => {
    for (const text of [APP_QR.slice(0, 60), appQr({ hidn: '91-4820-1736-552' })]) {
      const reading = readAbhaQr(text);
      expect(JSON.stringify(reading)).not.toMatch(/Asha|4820|asha/);
    }
  });
});

describe('telling a scan from typing', () => {
  it.each([
    [APP_QR, true],
    ['  {', true],
    ['asha.verma@sbx', false],
    ['91-4820-1736-5529', false],
    ['', false],
  ])('%s', (text, scan) => {
    expect(looksLikeAbhaQr(text)).toBe(scan);
  });
});
