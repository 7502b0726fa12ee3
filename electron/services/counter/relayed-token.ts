// What the clinic's relay says about a share it delivered (docs/relay.md): behind a relay, the relay hands out the
// token (desks sharing a counter must never give the same number twice), and tells it in headers of the delivered
// callback. Only the relay link can set them: the direct bridge keeps none of them (bridge/callback-bridge.ts
// KEPT_HEADERS), so a caller of the bridge cannot choose its own token.

/** The token the relay allocated; `late`: kept while no desk was connected, so the patient's phone got no token. */
export type RelayedToken = { late: true } | { late: false; tokenNumber: number; validUntil: number };

export const RELAY_TOKEN_NUMBER = 'x-relay-token-number';
export const RELAY_TOKEN_VALID_UNTIL = 'x-relay-token-valid-until';
export const RELAY_LATE = 'x-relay-late';

/** The relay's word on this share; null when it said nothing usable (the desk then numbers the share itself). */
export function relayedTokenOf(headers: Record<string, string | undefined>): RelayedToken | null {
  if (headers[RELAY_LATE]?.trim().toLowerCase() === 'true') return { late: true };
  const number = headers[RELAY_TOKEN_NUMBER]?.trim() ?? '';
  const until = Date.parse(headers[RELAY_TOKEN_VALID_UNTIL] ?? '');
  if (!/^[1-9]\d{0,6}$/.test(number) || Number.isNaN(until)) return null;
  return { late: false, tokenNumber: Number(number), validUntil: until };
}
