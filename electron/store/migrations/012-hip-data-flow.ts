// The clinic as an HIP (docs/hip.md): consents at the HIP, health-information transfers and what was shared. Filled in by the service that owns these tables.
import type Database from 'better-sqlite3-multiple-ciphers';

export function createHipDataFlow(db: Database.Database): void {
  void db;
}
