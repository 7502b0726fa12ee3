// Token numbers at the relay, written once for both dialects (like routing-procedure.ts): the rules of
// electron/shared/share-tokens.ts over a small transaction interface, one adapter per dialect (sqlite-routing.ts,
// postgres-routing.ts). Called inside the ingest's routing transaction, which already runs one at a time per clinic
// (SQLite: one writer; PostgreSQL: the clinic's advisory lock, across every relay process); the count itself is an
// upsert on a unique key besides, so two transactions could never take the same number even without that lock.
import { TOKEN_VALIDITY_MS } from '../../electron/shared/share-tokens';
import type { IssuedToken, TokenRequest } from './relay-store';

export interface TokenTransaction {
  /** Erases the tokens of this counter that no longer hold at `at` (their patients' hashes with them). */
  forgetTokensEndedBy(hiuId: string, counterId: string, at: string): Promise<void>;
  /** The token this patient holds at this counter, if one was handed out and still holds. */
  tokenHeld(hiuId: string, counterId: string, patientHash: string): Promise<IssuedToken | undefined>;
  /** The next number of the counter on the day: 1 for its first token that day. Atomic (an upsert on the day's row). */
  nextTokenNumber(hiuId: string, counterId: string, day: string): Promise<number>;
  /** Remembers the patient's token for the repeat rule. */
  recordToken(hiuId: string, request: TokenRequest, token: IssuedToken, issuedAt: string): Promise<void>;
}

/**
 * The patient's token at the counter: the one they hold if they scanned there within its validity (the same number
 * and the same end, even across midnight), else the counter's next number of the day, holding for 30 minutes.
 */
export async function issueToken(tx: TokenTransaction, hiuId: string, request: TokenRequest, at: string): Promise<IssuedToken> {
  await tx.forgetTokensEndedBy(hiuId, request.counterId, at);
  const held = await tx.tokenHeld(hiuId, request.counterId, request.patientHash);
  if (held) return held;
  const token: IssuedToken = {
    number: await tx.nextTokenNumber(hiuId, request.counterId, request.day),
    validUntil: new Date(Date.parse(at) + TOKEN_VALIDITY_MS).toISOString(),
  };
  await tx.recordToken(hiuId, request, token, at);
  return token;
}
