// SQLCipher-compatible encryption at rest via better-sqlite3-multiple-ciphers.
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';

const KEY_PATTERN = /^[0-9a-f]{64}$/;
// SQLite's largest page size: a prefix this long always holds the whole first page.
const MAX_PAGE_SIZE = 65_536;

/** 32 random bytes as 64 lowercase hex characters, used as the SQLCipher passphrase. */
export function generateDatabaseKey(): string {
  return randomBytes(32).toString('hex');
}

export function isWellFormedKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/**
 * How the key is handed to SQLCipher. `raw`: its 32 bytes themselves (`x'…'`), with no key derivation. The key is
 * 256 random bits from the keychain, which SQLCipher's 256,000 PBKDF2 rounds cannot make any stronger, and those
 * rounds cost 0.2–0.4 s of CPU at every open (twice per start: the key check, then the database). `passphrase`: the
 * hex text as a passphrase, as every data folder made before issue 27 was keyed; openDatabase moves such a file
 * to the raw form once (rekeyToRaw).
 */
export type KeyForm = 'raw' | 'passphrase';

/** `pragma key` never fails by itself: a wrong key only shows as SQLITE_NOTADB on the first read. */
export function applyKey(db: Database.Database, key: string, form: KeyForm = 'raw'): void {
  for (const pragma of keyPragmas(key, form)) db.pragma(pragma);
}

/**
 * The pragmas that key a connection, in order: for a second connection opened where `applyKey` cannot be called (the
 * WAL checkpoint worker, wal-checkpointer.ts). They hold the key: memory only, never a file or a log.
 */
export function keyPragmas(key: string, form: KeyForm = 'raw'): string[] {
  if (!isWellFormedKey(key)) throw new Error('A database key must be 64 hexadecimal characters.');
  return [`cipher = 'sqlcipher'`, 'legacy = 4', form === 'raw' ? `key = "x'${key}'"` : `key = '${key}'`];
}

/** Re-encrypts a database opened with the passphrase form under the raw form of the same key (every page rewritten). */
export function rekeyToRaw(db: Database.Database, key: string): void {
  if (!isWellFormedKey(key)) throw new Error('A database key must be 64 hexadecimal characters.');
  db.pragma(`rekey = "x'${key}'"`);
}

/** The form of `key` that opens the file (raw first: every file made since), or null when neither does. */
export function keyFormOf(file: string, key: string): KeyForm | null {
  if (keyOpensFile(file, key, 'raw')) return 'raw';
  return keyOpensFile(file, key, 'passphrase') ? 'passphrase' : null;
}

export function isNotADatabaseError(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_NOTADB';
}

/**
 * Tries the key on a private copy of the file's first page. Opening the real file with a wrong key
 * would already rewrite its -shm (SQLite recovers a -wal it finds before it can tell the key is
 * wrong), and the files of a database we cannot open must stay exactly as they were.
 * Page 1 carries the header and is always encrypted with the database key, so it decides alone.
 */
export function keyOpensFile(file: string, key: string, form: KeyForm = 'raw'): boolean {
  const scratch = mkdtempSync(path.join(tmpdir(), 'abha-desk-keycheck-'));
  try {
    const copy = path.join(scratch, 'page1.db');
    writeFileSync(copy, readPrefix(file, MAX_PAGE_SIZE), { mode: 0o600 });
    const db = new Database(copy, { readonly: true, fileMustExist: true });
    try {
      applyKey(db, key, form);
      db.pragma('user_version', { simple: true });
      return true;
    } catch (error) {
      if (isNotADatabaseError(error)) return false;
      // Page 1 decrypted, but the schema goes on past the copied page: the key is right.
      if ((error as { code?: unknown }).code === 'SQLITE_CORRUPT') return true;
      throw error;
    } finally {
      db.close();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function readPrefix(file: string, length: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const read = readSync(fd, buffer, 0, length, 0);
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}
