// The patient's Health ID user token (X-Token) lives only here, in main-process memory, and only until it expires.
// After that the operator must verify the patient again; the token never reaches disk or the renderer.
import { AppFailure } from '../shared/errors';

interface HeldToken {
  token: string;
  expiresAt: number;
}

/** ABDM issues 30-minute user tokens; stop using one a little early so a call never lands just after expiry. */
const SAFETY_MARGIN_MS = 30_000;

export class UserTokens {
  private readonly held = new Map<string, HeldToken>();

  constructor(private readonly now: () => number = Date.now) {}

  remember(abhaNumber: string, token: string, expiresInSeconds = 1800): void {
    this.held.set(abhaNumber, { token, expiresAt: this.now() + expiresInSeconds * 1000 - SAFETY_MARGIN_MS });
  }

  /** The live token for this ABHA, or a VERIFY_AGAIN failure the screen turns into "verify the patient again". */
  require(abhaNumber: string): string {
    const held = this.held.get(abhaNumber);
    if (held && held.expiresAt > this.now()) return held.token;
    this.held.delete(abhaNumber);
    throw new AppFailure('VERIFY_AGAIN');
  }

  forget(abhaNumber: string): void {
    this.held.delete(abhaNumber);
  }
}
