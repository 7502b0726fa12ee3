// The clinic as an HIU at the relay: its callbacks are the answers to the consent, auth and data-flow requests its
// desks send, and ABDM names the clinic's HIU id in X-HIU-ID. A desk claims the ids of its own requests before it
// sends them (electron/gateway/outbox.ts, beforeSend); the answers then hand out further ids (a consent request's
// gateway id, a transfer's transaction id, …), which become the answering desk's, so that the notifications naming
// them later reach the same desk. Fields are read from the v0.5-shaped payload (reference/spec/gateway-v05.md §2).
import type { CallbackKind } from '../../electron/abdm/gateway/generation';
import type { Addressing, CallbackPayload, NamedId, RelayRole } from './relay-role';

/** An answer or notification about one desk's request: kept until that desk has claimed one of its ids. */
function forTheAsker(named: Omit<Addressing, 'unclaimed'>): Addressing {
  return { ...named, unclaimed: 'keep' };
}

/**
 * Notifications about a patient, not about one desk's request (patient status, and a subscription's events, which
 * tell of new records for a patient): every desk of the HIU is told, and each keeps its own copy and acknowledges it.
 */
const forEveryDesk = (): Addressing => ({ unclaimed: 'every-desk' });

const ADDRESSING: Partial<Record<CallbackKind, (p: CallbackPayload) => Addressing>> = {
  'auth.onInit': (p) => forTheAsker({ handsOut: [['transaction', p.auth?.transactionId]] }),
  'auth.notify': (p) => forTheAsker({ names: [['transaction', p.auth?.transactionId]] }),
  'consentRequests.onInit': (p) => forTheAsker({ handsOut: [['consent-request', p.consentRequest?.id]] }),
  'consentRequests.onStatus': (p) => forTheAsker({ handsOut: artefacts(p.consentRequest?.consentArtefacts) }),
  'consents.notify': (p) => {
    const ids: NamedId[] = [['consent-request', p.notification?.consentRequestId], ...artefacts(p.notification?.consentArtefacts)];
    return forTheAsker({ names: ids, handsOut: ids });
  },
  'healthInformation.onRequest': (p) => forTheAsker({ handsOut: [['transaction', p.hiRequest?.transactionId]] }),
  'subscriptionRequests.onInit': (p) => forTheAsker({ handsOut: [['subscription-request', p.subscriptionRequest?.id]] }),
  'subscriptionRequests.notify': (p) => forTheAsker({ names: [['subscription-request', p.notification?.subscriptionRequestId]] }),
  'patientStatus.notify': forEveryDesk,
  'subscriptions.notify': forEveryDesk,
};

export const HIU_ROLE: RelayRole = {
  name: 'hiu',
  idHeader: 'X-HIU-ID',
  // Its callbacks answer a desk's requests and go by the ids the desk claimed. X-HIU-ID echoes the id the desk wrote in
  // its request, which may be another (a training simulator writes its own when the desk's Settings have none), and
  // the relay always took such answers: refusing them now would lose answers a desk waits for.
  refusesOtherIds: false,
  idAt: (clinic) => clinic.id,
  routes: (generation) => generation.callbackRoutes,
  addressing: ADDRESSING,
};

function artefacts(list: unknown): NamedId[] {
  return Array.isArray(list) ? list.map((a): NamedId => ['consent', (a as { id?: unknown } | null)?.id]) : [];
}
