// The rules of HIP-initiated linking that do not depend on the database (docs/hip-linking.md): what a visit is
// called at ABDM, the clinic's day it belongs to, how long a link token holds, and how long ABDM's block lasts.
import { tokenDay } from '../../shared/share-tokens';
import type { LinkTokenRow } from '../../store/hip/link-tokens';

/** A v3 link token holds 6 months (abdm-frontdesk.md §3). */
export const LINK_TOKEN_MONTHS = 6;
/**
 * A cached token is not used in its last day: a link sent just before the token ends would be refused by the time
 * ABDM reads it, and a fresh token costs one more round trip only.
 */
export const LINK_TOKEN_MARGIN_MS = 24 * 3600_000;
/** ABDM-1027: link tokens for the patient are blocked for 24 hours. */
export const LINK_BLOCK_MS = 24 * 3600_000;
export const BLOCKED_CODE = 'ABDM-1027';

/** The clinic's local day of a time (yyyy-mm-dd): one visit per patient per day. */
export function visitDay(at: number, timeZone?: string): string {
  return tokenDay(at, timeZone);
}

/** What the patient's app shows for the visit: "OPD visit, 27-11-2026, Dr. Rao" (no doctor part without a doctor). */
export function visitDisplay(day: string, doctor: string | null | undefined): string {
  const [year, month, date] = day.split('-');
  const text = `OPD visit, ${date}-${month}-${year}`;
  const name = doctor?.trim();
  if (!name) return text;
  // A doctor entered in Settings as "Dr. Rao" is not called "Dr. Dr. Rao".
  return `${text}, ${/^dr\.?\s/i.test(name) ? name : `Dr. ${name}`}`;
}

/**
 * Until when a token obtained at `obtainedAt` holds: the same day and time 6 calendar months on (UTC), or the last
 * day of that month when it is shorter (31 August → 28 February): counted short rather than long.
 */
export function linkTokenValidUntil(obtainedAt: number): string {
  const from = new Date(obtainedAt);
  const month = from.getUTCMonth() + LINK_TOKEN_MONTHS;
  const lastDay = new Date(Date.UTC(from.getUTCFullYear(), month + 1, 0)).getUTCDate();
  const until = new Date(obtainedAt);
  until.setUTCDate(1);
  until.setUTCMonth(month);
  until.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return until.toISOString();
}

/** The cached token when it may still be used at `now`; null when there is none or it is (nearly) spent. */
export function usableLinkToken(row: LinkTokenRow | null, now: number): string | null {
  if (!row?.linkToken || !row.validUntil) return null;
  return Date.parse(row.validUntil) - LINK_TOKEN_MARGIN_MS > now ? row.linkToken : null;
}

/** Until when ABDM blocks the patient's link tokens, when it still does at `now`. */
export function blockedUntil(row: LinkTokenRow | null, now: number): string | null {
  return row?.blockedUntil && Date.parse(row.blockedUntil) > now ? row.blockedUntil : null;
}

/**
 * Whether ABDM refused a link because of its link token (invalid, expired, used up): then the cached token is
 * dropped and a fresh one asked for once. NHA's files give no list of these codes; the message names the token.
 */
export function isLinkTokenRefusal(error: { code: string; message: string } | null): boolean {
  return Boolean(error && /link[\s_-]?token|x-link-token|token.*(invalid|expired)/i.test(`${error.code} ${error.message}`));
}
