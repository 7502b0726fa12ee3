// The clinic as an HIU at the relay: its callbacks are the answers to the consent, auth and data-flow requests its
// desks send, and ABDM names the clinic's HIU id in X-HIU-ID. A desk claims the ids of its own requests before it
// sends them (electron/gateway/outbox.ts, beforeSend); the answers then hand out further ids (a consent request's
// gateway id, a transfer's transaction id, …), which become the answering desk's, so that the notifications naming
// them later reach the same desk. Paths, schemas and messages are the pipeline's HIU (abdm/gateway/hiu/hiu-role.ts);
// the ids are read from its typed messages (abdm/gateway/hiu/hiu-messages.ts), whichever generation brought them.
import type { HiuCallbackKind } from '../../electron/abdm/gateway/hiu/hiu-kinds';
import type { HiuMessages } from '../../electron/abdm/gateway/hiu/hiu-messages';
import { HIU_ROLE as HIU_DESCRIPTION } from '../../electron/abdm/gateway/hiu/hiu-role';
import { relayRoleOf, type Addressing, type NamedId, type RelayRole } from './relay-role';

/** An answer or notification about one desk's request: kept until that desk has claimed one of its ids. */
function forTheAsker(named: Omit<Addressing, 'unclaimed'>): Addressing {
  return { ...named, unclaimed: 'keep' };
}

/**
 * Notifications about a patient, not about one desk's request (patient status, and a subscription's events, which
 * tell of new records for a patient): every desk of the HIU is told, and each keeps its own copy and acknowledges it.
 */
const forEveryDesk = (): Addressing => ({ unclaimed: 'every-desk' });

const ADDRESSING: { [K in HiuCallbackKind]?: (m: HiuMessages[K]) => Addressing } = {
  'auth.onInit': (m) => forTheAsker({ handsOut: [['transaction', m?.transactionId]] }),
  'auth.notify': (m) => forTheAsker({ names: [['transaction', m.transactionId]] }),
  'consentRequests.onInit': (m) => forTheAsker({ handsOut: [['consent-request', m.consentRequestId]] }),
  'consentRequests.onStatus': (m) => forTheAsker({ handsOut: artefacts(m.artefactIds) }),
  'consents.notify': (m) => {
    const ids: NamedId[] = [['consent-request', m.consentRequestId], ...artefacts(m.artefactIds)];
    return forTheAsker({ names: ids, handsOut: ids });
  },
  'healthInformation.onRequest': (m) => forTheAsker({ handsOut: [['transaction', m.transactionId]] }),
  'subscriptionRequests.onInit': (m) => forTheAsker({ handsOut: [['subscription-request', m.subscriptionRequestId]] }),
  'subscriptionRequests.notify': (m) => forTheAsker({ names: [['subscription-request', m.subscriptionRequestId]] }),
  'patientStatus.notify': forEveryDesk,
  'subscriptions.notify': forEveryDesk,
};

export const HIU_ROLE: RelayRole = relayRoleOf(HIU_DESCRIPTION, {
  // Its callbacks answer a desk's requests and go by the ids the desk claimed. X-HIU-ID echoes the id the desk wrote in
  // its request, which may be another (a training simulator writes its own when the desk's Settings have none), and
  // the relay always took such answers: refusing them now would lose answers a desk waits for.
  refusesOtherIds: false,
  idAt: (clinic) => clinic.id,
  addressing: ADDRESSING,
});

function artefacts(ids: readonly string[]): NamedId[] {
  return ids.map((id): NamedId => ['consent', id]);
}
