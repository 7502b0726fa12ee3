// Who did what and when at the front desk. Later issues write to it; the index serves date-range views.
import type Database from 'better-sqlite3-multiple-ciphers';

export function createAuditLog(db: Database.Database): void {
  db.exec(`
    CREATE TABLE audit_log (
      id INTEGER PRIMARY KEY,
      at TEXT NOT NULL,
      operator TEXT NOT NULL,
      action TEXT NOT NULL,
      abha_number TEXT,
      detail TEXT
    );
    CREATE INDEX audit_log_at ON audit_log (at);
  `);
}
