// What the screens ask of the clinic as an HIP (IPC `hip.*`), answered from the HIP's services: the visits and their
// links (visits.ts), the documents (documents.ts) and what was shared of each (data-flow.ts). It only joins their
// answers into the views the screens draw; each service decides its own part.
import { AppFailure } from '../../shared/errors';
import type { Settings } from '../../store/settings/settings-schema';
import type { RegisteredPatient } from '../register/register-types';
import type { DocumentsPort, DocumentView, HipDeskPort, NewDocument, SharedWithPort, VisitRecord, VisitsPort, VisitView } from './hip-types';

export interface HipDeskDeps {
  register: { get(input: { patientNumber: string }): RegisteredPatient };
  visits: VisitsPort;
  documents: DocumentsPort;
  sharedWith: SharedWithPort;
  settings: () => Settings;
}

export class HipDesk implements HipDeskPort {
  constructor(private readonly deps: HipDeskDeps) {}

  visits(input: { patientNumber: string }): VisitView[] {
    const patient = this.deps.register.get(input);
    return this.deps.visits.forPatient(patient.patientNumber).map((visit) => this.view(visit));
  }

  openVisit(input: { patientNumber: string; doctor?: string }): VisitView {
    this.assertOn();
    const patient = this.deps.register.get(input);
    const doctor = input.doctor ?? this.deps.settings().doctors?.[0] ?? null;
    return this.view(this.deps.visits.open(patient, doctor));
  }

  relink(input: { visitId: string }): VisitView {
    this.assertOn();
    return this.view(this.deps.visits.relink(input.visitId));
  }

  previewDocument(input: NewDocument) {
    this.visit(input.visitId);
    return this.deps.documents.preview(input);
  }

  async addDocument(input: NewDocument): Promise<DocumentView> {
    this.assertOn();
    this.visit(input.visitId);
    const filed = await this.deps.documents.add(input);
    return { ...filed, sharedWith: this.deps.sharedWith.sharedWith(filed.id) };
  }

  private view(visit: VisitRecord): VisitView {
    const documents = this.deps.documents.forVisit(visit.id).map((document) => ({ ...document, sharedWith: this.deps.sharedWith.sharedWith(document.id) }));
    const { abhaNumber: _abhaNumber, linkStatus: _linkStatus, ...shown } = visit;
    return { ...shown, link: this.deps.visits.linkOf(visit.id), documents };
  }

  private visit(visitId: string): VisitRecord {
    const visit = this.deps.visits.get(visitId);
    if (!visit) throw new AppFailure('NOT_FOUND', { params: { what: 'visit' } });
    return visit;
  }

  /** Visits are linked and documents filed only when the clinic plays the HIP (Settings name its HIP id). */
  private assertOn(): void {
    if (!this.deps.settings().hipId?.trim()) throw new AppFailure('HIP_OFF');
  }
}
