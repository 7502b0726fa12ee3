// What the HIU indexes a pushed FHIR bundle by: that it is a Bundle at all, its ABDM HI type, and its date.
// HI types follow the NRCeS profiles (reference/spec/fhir-records.md B.1): the Composition's profile name first,
// then its fixed SNOMED type, then the fixed type text WellnessRecord and InvoiceRecord use instead of a code.
import { isObject } from './values';

const PROFILE_TO_HI_TYPE: Record<string, string> = {
  OPConsultRecord: 'OPConsultation',
  PrescriptionRecord: 'Prescription',
  DiagnosticReportRecord: 'DiagnosticReport',
  DischargeSummaryRecord: 'DischargeSummary',
  ImmunizationRecord: 'ImmunizationRecord',
  HealthDocumentRecord: 'HealthDocumentRecord',
  WellnessRecord: 'WellnessRecord',
  InvoiceRecord: 'Invoice',
};

const SNOMED_TO_HI_TYPE: Record<string, string> = {
  '371530004': 'OPConsultation',
  '440545006': 'Prescription',
  '721981007': 'DiagnosticReport',
  '371528001': 'DiagnosticReport',
  '373942005': 'DischargeSummary',
  '41000179103': 'ImmunizationRecord',
  '419891008': 'HealthDocumentRecord',
};

const TEXT_TO_HI_TYPE: Record<string, string> = { 'wellness record': 'WellnessRecord', 'invoice record': 'Invoice' };

export interface BundleFacts {
  hiType: string | null;
  /** Composition.date (else Bundle.timestamp) as written, or null. */
  date: string | null;
}

/** Facts of a parsed bundle; throws an Error saying what is wrong when it is not a FHIR Bundle. */
export function bundleFacts(bundle: unknown): BundleFacts {
  if (!isObject(bundle) || bundle.resourceType !== 'Bundle') throw new Error('not a FHIR Bundle (resourceType is not "Bundle")');
  const entries = Array.isArray(bundle.entry) ? bundle.entry : [];
  const composition = entries.map((e) => (isObject(e) ? e.resource : undefined)).find((r) => isObject(r) && r.resourceType === 'Composition') as
    | Record<string, any>
    | undefined;
  const date = typeof composition?.date === 'string' ? composition.date : typeof bundle.timestamp === 'string' ? bundle.timestamp : null;
  return { hiType: composition ? hiTypeOf(composition) : null, date };
}

function hiTypeOf(composition: Record<string, any>): string | null {
  const profiles: unknown[] = Array.isArray(composition.meta?.profile) ? composition.meta.profile : [];
  for (const profile of profiles) {
    const name = typeof profile === 'string' ? profile.split('/').pop()!.split('|')[0]! : '';
    if (PROFILE_TO_HI_TYPE[name]) return PROFILE_TO_HI_TYPE[name];
  }
  const codings: unknown[] = Array.isArray(composition.type?.coding) ? composition.type.coding : [];
  for (const coding of codings) {
    const code = isObject(coding) ? String(coding.code ?? '') : '';
    if (SNOMED_TO_HI_TYPE[code]) return SNOMED_TO_HI_TYPE[code];
  }
  // No profile or known code: the words. type.text, a coding with a display but no code (ProjectEKA's wellness
  // sample), then the title.
  const words = [
    composition.type?.text,
    ...codings.map((coding) => (isObject(coding) && !coding.code ? coding.display : null)),
    composition.title,
  ];
  for (const word of words) {
    const hiType = typeof word === 'string' ? TEXT_TO_HI_TYPE[word.trim().toLowerCase()] : undefined;
    if (hiType) return hiType;
  }
  return null;
}
