// The date on a filed paper: today by default on the desk's own calendar, a date after today refused before anything
// is sent, and anything that is not a whole calendar date asked for again.
import { describe, expect, it } from 'vitest';
import { paperDateProblem, today } from '../../../renderer/lib/hip/paper-date';
import { visitToday } from '../../../renderer/lib/hip/today-visit';
import type { VisitView } from '../../../electron/ipc/contract';

// The desk's local day, worked out a second way: the date parts Intl gives for the process's own time zone.
function localDayByIntl(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

describe('the default date', () => {
  it.each(['2026-11-27T00:05:00', '2026-11-27T23:55:00', '2026-02-28T12:00:00', '2024-02-29T08:00:00'])('is the local day of %s', (local) => {
    const now = new Date(local);
    expect(today(now)).toBe(localDayByIntl(now));
  });
});

describe('a date typed', () => {
  const now = new Date('2026-11-27T18:30:00');
  it.each([
    ['2026-11-27', null],
    ['2026-11-26', null],
    ['2019-01-31', null],
    ['2026-11-28', 'future'],
    ['2027-01-01', 'future'],
    ['', 'required'],
    ['2026-02-30', 'required'],
    ['27-11-2026', 'required'],
  ] as const)('%s → %s', (value, problem) => {
    expect(paperDateProblem(value, now)).toBe(problem);
  });
});

describe('today’s visit', () => {
  const visit = (openedAt: string) => ({ id: openedAt, openedAt }) as VisitView;
  it('is found by the local day it was opened', () => {
    const now = new Date('2026-11-27T18:30:00');
    const morning = visit(new Date('2026-11-27T09:00:00').toISOString());
    expect(visitToday([visit(new Date('2026-11-26T17:00:00').toISOString()), morning], now)).toBe(morning);
    expect(visitToday([visit(new Date('2026-11-26T23:59:00').toISOString())], now)).toBeUndefined();
  });
});
