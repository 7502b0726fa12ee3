// The front-desk audit trail: who did what for which ABHA, and when. Never an Aadhaar number.
import type { Database } from 'better-sqlite3-multiple-ciphers';

export const AUDIT_ACTIONS = ['enrolment.consent', 'enrolment.created', 'enrolment.existing', 'abha.verified', 'card.viewed', 'card.saved', 'card.printed'] as const;
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

export class AuditLog {
  constructor(
    private readonly db: Database,
    private readonly operator: () => string,
    private readonly now: () => number = Date.now,
  ) {}

  record(action: AuditAction, abhaNumber: string | null, detail: string | null = null): void {
    this.db
      .prepare('INSERT INTO audit_log (at, operator, action, abha_number, detail) VALUES (?, ?, ?, ?, ?)')
      .run(new Date(this.now()).toISOString(), this.operator() || '(operator not set)', action, abhaNumber, detail);
  }

  /** Newest first. `from`/`to` are ISO timestamps (inclusive / exclusive). */
  list(query: AuditQuery = {}): AuditEntry[] {
    const rows = this.db
      .prepare('SELECT * FROM audit_log WHERE at >= ? AND at < ? ORDER BY at DESC, id DESC LIMIT ?')
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
