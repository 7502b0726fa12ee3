// Which desk a callback belongs to, whatever role of the clinic it is for: its `resp.requestId` names the desk that
// sent the request, and its role says (relay/roles/) which further ids it names and hands out, and what happens when
// no desk holds any of them. The stores route by the keys worked out here (store/routing-procedure.ts).
import type { CallbackKind, GatewayGeneration } from '../electron/abdm/gateway/generation';
import type { ReceivedCallback } from '../electron/bridge/ports';
import { counterKey, keyOf } from '../electron/bridge/relay-protocol';
import { HIU_ROLE } from './roles/hiu-role';
import type { CallbackPayload, NamedId, RelayRole } from './roles/relay-role';

export interface CallbackRoute {
  /** Keys any of which makes a desk the receiver. */
  routeKeys: string[];
  /** Keys the receiving desk holds from now on. */
  introduces: string[];
  /** No desk holds a route key: every desk of the clinic gets it (true), or it is kept until one claims a key (false). */
  broadcastIfUnclaimed: boolean;
}

/**
 * The callback's payload as the roles' addressing reads it: the v0.5-shaped payload of its generation (a v3 body
 * mapped by callbackPayload). The one place routing reads a body, so that it can move to typed messages at once.
 */
export function payloadOf(generation: GatewayGeneration, kind: string, body: string): CallbackPayload {
  return generation.callbackPayload(kind as CallbackKind, JSON.parse(body) as Record<string, unknown>) as CallbackPayload;
}

/** The callback's route keys and the keys it hands out; the role is the HIU unless said. */
export function routeOfCallback(generation: GatewayGeneration, callback: ReceivedCallback, role: RelayRole = HIU_ROLE): CallbackRoute {
  const addressing = role.addressing[callback.kind]?.(payloadOf(generation, callback.kind, callback.body)) ?? { unclaimed: 'keep' };
  const route = keys(addressing.names ?? []);
  if (callback.respRequestId) route.unshift(keyOf('request', callback.respRequestId));
  return { routeKeys: route, introduces: keys(addressing.handsOut ?? []), broadcastIfUnclaimed: addressing.unclaimed === 'every-desk' };
}

/** A data-push page goes to the desk that claimed its secret's hash. */
export function routeOfPage(secretHash: string): CallbackRoute {
  return { routeKeys: [keyOf('push', secretHash)], introduces: [], broadcastIfUnclaimed: false };
}

/** Only ids that are non-empty text without spaces make keys (protocol's expectationKey); a counter is encoded first. */
function keys(list: NamedId[]): string[] {
  const out: string[] = [];
  for (const [kind, id] of list) {
    if (typeof id !== 'string') continue;
    const key = kind === 'counter' ? counterKey(id) : keyOf(kind, id);
    if (/^[^\s]{1,200}$/.test(key.slice(kind.length + 1))) out.push(key);
  }
  return [...new Set(out)];
}
