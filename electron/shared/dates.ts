// One date format on every screen and printout: day-month-year with dashes, as the ABHA card prints it
// ("14-07-1988"); times as 24-hour "HH:mm", in the desk's local time. Dates from ABDM arrive in several shapes, so
// they are read here too. Pure and shared: the screens (renderer/lib/dates.ts) and main's print pages use the same.

const pad = (n: number) => String(n).padStart(2, '0');

/** "14-07-1988" for a local date. */
export function formatDate(date: Date): string {
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
}

/** "14-07-1988 09:05" for a local date and time. */
export function formatDateTime(date: Date): string {
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A date of birth as ABDM gives it, in the card's format: "14/07/1988", "14-07-1988", "1988-07-14" (ISO, also with a
 * time) and day/month/year parts all read as "14-07-1988"; a year alone stays a year. Anything else is shown as given.
 */
export function formatAbdmDate(value: string): string {
  const text = value.trim();
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (dayFirst) return `${pad(Number(dayFirst[1]))}-${pad(Number(dayFirst[2]))}-${dayFirst[3]}`;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/.exec(text);
  if (iso) return `${iso[3]}-${iso[2]}-${iso[1]}`;
  return text;
}

/** "09:05", local 24-hour time. */
export function formatTime(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * An ISO time from main as a local date, "14-07-1988"; a bare ISO date (a record's date as written) is that day,
 * wherever the desk is; '—' for none; anything unreadable as given.
 */
export function formatIsoDate(iso: string | null): string {
  if (!iso) return '—';
  const bare = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (bare) return `${bare[3]}-${bare[2]}-${bare[1]}`;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : formatDate(at);
}

/** An ISO time from main as a local date and time, "14-07-1988 09:05"; '—' for none; anything unreadable as given. */
export function formatIsoDateTime(iso: string | null): string {
  if (!iso) return '—';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : formatDateTime(at);
}

/**
 * A FHIR date or dateTime (a record's date): a day as "05-01-2024", a moment as local "05-01-2024 10:30", a month as
 * "01-2024" and a year as written. Anything else is shown as received.
 */
export function formatFhirDate(value: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return `${day[3]}-${day[2]}-${day[1]}`;
  const month = /^(\d{4})-(\d{2})$/.exec(value);
  if (month) return `${month[2]}-${month[1]}`;
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const at = new Date(value);
    // A dateTime without a zone is local time, as new Date() reads it; one with a zone is shown in local time.
    if (!Number.isNaN(at.getTime())) return formatDateTime(at);
  }
  return value;
}

/**
 * A day as a clerk types it in the card's format, "14-07-1988" (also with / or . between, and one-digit day or
 * month), as the ISO day "1988-07-14"; null when it is not a real calendar day.
 */
export function parseDay(text: string): string | null {
  const match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}
