// The timeline table (migrations/002-hiu.ts): one row per step a user can see — each outgoing request's fate at
// the gateway (accepted, refused, retried, timed out) and each callback that came in — keyed by patient and by
// consent request. A row may carry a detail (migrations/007-timeline-detail.ts): what a re-fetch replaced.
import type { Database } from 'better-sqlite3-multiple-ciphers';

export type TimelineDirection = 'out' | 'in';
/**
 * `received-late`: a callback that answered a request already marked timed out (it is applied all the same).
 * `replaced`: a transfer that came complete replaced earlier copies of records (the detail says which).
 */
export type TimelineStep = 'accepted' | 'refused' | 'retrying' | 'timed-out' | 'received' | 'received-late' | 'replaced';

/** What a re-fetch replaced in one visit: how many earlier records, of which HI types. */
export interface TimelineDetail {
  careContext: string;
  replaced: number;
  hiTypes: string[];
}

export interface TimelineEntry {
  id: number;
  at: string;
  direction: TimelineDirection;
  path: string;
  requestId: string;
  respRequestId: string | null;
  step: TimelineStep;
  httpStatus: number | null;
  errorCode: string | null;
  patientId: string | null;
  consentRequestId: string | null;
  detail: TimelineDetail | null;
}

interface Row {
  id: number;
  at: string;
  direction: TimelineDirection;
  path: string;
  request_id: string;
  resp_request_id: string | null;
  step: TimelineStep;
  http_status: number | null;
  error_code: string | null;
  patient_id: string | null;
  consent_request_id: string | null;
  detail: string | null;
}

export class TimelineStore {
  constructor(private readonly db: Database) {}

  add(entry: Omit<TimelineEntry, 'id' | 'detail'> & { detail?: TimelineDetail }): void {
    this.db
      .prepare(
        `INSERT INTO timeline (at, direction, path, request_id, resp_request_id, step, http_status, error_code, patient_id, consent_request_id, detail)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        entry.at, entry.direction, entry.path, entry.requestId, entry.respRequestId, entry.step, entry.httpStatus, entry.errorCode, entry.patientId,
        entry.consentRequestId, entry.detail ? JSON.stringify(entry.detail) : null,
      );
  }

  /** Oldest first. One of the two keys should be given; with neither, the latest `limit` rows. */
  list(filter: { patientId?: string; consentRequestId?: string; limit?: number }): TimelineEntry[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM (SELECT * FROM timeline WHERE (? IS NULL OR patient_id = ?) AND (? IS NULL OR consent_request_id = ?)
         ORDER BY at DESC, id DESC LIMIT ?) ORDER BY at, id`,
      )
      .all(filter.patientId ?? null, filter.patientId ?? null, filter.consentRequestId ?? null, filter.consentRequestId ?? null, filter.limit ?? 500) as Row[];
    return rows.map((row) => ({
      id: row.id,
      at: row.at,
      direction: row.direction,
      path: row.path,
      requestId: row.request_id,
      respRequestId: row.resp_request_id,
      step: row.step,
      httpStatus: row.http_status,
      errorCode: row.error_code,
      patientId: row.patient_id,
      consentRequestId: row.consent_request_id,
      detail: row.detail ? (JSON.parse(row.detail) as TimelineDetail) : null,
    }));
  }

  /** Request ids of the callbacks and requests that concerned a patient (for a purge). */
  requestIdsOf(patientId: string): string[] {
    return (this.db.prepare('SELECT DISTINCT request_id FROM timeline WHERE patient_id = ?').all(patientId) as { request_id: string }[]).map((r) => r.request_id);
  }

  forgetPatient(patientId: string): number {
    return this.db.prepare('DELETE FROM timeline WHERE patient_id = ?').run(patientId).changes;
  }
}
