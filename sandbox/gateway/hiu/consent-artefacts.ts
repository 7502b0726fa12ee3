import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { consentFetchBody } from './body-schemas';
import { CM, refuse } from './cm-errors';
import type { ArtefactRecord, ConsentDetail, ConsentRequestRecord, ConsentStatus } from './consent-records';
import type { GrantChanges } from './consent-requests';
import { CONSENT_MANAGER_ID, findDemoHip, type DemoCareContext } from './demo-directory';
import { timestampMillis } from './gateway-rules';
import { sameWire } from './callback-sender';
import type { Caller, HiuWorld } from './hiu-world';

// Consent artefacts: one per HIP when the patient grants, fetched by the HIU with consents/fetch,
// revoked or expired later. HIUs hear of every change through consents/hiu/notify.

export async function createArtefacts(world: HiuWorld, record: ConsentRequestRecord, changes: GrantChanges): Promise<ArtefactRecord[]> {
  const permission = grantedPermission(record, changes);
  const hiTypes = grantedHiTypes(record, changes);
  const byHip = new Map<string, DemoCareContext[]>();
  for (const careContext of grantedCareContexts(world, record)) {
    byHip.set(careContext.hipId, [...(byHip.get(careContext.hipId) ?? []), careContext]);
  }
  const artefacts: ArtefactRecord[] = [];
  for (const [hipId, careContexts] of byHip) {
    const id = randomUUID();
    const detail: ConsentDetail = {
      schemaVersion: 'v0.5',
      consentId: id,
      createdAt: world.iso(),
      patient: { id: record.consent.patient.id },
      careContexts: careContexts.map(({ patientReference, careContextReference }) => ({ patientReference, careContextReference })),
      purpose: record.consent.purpose,
      hip: { id: hipId, name: findDemoHip(hipId)?.name ?? hipId },
      hiu: { id: record.consent.hiu.id },
      consentManager: { id: CONSENT_MANAGER_ID },
      requester: record.consent.requester,
      hiTypes,
      permission,
    };
    const artefact = { id, consentRequestId: record.id, caller: record.caller, status: 'GRANTED' as const, detail, signature: await signConsentDetail(world, detail) };
    world.artefacts.set(id, artefact);
    artefacts.push(artefact);
  }
  return artefacts;
}

/** The patient's linked care contexts, narrowed to the HIP and care contexts the HIU asked for. */
function grantedCareContexts(world: HiuWorld, record: ConsentRequestRecord): DemoCareContext[] {
  const patient = world.directory.find(record.consent.patient.id);
  const wanted = record.consent.careContexts;
  return (patient?.careContexts ?? []).filter(
    (cc) =>
      (!record.consent.hip || cc.hipId === record.consent.hip.id) &&
      (!wanted || wanted.some((w) => w.careContextReference === cc.careContextReference && w.patientReference === cc.patientReference)),
  );
}

function grantedHiTypes(record: ConsentRequestRecord, changes: GrantChanges): string[] {
  if (!changes.hiTypes) return record.consent.hiTypes;
  const extra = changes.hiTypes.filter((type) => !record.consent.hiTypes.includes(type));
  if (extra.length > 0 || changes.hiTypes.length === 0) {
    throw new Error(`granted hiTypes must be a non-empty subset of the requested ${record.consent.hiTypes.join(', ')}`);
  }
  return changes.hiTypes;
}

function grantedPermission(record: ConsentRequestRecord, changes: GrantChanges): ConsentDetail['permission'] {
  const requested = record.consent.permission;
  const dateRange = changes.dateRange ?? requested.dateRange;
  const dataEraseAt = changes.dataEraseAt ?? requested.dataEraseAt;
  const inside =
    timestampMillis(dateRange.from) >= timestampMillis(requested.dateRange.from) &&
    timestampMillis(dateRange.to) <= timestampMillis(requested.dateRange.to) &&
    timestampMillis(dateRange.from) <= timestampMillis(dateRange.to);
  if (!inside) throw new Error('granted dateRange must lie inside the requested one');
  if (!(timestampMillis(dataEraseAt) <= timestampMillis(requested.dataEraseAt))) {
    throw new Error('granted dataEraseAt must not be later than the requested one');
  }
  return { ...requested, dateRange, dataEraseAt };
}

/** "Signature of CM": here RS256 over the JSON artefact with the sandbox gateway key, base64. */
export async function signConsentDetail(world: HiuWorld, detail: object): Promise<string> {
  const data = new TextEncoder().encode(JSON.stringify(detail));
  const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', world.ctx.keys.gateway.privateKey, data);
  return Buffer.from(signature).toString('base64');
}

export function notifyConsentEvent(world: HiuWorld, record: ConsentRequestRecord, status: ConsentStatus, artefactIds?: string[]): void {
  const notification = {
    consentRequestId: record.id,
    status,
    ...(artefactIds ? { consentArtefacts: artefactIds.map((id) => ({ id })) } : {}),
  };
  const recipient = sameWire(record.caller, { clientId: record.caller.clientId, serviceId: record.consent.hiu.id });
  world.notify(recipient, '/consents/hiu/notify', { notification });
}

export function fetchArtefact(world: HiuWorld, caller: Caller, body: z.infer<typeof consentFetchBody>): void {
  world.answer(caller, '/consents/on-fetch', body.requestId, () => {
    const artefact = world.artefacts.get(body.consentId);
    if (!artefact || artefact.caller.clientId !== caller.clientId) refuse(CM.artefactNotFound, 'Cannot find the consent artefact');
    const found = artefact as ArtefactRecord;
    return { consent: { status: found.status, consentDetail: found.detail, signature: found.signature } };
  });
}

/** Patient revokes a granted artefact, or it lapses: the artefact changes and the HIU is told. */
export function endArtefact(world: HiuWorld, id: string, status: 'REVOKED' | 'EXPIRED'): ArtefactRecord {
  const artefact = world.artefacts.get(id);
  if (!artefact) throw new Error(`no consent artefact ${id}`);
  if (artefact.status !== 'GRANTED') throw new Error(`consent artefact ${id} is ${artefact.status}, not GRANTED`);
  artefact.status = status;
  const request = world.consentRequests.get(artefact.consentRequestId);
  if (!request) return artefact;
  // Once nothing granted is left, the request as a whole reads as revoked/expired in on-status.
  const stillGranted = request.artefactIds.some((artefactId) => world.artefacts.get(artefactId)?.status === 'GRANTED');
  if (!stillGranted) request.status = status;
  notifyConsentEvent(world, request, status, [id]);
  return artefact;
}
