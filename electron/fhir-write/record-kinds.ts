// What each NRCeS document profile needs from a document the desk files: its profile, the Composition's type, the one
// section it gets, and which resource carries the file. Written from the NRCeS FHIR IG 6.x (profiles as FSH in
// gauravvaishnav17/abdm-fhir-ig-fsh @ 355f629/1df4b30, input/fsh/profiles/*.fsh; reference/spec/fhir-records.md B.1).
// Every code is SNOMED CT (http://snomed.info/sct).

/** ABDM's HI types the desk can file (the same words as services/hip DOCUMENT_KINDS). */
export type RecordKind =
  | 'Prescription'
  | 'OPConsultation'
  | 'DiagnosticReport'
  | 'DischargeSummary'
  | 'ImmunizationRecord'
  | 'WellnessRecord'
  | 'HealthDocumentRecord'
  | 'Invoice';

export const SNOMED = 'http://snomed.info/sct';
export const PROFILE_BASE = 'https://nrces.in/ndhm/fhir/r4/StructureDefinition/';

export interface Coding {
  system: string;
  code: string;
  display: string;
}

/**
 * Where the file goes:
 * - `DocumentReference`: content.attachment (most profiles' "DocumentReference" section entry);
 * - `Binary`: PrescriptionRecord's section allows MedicationRequest and Binary only (closed slicing), so a scanned
 *   prescription is a Binary;
 * - `Invoice`: InvoiceRecord's section allows Invoice only; FHIR R4's Invoice has no attachment, so the file rides in
 *   a DocumentReference whose context.related names the Invoice, reached from a section inside the invoice's
 *   (docs/hip-documents.md, "Invoice").
 */
export type FileCarrier = 'DocumentReference' | 'Binary' | 'Invoice';

export interface RecordKindRule {
  profile: string;
  /** Composition.type: a SNOMED coding, or only a fixed text (WellnessRecord, InvoiceRecord have no code). */
  type: { coding: Coding | null; text: string };
  /** The section: its code (null where the profile slices sections by title) and title. */
  section: { code: Coding | null; title: string };
  carrier: FileCarrier;
  /** The profile requires Composition.encounter (OPConsultRecord, DischargeSummaryRecord). */
  encounterRequired: boolean;
}

const snomed = (code: string, display: string): Coding => ({ system: SNOMED, code, display });

export const RECORD_KINDS: Readonly<Record<RecordKind, RecordKindRule>> = {
  // PrescriptionRecord.fsh: type and section code fixed to 440545006 "Prescription record"; entries MedicationRequest or Binary.
  Prescription: {
    profile: 'PrescriptionRecord',
    type: { coding: snomed('440545006', 'Prescription record'), text: 'Prescription record' },
    section: { code: snomed('440545006', 'Prescription record'), title: 'Prescription record' },
    carrier: 'Binary',
    encounterRequired: false,
  },
  // OPConsultRecord.fsh: type 371530004; the DocumentReference slice has section code 371530004; encounter 1..
  OPConsultation: {
    profile: 'OPConsultRecord',
    type: { coding: snomed('371530004', 'Clinical consultation report'), text: 'Clinical consultation report' },
    section: { code: snomed('371530004', 'Clinical consultation report'), title: 'Document Reference' },
    carrier: 'DocumentReference',
    encounterRequired: true,
  },
  // DiagnosticReportRecord.fsh: type from DiagnosticReportType (IG examples: 721981007); section entries DiagnosticReport
  // or DocumentReference. A paper report has no coded results (DiagnosticReportLab needs result and conclusion), so the
  // desk files the DocumentReference.
  DiagnosticReport: {
    profile: 'DiagnosticReportRecord',
    type: { coding: snomed('721981007', 'Diagnostic studies report'), text: 'Diagnostic studies report' },
    section: { code: snomed('721981007', 'Diagnostic studies report'), title: 'Diagnostic Report' },
    carrier: 'DocumentReference',
    encounterRequired: false,
  },
  // DischargeSummaryRecord.fsh: type 373942005; DocumentReference slice code 373942005; encounter 1..
  DischargeSummary: {
    profile: 'DischargeSummaryRecord',
    type: { coding: snomed('373942005', 'Discharge summary'), text: 'Discharge summary' },
    section: { code: snomed('373942005', 'Discharge summary'), title: 'Document Reference' },
    carrier: 'DocumentReference',
    encounterRequired: true,
  },
  // ImmunizationRecord.fsh: type and section 41000179103 "Immunization record"; DocumentReference allowed.
  ImmunizationRecord: {
    profile: 'ImmunizationRecord',
    type: { coding: snomed('41000179103', 'Immunization record'), text: 'Immunization record' },
    section: { code: snomed('41000179103', 'Immunization record'), title: 'Immunization record' },
    carrier: 'DocumentReference',
    encounterRequired: false,
  },
  // WellnessRecord.fsh: type.text "Wellness Record" (no code); sections sliced by title, "Document Reference".
  WellnessRecord: {
    profile: 'WellnessRecord',
    type: { coding: null, text: 'Wellness Record' },
    section: { code: null, title: 'Document Reference' },
    carrier: 'DocumentReference',
    encounterRequired: false,
  },
  // HealthDocumentRecord.fsh: type and section 419891008 "Record artifact"; entries DocumentReference only.
  HealthDocumentRecord: {
    profile: 'HealthDocumentRecord',
    type: { coding: snomed('419891008', 'Record artifact'), text: 'Record artifact' },
    section: { code: snomed('419891008', 'Record artifact'), title: 'Record artifact' },
    carrier: 'DocumentReference',
    encounterRequired: false,
  },
  // InvoiceRecord.fsh: type.text "Invoice Record" (no code); one section whose entries are Invoice only.
  Invoice: {
    profile: 'InvoiceRecord',
    type: { coding: null, text: 'Invoice Record' },
    section: { code: null, title: 'Invoice' },
    carrier: 'Invoice',
    encounterRequired: false,
  },
};
