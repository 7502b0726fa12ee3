// The gateway's tokens this bridge has verified, so a token is checked once for its life rather than on every
// callback: the gateway reuses one token until it expires, and its RS256 verification was a third of a callback's CPU
// (docs/performance.md). Keyed by the token's SHA-256 (the token itself is not kept); bounded, the oldest dropped first.
// An entry holds until the token expires (with the verifier's clock leeway) and never longer than the key set itself
// is trusted without a refetch (JWKS_MAX_AGE_MS), so a key the gateway rotates out stops being honoured as soon as it
// would have been without this cache.
import { createHash } from 'node:crypto';

export interface VerifiedTokensOptions {
  now: () => number;
  /** The leeway the verifier gives `exp`, in seconds. */
  clockToleranceSeconds: number;
  /** The longest an entry is trusted, whatever its `exp`. */
  maxAgeMs: number;
  /** How many tokens are kept at most. */
  maxEntries?: number;
}

interface Entry<T> {
  value: T;
  until: number;
}

export class VerifiedTokens<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly opts: VerifiedTokensOptions) {}

  /** What was verified for this token, while it still holds. */
  get(token: string): T | undefined {
    const key = keyOf(token);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.opts.now() > entry.until) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps a verified token's result until its `exp` (seconds since the epoch). */
  set(token: string, exp: number, value: T): void {
    const now = this.opts.now();
    const until = Math.min(exp * 1000 + this.opts.clockToleranceSeconds * 1000, now + this.opts.maxAgeMs);
    if (until < now) return;
    const key = keyOf(token);
    this.entries.delete(key);
    this.entries.set(key, { value, until });
    const max = this.opts.maxEntries ?? 256;
    while (this.entries.size > max) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}

function keyOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
