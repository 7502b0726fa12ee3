// The record viewer's view model (docs/record-viewer.md): what the Records screens draw for one FHIR document.
// Content is as received (titles, displays, values, units); labels are keys the renderer translates.
// No base64 here: attachments carry an id that attachmentData() resolves against the same bundle.

/** Where a section sits in the ABDM record types (reference/spec/fhir-records.md B.1); 'section' when not known. */
export type SectionKey =
  | 'chiefComplaints'
  | 'physicalExamination'
  | 'allergies'
  | 'medicalHistory'
  | 'familyHistory'
  | 'investigationAdvice'
  | 'investigations'
  | 'medications'
  | 'prescription'
  | 'followUp'
  | 'procedures'
  | 'referral'
  | 'otherObservations'
  | 'carePlan'
  | 'documentReference'
  | 'diagnosticReport'
  | 'immunizations'
  | 'healthDocument'
  | 'vitalSigns'
  | 'bodyMeasurement'
  | 'physicalActivity'
  | 'generalAssessment'
  | 'womenHealth'
  | 'lifestyle'
  | 'invoice'
  /** Resources in the bundle that no section points at (shown last, so nothing received is hidden). */
  | 'unreferenced'
  | 'section';

export interface RecordView {
  /** ABDM HI type (OPConsultation, Prescription, …) or null when not recognised. */
  hiType: string | null;
  /** Composition.title as received. */
  title: string | null;
  /** Composition.date, else Bundle.timestamp, as written. */
  date: string | null;
  /** Composition.author, each as a name (or reference display) as received. */
  authors: string[];
  /** Custodian, else the attesting or authoring organisation. */
  organisation: string | null;
  patient: PatientView | null;
  encounter: EncounterView | null;
  /** Composition.text reduced to plain text (often just the title; the whole record where a sender has no sections). */
  narrative: string | null;
  sections: SectionView[];
  /** Every attachment in the bundle, whether or not a section points at it. */
  attachments: AttachmentView[];
  /** What could not be followed (references to nothing, entries without a resource). */
  warnings: ViewWarning[];
}

export interface PatientView {
  name: string | null;
  gender: string | null;
  birthDate: string | null;
  identifiers: IdentifierView[];
}

export interface IdentifierView {
  /** identifier.type text/display as received, or null. */
  type: string | null;
  system: string | null;
  value: string;
}

export interface EncounterView {
  /** Encounter.class display/code as received. */
  class: string | null;
  start: string | null;
  end: string | null;
}

export interface CodingView {
  system: string | null;
  code: string | null;
  display: string | null;
}

export interface SectionView {
  key: SectionKey;
  /** section.title as received; the renderer shows it when present, else its word for `key`. */
  title: string | null;
  code: CodingView | null;
  /** section.text, reduced to plain text. */
  narrative: string | null;
  items: ItemView[];
  /** Nested sections (section.section). */
  sections: SectionView[];
}

/** Which resource an item shows: its type, id and entry index in the bundle. */
export interface SourceRef {
  resourceType: string;
  id: string | null;
  entryIndex: number;
}

interface ItemBase {
  source: SourceRef;
  /** The resource's text.div reduced to plain text (never HTML), or null. */
  narrative: string | null;
}

export interface MedicationRow {
  source: SourceRef;
  /** 'MedicationRequest' | 'MedicationStatement' | … as received. */
  resourceType: string;
  drug: string | null;
  dose: string | null;
  route: string | null;
  /** Timing code or text as received, else the repeat rule (see `repeat`). */
  frequency: string | null;
  repeat: TimingRepeat | null;
  /** The first dosage's text as written ("1 tablet 2 times a day"): dose and rhythm in the prescriber's words. */
  dosageText: string | null;
  duration: string | null;
  instructions: string[];
  status: string | null;
  date: string | null;
  reasons: string[];
  narrative: string | null;
}

/** Timing.repeat as received, for the renderer to word ("2 times per 1 d"). */
export interface TimingRepeat {
  frequency: number | null;
  period: number | null;
  periodUnit: string | null;
  when: string[];
}

/** Consecutive medication resources in a section, as one table. */
export interface MedicationsItem {
  kind: 'medications';
  rows: MedicationRow[];
}

export interface ReferenceRangeView {
  low: string | null;
  high: string | null;
  unit: string | null;
  text: string | null;
}

export interface ObservationItem extends ItemBase {
  kind: 'observation';
  name: string | null;
  /** The value as received (a number written as a string, text, a code's display, a date…). */
  value: string | null;
  unit: string | null;
  referenceRange: ReferenceRangeView | null;
  /** 'low'/'high' when the value is outside its reference range (or the sender's interpretation says so). */
  flag: 'low' | 'high' | 'abnormal' | null;
  /** Observation.interpretation as received. */
  interpretation: string | null;
  date: string | null;
  status: string | null;
  /** Observation.component (e.g. systolic and diastolic of a blood-pressure panel). */
  components: ObservationItem[];
  notes: string[];
}

export interface ConditionItem extends ItemBase {
  kind: 'condition';
  name: string | null;
  clinicalStatus: string | null;
  verificationStatus: string | null;
  severity: string | null;
  category: string | null;
  onset: string | null;
  recordedDate: string | null;
  notes: string[];
}

export interface AllergyItem extends ItemBase {
  kind: 'allergy';
  substance: string | null;
  clinicalStatus: string | null;
  verificationStatus: string | null;
  criticality: string | null;
  category: string[];
  reactions: string[];
  onset: string | null;
  notes: string[];
}

export interface ProcedureItem extends ItemBase {
  kind: 'procedure';
  name: string | null;
  status: string | null;
  date: string | null;
  outcome: string | null;
  complications: string[];
  notes: string[];
}

export interface ImmunizationItem extends ItemBase {
  kind: 'immunization';
  vaccine: string | null;
  doseNumber: string | null;
  date: string | null;
  lotNumber: string | null;
  route: string | null;
  site: string | null;
  manufacturer: string | null;
  status: string | null;
  notes: string[];
}

export interface DiagnosticReportItem extends ItemBase {
  kind: 'diagnosticReport';
  name: string | null;
  category: string | null;
  status: string | null;
  date: string | null;
  performers: string[];
  conclusion: string | null;
  results: ItemView[];
  /** presentedForm and media, as ids into RecordView.attachments. */
  attachmentIds: string[];
}

export interface DocumentItem extends ItemBase {
  kind: 'document';
  /** DocumentReference.type as received. */
  type: string | null;
  description: string | null;
  date: string | null;
  status: string | null;
  attachmentIds: string[];
}

/** A Binary or Media a section points at. */
export interface AttachmentItem extends ItemBase {
  kind: 'attachment';
  attachmentIds: string[];
}

export interface CarePlanItem extends ItemBase {
  kind: 'carePlan';
  title: string | null;
  description: string | null;
  status: string | null;
  period: string | null;
  activities: string[];
  notes: string[];
}

export interface AppointmentItem extends ItemBase {
  kind: 'appointment';
  description: string | null;
  start: string | null;
  end: string | null;
  status: string | null;
  participants: string[];
}

export interface ServiceRequestItem extends ItemBase {
  kind: 'serviceRequest';
  name: string | null;
  status: string | null;
  intent: string | null;
  date: string | null;
  requester: string | null;
  notes: string[];
}

export interface FamilyHistoryItem extends ItemBase {
  kind: 'familyHistory';
  relationship: string | null;
  conditions: string[];
  status: string | null;
  notes: string[];
}

/** One price component of an invoice line or of its totals, as received (type: base, surcharge, deduction, discount, tax, informational). */
export interface PriceComponentView {
  type: string | null;
  code: string | null;
  factor: number | null;
  /** The amount as received: "500.00 INR". */
  amount: string | null;
}

export interface InvoiceLineView {
  sequence: number | null;
  /** What was charged: the line's code, else its ChargeItem's code, else the reference's display. */
  description: string | null;
  /** The ChargeItem's quantity, when the line points at one. */
  quantity: string | null;
  components: PriceComponentView[];
}

/** An Invoice (the v3 HI type Invoice): lines, totals and status, amounts exactly as the sender wrote them. */
export interface InvoiceItem extends ItemBase {
  kind: 'invoice';
  type: string | null;
  status: string | null;
  date: string | null;
  issuer: string | null;
  recipient: string | null;
  participants: string[];
  lines: InvoiceLineView[];
  totalComponents: PriceComponentView[];
  totalNet: string | null;
  totalGross: string | null;
  paymentTerms: string | null;
  cancelledReason: string | null;
  notes: string[];
}

/** A resource the viewer has no typed rendering for: its key fields as received, and its narrative. */
export interface GenericItem extends ItemBase {
  kind: 'generic';
  resourceType: string;
  /** FHIR element names (e.g. 'code', 'status', 'date') with their values as text; never empty. */
  fields: Array<{ key: string; value: string }>;
}

/** A section entry whose reference points at nothing in the bundle. */
export interface MissingItem {
  kind: 'missing';
  reference: string | null;
  display: string | null;
}

/** A section with neither entries nor narrative: emptyReason as received, if any. */
export interface EmptyItem {
  kind: 'empty';
  reason: string | null;
}

export type ItemView =
  | MedicationsItem
  | ObservationItem
  | ConditionItem
  | AllergyItem
  | ProcedureItem
  | ImmunizationItem
  | DiagnosticReportItem
  | DocumentItem
  | AttachmentItem
  | CarePlanItem
  | AppointmentItem
  | ServiceRequestItem
  | FamilyHistoryItem
  | InvoiceItem
  | GenericItem
  | MissingItem
  | EmptyItem;

export type AttachmentKind = 'pdf' | 'image' | 'other';

export interface AttachmentView {
  /** Stable for the same bundle: pass it to attachmentData(bundle, id). */
  id: string;
  /** attachment.contentType as received (null when absent). */
  contentType: string | null;
  /** attachment.title (else the resource's description or type) as received. */
  title: string | null;
  /** Size of the decoded content; null when the attachment carries no inline data (a URL only). */
  bytes: number | null;
  /** 'pdf' or 'image' only when both the content type and the bytes' signature agree; everything else is 'other' (offer to save). */
  kind: AttachmentKind;
  /** The resource that holds it. */
  source: SourceRef;
  /** True when a section (directly or through a report) points at it. */
  referenced: boolean;
}

export type ViewWarning =
  | { code: 'unresolvedReference'; reference: string | null }
  | { code: 'entryWithoutResource'; entryIndex: number }
  | { code: 'noComposition' };

export type RecordViewErrorCode = 'notABundle' | 'malformedBundle' | 'notJson' | 'attachmentNotFound' | 'attachmentWithoutData';

/** What recordView and attachmentData throw for input that is not a FHIR Bundle (or an id that is not in it). */
export class RecordViewError extends Error {
  readonly code: RecordViewErrorCode;
  constructor(code: RecordViewErrorCode, message: string) {
    super(message);
    this.name = 'RecordViewError';
    this.code = code;
  }
}
