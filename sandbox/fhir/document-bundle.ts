import { randomUUID } from 'node:crypto';
import {
  encounterResource,
  organizationResource,
  patientResource,
  practitionerResource,
} from './common-resources';
import type { FhirResource, RecordContext, RecordParts, RecordSubject } from './fhir-types';
import { referenceTo } from './fhir-types';
import { IG_BASE, RECORD_PROFILES, type HiType } from './ig-catalog';

const VERY_RESTRICTED = {
  system: 'http://terminology.hl7.org/CodeSystem/v3-Confidentiality',
  code: 'V',
  display: 'very restricted',
};

/**
 * Builds an IG DocumentBundle: Composition first, then the shared resources, then the
 * record's own resources, all addressed by urn:uuid as in the IG examples.
 */
export function assembleDocument(
  hiType: HiType,
  subject: RecordSubject,
  buildRecord: (context: RecordContext) => RecordParts,
  pdf?: string,
): FhirResource {
  const profile = RECORD_PROFILES[hiType];
  const patient = patientResource(subject);
  const practitioner = practitionerResource(subject);
  const organization = organizationResource(subject);
  const encounter = encounterResource(subject, patient, hiType === 'DischargeSummary');
  const refs = {
    patient: referenceTo(patient, subject.patient.name),
    practitioner: referenceTo(practitioner, subject.practitioner.name),
    organization: referenceTo(organization, subject.hip.name),
    encounter: referenceTo(encounter),
  };
  const parts = buildRecord({ ...subject, refs, ...(pdf ? { pdf } : {}) });
  const now = new Date().toISOString();
  const composition: FhirResource = {
    resourceType: 'Composition',
    id: randomUUID(),
    meta: { versionId: '1', lastUpdated: now, profile: [profile.profile] },
    language: 'en-IN',
    identifier: { system: 'https://ndhm.in/phr', value: randomUUID() },
    status: 'final',
    type: profile.type,
    subject: refs.patient,
    encounter: refs.encounter,
    date: subject.date,
    author: [refs.practitioner],
    title: profile.title,
    attester: [{ mode: 'legal', time: subject.date, party: refs.practitioner }],
    custodian: refs.organization,
    section: parts.sections,
  };
  const resources = [composition, patient, practitioner, organization, encounter, ...parts.resources];
  const bundleId = randomUUID();
  return {
    resourceType: 'Bundle',
    id: bundleId,
    meta: { versionId: '1', lastUpdated: now, profile: [`${IG_BASE}/DocumentBundle`], security: [VERY_RESTRICTED] },
    identifier: { system: 'http://hip.in', value: bundleId },
    type: 'document',
    timestamp: now,
    entry: resources.map((resource) => ({ fullUrl: `urn:uuid:${resource.id}`, resource })),
  };
}
