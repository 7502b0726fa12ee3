// The clinic as an HIP, as the screens and the other HIP services see it (docs/hip.md): a visit is a care context
// under the clinic's patient number; documents handed in at the desk are filed on a visit as FHIR document bundles;
// a consent lets another clinic (an HIU) ask for them. The ports below are what each service offers the others, so
// each is built and tested alone and app-core joins them.
import type { RecordView } from '../../fhir/view-model';
import type { RegisteredPatient } from '../register/register-types';
import type { LinkStatus } from '../../store/hip/visits';

/** The NRCeS document profiles a clerk can file (reference/spec/fhir-records.md), by their ABDM HI type. */
export const DOCUMENT_KINDS = [
  'Prescription',
  'OPConsultation',
  'DiagnosticReport',
  'DischargeSummary',
  'ImmunizationRecord',
  'WellnessRecord',
  'HealthDocumentRecord',
  'Invoice',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** What a clerk may file: a PDF kept as received, or a photo or scan (downscaled before it is wrapped). */
export const DOCUMENT_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type DocumentFileType = (typeof DOCUMENT_FILE_TYPES)[number];

export type { LinkStatus };

/** A step of linking as the visit shows it; the original ABDM code is kept. */
export interface LinkProblem {
  /** Our error code (errors.ts catalogue) or ABDM's code as sent. */
  code: string;
  abdmCode: string | null;
  /** Until when a blocked patient cannot be linked (ISO). */
  retryAfter: string | null;
}

/** One clinic that received a document under a consent. */
export interface SharedWith {
  hiuId: string;
  hiuName: string | null;
  consentId: string;
  /** ISO time the transfer ended. */
  at: string;
  status: 'delivered' | 'failed';
}

export interface DocumentView {
  id: string;
  visitId: string;
  kind: DocumentKind;
  /** The clerk's title ("Blood test, CBC"); the kind's own name when none was given. */
  title: string;
  /** yyyy-mm-dd: the date on the paper. */
  date: string;
  fileType: DocumentFileType;
  /** ISO time it was filed. */
  filedAt: string;
  /** Whether ABDM was told of it (context notify); false until the visit is linked and the notify acknowledged. */
  notified: boolean;
  sharedWith: SharedWith[];
}

export interface VisitView {
  /** The visit id, also the care context's reference number. */
  id: string;
  patientNumber: string;
  abhaAddress: string | null;
  /** "OPD visit, 27-11-2026, Dr. Rao": what the patient's app shows. */
  display: string;
  doctor: string | null;
  /** ISO time the visit was opened. */
  openedAt: string;
  link: { status: LinkStatus; problem: LinkProblem | null; at: string | null; how: 'desk' | 'patient' | null };
  documents: DocumentView[];
}

/** A visit as the stores keep it (no documents): what the HIP services read of each other. */
export interface VisitRecord {
  id: string;
  patientNumber: string;
  abhaAddress: string | null;
  abhaNumber: string | null;
  display: string;
  doctor: string | null;
  openedAt: string;
  linkStatus: LinkStatus;
}

/** A filed document as the data flow reads it: the bundle (FHIR JSON text) decrypted on demand. */
export interface FiledDocument {
  id: string;
  visitId: string;
  patientNumber: string;
  kind: DocumentKind;
  date: string;
  /** The FHIR document Bundle, exactly as stored (and pushed). */
  bundle(): string;
}

/** The visits (care contexts) and their linking to the patient's ABHA: services/hip/visits.ts. */
export interface VisitsPort {
  /** Opens today's visit for a registered patient (one per patient per day; the same visit again later that day) and starts linking it. */
  open(patient: RegisteredPatient, doctor?: string | null): VisitRecord;
  get(visitId: string): VisitRecord | null;
  forPatient(patientNumber: string): VisitRecord[];
  /** Links the visits the patient chose in their app (patient-initiated linking confirmed by the HIP's OTP). */
  markLinkedByPatient(visitIds: readonly string[]): void;
  /** Tells ABDM that a linked visit has new data of these HI types (context notify); a visit not linked yet is told once it is. */
  newData(visitId: string, hiType: DocumentKind): void;
  /** Tries linking again (the clerk's "Link again"); refused while a 24-hour block holds. */
  relink(visitId: string): VisitRecord;
  /** Where the visit's link stands, as the screen shows it. */
  linkOf(visitId: string): VisitView['link'];
}

/** The documents filed on visits: services/hip/documents.ts. */
export interface DocumentsPort {
  /** The bundle the document would be, as the record viewer shows it; nothing is filed. */
  preview(input: NewDocument): Promise<RecordView>;
  /** Builds and checks the bundle, stores it encrypted on its visit, and tells the visits there is new data. */
  add(input: NewDocument): Promise<Omit<DocumentView, 'sharedWith'>>;
  forVisit(visitId: string): Omit<DocumentView, 'sharedWith'>[];
  /** The documents a consent covers: these care contexts, these HI types, dated within the range (inclusive). */
  covered(query: { careContextReferences: readonly string[]; hiTypes: readonly string[]; from: string; to: string }): FiledDocument[];
}

/** What the data flow records of a transfer, for a document's "shared with" list: services/hip/data-flow.ts. */
export interface SharedWithPort {
  sharedWith(documentId: string): SharedWith[];
}

/** A document as the clerk adds it (IPC `hip.addDocument` / `hip.previewDocument`). */
export interface NewDocument {
  visitId: string;
  kind: DocumentKind;
  title?: string;
  date: string;
  fileType: DocumentFileType;
  /** The file, base64 (at most 20 MB before encoding). */
  contentBase64: string;
}

/** What the screens ask of the clinic as an HIP (IPC `hip.*`); app-core joins the services behind it. */
export interface HipDeskPort {
  /** The patient's visits, newest first, with link status and documents. */
  visits(input: { patientNumber: string }): VisitView[];
  /** Opens (or reopens) today's visit for a registered patient, with a doctor, and starts linking it. */
  openVisit(input: { patientNumber: string; doctor?: string }): VisitView;
  /** Tries linking again (a failed or blocked visit, once its block has passed). */
  relink(input: { visitId: string }): VisitView;
  /** The document as the record viewer will show it, built but not filed: what the clerk checks before filing. */
  previewDocument(input: NewDocument): Promise<RecordView>;
  /** Builds, checks, encrypts and files the document on its visit, and tells ABDM there is new data. */
  addDocument(input: NewDocument): Promise<DocumentView>;
}
