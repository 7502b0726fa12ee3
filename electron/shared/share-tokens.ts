// The rules of a counter's token numbers, the same wherever they are handed out (the desk's database when it takes
// callbacks itself, the clinic relay's when desks share one; abdm-frontdesk.md §1, NHA's wrapper's behaviour):
// numbered from 1 per counter per local day, restarting at local midnight; the same patient (ABHA address) at the
// same counter within the token's validity gets the same token back; a token holds for 30 minutes.

/** How long a token holds, and how long a repeat scan gets the same one back. */
export const TOKEN_VALIDITY_MS = 30 * 60_000;
/** `expiry` of on-share, in seconds (CARE sends seconds; NHA's unit is unstated: docs/decisions.md). */
export const TOKEN_EXPIRY_SECONDS = TOKEN_VALIDITY_MS / 1000;

/** The local day a time falls on, as yyyy-mm-dd: tokens restart when it changes. `timeZone` defaults to this machine's. */
export function tokenDay(at: number, timeZone?: string): string {
  return dayFormat(timeZone).format(new Date(at));
}

// A formatter is costly to make (about half a millisecond) and a burst of shares asks the day hundreds of times.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone ?? '');
  // en-CA writes dates as yyyy-mm-dd.
  if (!format) dayFormats.set(timeZone ?? '', (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return format;
}
