import Database from 'better-sqlite3-multiple-ciphers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseVersionError, MIGRATIONS, migrate, schemaVersion, type Migration } from '../../../electron/store/migrations';

let db: Database.Database;
beforeEach(() => {
  db = new Database(':memory:');
});
afterEach(() => db.close());

const tables = () =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);

describe('database migrations', () => {
  it('numbers the shipped migrations 1, 2, 3… and starts with audit_log', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(MIGRATIONS[0]?.name).toMatch(/audit_log/);
  });

  it('brings an empty database to the latest version', () => {
    expect(migrate(db)).toEqual({ from: 0, to: MIGRATIONS.length });
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(tables()).toContain('audit_log');
  });

  it('is idempotent: a second run changes nothing', () => {
    migrate(db);
    expect(migrate(db)).toEqual({ from: MIGRATIONS.length, to: MIGRATIONS.length });
  });

  it('applies only the steps a database has not had yet', () => {
    const ran: number[] = [];
    const steps: Migration[] = [1, 2, 3].map((version) => ({
      version,
      name: `step ${version}`,
      up: (d) => {
        ran.push(version);
        d.exec(`CREATE TABLE t${version} (x)`);
      },
    }));
    migrate(db, steps.slice(0, 2));
    expect(migrate(db, steps)).toEqual({ from: 2, to: 3 });
    expect(ran).toEqual([1, 2, 3]);
  });

  it('rolls a failing step back completely and stays at the previous version', () => {
    const steps: Migration[] = [
      { version: 1, name: 'ok', up: (d) => d.exec('CREATE TABLE first (x)') },
      {
        version: 2,
        name: 'breaks half way',
        up: (d) => {
          d.exec('CREATE TABLE second (x)');
          throw new Error('disk full');
        },
      },
    ];
    expect(() => migrate(db, steps)).toThrow(/disk full/);
    expect(schemaVersion(db)).toBe(1);
    expect(tables()).toEqual(['first']);
  });

  it('refuses a database from a newer version of the app without touching it', () => {
    db.pragma('user_version = 99');
    expect(() => migrate(db)).toThrow(DatabaseVersionError);
    expect(() => migrate(db)).toThrow(/newer version of ABHA Desk/);
    expect(schemaVersion(db)).toBe(99);
    expect(tables()).toEqual([]);
  });

  it('rejects a list with a gap in its numbering', () => {
    const steps: Migration[] = [
      { version: 1, name: 'one', up: () => {} },
      { version: 3, name: 'three', up: () => {} },
    ];
    expect(() => migrate(db, steps)).toThrow(/"three" is numbered 3; expected 2/);
    expect(schemaVersion(db)).toBe(0);
  });
});
