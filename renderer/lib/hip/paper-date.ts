// The date on the paper a clerk files: today by default, never after today (the desk's local day, as the clerk reads
// the calendar on the wall), in the yyyy-mm-dd an <input type=date> holds and the IPC contract takes.

/** yyyy-mm-dd of the local day `now` falls on. */
export function today(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export type PaperDateProblem = 'required' | 'future';

/** What is wrong with the date typed, or null. A date input holds '' for anything that is not a whole date. */
export function paperDateProblem(value: string, now: Date): PaperDateProblem | null {
  if (!isCalendarDate(value)) return 'required';
  return value > today(now) ? 'future' : null;
}

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
