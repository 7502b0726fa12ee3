import { CM } from '../hiu/cm-errors';
import { signConsentDetail } from '../hiu/consent-artefacts';
import type { ArtefactRecord } from '../hiu/consent-records';
import type { Caller, HiuWorld } from '../hiu/hiu-world';

// consent/v3/fetch → <bridge>/api/v3/hiu/consent/on-fetch (reference/spec/abdm-v3.md §3). The artefact is
// the one v0.5 fetches, in NHA's v3 layout: schemaVersion "v3", lastUpdated, and dataEraseAt/frequency
// also beside permission. The signature covers exactly the consentDetail sent.

function v3Detail(artefact: ArtefactRecord) {
  const { permission } = artefact.detail;
  return {
    ...artefact.detail,
    schemaVersion: 'v3',
    dataEraseAt: permission.dataEraseAt,
    frequency: permission.frequency,
    lastUpdated: artefact.detail.createdAt,
  };
}

export async function fetchArtefactV3(world: HiuWorld, caller: Caller, consentId: string, requestId: string): Promise<void> {
  const artefact = world.artefacts.get(consentId);
  if (!artefact || artefact.caller.clientId !== caller.clientId) {
    world.answerWithError(caller, '/consents/on-fetch', requestId, { code: CM.artefactNotFound, message: 'Cannot find the consent artefact' });
    return;
  }
  const consentDetail = v3Detail(artefact);
  const signature = await signConsentDetail(world, consentDetail);
  world.answer(caller, '/consents/on-fetch', requestId, () => ({ consent: { status: artefact.status, consentDetail, signature } }));
}
