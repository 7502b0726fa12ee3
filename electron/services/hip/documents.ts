// The documents handed in at the desk (docs/hip-documents.md): each file is checked to be what the clerk said, an
// image brought to a sensible size, wrapped in a FHIR R4 document bundle of its NRCeS profile (electron/fhir-write/),
// checked against FHIR R4's schema and the profile's required elements, and only then sealed with the records key and
// filed on its visit. The visits service is told there is new data, so the patient's app hears of it.
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3-multiple-ciphers';
import type { EventName, EventPayloads } from '../../core/events';
import { recordView, type RecordView } from '../../fhir/index';
import { buildDocumentBundle, profileProblems, r4SchemaProblems, type DocumentIds } from '../../fhir-write/index';
import { holdsAadhaar } from '../../shared/aadhaar-in-text';
import { AppFailure } from '../../shared/errors';
import { HipDocumentStore, removeDocumentOrphans, type StoredDocument } from '../../store/hip/documents';
import type { RegistrationFields } from '../../store/register/patient-register-store';
import type { Settings } from '../../store/settings/settings-schema';
import { prepareFile, refuse } from './document-file';
import type { DocumentFileType, DocumentKind, DocumentsPort, DocumentView, FiledDocument, NewDocument, VisitRecord, VisitsPort } from './hip-types';

export interface HipDocumentsDeps {
  db: Database;
  /** The patient register (PatientRegisterStore.byNumber). */
  register: { byNumber(patientNumber: string): (RegistrationFields & { patientNumber: string }) | null };
  visits: Pick<VisitsPort, 'get' | 'newData'>;
  /** The records key (store/hiu/record-cipher.ts): a bundle is sealed under its document's id. */
  cipher: { seal(plaintext: Buffer | string, rowId: string): Buffer; open(sealed: Buffer, rowId: string): Buffer };
  settings: () => Settings;
  now: () => number;
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void;
}

/** A document's title when the clerk gave none: the kind in the words of the bundle (English; the screen translates the kind). */
export const KIND_TITLES: Readonly<Record<DocumentKind, string>> = {
  Prescription: 'Prescription',
  OPConsultation: 'OP consultation',
  DiagnosticReport: 'Diagnostic report',
  DischargeSummary: 'Discharge summary',
  ImmunizationRecord: 'Immunization record',
  WellnessRecord: 'Wellness record',
  HealthDocumentRecord: 'Health document',
  Invoice: 'Invoice',
};

/** India's one time zone: the day a paper is dated and the day a consent's range names are Indian days. */
const IST_OFFSET_MINUTES = 330;

interface Built {
  id: string;
  visit: VisitRecord;
  title: string;
  bundle: Record<string, unknown>;
}

export class HipDocuments implements DocumentsPort {
  private readonly store: HipDocumentStore;

  constructor(private readonly deps: HipDocumentsDeps) {
    this.store = new HipDocumentStore(deps.db);
    // Start-up, before anything is filed: sealed files a crash left without their rows are removed.
    removeDocumentOrphans(deps.db);
  }

  async preview(input: NewDocument): Promise<RecordView> {
    return recordView((await this.build(input)).bundle);
  }

  async add(input: NewDocument): Promise<Omit<DocumentView, 'sharedWith'>> {
    const built = await this.build(input);
    const text = JSON.stringify(built.bundle);
    const document = {
      id: built.id,
      visitId: built.visit.id,
      patientNumber: built.visit.patientNumber,
      kind: input.kind,
      title: built.title,
      date: input.date,
      fileType: input.fileType,
      filedAt: new Date(this.deps.now()).toISOString(),
    };
    // Filed and announced together: a document ABDM is never told of, or a notify for one that is not there, cannot be.
    this.deps.db.transaction(() => {
      this.store.insert(document, this.deps.cipher.seal(text, built.id));
      this.deps.visits.newData(built.visit.id, input.kind);
    })();
    this.deps.emit('hip.changed', { visitId: built.visit.id, patientNumber: built.visit.patientNumber });
    return view({ ...document, notified: false });
  }

  forVisit(visitId: string): Omit<DocumentView, 'sharedWith'>[] {
    return this.store.forVisit(visitId).map(view);
  }

  covered(query: { careContextReferences: readonly string[]; hiTypes: readonly string[]; from: string; to: string }): FiledDocument[] {
    return this.store.covered(query.careContextReferences, query.hiTypes, dayOf(query.from), dayOf(query.to)).map((stored) => ({
      id: stored.id,
      visitId: stored.visitId,
      patientNumber: stored.patientNumber,
      kind: stored.kind as DocumentKind,
      date: stored.date,
      bundle: () => this.bundleText(stored.id),
    }));
  }

  /** The visits service says ABDM acknowledged its context notify for these kinds (all kinds when none are named). */
  markNotified(visitId: string, hiTypes?: readonly string[], emit: HipDocumentsDeps['emit'] = this.deps.emit): void {
    if (this.store.markNotified(visitId, hiTypes) === 0) return;
    const visit = this.deps.visits.get(visitId);
    if (visit) emit('hip.changed', { visitId, patientNumber: visit.patientNumber });
  }

  /** The bundle exactly as it was filed (what the data flow pushes). */
  bundleText(documentId: string): string {
    return this.deps.cipher.open(this.store.sealedBundle(documentId), documentId).toString('utf8');
  }

  private async build(input: NewDocument): Promise<Built> {
    const visit = this.deps.visits.get(input.visitId);
    if (!visit) throw new AppFailure('NOT_FOUND', { params: { what: 'visit' } });
    const patient = this.deps.register.byNumber(visit.patientNumber);
    if (!patient) throw new AppFailure('NOT_FOUND', { params: { what: 'patient' } });
    const now = new Date(this.deps.now());
    if (input.date > dayOf(now.toISOString())) throw refuse('date-in-future');
    const file = prepareFile(Buffer.from(input.contentBase64, 'base64'), input.fileType);
    const settings = this.deps.settings();
    const ids = freshIds();
    const title = input.title?.trim() || KIND_TITLES[input.kind];
    // An Aadhaar number is never written anywhere: not in the bundle, not in the row.
    if (holdsAadhaar(title)) throw refuse('aadhaar-in-title');
    const hipId = settings.hipId?.trim() || null;
    const bundle = buildDocumentBundle({
      kind: input.kind,
      ids,
      timestamp: now.toISOString(),
      date: input.date,
      title,
      file,
      patient: {
        patientNumber: patient.patientNumber,
        name: patient.name,
        gender: patient.gender,
        birthDate: patient.dateOfBirth ?? (patient.yearOfBirth ? String(patient.yearOfBirth) : null),
        abhaNumber: patient.abhaNumber ?? visit.abhaNumber,
        abhaAddress: patient.abhaAddress ?? visit.abhaAddress,
      },
      author: { name: visit.doctor?.trim() || settings.operatorName.trim() || 'Front desk' },
      clinic: { hipId, name: settings.hipName?.trim() || settings.clinicName.trim() || hipId || 'Clinic' },
      visit: { id: visit.id, openedAt: visit.openedAt },
    });
    const problems = [...(await r4SchemaProblems(bundle)), ...profileProblems(bundle, input.kind)];
    // Only element paths and rules, never a value from the bundle: the reason may reach a log.
    if (problems.length > 0) throw refuse('bundle-invalid', problems[0]);
    return { id: ids.bundle, visit, title, bundle };
  }
}

function freshIds(): DocumentIds {
  return {
    bundle: randomUUID(),
    composition: randomUUID(),
    patient: randomUUID(),
    practitioner: randomUUID(),
    organization: randomUUID(),
    encounter: randomUUID(),
    file: randomUUID(),
    invoice: randomUUID(),
  };
}

function view(stored: StoredDocument): Omit<DocumentView, 'sharedWith'> {
  return {
    id: stored.id,
    visitId: stored.visitId,
    kind: stored.kind as DocumentKind,
    title: stored.title,
    date: stored.date,
    fileType: stored.fileType as DocumentFileType,
    filedAt: stored.filedAt,
    notified: stored.notified,
  };
}

/**
 * The Indian day of a time as ABDM writes it: an instant with a zone (Z, +05:30) is moved to IST; a date or a time
 * without a zone is taken as written. Consent ranges are compared by these days, so a range "to 2026-11-27T18:29:59Z"
 * (midnight in India) ends on the 27th, not the 28th.
 */
export function dayOf(time: string): string {
  if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(time) || time.length <= 10) return time.slice(0, 10);
  const instant = Date.parse(time);
  if (Number.isNaN(instant)) return time.slice(0, 10);
  return new Date(instant + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}
