// What a request claims at the clinic's relay before it goes to the gateway (docs/bridge.md, "Through the clinic's
// relay"): its own id, which the answer names in resp.requestId, and whatever else its role hands out that the answer
// or a later push will name (the HIU: a health-information request's data-push secret hash,
// services/hiu/hiu-relay-claims.ts). Everything else an answer hands out the relay learns by itself.
import { keyOf } from '../bridge/relay-protocol';
import type { OutboxEntry } from '../store/gateway/outbox';

/** How long a request waits for the relay to confirm its claim; after that it goes anyway (the relay keeps the answer). */
export const RELAY_CLAIM_TIMEOUT_MS = 2_000;

export type ClaimedEntry = Pick<OutboxEntry, 'requestId' | 'operation' | 'payload'>;

/** A role's keys for one of its requests, beyond the request's own id. */
export type RoleClaims = (entry: ClaimedEntry) => string[];

export function relayClaimsOf(entry: ClaimedEntry, roleClaims: readonly RoleClaims[] = []): string[] {
  return [keyOf('request', entry.requestId), ...roleClaims.flatMap((claims) => claims(entry))];
}
