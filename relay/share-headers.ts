// The headers the relay adds to a Scan & Share profile share it hands a desk (docs/relay.md, "Scan & Share"): the
// token number it handed out for the share and until when it holds, or that the share is a late copy, kept while no
// desk of the clinic was connected, with no token. The desk answers the patient's on-share with them
// (electron/services/counter/). Only the relay may say these: a caller's own x-relay-* headers are dropped at ingest.

/** The token number, as decimal text ("7"). */
export const TOKEN_NUMBER_HEADER = 'x-relay-token-number';
/** Until when the token holds, ISO 8601 UTC ("2026-11-28T10:30:00.000Z"). */
export const TOKEN_VALID_UNTIL_HEADER = 'x-relay-token-valid-until';
/** "true": kept while no desk was connected; the patient got no token from the relay. */
export const LATE_HEADER = 'x-relay-late';

const RELAY_PREFIX = 'x-relay-';

/** The callback's headers without any the relay alone may set. */
export function withoutRelayHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !name.toLowerCase().startsWith(RELAY_PREFIX)));
}

/** A stored callback (RelayedCallback JSON text) with these headers added to its own. */
export function withRelayHeaders(payload: string, headers: Record<string, string>): string {
  const callback = JSON.parse(payload) as { headers?: Record<string, string> };
  return JSON.stringify({ ...callback, headers: { ...withoutRelayHeaders(callback.headers ?? {}), ...headers } });
}

export function tokenHeaders(token: { number: number; validUntil: string }): Record<string, string> {
  return { [TOKEN_NUMBER_HEADER]: String(token.number), [TOKEN_VALID_UNTIL_HEADER]: token.validUntil };
}

export const LATE_HEADERS: Readonly<Record<string, string>> = { [LATE_HEADER]: 'true' };
