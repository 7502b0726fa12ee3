// The clinic as an HIP at the relay. Scan & Share: a patient scans the counter's QR with their ABHA app and ABDM
// calls the clinic's one URL with the profile (v3 /api/v3/hip/patient/share, legacy /v1.0/patients/profile/share),
// naming the facility's HIP id in X-HIP-ID and the counter in the body. Nobody asked for it, so it is routed by the
// clinic's HIP id (another is refused, 403) and by the counter a desk serves (`counter:<id>`, claimed by the desk).
// Every receiver answers the patient with a token number, so a share goes to ONE connected desk, with the token the
// relay hands out for it (store/share-procedure.ts); with none connected, every desk gets a late copy. Milestone 2
// (issue 26): answers to a desk's own requests (link token, linking, context and SMS notify) go to the desk that
// asked; the news of the clinic's records (consents, health-information requests, the patient's discovery and
// linking) to the one desk holding `hip-records:<HIP id>`. Paths, schemas and the typed messages are the pipeline's
// HIP (electron/abdm/gateway/hip/hip-role.ts), read by either generation into HipMessages.
import { HIP_ROLE as HIP_DESCRIPTION } from '../../electron/abdm/gateway/hip/hip-role';
import type { HipCallbackKind } from '../../electron/abdm/gateway/hip/hip-kinds';
import type { HipMessages, SharedProfile } from '../../electron/abdm/gateway/hip/hip-messages';
import { configuredRoleId, relayRoleOf, type Addressing, type AddressingClinic, type RelayRole } from './relay-role';

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
 * linking): the desk that keeps the clinic's records holds `hip-records:<the clinic's HIP id>` (Settings:
 * keepsClinicRecords); kept until it connects. Routed by the clinic's configured HIP id, not by what the message
 * says: only a consent names a HIP in its body, a link confirm names nothing but its link reference, and a callback
 * whose X-HIP-ID names another facility never gets this far (refusesOtherIds).
 */
const toTheRecordsDesk = (_message: unknown, clinic: AddressingClinic): Addressing => ({
  names: clinic.roleId ? [['hip-records', clinic.roleId]] : [],
  unclaimed: 'keep',
});

const ADDRESSING: { [K in HipCallbackKind]: (m: HipMessages[K], clinic: AddressingClinic) => Addressing } = {
  'profile.share': shareAddressing,
  'linkToken.onGenerate': toTheAsker,
  'links.onAddCareContexts': toTheAsker,
  'links.onContextNotify': toTheAsker,
  'sms.onNotify': toTheAsker,
  'careContexts.discover': toTheRecordsDesk,
  'link.init': toTheRecordsDesk,
  'link.confirm': toTheRecordsDesk,
  'consents.hipNotify': toTheRecordsDesk,
  'healthInformation.hipRequest': toTheRecordsDesk,
};

export const HIP_ROLE: RelayRole = relayRoleOf(HIP_DESCRIPTION, {
  // Shares nobody asked for are routed by the HIP id: one naming another facility is not this clinic's to answer.
  refusesOtherIds: true,
  idAt: configuredRoleId('hip'),
  addressing: ADDRESSING,
});
