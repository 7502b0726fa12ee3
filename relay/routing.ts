// Which desk a callback belongs to, whatever role of the clinic it is for: its `resp.requestId` names the desk that
// sent the request, and its role says (relay/roles/) which further ids it names and hands out, and what happens when
// no desk holds any of them. The stores route by the keys worked out here (store/routing-procedure.ts).
import type { GatewayGeneration } from '../electron/abdm/gateway/generation';
import { plainCallback } from '../electron/abdm/gateway/plain-callback';
import type { ReceivedCallback } from '../electron/bridge/ports';
import { counterKey, hipRecordsKey, keyOf } from '../electron/bridge/relay-protocol';
import { HIU_ROLE } from './roles/hiu-role';
import type { NamedId, RelayRole, RoleMessage } from './roles/relay-role';
import { tokenRequestOf, type ShareClinic } from './share-tokens';
import type { CounterShareDelivery } from './store/relay-store';

export interface CallbackRoute {
  /** Keys any of which makes a desk the receiver. */
  routeKeys: string[];
  /** Keys the receiving desk holds from now on. */
  introduces: string[];
  /** No desk holds a route key: every desk of the clinic gets it (true), or it is kept until one claims a key (false). */
  broadcastIfUnclaimed: boolean;
  /** A profile share: one connected desk receives it, with a token (store/share-procedure.ts). */
  counterShare?: CounterShareDelivery;
}

/**
 * What the role's addressing reads of a callback: the typed message its wire on this generation reads for the kind
 * (by kind, not path: the relay already knows which route it came on), from the body cleaned as the desk cleans it, so
 * both see the same ids; a role the relay alone describes reads the cleaned body. Undefined: the role has no reader
 * for the kind here, and the callback names nothing beyond its `resp.requestId`.
 */
export function messageOf(generation: GatewayGeneration, role: RelayRole, callback: ReceivedCallback): RoleMessage | undefined {
  const body = plainCallback(JSON.parse(callback.body) as Record<string, unknown>);
  if (!role.description) return body;
  const reader = role.description.wires[generation.name]?.callbacks.find((entry) => entry.kind === callback.kind);
  return reader ? reader.read(body, callback.headers) : undefined;
}

/**
 * The callback's route keys and the keys it hands out; the role is the HIU unless said. `clinic` (its HIU id, its id
 * in the role, its time zone) is what a profile share's token is asked for with.
 */
export function routeOfCallback(
  generation: GatewayGeneration,
  callback: ReceivedCallback,
  role: RelayRole = HIU_ROLE,
  clinic: ShareClinic = { hiuId: '' },
): CallbackRoute {
  const address = role.addressing[callback.kind];
  const message = address ? messageOf(generation, role, callback) : undefined;
  const addressing = (address && message !== undefined ? address(message, { roleId: clinic.roleId }) : undefined) ?? { unclaimed: 'keep' };
  const route = keys(addressing.names ?? []);
  if (callback.respRequestId) route.unshift(keyOf('request', callback.respRequestId));
  const routed: CallbackRoute = { routeKeys: route, introduces: keys(addressing.handsOut ?? []), broadcastIfUnclaimed: addressing.unclaimed === 'every-desk' };
  if (addressing.counterShare) {
    const claim = addressing.counterShare.token;
    routed.counterShare = { token: claim ? tokenRequestOf(claim, clinic, callback.receivedAt) : null };
  }
  return routed;
}

/** A data-push page goes to the desk that claimed its secret's hash. */
export function routeOfPage(secretHash: string): CallbackRoute {
  return { routeKeys: [keyOf('push', secretHash)], introduces: [], broadcastIfUnclaimed: false };
}

/**
 * Only ids that are non-empty text without spaces make keys (protocol's expectationKey); a counter and an HIP id are
 * encoded first, as the desk encodes them when it claims them (relay-protocol.ts counterKey, hipRecordsKey).
 */
function keys(list: NamedId[]): string[] {
  const out: string[] = [];
  for (const [kind, id] of list) {
    if (typeof id !== 'string') continue;
    const key = kind === 'counter' ? counterKey(id) : kind === 'hip-records' ? hipRecordsKey(id) : keyOf(kind, id);
    if (/^[^\s]{1,200}$/.test(key.slice(kind.length + 1))) out.push(key);
  }
  return [...new Set(out)];
}
