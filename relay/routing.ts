// Which desk a callback belongs to. A desk claims the ids of its own requests before it sends them
// (electron/gateway/outbox.ts, beforeSend); the answers then hand out further ids (a consent request's
// gateway id, a transfer's transaction id, …), which become the answering desk's here, so that the notifications
// naming them later reach the same desk. Fields are read from the v0.5-shaped payload (reference/spec/gateway-v05.md
// §2; a v3 body is mapped to it by its generation's callbackPayload).
import type { CallbackKind, GatewayGeneration } from '../electron/abdm/gateway/generation';
import type { ReceivedCallback } from '../electron/bridge/ports';
import { keyOf, type ExpectationKind } from '../electron/bridge/relay-protocol';

export interface CallbackRoute {
  /** Keys any of which makes a desk the receiver. */
  routeKeys: string[];
  /** Keys the receiving desk holds from now on. */
  introduces: string[];
  /** No desk holds a route key: every desk of the HIU gets it (true), or it is kept until one claims a key (false). */
  broadcastIfUnclaimed: boolean;
}

/**
 * Notifications about a patient, not about one desk's request (patient status, and a subscription's events, which
 * tell of new records for a patient): every desk of the HIU is told, and each keeps its own copy and acknowledges it.
 */
const BROADCAST_KINDS: ReadonlySet<CallbackKind> = new Set(['patientStatus.notify', 'subscriptions.notify']);

type Payload = Record<string, any>;

/** The ids a callback of each kind names (route) and hands out (introduce), beyond `resp.requestId`. */
const NAMED_IDS: Partial<Record<CallbackKind, (p: Payload) => { route?: Key[]; introduce?: Key[] }>> = {
  'auth.onInit': (p) => ({ introduce: [['transaction', p.auth?.transactionId]] }),
  'auth.notify': (p) => ({ route: [['transaction', p.auth?.transactionId]] }),
  'consentRequests.onInit': (p) => ({ introduce: [['consent-request', p.consentRequest?.id]] }),
  'consentRequests.onStatus': (p) => ({ introduce: artefacts(p.consentRequest?.consentArtefacts) }),
  'consents.notify': (p) => {
    const keys: Key[] = [['consent-request', p.notification?.consentRequestId], ...artefacts(p.notification?.consentArtefacts)];
    return { route: keys, introduce: keys };
  },
  'healthInformation.onRequest': (p) => ({ introduce: [['transaction', p.hiRequest?.transactionId]] }),
  'subscriptionRequests.onInit': (p) => ({ introduce: [['subscription-request', p.subscriptionRequest?.id]] }),
  'subscriptionRequests.notify': (p) => ({ route: [['subscription-request', p.notification?.subscriptionRequestId]] }),
};

type Key = [ExpectationKind, unknown];

export function routeOfCallback(generation: GatewayGeneration, callback: ReceivedCallback): CallbackRoute {
  const payload = generation.callbackPayload(callback.kind, JSON.parse(callback.body) as Payload) as Payload;
  const kind = callback.kind as CallbackKind;
  const named = NAMED_IDS[kind]?.(payload) ?? {};
  const route = keys(named.route ?? []);
  if (callback.respRequestId) route.unshift(keyOf('request', callback.respRequestId));
  return { routeKeys: route, introduces: keys(named.introduce ?? []), broadcastIfUnclaimed: BROADCAST_KINDS.has(kind) };
}

/** A data-push page goes to the desk that claimed its secret's hash. */
export function routeOfPage(secretHash: string): CallbackRoute {
  return { routeKeys: [keyOf('push', secretHash)], introduces: [], broadcastIfUnclaimed: false };
}

function artefacts(list: unknown): Key[] {
  return Array.isArray(list) ? list.map((a): Key => ['consent', (a as { id?: unknown } | null)?.id]) : [];
}

/** Only ids that are non-empty text without spaces make keys (protocol's expectationKey). */
function keys(list: Key[]): string[] {
  const out: string[] = [];
  for (const [kind, id] of list) {
    if (typeof id === 'string' && /^[^\s]{1,200}$/.test(id)) out.push(keyOf(kind, id));
  }
  return [...new Set(out)];
}
