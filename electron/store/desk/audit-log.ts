// The audit_log table (created by migrations/001-audit-log.ts): the only code that writes or reads its SQL.
// Who did what for which ABHA, and when. Never an Aadhaar number.
import type { Database } from 'better-sqlite3-multiple-ciphers';
import { prepared } from '../prepared';

export const AUDIT_ACTIONS = ['enrolment.consent', 'enrolment.created', 'enrolment.existing', 'abha.verified', 'card.viewed', 'card.saved', 'card.printed', 'consent.requested', 'records.erased', 'patient.purged', 'patient.deactivated', 'patient.reactivated', 'patient.deleted', 'record.printed', 'record.saved', 'card.downloaded', 'card.print-dialog-opened', 'record.downloaded', 'record.print-dialog-opened'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  id: number;
  at: string;
  operator: string;
  action: AuditAction;
  abhaNumber: string | null;
  detail: string | null;
}

export interface AuditQuery {
  from?: string;
  to?: string;
  limit?: number;
}

interface Row {
  id: number;
  at: string;
  operator: string;
  action: AuditAction;
  abha_number: string | null;
  detail: string | null;
}

export class AuditLogStore {
  constructor(private readonly db: Database) {}

  append(entry: Omit<AuditEntry, 'id'>): void {
    const insert = prepared(this.db, 'INSERT INTO audit_log (at, operator, action, abha_number, detail) VALUES (?, ?, ?, ?, ?)');
    insert.run(entry.at, entry.operator, entry.action, entry.abhaNumber, entry.detail);
  }

  /** Whether `action` was recorded for this ABHA number at or after `from` (ISO). */
  recordedSince(action: AuditAction, abhaNumber: string, from: string): boolean {
    return prepared(this.db, 'SELECT 1 FROM audit_log WHERE action = ? AND abha_number = ? AND at >= ? LIMIT 1').get(action, abhaNumber, from) !== undefined;
  }

  /** Newest first. `from`/`to` are ISO timestamps (inclusive / exclusive). */
  list(query: AuditQuery = {}): AuditEntry[] {
    const rows = prepared(this.db, 'SELECT * FROM audit_log WHERE at >= ? AND at < ? ORDER BY at DESC, id DESC LIMIT ?')
      .all(query.from ?? '', query.to ?? '9999', query.limit ?? 200) as Row[];
    return rows.map((row) => ({
      id: row.id,
      at: row.at,
      operator: row.operator,
      action: row.action,
      abhaNumber: row.abha_number,
      detail: row.detail,
    }));
  }
}
