// "Test the callback path" (docs/relay.md, "Check the callback path"; docs/decisions.md): a signed check goes in at
// the relay's public address for this HIU, exactly where ABDM calls, and must come out at this desk over its
// WebSocket. In production there is no gateway key to sign with, so the check is signed with the desk's credential:
// an HMAC keyed with the SHA-256 of its secret, which the relay keeps (so `npm run relay -- check` can sign one too).
// It proves the public URL, the reverse proxy, the relay and the desk's link, leg by leg; not the gateway's token.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { RelayLink } from './relay-link';
import { splitCredential } from './relay-protocol';

/** The route under an HIU's callback URL at the relay. */
export const PATH_CHECK_PATH = '/path-check';
/** How long the relay waits for the desk to answer, and the desk for the relay. */
export const PATH_CHECK_DESK_WAIT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 20_000;
/** A check older (or newer) than this is refused: it cannot be replayed later. */
export const PATH_CHECK_MAX_AGE_MS = 5 * 60_000;

/**
 * Why a path check failed, leg by leg (the renderer words each in English and Hindi):
 * - `not-relay-mode`: callbacks arrive at this computer's own bridge, not through a relay;
 * - `no-credential`: no relay credential to sign with;
 * - `desk-not-connected`: this desk's link is down, or the relay says the desk is not connected to it (409);
 * - `relay-unreachable`: the relay's public URL did not answer (name, network, TLS, proxy);
 * - `token-refused`: the relay refused the check's signature (401: revoked credential, another HIU, clock);
 * - `timeout`: the relay took the check, but it did not come out at this desk in time;
 * - `relay-error`: any other answer (an older relay without the route answers 404).
 */
export const PATH_CHECK_FAILURES = ['not-relay-mode', 'no-credential', 'desk-not-connected', 'relay-unreachable', 'token-refused', 'timeout', 'relay-error'] as const;
export type PathCheckFailure = (typeof PATH_CHECK_FAILURES)[number];

export type PathCheckOutcome =
  | { ok: true; url: string; ms: number }
  | { ok: false; failure: PathCheckFailure; url: string | null; detail: string | null };

/** What a path check's body says; the signature covers every field and the HIU. */
export interface PathCheckClaim {
  hiuId: string;
  deskId: string;
  nonce: string;
  /** ISO time the check was made. */
  at: string;
}

/** HMAC-SHA256 (hex) of the claim, keyed with the desk secret's SHA-256 (hex) as the relay keeps it. */
export function pathCheckSignature(secretHash: string, claim: PathCheckClaim): string {
  return createHmac('sha256', secretHash).update(['abha-desk-path-check', claim.hiuId, claim.deskId, claim.nonce, claim.at].join('|'), 'utf8').digest('hex');
}

export function newPathCheckNonce(): string {
  return randomBytes(16).toString('base64url');
}

/** A signed path check as sent: the route's headers and body. Null for a credential that is not one. */
export function signedPathCheck(credential: string, hiuId: string, at: string): SignedPathCheck | null {
  const parts = splitCredential(credential);
  if (!parts) return null;
  return signedPathCheckWithHash(createHash('sha256').update(parts.secret, 'utf8').digest('hex'), hiuId, parts.deskId, at);
}

export interface SignedPathCheck {
  claim: PathCheckClaim;
  headers: Record<string, string>;
  body: string;
}

/** The same, signed with the secret's hash as the relay keeps it (`npm run relay -- check`). */
export function signedPathCheckWithHash(secretHash: string, hiuId: string, deskId: string, at: string): SignedPathCheck {
  const claim: PathCheckClaim = { hiuId, deskId, nonce: newPathCheckNonce(), at };
  return {
    claim,
    headers: { 'content-type': 'application/json', authorization: `PathCheck ${pathCheckSignature(secretHash, claim)}` },
    body: JSON.stringify({ deskId: claim.deskId, nonce: claim.nonce, at: claim.at }),
  };
}

export interface PathCheckOptions {
  link: RelayLink | null;
  credential: () => Promise<string | null>;
  now?: () => number;
}

/** Sends a path check through the relay to this desk and says which leg failed, if one did. Never throws. */
export async function checkCallbackPath(opts: PathCheckOptions): Promise<PathCheckOutcome> {
  const now = opts.now ?? Date.now;
  const { link } = opts;
  if (!link) return failed('not-relay-mode', null);
  const status = link.status();
  if (!status.connected || !status.callbackUrl || !status.hiuId) return failed('desk-not-connected', status.callbackUrl, status.problem?.detail ?? null);
  const url = `${status.callbackUrl}${PATH_CHECK_PATH}`;
  const credential = await opts.credential().catch(() => null);
  const check = credential ? signedPathCheck(credential, status.hiuId, new Date(now()).toISOString()) : null;
  if (!check) return failed('no-credential', url);
  const started = now();
  const arrived = link.whenPathChecked(check.claim.nonce, REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: check.headers, body: check.body, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    await response.arrayBuffer();
  } catch (error) {
    return failed('relay-unreachable', url, describe(error));
  }
  if (response.status === 401) return failed('token-refused', url, 'HTTP 401');
  if (response.status === 409) return failed('desk-not-connected', url, 'HTTP 409');
  if (response.status === 504) return failed('timeout', url, 'HTTP 504');
  if (response.status !== 200) return failed('relay-error', url, `HTTP ${response.status}`);
  // The relay says the desk answered; the desk confirms it is this desk's own check that came out here.
  if (!(await Promise.race([arrived, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2_000).unref?.())]))) return failed('timeout', url, 'not seen on this desk');
  return { ok: true, url, ms: Math.max(0, now() - started) };
}

function failed(failure: PathCheckFailure, url: string | null, detail: string | null = null): PathCheckOutcome {
  return { ok: false, failure, url, detail };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 300);
  const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
  return (cause?.code ?? cause?.message ?? error.message).slice(0, 300);
}
