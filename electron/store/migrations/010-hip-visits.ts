// The clinic as an HIP (docs/hip.md): visits (care contexts) and their links to ABHA; link tokens. Filled in by the service that owns these tables.
import type Database from 'better-sqlite3-multiple-ciphers';

export function createHipVisits(db: Database.Database): void {
  void db;
}
