// The gateway access token every Health ID and gateway call carries (`POST {gateway}/v0.5/sessions`,
// reference/spec/gateway-v05.md §2.2). It is cached, renewed shortly before it expires, and only one
// renewal runs at a time however many calls are waiting for it.
// On ABDM v3 (reference/spec/abdm-v3.md §1) it is `POST {hiecm}/gateway/v3/sessions` with REQUEST-ID, TIMESTAMP and
// X-CM-ID headers, answered 202 with the same fields. NHA's v3 file documents the client_credentials grant only, so a
// v3 session always logs in afresh instead of offering its refresh token.
import { z } from 'zod';
import { AbdmBadResponseError, AbdmError } from './errors';
import { AbdmHttp } from './http';
import { SESSION_CALLS, type SessionCall, type SessionGeneration } from './session-calls';

export interface GatewaySessionOptions {
  /** e.g. `https://dev.abdm.gov.in/gateway` (v0.5) or `https://dev.abdm.gov.in/api/hiecm` (v3); the sessions path is appended. */
  gatewayBaseUrl: string;
  /** Which session call: v0.5 (`/v0.5/sessions`, the default) or v3 (`/gateway/v3/sessions`). */
  api?: SessionGeneration;
  /** X-CM-ID (`sbx`, `abdm`); required with v3. */
  cmId?: string;
  clientId: string;
  /** Read when needed (from the keychain), never kept by the session. */
  clientSecret: () => Promise<string>;
  now?: () => number;
  fetch?: typeof fetch;
  timeoutMs?: number;
  retryDelaysMs?: readonly number[];
}

// `expiresIn` is in seconds although the spec says minutes (gateway-v05.md §2.2: 600 s observed).
const SessionResponse = z.object({
  accessToken: z.string().min(1),
  expiresIn: z.number().positive(),
  refreshToken: z.string().min(1).nullish(),
  refreshExpiresIn: z.number().positive().nullish(),
});

interface CachedSession {
  accessToken: string;
  renewAt: number;
  refreshToken: string | undefined;
  refreshUsableUntil: number;
}

/** Renew this long before the token expires: a minute, or a tenth of a short lifetime. */
function renewalMargin(lifetimeMs: number): number {
  return Math.min(60_000, lifetimeMs / 10);
}

export class GatewaySession {
  private readonly http: AbdmHttp;
  private readonly now: () => number;
  /** The session call of this gateway generation (session-calls.ts). */
  private readonly call: SessionCall;
  private cached: CachedSession | undefined;
  private renewing: Promise<string> | undefined;

  constructor(private readonly opts: GatewaySessionOptions) {
    if (opts.clientId.trim() === '') throw new TypeError('GatewaySession needs a client id');
    this.call = SESSION_CALLS[opts.api ?? 'v0.5'];
    if (this.call.needsCmId && !opts.cmId?.trim()) throw new TypeError(`A ${opts.api} GatewaySession needs the consent manager id (X-CM-ID)`);
    this.http = new AbdmHttp({
      service: 'gateway',
      baseUrl: opts.gatewayBaseUrl,
      fetch: opts.fetch,
      timeoutMs: opts.timeoutMs,
      retryDelaysMs: opts.retryDelaysMs,
    });
    this.now = opts.now ?? Date.now;
  }

  /** A gateway access token that is valid for at least the renewal margin. */
  accessToken(): Promise<string> {
    const cached = this.cached;
    if (cached && this.now() < cached.renewAt) return Promise.resolve(cached.accessToken);
    this.renewing ??= this.renew().finally(() => {
      this.renewing = undefined;
    });
    return this.renewing;
  }

  /**
   * Forgets the access token after ABDM refused it with 401. Pass the refused token so that a call
   * finishing late cannot throw away a newer token another call already fetched.
   */
  invalidate(refusedToken?: string): void {
    if (!this.cached) return;
    if (refusedToken !== undefined && refusedToken !== this.cached.accessToken) return;
    this.cached = { ...this.cached, renewAt: Number.NEGATIVE_INFINITY };
  }

  private async renew(): Promise<string> {
    const usable = this.call.offersRefresh && this.cached && this.now() < this.cached.refreshUsableUntil;
    const refreshToken = usable ? this.cached!.refreshToken : undefined;
    if (refreshToken) {
      try {
        return await this.requestSession({ grantType: 'refresh_token', refreshToken });
      } catch (error) {
        // A refused refresh token (revoked, gateway restarted) is not fatal: log in afresh.
        if (!(error instanceof AbdmError && error.status >= 400 && error.status < 500)) throw error;
      }
    }
    return this.requestSession({ grantType: 'client_credentials' });
  }

  private async requestSession(grant: { grantType: 'client_credentials' } | { grantType: 'refresh_token'; refreshToken: string }): Promise<string> {
    const requestedAt = this.now();
    const headers = this.call.headers(this.now, this.opts.cmId);
    const body = await this.http.json({
      operation: 'sessions',
      method: 'POST',
      path: this.call.path,
      // A fresh REQUEST-ID and TIMESTAMP for every attempt's request (a retry repeats them: it is the same request).
      ...(headers ? { headers } : {}),
      body: { clientId: this.opts.clientId, clientSecret: await this.opts.clientSecret(), ...grant },
      // Asking for another token has no side effect, so a lost answer may be asked for again.
      idempotent: true,
    });
    const parsed = SessionResponse.safeParse(body);
    if (!parsed.success) throw new AbdmBadResponseError('gateway', 'sessions', 200, 'no accessToken/expiresIn in the session answer');
    const { accessToken, expiresIn, refreshToken, refreshExpiresIn } = parsed.data;
    // Lifetimes count from when we asked, so a slow answer cannot make us trust a token too long.
    const lifetimeMs = expiresIn * 1000;
    const refreshLifetimeMs = (refreshExpiresIn ?? 0) * 1000;
    this.cached = {
      accessToken,
      renewAt: requestedAt + lifetimeMs - renewalMargin(lifetimeMs),
      refreshToken: refreshToken ?? undefined,
      refreshUsableUntil: requestedAt + refreshLifetimeMs - renewalMargin(refreshLifetimeMs),
    };
    return accessToken;
  }
}

/**
 * Runs a call with the gateway token. When ABDM answers 401 (and `isTokenRefusal` agrees it is the
 * gateway token it refused), the token is dropped, renewed once, and the call made once more.
 */
export async function withGatewayToken<T>(
  session: GatewaySession,
  call: (accessToken: string) => Promise<T>,
  isTokenRefusal: (error: AbdmError) => boolean = (error) => error.status === 401,
): Promise<T> {
  const token = await session.accessToken();
  try {
    return await call(token);
  } catch (error) {
    if (!(error instanceof AbdmError && isTokenRefusal(error))) throw error;
    session.invalidate(token);
    return call(await session.accessToken());
  }
}
