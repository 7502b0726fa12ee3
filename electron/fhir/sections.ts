// Which part of an ABDM record a Composition section is (reference/spec/fhir-records.md B.1): by the record type
// where it has one section, else by the section's SNOMED code, else by its title (WellnessRecord slices by title).
import { asArray, isObject, str } from './values';
import type { SectionKey } from './view-model';

const BY_SNOMED: Record<string, SectionKey> = {
  '422843007': 'chiefComplaints',
  '425044008': 'physicalExamination',
  '722446000': 'allergies',
  '371529009': 'medicalHistory',
  '1003642006': 'medicalHistory',
  '422432008': 'familyHistory',
  '721963009': 'investigationAdvice',
  '721912009': 'medications',
  '1003606003': 'medications',
  '390906007': 'followUp',
  '736271009': 'followUp', // older layout (ProjectEKA discharge summaries)
  '371525003': 'procedures',
  '1003640003': 'procedures',
  '306206005': 'referral',
  '404684003': 'otherObservations',
  '721981007': 'investigations',
  '734163000': 'carePlan',
  '371530004': 'documentReference',
  '373942005': 'documentReference',
  '440545006': 'prescription',
  '41000179103': 'immunizations',
  '419891008': 'healthDocument',
};

/** Record types with a single section: what that section is, whatever its code. */
const SINGLE_SECTION: Record<string, SectionKey> = {
  Prescription: 'prescription',
  DiagnosticReport: 'diagnosticReport',
  ImmunizationRecord: 'immunizations',
  HealthDocumentRecord: 'healthDocument',
  // NRCeS InvoiceRecord: one section, the invoice (reference/spec/fhir-records.md B.1).
  Invoice: 'invoice',
};

const BY_TITLE: Record<string, SectionKey> = {
  'vital signs': 'vitalSigns',
  'body measurement': 'bodyMeasurement',
  'physical activity': 'physicalActivity',
  'general assessment': 'generalAssessment',
  'women health': 'womenHealth',
  lifestyle: 'lifestyle',
  'other observations': 'otherObservations',
  'document reference': 'documentReference',
};

export function sectionKey(hiType: string | null, code: unknown, title: string | null): SectionKey {
  if (hiType && SINGLE_SECTION[hiType]) return SINGLE_SECTION[hiType];
  const codes = isObject(code) ? asArray(code.coding).map((coding) => (isObject(coding) ? str(coding.code) : null)) : [];
  for (const c of codes) if (c && BY_SNOMED[c]) return BY_SNOMED[c];
  const normalised = (title ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  return BY_TITLE[normalised] ?? 'section';
}
