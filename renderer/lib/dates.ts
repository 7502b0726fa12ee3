// One date format on every screen and printout: day-month-year with dashes, as the ABHA card prints it
// ("14-07-1988"); times as 24-hour "HH:mm". Dates from ABDM arrive in several shapes, so they are read here too.

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
