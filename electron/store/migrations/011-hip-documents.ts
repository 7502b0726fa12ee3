// The clinic as an HIP (docs/hip.md): documents handed in at the desk, as encrypted FHIR bundles. Filled in by the service that owns these tables.
import type Database from 'better-sqlite3-multiple-ciphers';

export function createHipDocuments(db: Database.Database): void {
  void db;
}
