// The clinic as an HIP (docs/hip.md): patient-initiated discovery and linking (the HIP's own OTP). Filled in by the service that owns these tables.
import type Database from 'better-sqlite3-multiple-ciphers';

export function createHipLinkRequests(db: Database.Database): void {
  void db;
}
