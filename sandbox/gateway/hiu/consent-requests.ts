import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { HI_TYPES, V05_HI_TYPES } from '../../fhir/ig-catalog';
import type { consentInitBody, consentStatusBody } from './body-schemas';
import { CM, refuse } from './cm-errors';
import { createArtefacts, notifyConsentEvent } from './consent-artefacts';
import type { ConsentRequestRecord, RequestedConsent } from './consent-records';
import { findDemoHip } from './demo-directory';
import { timestampMillis } from './gateway-rules';
import { sameWire } from './callback-sender';
import type { Caller, HiuWorld } from './hiu-world';

// Consent requests at the consent manager: validation on init (ProjectEKA ConsentManager /
// ConsentRequestValidator), the patient's decision, and status queries.

/** HL7 v3 PurposeOfUse codes ABDM uses, plus GOV from ProjectEKA's CM value set. */
export const PURPOSE_CODES = ['CAREMGT', 'BTG', 'PUBHLTH', 'HPAYMT', 'DSRCH', 'PATRQT', 'GOV'];

export function initConsentRequest(world: HiuWorld, caller: Caller, body: z.infer<typeof consentInitBody>): void {
  world.answer(caller, '/consent-requests/on-init', body.requestId, () => {
    validateConsentRequest(world, caller, body.consent);
    const record: ConsentRequestRecord = {
      id: randomUUID(),
      caller,
      consent: body.consent,
      status: 'REQUESTED',
      createdAt: world.now(),
      artefactIds: [],
    };
    world.consentRequests.set(record.id, record);
    world.rememberContact(body.consent.patient.id, caller);
    scheduleDecision(world, record);
    return { consentRequest: { id: record.id } };
  });
}

function validateConsentRequest(world: HiuWorld, caller: Caller, consent: RequestedConsent): void {
  const patient = world.directory.findActive(consent.patient.id);
  if (!patient) refuse(CM.userNotFound, 'Invalid patient');
  if (!PURPOSE_CODES.includes(consent.purpose.code)) refuse(CM.invalidPurpose, 'Invalid Purpose');
  // HIE-CM v3 knows eight HI types; gateway v0.5's enum has seven (no Invoice), as ABDM's consent managers do.
  const known: readonly string[] = caller.wire === 'v3' ? HI_TYPES : V05_HI_TYPES;
  if (consent.hiTypes.length === 0 || consent.hiTypes.some((t) => !known.includes(t))) {
    refuse(CM.invalidHiType, 'Invalid HI Type');
  }
  const { dateRange, dataEraseAt, frequency } = consent.permission;
  if (timestampMillis(dateRange.from) > timestampMillis(dateRange.to)) refuse(CM.invalidDateRange, 'Permission date is invalid.');
  if (timestampMillis(dataEraseAt) <= world.now()) refuse(CM.invalidDateRange, 'Consent expiry (dataEraseAt) must be in the future.');
  if (frequency.value <= 0 || frequency.repeats < 0) refuse(CM.invalidRequest, 'Invalid frequency: value must be positive and repeats not negative.');
  if (consent.hip && !findDemoHip(consent.hip.id)) refuse(CM.invalidProviderOrCareContext, `Unknown HIP ${consent.hip.id}`);
  for (const wanted of consent.careContexts ?? []) {
    const known = patient?.careContexts.some(
      (cc) => cc.careContextReference === wanted.careContextReference && cc.patientReference === wanted.patientReference,
    );
    if (!known) refuse(CM.invalidProviderOrCareContext, `Unknown care context ${wanted.careContextReference}`);
  }
}

function scheduleDecision(world: HiuWorld, record: ConsentRequestRecord): void {
  const { consentDecision, consentDecisionDelayMs } = world.settings;
  if (consentDecision === 'manual') return;
  world.later(consentDecisionDelayMs, async () => {
    if (record.status !== 'REQUESTED') return;
    if (consentDecision === 'GRANTED') await grantConsentRequest(world, record.id);
    else denyConsentRequest(world, record.id);
  });
}

/** The patient's edits before granting: fewer HI types, a narrower or shorter permission. */
export interface GrantChanges {
  hiTypes?: string[];
  dateRange?: { from: string; to: string };
  dataEraseAt?: string;
}

export async function grantConsentRequest(world: HiuWorld, id: string, changes: GrantChanges = {}): Promise<ConsentRequestRecord> {
  const record = pendingRequest(world, id);
  const artefacts = await createArtefacts(world, record, changes);
  record.status = 'GRANTED';
  record.artefactIds = artefacts.map((artefact) => artefact.id);
  notifyConsentEvent(world, record, 'GRANTED', record.artefactIds);
  return record;
}

export function denyConsentRequest(world: HiuWorld, id: string): ConsentRequestRecord {
  const record = pendingRequest(world, id);
  record.status = 'DENIED';
  notifyConsentEvent(world, record, 'DENIED');
  return record;
}

/** The request lapsed before the patient acted on it. */
export function expireConsentRequest(world: HiuWorld, id: string): ConsentRequestRecord {
  const record = pendingRequest(world, id);
  record.status = 'EXPIRED';
  notifyConsentEvent(world, record, 'EXPIRED');
  return record;
}

function pendingRequest(world: HiuWorld, id: string): ConsentRequestRecord {
  const record = world.consentRequests.get(id);
  if (!record) throw new Error(`no consent request ${id}`);
  if (record.status !== 'REQUESTED') throw new Error(`consent request ${id} is ${record.status}, not REQUESTED`);
  return record;
}

export function consentRequestStatus(world: HiuWorld, caller: Caller, body: z.infer<typeof consentStatusBody>): void {
  world.answer(caller, '/consent-requests/on-status', body.requestId, () => {
    const record = world.consentRequests.get(body.consentRequestId);
    if (!record || record.caller.clientId !== caller.clientId) {
      refuse(CM.consentRequestNotFound, 'Cannot find the consent request');
    }
    const found = record as ConsentRequestRecord;
    return {
      consentRequest: {
        id: found.id,
        status: found.status,
        consentArtefacts: found.artefactIds.map((artefactId) => ({ id: artefactId })),
      },
    };
  });
}

/** Where on-status and notifications for this request are addressed. */
export function recipientOf(record: ConsentRequestRecord): Caller {
  return sameWire(record.caller, { clientId: record.caller.clientId, serviceId: record.consent.hiu.id });
}
