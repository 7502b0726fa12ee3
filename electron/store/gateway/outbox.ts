// The outbox table (migrations/002-hiu.ts): every request the app sends the gateway, from queued to answered.
import type { Database } from 'better-sqlite3-multiple-ciphers';

export const OUTBOX_STATES = ['queued', 'sent', 'accepted', 'answered', 'refused', 'timed-out'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export interface OutboxEntry {
  requestId: string;
  operation: string;
  path: string;
  /** The payload without requestId/timestamp, which each attempt stamps afresh. */
  payload: Record<string, unknown>;
  state: OutboxState;
  expectsAnswer: boolean;
  attempts: number;
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
  acceptedAt: string | null;
  answerDueAt: string | null;
  httpStatus: number | null;
  errorCode: string | null;
  answeredBy: string | null;
  answeredAt: string | null;
  patientId: string | null;
  consentRequestId: string | null;
}

interface Row {
  request_id: string;
  operation: string;
  path: string;
  body: string;
  state: OutboxState;
  expects_answer: number;
  attempts: number;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  accepted_at: string | null;
  answer_due_at: string | null;
  http_status: number | null;
  error_code: string | null;
  answered_by: string | null;
  answered_at: string | null;
  patient_id: string | null;
  consent_request_id: string | null;
}

export interface NewOutboxEntry {
  requestId: string;
  operation: string;
  path: string;
  payload: Record<string, unknown>;
  expectsAnswer: boolean;
  at: string;
  patientId?: string | null;
  consentRequestId?: string | null;
}

export class GatewayOutboxStore {
  constructor(private readonly db: Database) {}

  add(entry: NewOutboxEntry): void {
    this.db
      .prepare(
        `INSERT INTO outbox (request_id, operation, path, headers, body, state, expects_answer, created_at, updated_at, patient_id, consent_request_id)
         VALUES (?, ?, ?, '{}', ?, 'queued', ?, ?, ?, ?, ?)`,
      )
      .run(entry.requestId, entry.operation, entry.path, JSON.stringify(entry.payload), entry.expectsAnswer ? 1 : 0, entry.at, entry.at, entry.patientId ?? null, entry.consentRequestId ?? null);
  }

  get(requestId: string): OutboxEntry | undefined {
    const row = this.db.prepare('SELECT * FROM outbox WHERE request_id = ?').get(requestId) as Row | undefined;
    return row && toEntry(row);
  }

  /** An attempt is going out. */
  attempted(requestId: string, at: string): void {
    this.db.prepare(`UPDATE outbox SET state = CASE state WHEN 'queued' THEN 'sent' ELSE state END, attempts = attempts + 1, updated_at = ? WHERE request_id = ?`).run(at, requestId);
  }

  /** The gateway took it (202). An answer that already came is not undone; an acknowledgement ends here (no answer due). */
  accepted(requestId: string, at: string, httpStatus: number, answerDueAt: string | null): void {
    this.db
      .prepare(
        `UPDATE outbox SET state = CASE WHEN state IN ('queued', 'sent') THEN 'accepted' ELSE state END, accepted_at = ?, http_status = ?,
         answer_due_at = ?, next_attempt_at = NULL, updated_at = ? WHERE request_id = ?`,
      )
      .run(at, httpStatus, answerDueAt, at, requestId);
  }

  /** A failed attempt that will be repeated at `retryAt`. */
  retryLater(requestId: string, at: string, retryAt: string, httpStatus: number | null, errorCode: string | null): void {
    this.db
      .prepare(`UPDATE outbox SET next_attempt_at = ?, http_status = ?, error_code = ?, updated_at = ? WHERE request_id = ? AND state IN ('queued', 'sent')`)
      .run(retryAt, httpStatus, errorCode, at, requestId);
  }

  refused(requestId: string, at: string, httpStatus: number | null, errorCode: string): void {
    this.db
      .prepare(`UPDATE outbox SET state = 'refused', http_status = ?, error_code = ?, next_attempt_at = NULL, updated_at = ? WHERE request_id = ? AND state IN ('queued', 'sent')`)
      .run(httpStatus, errorCode, at, requestId);
  }

  /** The callback `callbackRequestId` answered it; an error code the callback carried is kept. */
  answered(requestId: string, callbackRequestId: string, at: string, errorCode: string | null): void {
    this.db
      .prepare(`UPDATE outbox SET state = 'answered', answered_by = ?, answered_at = ?, error_code = COALESCE(?, error_code), updated_at = ? WHERE request_id = ? AND answered_by IS NULL`)
      .run(callbackRequestId, at, errorCode, at, requestId);
  }

  /**
   * Accepted requests whose answer is overdue at `now` become timed out, each in one transaction together with what
   * `also` records of it (the timeline row, the request's own state), so a crash leaves both or neither; returns them.
   */
  timeOut(now: string, also: (entry: OutboxEntry) => void = () => undefined): OutboxEntry[] {
    const rows = this.db.prepare(`SELECT * FROM outbox WHERE state = 'accepted' AND answer_due_at IS NOT NULL AND answer_due_at <= ?`).all(now) as Row[];
    const mark = this.db.prepare(`UPDATE outbox SET state = 'timed-out', updated_at = ? WHERE request_id = ? AND state = 'accepted'`);
    const done: OutboxEntry[] = [];
    for (const row of rows) {
      this.db.transaction(() => {
        if (mark.run(now, row.request_id).changes === 0) return;
        const entry = { ...toEntry(row), state: 'timed-out' as const };
        also(entry);
        done.push(entry);
      }).immediate();
    }
    return done;
  }

  /** Requests not yet accepted or refused: to send (again) at start-up and after their retry time. */
  unsent(): OutboxEntry[] {
    return (this.db.prepare(`SELECT * FROM outbox WHERE state IN ('queued', 'sent') ORDER BY created_at`).all() as Row[]).map(toEntry);
  }

  list(filter: { patientId?: string; consentRequestId?: string; limit?: number } = {}): OutboxEntry[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM outbox WHERE (? IS NULL OR patient_id = ?) AND (? IS NULL OR consent_request_id = ?) ORDER BY created_at DESC LIMIT ?`,
      )
      .all(filter.patientId ?? null, filter.patientId ?? null, filter.consentRequestId ?? null, filter.consentRequestId ?? null, filter.limit ?? 500) as Row[];
    return rows.map(toEntry);
  }
}

function toEntry(row: Row): OutboxEntry {
  return {
    requestId: row.request_id,
    operation: row.operation,
    path: row.path,
    payload: JSON.parse(row.body) as Record<string, unknown>,
    state: row.state,
    expectsAnswer: row.expects_answer === 1,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    acceptedAt: row.accepted_at,
    answerDueAt: row.answer_due_at,
    httpStatus: row.http_status,
    errorCode: row.error_code,
    answeredBy: row.answered_by,
    answeredAt: row.answered_at,
    patientId: row.patient_id,
    consentRequestId: row.consent_request_id,
  };
}
