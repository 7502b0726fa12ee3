// One date format everywhere, "14-07-1988" as the ABHA card prints it, checked against answers written by hand. The
// desk's clock is India's (IST, UTC+05:30), so a UTC time from main reads as the clinic's local time.
import { beforeAll, describe, expect, it } from 'vitest';

let dates: typeof import('../../../electron/shared/dates');
beforeAll(async () => {
  process.env.TZ = 'Asia/Kolkata';
  dates = await import('../../../electron/shared/dates');
});

describe('dates', () => {
  it('formats a local date and time', () => {
    expect(dates.formatDate(new Date(1988, 6, 14))).toBe('14-07-1988');
    expect(dates.formatDateTime(new Date(2026, 10, 5, 9, 5))).toBe('05-11-2026 09:05');
    expect(dates.formatTime(new Date(2026, 10, 5, 21, 7))).toBe('21:07');
  });

  it.each([
    ['14/7/1988', '14-07-1988'],
    ['12/3/1985', '12-03-1985'],
    ['14-07-1988', '14-07-1988'],
    ['1988-07-14', '14-07-1988'],
    ['1988-07-14T00:00:00', '14-07-1988'],
    ['1988', '1988'],
    ['not a date', 'not a date'],
  ])('reads ABDM’s date of birth %s as %s', (value, shown) => {
    expect(dates.formatAbdmDate(value)).toBe(shown);
  });

  it('shows main’s UTC times in the clinic’s time', () => {
    // 18:40 UTC on 24 Nov is 00:10 IST on 25 Nov.
    expect(dates.formatIsoDateTime('2026-11-24T18:40:00.000Z')).toBe('25-11-2026 00:10');
    expect(dates.formatIsoDate('2026-11-24T18:40:00.000Z')).toBe('25-11-2026');
    expect(dates.formatIsoDate(null)).toBe('—');
    expect(dates.formatIsoDateTime(null)).toBe('—');
  });

  it('keeps a bare date as that day, wherever the desk is', () => {
    process.env.TZ = 'America/New_York';
    expect(dates.formatIsoDate('2024-01-05')).toBe('05-01-2024');
    process.env.TZ = 'Asia/Kolkata';
  });

  it.each([
    ['14-07-2025', '2025-07-14'],
    ['4/7/2025', '2025-07-04'],
    ['29.02.2024', '2024-02-29'],
    [' 01-01-2020 ', '2020-01-01'],
    ['29-02-2025', null],
    ['31-04-2025', null],
    ['2025-07-14', null],
    ['14-07-25', null],
  ])('reads the typed day %s as %s', (typed, day) => {
    expect(dates.parseDay(typed)).toBe(day);
  });

  it.each([
    ['2024-01-05', '05-01-2024'],
    ['2024-01', '01-2024'],
    ['2024', '2024'],
    ['2024-01-05T10:30:00+05:30', '05-01-2024 10:30'],
    ['2024-01-05T05:00:00Z', '05-01-2024 10:30'],
    ['sometime', 'sometime'],
  ])('reads the FHIR date %s as %s', (value, shown) => {
    expect(dates.formatFhirDate(value)).toBe(shown);
  });
});
