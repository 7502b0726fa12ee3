// What a desk may claim (docs/relay.md, "Limits on claims"). Every key a desk claims is a row the relay keeps for up
// to retention.expectationDays, so one desk sending random keys could fill the relay's disk: a key must look like an
// id ABDM or the desk really makes, a desk holds at most `claimsPerDesk` keys, and takes at most `claimsPerMinute`
// new ones a minute. Claiming a key again that the desk already holds (after every reconnection) costs nothing.
import type { ExpectationKind } from '../electron/bridge/relay-protocol';

/**
 * The ids behind each kind of key: the desk's own request ids and every id the gateway hands out are UUIDs
 * (gateway-v05.md §2: requestId, consentRequest.id, consent artefact ids, transactionId, subscriptionRequest.id and
 * subscription.id; the simulator makes them with randomUUID too); a push key is the SHA-256 of a data-push secret, in
 * lower-case hex (electron/bridge/push-secret.ts); a counter key is the clinic's own short counter id.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHA256_HEX = /^[0-9a-f]{64}$/;
const ID_SHAPES: Record<ExpectationKind, RegExp> = {
  request: UUID,
  'consent-request': UUID,
  consent: UUID,
  transaction: UUID,
  'subscription-request': UUID,
  subscription: UUID,
  push: SHA256_HEX,
  // A counter id as the clinic's QR carries it (counterKey: percent-encoded), not one ABDM makes.
  counter: /^[A-Za-z0-9._%-]{1,200}$/,
  // The clinic's HIP id (hipRecordsKey: percent-encoded), as the clinic's HFR registration gives it.
  'hip-records': /^[A-Za-z0-9._%-]{1,200}$/,
};

/** Whether `key` (`<kind>:<id>`) names something a desk can really be waiting for. */
export function isClaimableKey(key: string): boolean {
  const colon = key.indexOf(':');
  const shape = ID_SHAPES[key.slice(0, colon) as ExpectationKind] as RegExp | undefined;
  return colon > 0 && shape !== undefined && shape.test(key.slice(colon + 1));
}

export interface ClaimLimits {
  /** Keys one desk may hold at a time. */
  claimsPerDesk: number;
  /** New keys one desk may claim a minute; up to a minute's worth at once. */
  claimsPerMinute: number;
}

/** Why keys of a claim were not taken; the relay tells the desk in an `error` frame. */
export type ClaimRefusal = 'not-an-id' | 'too-many-held' | 'too-fast';

export interface ScreenedClaim {
  /** Keys to claim now: those the desk already holds, then new ones within its limits, in the order sent. */
  allowed: string[];
  /** Keys not claimed, each with why. */
  refused: Map<string, ClaimRefusal>;
}

/**
 * Splits a claim into what may be claimed and what not. `held` is how many keys the desk holds, `holding` which of
 * these keys it already holds, `budget` how many new keys it may still claim this minute.
 */
export function screenClaim(keys: readonly string[], held: number, holding: ReadonlySet<string>, budget: number, limits: ClaimLimits): ScreenedClaim {
  const allowed: string[] = [];
  const refused = new Map<string, ClaimRefusal>();
  let room = Math.max(0, limits.claimsPerDesk - held);
  let rate = Math.max(0, Math.floor(budget));
  for (const key of new Set(keys)) {
    if (!isClaimableKey(key)) refused.set(key, 'not-an-id');
    else if (holding.has(key)) allowed.push(key);
    else if (room === 0) refused.set(key, 'too-many-held');
    else if (rate === 0) refused.set(key, 'too-fast');
    else {
      allowed.push(key);
      room -= 1;
      rate -= 1;
    }
  }
  return { allowed, refused };
}

/**
 * Each desk's allowance of new keys: a bucket of `claimsPerMinute` that refills evenly over a minute. Kept per desk
 * (not per connection), so reconnecting does not refill it; per relay process, so N processes allow N times as much.
 */
export class ClaimBudgets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** How many new keys the desk may claim now. */
  available(deskId: string): number {
    return this.refilled(deskId).tokens;
  }

  /** Spends `count` of the desk's allowance (after they were claimed). */
  spend(deskId: string, count: number): void {
    const bucket = this.refilled(deskId);
    bucket.tokens = Math.max(0, bucket.tokens - count);
  }

  private refilled(deskId: string): { tokens: number; at: number } {
    const at = this.now();
    const bucket = this.buckets.get(deskId) ?? { tokens: this.perMinute, at };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + ((at - bucket.at) * this.perMinute) / 60_000);
    bucket.at = at;
    this.buckets.set(deskId, bucket);
    return bucket;
  }
}
