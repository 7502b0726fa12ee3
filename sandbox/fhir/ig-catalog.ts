// The Composition profiles of the NRCeS FHIR IG for ABDM (6.x), one per ABDM HI type:
// Composition.type and the section codes each profile slices on (see reference/spec/fhir-records.md B.1).

export const SNOMED = 'http://snomed.info/sct';
export const LOINC = 'http://loinc.org';
export const ICD10 = 'http://hl7.org/fhir/sid/icd-10';
export const IG_BASE = 'https://nrces.in/ndhm/fhir/r4/StructureDefinition';

export const HI_TYPES = [
  'OPConsultation',
  'Prescription',
  'DischargeSummary',
  'DiagnosticReport',
  'ImmunizationRecord',
  'HealthDocumentRecord',
  'WellnessRecord',
  // HIE-CM v3's eighth HI type (NRCeS InvoiceRecord); gateway v0.5's HITypeEnum stops at WellnessRecord, and the
  // simulator's v0.5 consent manager refuses it (gateway/hiu/consent-requests.ts).
  'Invoice',
] as const;
export type HiType = (typeof HI_TYPES)[number];

export interface Coding {
  system: string;
  code: string;
  display: string;
}

export interface RecordProfile {
  profile: string;
  title: string;
  /** Composition.type; WellnessRecord has text only. */
  type: { coding?: Coding[]; text: string };
  /** Whether the profile requires Composition.encounter. */
  requiresEncounter: boolean;
}

export const snomed = (code: string, display: string): Coding => ({ system: SNOMED, code, display });
export const loinc = (code: string, display: string): Coding => ({ system: LOINC, code, display });

const coded = (coding: Coding) => ({ coding: [coding], text: coding.display });

export const RECORD_PROFILES: Record<HiType, RecordProfile> = {
  OPConsultation: {
    profile: `${IG_BASE}/OPConsultRecord`,
    title: 'Consultation Report',
    type: coded(snomed('371530004', 'Clinical consultation report')),
    requiresEncounter: true,
  },
  Prescription: {
    profile: `${IG_BASE}/PrescriptionRecord`,
    title: 'Prescription record',
    type: coded(snomed('440545006', 'Prescription record')),
    requiresEncounter: false,
  },
  DischargeSummary: {
    profile: `${IG_BASE}/DischargeSummaryRecord`,
    title: 'Discharge Summary',
    type: coded(snomed('373942005', 'Discharge summary')),
    requiresEncounter: true,
  },
  DiagnosticReport: {
    profile: `${IG_BASE}/DiagnosticReportRecord`,
    title: 'Diagnostic Report',
    type: coded(snomed('721981007', 'Diagnostic studies report')),
    requiresEncounter: false,
  },
  ImmunizationRecord: {
    profile: `${IG_BASE}/ImmunizationRecord`,
    title: 'Immunization record',
    type: coded(snomed('41000179103', 'Immunization record')),
    requiresEncounter: false,
  },
  HealthDocumentRecord: {
    profile: `${IG_BASE}/HealthDocumentRecord`,
    title: 'Health Document',
    type: coded(snomed('419891008', 'Record artifact')),
    requiresEncounter: false,
  },
  WellnessRecord: {
    profile: `${IG_BASE}/WellnessRecord`,
    title: 'Wellness Record',
    type: { text: 'Wellness Record' },
    requiresEncounter: false,
  },
  Invoice: {
    profile: `${IG_BASE}/InvoiceRecord`,
    title: 'Invoice Record',
    type: { text: 'Invoice Record' },
    requiresEncounter: false,
  },
};

/** The HI types of gateway v0.5's HITypeEnum: all but Invoice. */
export const V05_HI_TYPES: readonly HiType[] = HI_TYPES.filter((type) => type !== 'Invoice');

/** Section codes of the IG, by profile. Wellness sections are sliced by title, not code. */
export const SECTION_CODES = {
  op: {
    chiefComplaints: snomed('422843007', 'Chief complaint section'),
    physicalExamination: snomed('425044008', 'Physical exam section'),
    allergies: snomed('722446000', 'Allergy record'),
    medicalHistory: snomed('371529009', 'History and physical report'),
    familyHistory: snomed('422432008', 'Family history section'),
    investigationAdvice: snomed('721963009', 'Order document'),
    medications: snomed('721912009', 'Medication summary document'),
    followUp: snomed('390906007', 'Follow-up encounter'),
    procedure: snomed('371525003', 'Clinical procedure report'),
    referral: snomed('306206005', 'Referral to service'),
    otherObservations: snomed('404684003', 'Clinical finding'),
    documentReference: snomed('371530004', 'Clinical consultation report'),
  },
  prescription: snomed('440545006', 'Prescription record'),
  discharge: {
    chiefComplaints: snomed('422843007', 'Chief complaint section'),
    physicalExamination: snomed('425044008', 'Physical exam section'),
    allergies: snomed('722446000', 'Allergy record'),
    medicalHistory: snomed('1003642006', 'Past medical history section'),
    familyHistory: snomed('422432008', 'Family history section'),
    investigations: snomed('721981007', 'Diagnostic studies report'),
    medications: snomed('1003606003', 'Medication history section'),
    procedures: snomed('1003640003', 'History of past procedure section'),
    carePlan: snomed('734163000', 'Care plan'),
    documentReference: snomed('373942005', 'Discharge summary'),
  },
  diagnosticReport: snomed('4321000179101', 'Hematology report'),
  immunization: snomed('41000179103', 'Immunization record'),
  healthDocument: snomed('419891008', 'Record artifact'),
} as const;

export const WELLNESS_SECTION_TITLES = [
  'Vital Signs',
  'Body Measurement',
  'Physical Activity',
  'General Assessment',
  'Women Health',
  'Lifestyle',
  'Other Observations',
  'Document Reference',
] as const;
