// Health records are erased when their consent's dataEraseAt passes (checked on a timer and at start-up), at once
// when an artefact is REVOKED or EXPIRED, and with everything else about a patient the consent manager DELETED.
// Each erasure leaves an audit entry saying what went, when and why — never any content.
import type { ConsentStore } from '../../store/hiu/consents';
import type { HealthRecordStore } from '../../store/hiu/health-records';
import { purgePatient } from '../../store/hiu/patient-purge';
import { isoAt, type HiuContext } from './hiu-context';

export type ErasureReason = 'data-erase-at' | 'REVOKED' | 'EXPIRED';

export class RecordErasure {
  constructor(
    private readonly ctx: HiuContext,
    private readonly consents: ConsentStore,
    private readonly records: HealthRecordStore,
  ) {}

  /** Erases one artefact's records and keys; runs inside the caller's transaction. Returns the number of records. */
  eraseArtefact(artefactId: string, reason: ErasureReason): number {
    const artefact = this.consents.artefact(artefactId);
    if (!artefact || artefact.erasedAt) return 0;
    const at = isoAt(this.ctx.now);
    const count = this.records.eraseArtefact(artefactId, at);
    this.consents.markErased(artefactId, at);
    const detail = { patient: artefact.patientId, consentRequest: artefact.consentRequestId, artefact: artefactId, hip: artefact.hipId, records: count, reason };
    this.ctx.audit.record('records.erased', null, JSON.stringify(detail));
    return count;
  }

  /** Erases every artefact whose dataEraseAt has passed. */
  sweep(): void {
    for (const artefact of this.consents.dueForErasure(isoAt(this.ctx.now))) {
      this.ctx.db.transaction(() => this.eraseArtefact(artefact.id, 'data-erase-at')).immediate();
      this.ctx.emit('consents.changed', { id: artefact.consentRequestId });
    }
  }

  /** Everything about the patient; runs inside the caller's transaction. The purge itself is recorded. */
  erasePatient(patientId: string, reason: 'patient-deleted'): void {
    const counts = purgePatient(this.ctx.db, patientId);
    this.ctx.audit.record('patient.purged', null, JSON.stringify({ patient: patientId, reason, ...counts }));
  }
}
