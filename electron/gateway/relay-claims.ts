// What a request claims at the clinic's relay before it goes to the gateway (docs/bridge.md, "Through the clinic's
// relay"): its own id, which the answer names in resp.requestId; and for a health-information request the SHA-256 of
// its data-push secret, the URL's last path segment (health-information.ts builds it with dataPushPath), which is
// how the relay names the pages HIPs push there. Everything else an answer hands out the relay learns by itself.
import { keyOf } from '../bridge/relay-protocol';
import { secretHash } from '../store/hiu/data-push-pages';
import type { OutboxEntry } from '../store/gateway/outbox';

/** How long a request waits for the relay to confirm its claim; after that it goes anyway (the relay keeps the answer). */
export const RELAY_CLAIM_TIMEOUT_MS = 2_000;

export function relayClaimsOf(entry: Pick<OutboxEntry, 'requestId' | 'operation' | 'payload'>): string[] {
  const keys = [keyOf('request', entry.requestId)];
  if (entry.operation === 'healthInformation.request') {
    const secret = pushSecretOf((entry.payload.hiRequest as { dataPushUrl?: unknown } | undefined)?.dataPushUrl);
    if (secret) keys.push(keyOf('push', secretHash(secret)));
  }
  return keys;
}

function pushSecretOf(dataPushUrl: unknown): string | null {
  if (typeof dataPushUrl !== 'string') return null;
  try {
    return new URL(dataPushUrl).pathname.split('/').filter(Boolean).at(-1) ?? null;
  } catch {
    return null;
  }
}
