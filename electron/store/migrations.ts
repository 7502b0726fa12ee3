// Numbered schema migrations, tracked in `pragma user_version`. Each runs in its own transaction,
// so a failing step leaves the database at the previous version instead of half-migrated.
import type Database from 'better-sqlite3-multiple-ciphers';
import { createAuditLog } from './migrations/001-audit-log';
import { createHiuTables } from './migrations/002-hiu';
import { addSealedFiles } from './migrations/003-sealed-files';
import { addOpenKeyIndexes } from './migrations/004-open-keys';
import { createHeldCards } from './migrations/005-held-cards';
import { createDayPatients } from './migrations/006-day-patients';
import { addTimelineDetail } from './migrations/007-timeline-detail';
import { createCounterShares } from './migrations/008-counter-shares';
import { createPatientRegister } from './migrations/009-patient-register';
import { createHipVisits } from './migrations/010-hip-visits';
import { createHipDocuments } from './migrations/011-hip-documents';
import { createHipDataFlow } from './migrations/012-hip-data-flow';
import { createHipLinkRequests } from './migrations/013-hip-link-requests';
import { createHipEndedConsents } from './migrations/014-hip-ended-consents';

export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'create audit_log', up: createAuditLog },
  { version: 2, name: 'create HIU tables', up: createHiuTables },
  { version: 3, name: 'large values in sealed files', up: addSealedFiles },
  { version: 4, name: 'indexes for the keys a desk still expects (relay)', up: addOpenKeyIndexes },
  { version: 5, name: 'held cards (reprint without a new OTP)', up: createHeldCards },
  { version: 6, name: 'the patients the desk was shown (Today names and reopens them)', up: createDayPatients },
  { version: 7, name: 'timeline rows that say what a re-fetch replaced', up: addTimelineDetail },
  { version: 8, name: 'the registration counter: shared profiles and their tokens', up: createCounterShares },
  { version: 9, name: 'the clinic’s patient register (patient numbers, new vs returning)', up: createPatientRegister },
  { version: 10, name: 'HIP: visits (care contexts) and their links to the ABHA', up: createHipVisits },
  { version: 11, name: 'HIP: documents handed in at the desk (encrypted FHIR bundles)', up: createHipDocuments },
  { version: 12, name: 'HIP: consents, health-information transfers and what was shared', up: createHipDataFlow },
  { version: 13, name: 'HIP: patient-initiated discovery and linking', up: createHipLinkRequests },
  { version: 14, name: 'HIP: consents that ended, so a late GRANTED cannot bring one back', up: createHipEndedConsents },
];

export class DatabaseVersionError extends Error {
  readonly code = 'DB_TOO_NEW';
  constructor(file: string, found: number, known: number) {
    super(
      `The database at ${file} was last used by a newer version of ABHA Desk (schema ${found}; this version knows up to ${known}). ` +
        'Nothing was changed. Install the newer version of ABHA Desk again to use this data.',
    );
    this.name = 'DatabaseVersionError';
  }
}

export interface MigrationOutcome {
  from: number;
  to: number;
}

export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): MigrationOutcome {
  checkNumbering(migrations);
  const from = schemaVersion(db);
  const latest = migrations.length;
  if (from > latest) throw new DatabaseVersionError(db.name, from, latest);
  for (const migration of migrations.slice(from)) {
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
  return { from, to: schemaVersion(db) };
}

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

// The version doubles as the array position, so a gap or a reordering is a programming error.
function checkNumbering(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`Migration "${migration.name}" is numbered ${migration.version}; expected ${index + 1}.`);
    }
  });
}
