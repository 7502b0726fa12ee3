// The patient's ABHA user token (X-Token) lives only here, in main-process memory, and only until it expires.
// After that the operator must verify the patient again; the token never reaches disk or the renderer. A token
// belongs to the API generation that issued it: after a switch in Settings it is not offered to the other one.
import { AppFailure } from '../../shared/errors';
import type { AbdmApi } from '../../store/settings/settings-schema';

export interface HeldToken {
  token: string;
  /** ABHA v3 gives one with some logins; it renews the X-token without another OTP. */
  refreshToken: string | null;
  api: AbdmApi;
  expiresAt: number;
}

export interface IssuedToken {
  token: string;
  /** Seconds; ABDM issues 30-minute user tokens when it does not say. */
  expiresIn?: number | null;
  refreshToken?: string | null;
  api: AbdmApi;
}

/** Stop using a token a little early so a call never lands just after expiry. */
const SAFETY_MARGIN_MS = 30_000;
const DEFAULT_LIFETIME_SECONDS = 1800;

export class UserTokens {
  private readonly held = new Map<string, HeldToken>();

  constructor(private readonly now: () => number = Date.now) {}

  remember(abhaNumber: string, issued: IssuedToken): void {
    const lifetimeMs = (issued.expiresIn ?? DEFAULT_LIFETIME_SECONDS) * 1000;
    this.held.set(abhaNumber, {
      token: issued.token,
      refreshToken: issued.refreshToken ?? null,
      api: issued.api,
      expiresAt: this.now() + lifetimeMs - SAFETY_MARGIN_MS,
    });
  }

  /** The live token for this ABHA on this API, or a VERIFY_AGAIN failure the screen turns into "verify the patient again". */
  require(abhaNumber: string, api: AbdmApi): HeldToken {
    const held = this.held.get(abhaNumber);
    if (held && held.api === api && held.expiresAt > this.now()) return held;
    // An expired v3 token with a refresh token is still worth handing out: the caller renews it on refusal.
    if (held && held.api === api && held.refreshToken) return held;
    this.held.delete(abhaNumber);
    throw new AppFailure('VERIFY_AGAIN');
  }

  forget(abhaNumber: string): void {
    this.held.delete(abhaNumber);
  }
}
