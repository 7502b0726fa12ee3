// Hands out a counter's token numbers in the desk's own database (when the desk takes callbacks itself; behind a
// relay the relay does it). The rules are electron/shared/share-tokens.ts: from 1 per counter per local day; the
// same ABHA address at the same counter while its token holds gets that token back; a token holds 30 minutes.
// Runs inside the share's callback transaction, so a crash can neither lose a number nor give one twice.
import { TOKEN_VALIDITY_MS, tokenDay } from '../../shared/share-tokens';
import type { CounterShareRow, CounterShareStore } from '../../store/counter/counter-shares';
import type { CounterTokenStore } from '../../store/counter/counter-tokens';

export interface Allocation {
  tokenNumber: number;
  /** Until when the token holds (ms since the epoch). */
  validUntil: number;
  /** The row of the token this patient already holds here (a repeat scan); null for a new number. */
  heldBy: CounterShareRow | null;
}

export class TokenAllocator {
  constructor(
    private readonly shares: CounterShareStore,
    private readonly tokens: CounterTokenStore,
    /** The clinic's time zone for "the day"; default this machine's. */
    private readonly timeZone?: string,
  ) {}

  allocate(counterId: string, abhaAddress: string, at: number): Allocation {
    const held = this.shares.heldToken(counterId, abhaAddress, new Date(at).toISOString());
    if (held && held.tokenNumber !== null && held.validUntil) return { tokenNumber: held.tokenNumber, validUntil: Date.parse(held.validUntil), heldBy: held };
    return { tokenNumber: this.tokens.next(counterId, tokenDay(at, this.timeZone)), validUntil: at + TOKEN_VALIDITY_MS, heldBy: null };
  }
}
