// A VisitsPort standing in for services/hip/visits.ts in patient-link tests: visits added by hand, and what the
// patient's confirmed link told it (markLinkedByPatient).
import type { RegisteredPatient } from '../../electron/services/register/register-types';
import type { DocumentKind, VisitRecord, VisitView, VisitsPort } from '../../electron/services/hip/hip-types';

export class FakeVisits implements VisitsPort {
  readonly visits = new Map<string, VisitRecord>();
  readonly linkedByPatient: string[][] = [];

  add(visit: Pick<VisitRecord, 'id' | 'patientNumber' | 'display'> & Partial<VisitRecord>): void {
    this.visits.set(visit.id, { abhaAddress: null, abhaNumber: null, doctor: null, openedAt: '2026-11-27T05:00:00.000Z', linkStatus: 'not-linked', ...visit });
  }
  open(_patient: RegisteredPatient): VisitRecord {
    throw new Error('not used here');
  }
  get(visitId: string): VisitRecord | null {
    return this.visits.get(visitId) ?? null;
  }
  forPatient(patientNumber: string): VisitRecord[] {
    return [...this.visits.values()].filter((visit) => visit.patientNumber === patientNumber);
  }
  markLinkedByPatient(visitIds: readonly string[]): void {
    this.linkedByPatient.push([...visitIds]);
    for (const id of visitIds) {
      const visit = this.visits.get(id);
      if (visit) this.visits.set(id, { ...visit, linkStatus: 'linked' });
    }
  }
  newData(_visitId: string, _hiType: DocumentKind): void {}
  relink(_visitId: string): VisitRecord {
    throw new Error('not used here');
  }
  linkOf(visitId: string): VisitView['link'] {
    const visit = this.visits.get(visitId);
    return { status: visit?.linkStatus ?? 'not-linked', problem: null, at: null, how: visit?.linkStatus === 'linked' ? 'patient' : null };
  }
}
