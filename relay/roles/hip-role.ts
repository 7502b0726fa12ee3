// The clinic as an HIP at the relay: Scan & Share. A patient scans the counter's QR with their ABHA app and ABDM
// calls the clinic's one URL with the profile (v3 /api/v3/hip/patient/share, legacy /v1.0/patients/profile/share),
// naming the facility's HIP id in X-HIP-ID and the counter in the body. Nobody asked for it, so it is routed by the
// clinic's HIP id (another is refused, 403) and by the counter a desk serves (`counter:<id>`, claimed by the desk).
// Every receiver answers the patient with a token number, so a share goes to ONE connected desk, with the token the
// relay hands out for it (store/share-procedure.ts); with none connected, every desk gets a late copy. Paths,
// schemas and the typed message are the pipeline's HIP (electron/abdm/gateway/hip/hip-role.ts), read by either
// generation into SharedProfile.
import { HIP_ROLE as HIP_DESCRIPTION } from '../../electron/abdm/gateway/hip/hip-role';
import type { HipCallbackKind } from '../../electron/abdm/gateway/hip/hip-kinds';
import type { HipMessages, SharedProfile } from '../../electron/abdm/gateway/hip/hip-messages';
import { configuredRoleId, relayRoleOf, type Addressing, type RelayRole } from './relay-role';

/**
 * A share goes to the desk serving its counter; a share the desk can only answer FAILED (not a profile share, no ABHA
 * address, no counter) gets no token, but still reaches a desk, which answers it and keeps it for the timeline.
 */
function shareAddressing(share: SharedProfile): Addressing {
  const tokenFor = share.problem === null && share.counterId !== null && share.abhaAddress !== null;
  return {
    names: [['counter', share.counterId]],
    unclaimed: 'every-desk',
    counterShare: { token: tokenFor ? { counterId: share.counterId!, abhaAddress: share.abhaAddress!, hipId: share.hipId } : null },
  };
}

/** An answer to a request of ours: it goes to the desk that asked (its `resp.requestId`), kept until it claims it. */
const toTheAsker = (): Addressing => ({ unclaimed: 'keep' });

/**
 * News for the clinic's records (a consent at the HIP, a health-information request, the patient's discovery and
 * linking): the desk that keeps the clinic's records holds them; kept until it connects.
 */
const toTheRecordsDesk = (message: { hipId?: string | null }): Addressing => ({ names: message.hipId ? [['hip-records', message.hipId]] : [], unclaimed: 'keep' });

const ADDRESSING: { [K in HipCallbackKind]: (m: HipMessages[K]) => Addressing } = {
  'profile.share': shareAddressing,
  'linkToken.onGenerate': toTheAsker,
  'links.onAddCareContexts': toTheAsker,
  'links.onContextNotify': toTheAsker,
  'sms.onNotify': toTheAsker,
  'careContexts.discover': () => toTheRecordsDesk({}),
  'link.init': () => toTheRecordsDesk({}),
  'link.confirm': () => toTheRecordsDesk({}),
  'consents.hipNotify': (notice) => toTheRecordsDesk(notice),
  'healthInformation.hipRequest': () => toTheRecordsDesk({}),
};

export const HIP_ROLE: RelayRole = relayRoleOf(HIP_DESCRIPTION, {
  // Shares nobody asked for are routed by the HIP id: one naming another facility is not this clinic's to answer.
  refusesOtherIds: true,
  idAt: configuredRoleId('hip'),
  addressing: ADDRESSING,
});
