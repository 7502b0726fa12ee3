// The consent_requests and consent_artefacts tables (migrations/002-hiu.ts): what we asked a patient for, what the
// consent manager decided, and the artefacts (one per HIP) that a grant produced.
import type { Database } from 'better-sqlite3-multiple-ciphers';

/**
 * SENDING: not yet accepted by the gateway. REQUESTED: accepted; with no gateway id it still waits for ABDM's answer
 * (on-init), with one it waits for the patient. NO_ANSWER: no on-init within Settings' answer timeout (a late one
 * still makes it REQUESTED).
 */
export const CONSENT_STATUSES = ['SENDING', 'REQUESTED', 'NO_ANSWER', 'GRANTED', 'DENIED', 'EXPIRED', 'REVOKED', 'FAILED'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];
export type ArtefactStatus = 'GRANTED' | 'REVOKED' | 'EXPIRED' | 'ERASED';

export interface Requester {
  name: string;
  identifier?: { type: string; value: string; system?: string };
}

export interface ConsentRequestRow {
  id: string;
  gatewayId: string | null;
  patientId: string;
  hiuId: string;
  purposeCode: string;
  hiTypes: string[];
  dateFrom: string;
  dateTo: string;
  dataEraseAt: string;
  requester: Requester;
  status: ConsentStatus;
  errorCode: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ArtefactRow {
  id: string;
  consentRequestId: string;
  status: ArtefactStatus;
  hipId: string | null;
  hipName: string | null;
  patientId: string;
  hiTypes: string[] | null;
  dateFrom: string | null;
  dateTo: string | null;
  dataEraseAt: string | null;
  /** The consent detail as the CM signed it (JSON text), once fetched. */
  detail: string | null;
  signature: string | null;
  fetchedAt: string | null;
  erasedAt: string | null;
  updatedAt: string;
}

const requestFromRow = (row: any): ConsentRequestRow => ({
  id: row.id,
  gatewayId: row.gateway_id,
  patientId: row.patient_id,
  hiuId: row.hiu_id,
  purposeCode: row.purpose_code,
  hiTypes: JSON.parse(row.hi_types),
  dateFrom: row.date_from,
  dateTo: row.date_to,
  dataEraseAt: row.data_erase_at,
  requester: JSON.parse(row.requester),
  status: row.status,
  errorCode: row.error_code,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const artefactFromRow = (row: any): ArtefactRow => ({
  id: row.id,
  consentRequestId: row.consent_request_id,
  status: row.status,
  hipId: row.hip_id,
  hipName: row.hip_name,
  patientId: row.patient_id,
  hiTypes: row.hi_types === null ? null : JSON.parse(row.hi_types),
  dateFrom: row.date_from,
  dateTo: row.date_to,
  dataEraseAt: row.data_erase_at,
  detail: row.detail,
  signature: row.signature,
  fetchedAt: row.fetched_at,
  erasedAt: row.erased_at,
  updatedAt: row.updated_at,
});

export class ConsentStore {
  constructor(private readonly db: Database) {}

  addRequest(request: Omit<ConsentRequestRow, 'gatewayId' | 'errorCode' | 'updatedAt'>): void {
    this.db
      .prepare(
        `INSERT INTO consent_requests (id, patient_id, hiu_id, purpose_code, hi_types, date_from, date_to, data_erase_at, requester, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(request.id, request.patientId, request.hiuId, request.purposeCode, JSON.stringify(request.hiTypes), request.dateFrom, request.dateTo, request.dataEraseAt, JSON.stringify(request.requester), request.status, request.createdAt, request.createdAt);
  }

  request(id: string): ConsentRequestRow | undefined {
    const row = this.db.prepare('SELECT * FROM consent_requests WHERE id = ?').get(id);
    return row ? requestFromRow(row) : undefined;
  }

  requestByGatewayId(gatewayId: string): ConsentRequestRow | undefined {
    const row = this.db.prepare('SELECT * FROM consent_requests WHERE gateway_id = ?').get(gatewayId);
    return row ? requestFromRow(row) : undefined;
  }

  /** Whether one of our requests still waits for its on-init, even past its time (a notification may have overtaken it). */
  anyAwaitingGatewayId(): boolean {
    return this.db.prepare(`SELECT 1 FROM consent_requests WHERE gateway_id IS NULL AND status IN ('SENDING', 'REQUESTED', 'NO_ANSWER')`).get() !== undefined;
  }

  listRequests(filter: { patientId?: string; limit?: number } = {}): ConsentRequestRow[] {
    return this.db
      .prepare('SELECT * FROM consent_requests WHERE (? IS NULL OR patient_id = ?) ORDER BY created_at DESC LIMIT ?')
      .all(filter.patientId ?? null, filter.patientId ?? null, filter.limit ?? 500)
      .map(requestFromRow);
  }

  /** The on-init came (a late one too: a request marked NO_ANSWER waits for the patient again). */
  setGatewayId(id: string, gatewayId: string, at: string): void {
    this.db
      .prepare(
        `UPDATE consent_requests SET gateway_id = ?, error_code = CASE status WHEN 'NO_ANSWER' THEN NULL ELSE error_code END,
         status = CASE WHEN status IN ('SENDING', 'NO_ANSWER') THEN 'REQUESTED' ELSE status END, updated_at = ? WHERE id = ?`,
      )
      .run(gatewayId, at, id);
  }

  /** Its init was accepted but ABDM's answer (on-init) did not come in time: the patient was never asked. */
  markNoAnswer(id: string, at: string): boolean {
    return (
      this.db
        .prepare(`UPDATE consent_requests SET status = 'NO_ANSWER', error_code = 'GATEWAY_NO_ANSWER', updated_at = ? WHERE id = ? AND gateway_id IS NULL AND status IN ('SENDING', 'REQUESTED')`)
        .run(at, id).changes === 1
    );
  }

  setStatus(id: string, status: ConsentStatus, at: string, errorCode: string | null = null): void {
    this.db.prepare('UPDATE consent_requests SET status = ?, error_code = COALESCE(?, error_code), updated_at = ? WHERE id = ?').run(status, errorCode, at, id);
  }

  /** A granted artefact id, before its detail is fetched. Known ids are left as they are. */
  addArtefact(id: string, consentRequestId: string, patientId: string, at: string): boolean {
    return (
      this.db
        .prepare(`INSERT OR IGNORE INTO consent_artefacts (id, consent_request_id, status, patient_id, updated_at) VALUES (?, ?, 'GRANTED', ?, ?)`)
        .run(id, consentRequestId, patientId, at).changes === 1
    );
  }

  artefact(id: string): ArtefactRow | undefined {
    const row = this.db.prepare('SELECT * FROM consent_artefacts WHERE id = ?').get(id);
    return row ? artefactFromRow(row) : undefined;
  }

  artefactsOf(consentRequestId: string): ArtefactRow[] {
    return this.db.prepare('SELECT * FROM consent_artefacts WHERE consent_request_id = ? ORDER BY id').all(consentRequestId).map(artefactFromRow);
  }

  /** The artefact as the CM sent it (consents/on-fetch). */
  setArtefactDetail(id: string, detail: { hipId: string; hipName: string | null; hiTypes: string[]; dateFrom: string; dateTo: string; dataEraseAt: string; json: string; signature: string; status: ArtefactStatus }, at: string): void {
    this.db
      .prepare(
        `UPDATE consent_artefacts SET hip_id = ?, hip_name = ?, hi_types = ?, date_from = ?, date_to = ?, data_erase_at = ?, detail = ?, signature = ?,
         status = CASE WHEN status = 'GRANTED' THEN ? ELSE status END, fetched_at = ?, updated_at = ? WHERE id = ?`,
      )
      .run(detail.hipId, detail.hipName, JSON.stringify(detail.hiTypes), detail.dateFrom, detail.dateTo, detail.dataEraseAt, detail.json, detail.signature, detail.status, at, at, id);
  }

  setArtefactStatus(id: string, status: ArtefactStatus, at: string): void {
    this.db.prepare('UPDATE consent_artefacts SET status = ?, updated_at = ? WHERE id = ?').run(status, at, id);
  }

  /** The artefact's health data is gone: its detail is kept (what was consented), marked erased. */
  markErased(id: string, at: string): void {
    this.db.prepare('UPDATE consent_artefacts SET erased_at = ?, updated_at = ? WHERE id = ?').run(at, at, id);
  }

  /** Artefacts whose dataEraseAt has passed and whose data is not yet erased. */
  dueForErasure(now: string): ArtefactRow[] {
    return this.db.prepare('SELECT * FROM consent_artefacts WHERE erased_at IS NULL AND data_erase_at IS NOT NULL AND data_erase_at <= ?').all(now).map(artefactFromRow);
  }

  /**
   * Granted, fetched, live artefacts for which no health-information request was ever made: their grant was applied
   * while the desk had no data-push address yet (the relay's hello had not come, or the bridge was not listening).
   */
  awaitingFirstTransfer(now: string): ArtefactRow[] {
    return this.db
      .prepare(
        `SELECT * FROM consent_artefacts a WHERE status = 'GRANTED' AND erased_at IS NULL AND detail IS NOT NULL
           AND hip_id IS NOT NULL AND date_from IS NOT NULL AND date_to IS NOT NULL AND data_erase_at > ?
           AND NOT EXISTS (SELECT 1 FROM data_transfers t WHERE t.artefact_id = a.id)`,
      )
      .all(now)
      .map(artefactFromRow);
  }

  /** Granted, fetched artefacts of a patient at a HIP (for a subscription's DATA event). */
  liveArtefacts(patientId: string, hipId: string | null): ArtefactRow[] {
    return this.db
      .prepare(`SELECT * FROM consent_artefacts WHERE patient_id = ? AND (? IS NULL OR hip_id = ?) AND status = 'GRANTED' AND erased_at IS NULL AND detail IS NOT NULL`)
      .all(patientId, hipId, hipId)
      .map(artefactFromRow);
  }

  /** Deletes everything about a patient's consents (patient DELETED); returns how many requests went. */
  forgetPatient(patientId: string): number {
    this.db.prepare('DELETE FROM consent_artefacts WHERE patient_id = ?').run(patientId);
    return this.db.prepare('DELETE FROM consent_requests WHERE patient_id = ?').run(patientId).changes;
  }
}
