import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitDurably, DATABASE_KEY_ACCOUNT, DatabaseKeyError, openDatabase, type AppDatabase } from '../../../electron/store/db';
import { memorySecretDriver, openVault, type SecretDriver, type Vault } from '../../../electron/store/secrets/vault';
import { secretsFileIn } from '../../../electron/store/secrets/secrets-file-driver';
import { MIGRATIONS } from '../../../electron/store/migrations';

const MARKER = 'MARKER-ab7f3c-Asha-Verma';
const SIDE_FILES = ['', '-wal', '-shm'];

let dir: string;
let opened: AppDatabase[];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'abha-db-'));
  opened = [];
});
afterEach(() => {
  for (const database of opened) database.close();
  rmSync(dir, { recursive: true, force: true });
});

const keychainVault = () => openVault(memorySecretDriver());

async function open(file: string, vault: Vault): Promise<AppDatabase> {
  const database = await openDatabase({ file, vault });
  opened.push(database);
  return database;
}

function addAuditEntry(database: AppDatabase, detail: string): void {
  database.db
    .prepare('INSERT INTO audit_log (at, operator, action, abha_number, detail) VALUES (?, ?, ?, ?, ?)')
    .run('2024-05-14T09:50:09.000Z', 'Meena', 'abha.verify', '91-5408-0214-0264', detail);
}

function fingerprint(file: string): Record<string, string | null> {
  return Object.fromEntries(
    SIDE_FILES.map((suffix) => [
      suffix || 'db',
      existsSync(file + suffix) ? createHash('sha256').update(readFileSync(file + suffix)).digest('hex') : null,
    ]),
  );
}

/**
 * A database as a crash leaves it: main file plus live -wal and -shm, copied while the app had it
 * open. These are the files most easily damaged by a careless open, so the key tests use them.
 */
async function crashedDatabase(vault: Vault): Promise<string> {
  const live = await open(path.join(dir, 'live', 'abha-desk.db'), vault);
  addAuditEntry(live, MARKER);
  const crashDir = path.join(dir, 'crashed');
  const file = path.join(crashDir, 'abha-desk.db');
  mkdirSync(crashDir);
  for (const suffix of SIDE_FILES) copyFileSync(live.file + suffix, file + suffix);
  return file;
}

describe('database first run', () => {
  it('creates an encrypted WAL database, keeps a fresh 256-bit key in the vault and creates audit_log', async () => {
    const vault = await keychainVault();
    const file = path.join(dir, 'data', 'abha-desk.db');
    const database = await open(file, vault);

    expect(database.persistent).toBe(true);
    expect(database.file).toBe(file);
    expect(existsSync(file)).toBe(true);
    expect(await vault.get(DATABASE_KEY_ACCOUNT)).toMatch(/^[0-9a-f]{64}$/);
    expect(database.db.pragma('journal_mode', { simple: true })).toBe('wal');
    // sqlite.org/pragma.html#pragma_synchronous: 1 = NORMAL for the app's own writes, 2 = FULL for a durable commit.
    expect(database.db.pragma('synchronous', { simple: true })).toBe(1);
    const during = commitDurably(database.db, () => database.db.pragma('synchronous', { simple: true }));
    expect([during, database.db.pragma('synchronous', { simple: true })]).toEqual([2, 1]);
    expect(database.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    const columns = database.db.prepare('SELECT name, type, "notnull" FROM pragma_table_info(?)').all('audit_log');
    expect(columns).toEqual([
      { name: 'id', type: 'INTEGER', notnull: 0 },
      { name: 'at', type: 'TEXT', notnull: 1 },
      { name: 'operator', type: 'TEXT', notnull: 1 },
      { name: 'action', type: 'TEXT', notnull: 1 },
      { name: 'abha_number', type: 'TEXT', notnull: 0 },
      { name: 'detail', type: 'TEXT', notnull: 0 },
    ]);
    const indexed = database.db.prepare('SELECT name FROM pragma_index_info(?)').all('audit_log_at');
    expect(indexed).toEqual([{ name: 'at' }]);
  });

  it('gives two installs different keys', async () => {
    const [a, b] = [await keychainVault(), await keychainVault()];
    await open(path.join(dir, 'a.db'), a);
    await open(path.join(dir, 'b.db'), b);
    expect(await a.get(DATABASE_KEY_ACCOUNT)).not.toBe(await b.get(DATABASE_KEY_ACCOUNT));
  });

  it('writes no plaintext to disk, neither in the file nor in its -wal', async () => {
    const database = await open(path.join(dir, 'abha-desk.db'), await keychainVault());
    addAuditEntry(database, MARKER);
    for (const suffix of ['', '-wal']) {
      const bytes = readFileSync(database.file + suffix);
      expect(bytes.length).toBeGreaterThan(0);
      expect(bytes.includes(MARKER)).toBe(false);
      expect(bytes.includes('audit_log')).toBe(false);
    }
    database.close();
    const bytes = readFileSync(database.file);
    expect(bytes.subarray(0, 16).toString('latin1')).not.toBe('SQLite format 3\0');
    expect(bytes.includes(MARKER)).toBe(false);
  });

  it('reuses a key already in the vault when the file is gone, so a restored backup stays readable', async () => {
    const vault = await keychainVault();
    const file = path.join(dir, 'abha-desk.db');
    (await open(file, vault)).close();
    const key = await vault.get(DATABASE_KEY_ACCOUNT);
    rmSync(file);
    await open(file, vault);
    expect(await vault.get(DATABASE_KEY_ACCOUNT)).toBe(key);
  });
});

describe('database reopen', () => {
  it('opens again with the key from the vault and keeps the data', async () => {
    const vault = await keychainVault();
    const file = path.join(dir, 'abha-desk.db');
    const first = await open(file, vault);
    addAuditEntry(first, MARKER);
    first.close();
    const again = await open(file, vault);
    expect(again.db.prepare('SELECT detail FROM audit_log').all()).toEqual([{ detail: MARKER }]);
    expect(again.db.pragma('journal_mode', { simple: true })).toBe('wal');
  });

  it('runs migrations only once: reopening leaves the schema and rows as they were', async () => {
    const vault = await keychainVault();
    const file = path.join(dir, 'abha-desk.db');
    const first = await open(file, vault);
    addAuditEntry(first, MARKER);
    const schema = first.db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').all();
    first.close();
    for (let run = 0; run < 2; run += 1) {
      const again = await open(file, vault);
      expect(again.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(again.db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').all()).toEqual(schema);
      expect(again.db.prepare('SELECT count(*) AS n FROM audit_log').get()).toEqual({ n: 1 });
      again.close();
    }
  });

  it('recovers the committed rows of a database left open by a crash', async () => {
    const vault = await keychainVault();
    const file = await crashedDatabase(vault);
    const recovered = await open(file, vault);
    expect(recovered.db.prepare('SELECT detail FROM audit_log').all()).toEqual([{ detail: MARKER }]);
  });
});

describe('a data folder keyed before issue 27 (the key as a passphrase)', () => {
  /**
   * The file as the desk wrote it then, written here with the SQLCipher calls of that time: the 64 hex characters as
   * a passphrase (PBKDF2), the schema by the app's own first run, then a row left in the -wal as a crash leaves it.
   */
  async function passphraseKeyedFolder(vault: Vault): Promise<string> {
    const first = await open(path.join(dir, 'made', 'abha-desk.db'), vault);
    const key = (await vault.get(DATABASE_KEY_ACCOUNT))!;
    first.close();
    opened.splice(opened.indexOf(first), 1);
    // Re-keyed to the old form: the same key, as a passphrase.
    const old = new Database(first.file);
    old.pragma(`cipher = 'sqlcipher'`);
    old.pragma('legacy = 4');
    old.pragma(`key = "x'${key}'"`);
    old.pragma(`rekey = '${key}'`);
    old.close();
    const writer = new Database(first.file);
    writer.pragma(`cipher = 'sqlcipher'`);
    writer.pragma('legacy = 4');
    writer.pragma(`key = '${key}'`);
    writer.pragma('journal_mode = WAL');
    writer.pragma('wal_autocheckpoint = 0');
    writer.prepare('INSERT INTO audit_log (at, operator, action, abha_number, detail) VALUES (?, ?, ?, ?, ?)').run('2024-05-14T09:50:09.000Z', 'Meena', 'abha.verify', '91-5408-0214-0264', MARKER);
    // Left open: the row is only in the -wal, and the files are copied as they are.
    const crashDir = path.join(dir, 'old');
    mkdirSync(crashDir);
    const file = path.join(crashDir, 'abha-desk.db');
    for (const suffix of SIDE_FILES) if (existsSync(first.file + suffix)) copyFileSync(first.file + suffix, file + suffix);
    writer.close();
    return file;
  }

  const opensWith = (file: string, form: string) => {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      db.pragma(`cipher = 'sqlcipher'`);
      db.pragma('legacy = 4');
      db.pragma(`key = ${form}`);
      return (db.prepare('SELECT count(*) AS n FROM audit_log WHERE detail = ?').get(MARKER) as { n: number }).n;
    } catch {
      return null;
    } finally {
      db.close();
    }
  };

  it('opens with its rows, and is keyed with the raw key from then on (no passphrase derivation at each start)', async () => {
    const vault = await keychainVault();
    const file = await passphraseKeyedFolder(vault);
    const key = (await vault.get(DATABASE_KEY_ACCOUNT))!;
    expect(opensWith(file, `'${key}'`)).toBe(1);
    const database = await open(file, vault);
    expect((database.db.prepare('SELECT detail FROM audit_log WHERE detail = ?').get(MARKER) as { detail: string }).detail).toBe(MARKER);
    addAuditEntry(database, 'after the move');
    database.close();
    opened.splice(opened.indexOf(database), 1);
    expect(opensWith(file, `"x'${key}'"`)).toBe(1);
    expect(opensWith(file, `'${key}'`)).toBeNull();
    const again = await open(file, vault);
    expect(again.db.prepare('SELECT count(*) AS n FROM audit_log WHERE detail IN (?, ?)').get(MARKER, 'after the move')).toEqual({ n: 2 });
  });
});

describe('database with a missing or wrong key', () => {
  async function expectRefusedUnchanged(file: string, vault: Vault, code: DatabaseKeyError['code']) {
    const before = fingerprint(file);
    const filesBefore = readdirSync(path.dirname(file)).sort();
    const error = await openDatabase({ file, vault }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DatabaseKeyError);
    expect((error as DatabaseKeyError).code).toBe(code);
    expect((error as Error).message).toMatch(/Nothing was changed/);
    expect((error as Error).message).toContain(file);
    expect(fingerprint(file)).toEqual(before);
    expect(readdirSync(path.dirname(file)).sort()).toEqual(filesBefore);
    return error as DatabaseKeyError;
  }

  it('refuses with DB_KEY_MISSING when the vault lost the key, leaving db, -wal and -shm byte-for-byte unchanged', async () => {
    const vault = await keychainVault();
    const file = await crashedDatabase(vault);
    expect(fingerprint(file)).toMatchObject({ db: expect.any(String), '-wal': expect.any(String), '-shm': expect.any(String) });
    await vault.delete(DATABASE_KEY_ACCOUNT);
    const error = await expectRefusedUnchanged(file, vault, 'DB_KEY_MISSING');
    expect(error.message).toMatch(/not in the system keychain/);
  });

  it('refuses with DB_KEY_WRONG when the vault holds another key, leaving db, -wal and -shm byte-for-byte unchanged', async () => {
    const vault = await keychainVault();
    const file = await crashedDatabase(vault);
    await vault.set(DATABASE_KEY_ACCOUNT, 'f'.repeat(64));
    await expectRefusedUnchanged(file, vault, 'DB_KEY_WRONG');
  });

  it('refuses a cleanly closed database with the wrong key without creating -wal or -shm', async () => {
    const vault = await keychainVault();
    const file = path.join(dir, 'abha-desk.db');
    (await open(file, vault)).close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    await vault.set(DATABASE_KEY_ACCOUNT, '0123456789abcdef'.repeat(4));
    await expectRefusedUnchanged(file, vault, 'DB_KEY_WRONG');
  });

  it('treats a malformed key in the vault as a wrong key', async () => {
    const vault = await keychainVault();
    const file = await crashedDatabase(vault);
    await vault.set(DATABASE_KEY_ACCOUNT, "x'; DROP TABLE audit_log; --");
    await expectRefusedUnchanged(file, vault, 'DB_KEY_WRONG');
  });

  it('opens again once the right key is back', async () => {
    const vault = await keychainVault();
    const file = await crashedDatabase(vault);
    const key = (await vault.get(DATABASE_KEY_ACCOUNT)) ?? '';
    await vault.delete(DATABASE_KEY_ACCOUNT);
    await expect(openDatabase({ file, vault })).rejects.toThrow(DatabaseKeyError);
    await vault.set(DATABASE_KEY_ACCOUNT, key);
    const database = await open(file, vault);
    expect(database.db.prepare('SELECT detail FROM audit_log').all()).toEqual([{ detail: MARKER }]);
  });

  it('reports a keychain that fails while reading the key as DB_KEY_MISSING, with the reason', async () => {
    const vault = await keychainVault();
    const file = await crashedDatabase(vault);
    const broken: Vault = { ...vault, protection: 'keychain', get: async () => Promise.reject(new Error('keyring is locked')) };
    const error = await expectRefusedUnchanged(file, broken, 'DB_KEY_MISSING');
    expect(error.message).toMatch(/keyring is locked/);
  });
});

describe('database without a keychain: the key in the secrets file beside the data', () => {
  const noKeychain: SecretDriver = {
    get: async () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
    set: async () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
    delete: async () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
  };
  const fileVault = () => openVault(noKeychain, { fallback: { file: secretsFileIn(dir) } });

  it('is an encrypted file, and a new run (a new vault on the same folder) opens it with the same key', async () => {
    const file = path.join(dir, 'abha-desk.db');
    const first = await open(file, await fileVault());
    expect(first.persistent).toBe(true);
    expect(first.file).toBe(file);
    addAuditEntry(first, MARKER);
    first.close();
    // Encrypted at rest: the marker is nowhere in the file's bytes.
    expect(readFileSync(file).includes(Buffer.from(MARKER))).toBe(false);

    const restarted = await fileVault();
    expect(restarted.protection).toBe('user-file');
    const again = await open(file, restarted);
    expect(again.db.prepare('SELECT detail FROM audit_log').all()).toEqual([{ detail: MARKER }]);
  });

  it('on a day the keychain of a keychain desk fails, refuses with both places named and keeps the file', async () => {
    const file = await crashedDatabase(await keychainVault());
    const error = await expectRefused(file, await fileVault());
    expect(error.code).toBe('DB_KEY_MISSING');
    expect(error.message).toContain('its key is neither in the system keychain, which could not be used (Cannot autolaunch D-Bus without X11 $DISPLAY)');
    expect(error.message).toContain(`nor in the secrets file ${secretsFileIn(dir)}`);
    expect(error.message).toMatch(/Unlock or repair the system keychain/);
    // Nothing was written for it either: no key was made for a database that already has one.
    expect(existsSync(secretsFileIn(dir))).toBe(false);
  });

  async function expectRefused(file: string, vault: Vault): Promise<DatabaseKeyError> {
    const before = fingerprint(file);
    const error = await openDatabase({ file, vault }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseKeyError);
    expect(fingerprint(file)).toEqual(before);
    return error as DatabaseKeyError;
  }
});

describe('database of a throwaway run (memory vault)', () => {
  it('first run works for the session in memory and leaves no file behind', async () => {
    const vault = await openVault(null);
    const file = path.join(dir, 'abha-desk.db');
    const database = await open(file, vault);
    expect(database.persistent).toBe(false);
    addAuditEntry(database, MARKER);
    expect(database.db.prepare('SELECT count(*) AS n FROM audit_log').get()).toEqual({ n: 1 });
    database.close();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a later run with an existing file refuses with DB_KEY_MISSING and keeps the file', async () => {
    const file = await crashedDatabase(await keychainVault());
    const error = await expectRefused(file, await openVault(null));
    expect(error.code).toBe('DB_KEY_MISSING');
    expect(error.message).toMatch(/keychain is not available/);
  });

  async function expectRefused(file: string, vault: Vault): Promise<DatabaseKeyError> {
    const before = fingerprint(file);
    const error = await openDatabase({ file, vault }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseKeyError);
    expect(fingerprint(file)).toEqual(before);
    return error as DatabaseKeyError;
  }
});
