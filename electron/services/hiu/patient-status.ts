// The consent manager's word on a patient's ABHA (gateway v0.5 patients/status/notify, reference/spec/
// gateway-v05.md §2.20): DEACTIVATED stops new requests for the patient until REACTIVATED (the spec's text also
// says ACTIVE, read as REACTIVATED); DELETED erases everything held for the patient at once and for good: ABDM's
// deletion is final, so a later REACTIVATED for the same address does not lift it. Every notification is
// acknowledged (`acknowledgment`, the spec's spelling for this one).
//
// HIE-CM v3 has no patient status notify (reference/spec/abdm-v3.md §3), so on v3 the bridge serves no route for it
// and nothing new arrives. One stored under v0.5 and applied after the switch to v3 is still applied (a deletion is
// final whatever the API); only its acknowledgement, which v3 has no path for, is left out (callback-processor.ts).
import { AppFailure } from '../../shared/errors';
import type { AuditAction } from '../../store/desk/audit-log';
import { NOTIFIED_PATIENT_STATUSES, PatientStatusStore, type NotifiedPatientStatus } from '../../store/hiu/patient-status';
import type { Outcome } from '../../gateway/callback-processor';
import { isoAt, type HiuCallback, type HiuContext, type PatientGuard, type HiuEffects } from './hiu-context';

export type { NotifiedPatientStatus } from '../../store/hiu/patient-status';

/** What the desk knows of a patient's ABHA: ACTIVE unless the CM said otherwise. */
export interface PatientStatusView {
  patientId: string;
  status: 'ACTIVE' | 'DEACTIVATED' | 'DELETED';
  /** When the CM last changed it; null when it never said anything. */
  changedAt: string | null;
  /** When everything held for the patient was erased (DELETED). */
  purgedAt: string | null;
}

/** The `patients.statusChanged` payload. */
export interface PatientStatusChanged {
  patientId: string;
  status: NotifiedPatientStatus;
}

export interface PatientEraser {
  /** Deletes everything held for the patient; runs inside the notification's transaction. */
  erasePatient(patientId: string, reason: 'patient-deleted'): void;
}

const AUDIT: Record<NotifiedPatientStatus, AuditAction> = {
  DEACTIVATED: 'patient.deactivated',
  REACTIVATED: 'patient.reactivated',
  DELETED: 'patient.deleted',
};

export class PatientStatusService implements PatientGuard {
  private readonly store: PatientStatusStore;

  constructor(
    private readonly ctx: HiuContext,
    private readonly eraser: PatientEraser,
  ) {
    this.store = new PatientStatusStore(ctx.db);
  }

  register(): void {
    this.ctx.processor.on('patientStatus.notify', (callback, effects) => this.notified(callback, effects));
  }

  /** Throws PATIENT_INACTIVE after DEACTIVATED (until REACTIVATED), PATIENT_DELETED after DELETED (for good). */
  assertActive(patientId: string): void {
    const record = this.store.get(patientId);
    if (record?.status === 'DEACTIVATED') throw new AppFailure('PATIENT_INACTIVE', { params: { patientId } });
    if (record?.status === 'DELETED') throw new AppFailure('PATIENT_DELETED', { params: { patientId } });
  }

  status(patientId: string): PatientStatusView {
    const record = this.store.get(patientId);
    if (!record) return { patientId, status: 'ACTIVE', changedAt: null, purgedAt: null };
    return { patientId, status: record.status === 'REACTIVATED' ? 'ACTIVE' : record.status, changedAt: record.changedAt, purgedAt: record.purgedAt };
  }

  private notified(callback: HiuCallback<'patientStatus.notify'>, effects: HiuEffects): Outcome {
    const notification = callback.message;
    const given = notification.status;
    const status = (given === 'ACTIVE' ? 'REACTIVATED' : given) as NotifiedPatientStatus;
    const { patientId } = notification;
    const deleted = status === 'DELETED';
    // After a deletion nothing new is kept under the patient's address, not even the acknowledgement's timeline row.
    effects.enqueue('patientStatus.onNotify', { acknowledgment: { status: 'OK' }, resp: { requestId: callback.requestId } }, { patientId: deleted ? null : patientId });
    if (!patientId || !NOTIFIED_PATIENT_STATUSES.includes(status)) return { applied: true };

    const current = this.store.get(patientId);
    const changedAt = isoOf(notification.sentAt) ?? callback.receivedAt;
    const unchanged =
      current !== undefined &&
      // Deletion is final; a repeated notification changes nothing; an older one arriving late does not undo a newer one.
      (current.status === 'DELETED' || current.status === status || (!deleted && changedAt < current.changedAt));
    if (unchanged) return { applied: true, patientId: current.status === 'DELETED' ? null : patientId };

    this.store.set(patientId, status, changedAt);
    if (deleted) {
      this.eraser.erasePatient(patientId, 'patient-deleted');
      this.store.purged(patientId, isoAt(this.ctx.now));
    }
    this.ctx.audit.record(AUDIT[status], null, patientId);
    effects.emit('patients.statusChanged', { patientId, status });
    return { applied: true, patientId: deleted ? null : patientId };
  }
}

/** A received timestamp as ISO UTC: ABDM often sends none or a local time without offset, read as UTC (spec §1.2). */
function isoOf(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  const withOffset = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`;
  // Date.parse takes at most milliseconds: microseconds (Java's LocalDateTime) are cut.
  const ms = Date.parse(withOffset.replace(/(\.\d{3})\d+/, '$1'));
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}
