// Verifies the bearer token the ABDM gateway puts on every callback (reference/spec/gateway-v05.md §3.2), the way
// ProjectEKA's GatewayTokenVerifier does: RS256 only, header typ JWT, signed by a key of the gateway's JWKS
// (`<gateway>/v0.5/certs`), not expired, claims sub/iat/exp/clientId present and realm role `gateway`.
// The JWKS is fetched on first use, cached, and refetched for an unknown `kid` at most once a minute; a JWKS that
// cannot be fetched is not the caller's fault, so it is reported apart (the bridge answers 503, the gateway may retry).
// HIE-CM v3 (reference/spec/abdm-v3.md §1): the JWKS is at `<hiecm>/gateway/v3/certs` and asked for with REQUEST-ID,
// TIMESTAMP and X-CM-ID; its callback tokens name audience `account`. So does every client's session token from the
// same gateway, signed by the same keys: the role is what tells the gateway's token apart, on v3 as on v0.5
// (docs/bridge.md, "Whose token").
import {
  type createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
  type JWTVerifyOptions,
  type JWTVerifyResult,
} from 'jose';
import { VerifiedTokens } from './verified-tokens';

export const GATEWAY_ROLE = 'gateway';
/** Leeway for `exp` (and `nbf`) against this computer's clock. */
export const CLOCK_TOLERANCE_SECONDS = 60;
/** jose's cooldown: an unknown `kid` refetches the JWKS only if the last fetch is at least this old. */
export const JWKS_COOLDOWN_MS = 60_000;
/** How long a fetched JWKS is used before it is fetched again anyway. */
export const JWKS_MAX_AGE_MS = 10 * 60_000;
const JWKS_TIMEOUT_MS = 5_000;

export interface GatewayTokenVerifierOptions {
  /** Where the gateway's JWKS is; resolved on first use (the training simulator starts lazily), retried after a failure. */
  jwksUrl: () => Promise<string>;
  /** The clock for expiry (milliseconds since the epoch). */
  now?: () => number;
  /** The realm role a callback's token must carry; `gateway` by default. */
  requiredRole?: string;
  /** The claims that may name the calling client, the first present wins; one is required. Default `clientId`. */
  clientIdClaims?: readonly string[];
  /** The `aud` a callback's token must name; not checked when absent. */
  audience?: string;
  /**
   * Headers for each JWKS fetch, asked for afresh every time. jose's own `headers` option is fixed when the key set
   * is created, which would send one REQUEST-ID and an ever older TIMESTAMP; a custom fetch adds these per request.
   */
  jwksHeaders?: () => Record<string, string>;
  /**
   * Keys known without a fetch, used instead of `jwksUrl`: a relay's training HIU checks tokens against the keys its
   * desks' training simulators announced (relay/training-keys.ts). A resolver that throws a plain Error means the
   * keys are not there yet (503, as a JWKS that cannot be fetched).
   */
  localKeys?: { describe: string; resolver: KeyResolver };
  /** Whether a token verified once is taken again without a second check until it expires (verified-tokens.ts). Default true. */
  rememberVerified?: boolean;
}

export interface GatewayClaims {
  sub: string;
  clientId: string;
  roles: string[];
  /** Seconds since the epoch. */
  exp: number;
  payload: JWTPayload;
}

export type TokenCheck =
  | { ok: true; claims: GatewayClaims }
  | { ok: false; status: 401; reason: 'no-token' | 'bad-token'; message: string }
  | { ok: false; status: 503; reason: 'jwks-unavailable'; message: string };

export interface GatewayTokenVerifier {
  /** Checks an `Authorization` header value. Never throws. */
  verify(authorization: string | undefined): Promise<TokenCheck>;
}

/** Marks an error of the key set itself (fetch, timeout, malformed JWKS), as opposed to a bad token. */
class JwksUnavailable extends Error {}

/** What picks the key for a token: jose's remote key set, or a local one (`localKeys`). */
export type KeyResolver = (...args: Parameters<ReturnType<typeof createLocalJWKSet>>) => Promise<CryptoKey>;

export function createGatewayTokenVerifier(opts: GatewayTokenVerifierOptions): GatewayTokenVerifier {
  const now = opts.now ?? Date.now;
  const role = (opts.requiredRole ?? GATEWAY_ROLE).toLowerCase();
  const clientIdClaims = opts.clientIdClaims ?? ['clientId'];
  const verified = opts.rememberVerified === false ? null : new VerifiedTokens<GatewayClaims>({ now, clockToleranceSeconds: CLOCK_TOLERANCE_SECONDS, maxAgeMs: JWKS_MAX_AGE_MS });
  // Resolved once; a failed resolution is forgotten so that the next callback asks again.
  let remote: Promise<{ url: string; keys: KeyResolver }> | undefined;

  function keySet(): Promise<{ url: string; keys: KeyResolver }> {
    remote ??= resolveKeySet().catch((error: unknown) => {
      remote = undefined;
      throw error;
    });
    return remote;
  }

  async function resolveKeySet(): Promise<{ url: string; keys: KeyResolver }> {
    if (opts.localKeys) return { url: opts.localKeys.describe, keys: opts.localKeys.resolver };
    let url: string;
    try {
      url = await opts.jwksUrl();
    } catch (error) {
      throw new JwksUnavailable(`the gateway's key set address is not known yet (${describe(error)})`);
    }
    const keys = createRemoteJWKSet(new URL(url), {
      cooldownDuration: JWKS_COOLDOWN_MS,
      cacheMaxAge: JWKS_MAX_AGE_MS,
      timeoutDuration: JWKS_TIMEOUT_MS,
      ...(opts.jwksHeaders ? { [customFetch]: withHeaders(opts.jwksHeaders) } : {}),
    });
    return { url, keys };
  }

  return {
    async verify(authorization) {
      const token = bearerToken(authorization);
      if (!token) {
        return authorization
          ? refuse('bad-token', 'The Authorization header must be "Bearer <token>".')
          : refuse('no-token', 'A callback needs "Authorization: Bearer <gateway token>".');
      }
      const known = verified?.get(token);
      if (known) return { ok: true, claims: known };
      const header = safeHeader(token);
      if (!header) return refuse('bad-token', 'The bearer token is not a well-formed JWT.');
      // Checked before the key set is touched, so a token that cannot be the gateway's costs no JWKS fetch.
      if (header.alg !== 'RS256') return refuse('bad-token', `The token must be signed with RS256; it says alg ${String(header.alg)}.`);
      let set: { url: string; keys: KeyResolver };
      try {
        set = await keySet();
      } catch (error) {
        return unavailable(error);
      }
      const options: JWTVerifyOptions = {
        algorithms: ['RS256'],
        typ: 'JWT',
        currentDate: new Date(now()),
        // A desk PC's clock drifts; a minute either way still refuses a token that is really stale.
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'iat', 'exp'],
        ...(opts.audience ? { audience: opts.audience } : {}),
      };
      let result: JWTVerifyResult;
      try {
        result = await verifyWithKeySet(token, set.keys, options);
      } catch (error) {
        if (error instanceof JwksUnavailable) return unavailable(error, set.url);
        return refuse('bad-token', wordJoseError(error, header.kid));
      }
      const checked = checkClaims(result.payload, role, clientIdClaims);
      if (checked.ok) verified?.set(token, checked.claims.exp, checked.claims);
      return checked;
    },
  };
}

/** jwtVerify against the key set; a token without `kid` is tried against every matching key (gateway-v05.md §3.2). */
async function verifyWithKeySet(token: string, keys: KeyResolver, options: JWTVerifyOptions): Promise<JWTVerifyResult> {
  const resolver: JWTVerifyGetKey = async (header, jws) => {
    try {
      return await keys(header, jws);
    } catch (error) {
      if (isKeySetFailure(error)) throw new JwksUnavailable(describe(error), { cause: error });
      throw error;
    }
  };
  try {
    return await jwtVerify(token, resolver, options);
  } catch (error) {
    if (!(error instanceof errors.JWKSMultipleMatchingKeys)) throw error;
    for await (const key of error as errors.JWKSMultipleMatchingKeys & AsyncIterable<CryptoKey>) {
      try {
        return await jwtVerify(token, key, options);
      } catch (inner) {
        if (inner instanceof errors.JWSSignatureVerificationFailed) continue;
        throw inner;
      }
    }
    throw new errors.JWSSignatureVerificationFailed();
  }
}

/** Errors that come from getting the key set, not from the token: the network, a timeout, a malformed JWKS. */
function isKeySetFailure(error: unknown): boolean {
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) return false;
  if (error instanceof errors.JOSENotSupported || error instanceof errors.JOSEAlgNotAllowed) return false;
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return true;
  // jose's own fetch errors are plain JOSEErrors ("Expected 200 OK…", "Failed to parse…"); fetch's are TypeErrors.
  return (error instanceof errors.JOSEError && error.code === 'ERR_JOSE_GENERIC') || !(error instanceof errors.JOSEError);
}

/** jose's fetch of the JWKS, with `headers()` added to each request. */
function withHeaders(headers: () => Record<string, string>) {
  return (url: string, options: { headers: Headers; method: 'GET'; redirect: 'manual'; signal: AbortSignal }) => {
    const merged = new Headers(options.headers);
    for (const [name, value] of Object.entries(headers())) merged.set(name, value);
    return fetch(url, { ...options, headers: merged });
  };
}

function checkClaims(payload: JWTPayload, role: string, clientIdClaims: readonly string[]): TokenCheck {
  const clientId = clientIdOf(payload, clientIdClaims);
  if (clientId === null) return refuse('bad-token', `The token has no ${clientIdClaims.join(' or ')} claim.`);
  if (typeof payload.sub !== 'string') return refuse('bad-token', 'The token has no sub claim.');
  const roles = (payload.realm_access as { roles?: unknown } | undefined)?.roles;
  if (!Array.isArray(roles)) return refuse('bad-token', 'The token has no realm_access.roles claim.');
  const names = roles.filter((r): r is string => typeof r === 'string');
  if (!names.some((r) => r.toLowerCase() === role)) {
    return refuse('bad-token', `The token does not carry the ${role} role (realm_access.roles: ${names.join(', ') || 'none'}).`);
  }
  return { ok: true, claims: { sub: payload.sub, clientId, roles: names, exp: payload.exp!, payload } };
}

function clientIdOf(payload: JWTPayload, claims: readonly string[]): string | null {
  for (const claim of claims) {
    const value = payload[claim];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

function wordJoseError(error: unknown, kid: unknown): string {
  if (error instanceof errors.JWTExpired) {
    const exp = typeof error.payload.exp === 'number' ? new Date(error.payload.exp * 1000).toISOString() : 'an unknown time';
    return `The token expired at ${exp}.`;
  }
  if (error instanceof errors.JWKSNoMatchingKey) {
    return kid === undefined ? 'No key of the gateway matches the token.' : `The token's key (kid ${String(kid)}) is not in the gateway's key set.`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return "The token's signature does not match the gateway's key.";
  if (error instanceof errors.JOSEAlgNotAllowed) return 'The token must be signed with RS256.';
  if (error instanceof errors.JWTClaimValidationFailed) return `The token was refused: ${error.message}.`;
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) return 'The bearer token is not a well-formed JWT.';
  return `The token was refused (${describe(error)}).`;
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer +([A-Za-z0-9_.~+/=-]+) *$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

function safeHeader(token: string): { alg?: unknown; kid?: unknown } | null {
  try {
    return decodeProtectedHeader(token);
  } catch {
    return null;
  }
}

function refuse(reason: 'no-token' | 'bad-token', message: string): TokenCheck {
  return { ok: false, status: 401, reason, message };
}

function unavailable(error: unknown, url?: string): TokenCheck {
  const where = url ? ` at ${url}` : '';
  return {
    ok: false,
    status: 503,
    reason: 'jwks-unavailable',
    message: `The gateway's signing keys${where} could not be fetched (${describe(error)}); nothing was stored, send it again later.`,
  };
}

function describe(error: unknown): string {
  if (error instanceof JwksUnavailable) return error.message;
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? error.message;
}
