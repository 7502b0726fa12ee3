// The HIU's own relay claims: a health-information request hands out a data-push URL whose last path segment is its
// secret (health-information.ts builds it with dataPushPath); the relay names the pages HIPs push there by the
// secret's SHA-256, so the request claims that hash beside its own id (electron/gateway/relay-claims.ts).
import { keyOf } from '../../bridge/relay-protocol';
import { relayClaimsOf, type ClaimedEntry } from '../../gateway/relay-claims';
import { secretHash } from '../../store/hiu/data-push-pages';

export function hiuPushClaims(entry: ClaimedEntry): string[] {
  if (entry.operation !== 'healthInformation.request') return [];
  const secret = pushSecretOf((entry.payload.hiRequest as { dataPushUrl?: unknown } | undefined)?.dataPushUrl);
  return secret ? [keyOf('push', secretHash(secret))] : [];
}

/** Everything an HIU request claims: its id, and a health-information request's push secret hash. */
export function hiuRelayClaimsOf(entry: ClaimedEntry): string[] {
  return relayClaimsOf(entry, [hiuPushClaims]);
}

function pushSecretOf(dataPushUrl: unknown): string | null {
  if (typeof dataPushUrl !== 'string') return null;
  try {
    return new URL(dataPushUrl).pathname.split('/').filter(Boolean).at(-1) ?? null;
  } catch {
    return null;
  }
}
