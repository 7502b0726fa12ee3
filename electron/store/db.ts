// The app's SQLite database, encrypted at rest; its key lives in the vault as 'database-key'.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { applyKey, generateDatabaseKey, isNotADatabaseError, isWellFormedKey, keyFormOf, keyPragmas, rekeyToRaw, type KeyForm } from './db-cipher';
import { migrate } from './migrations';
import { vaultPlace, type Vault } from './secrets/vault';
import { startWalCheckpointer, type CheckpointSettings, type WalCheckpointer, type WalCheckpointStats } from './wal-checkpointer';

export const DATABASE_FILE_NAME = 'abha-desk.db';
export const DATABASE_KEY_ACCOUNT = 'database-key';

export interface AppDatabase {
  readonly db: Database.Database;
  /** The database file, or ':memory:' for a session-only database (see `persistent`). */
  readonly file: string;
  /** False for a throwaway run (a 'memory' vault keeps no key past it), so nothing is written to disk then. */
  readonly persistent: boolean;
  /** The WAL checkpoints of a database file (wal-checkpointer.ts); null for a session-only database. */
  walCheckpoints(): WalCheckpointStats | null;
  /** Stops the checkpoint worker, then closes the connection. */
  close(): void;
}

export interface OpenDatabaseOptions {
  file: string;
  vault: Vault;
  /** When the checkpoint worker copies the WAL (wal-checkpointer.ts); the defaults unless given. */
  checkpoints?: Partial<CheckpointSettings>;
}

export type DatabaseKeyErrorCode = 'DB_KEY_MISSING' | 'DB_KEY_WRONG';

export class DatabaseKeyError extends Error {
  constructor(
    readonly code: DatabaseKeyErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'DatabaseKeyError';
  }
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<AppDatabase> {
  const file = path.resolve(opts.file);
  if (existsSync(file)) return openExisting(file, opts.vault, opts.checkpoints);
  // A key held only in memory would be gone at exit and leave an unreadable file behind.
  if (opts.vault.protection === 'memory') return wrap(prepare(new Database(':memory:')), ':memory:', null);
  return createNew(file, opts.vault, opts.checkpoints);
}

async function createNew(file: string, vault: Vault, checkpoints?: Partial<CheckpointSettings>): Promise<AppDatabase> {
  // An existing key is reused: a restored backup of the old file stays readable.
  const stored = await vault.get(DATABASE_KEY_ACCOUNT);
  const key = stored && isWellFormedKey(stored) ? stored : generateDatabaseKey();
  // The key is stored before the file exists, so there is never a file without its key.
  if (key !== stored) await vault.set(DATABASE_KEY_ACCOUNT, key);
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    if (process.platform !== 'win32') chmodSync(file, 0o600);
    return withCheckpointer(prepareEncrypted(db, key), file, key, checkpoints);
  } catch (error) {
    db.close();
    throw error;
  }
}

async function openExisting(file: string, vault: Vault, checkpoints?: Partial<CheckpointSettings>): Promise<AppDatabase> {
  const key = await readKey(file, vault);
  const form = isWellFormedKey(key) ? keyFormOf(file, key) : null;
  if (!form) throw wrongKey(file, vault);
  const db = new Database(file, { fileMustExist: true });
  try {
    // After prepareEncrypted the file is keyed with the raw form, whatever form opened it.
    return withCheckpointer(prepareEncrypted(db, key, form), file, key, checkpoints);
  } catch (error) {
    db.close();
    throw isNotADatabaseError(error) ? wrongKey(file, vault, error) : error;
  }
}

async function readKey(file: string, vault: Vault): Promise<string> {
  let key: string | null;
  try {
    key = await vault.get(DATABASE_KEY_ACCOUNT);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw missingKey(file, vault, `${vaultPlace(vault)} could not be read (${reason})`, error);
  }
  if (key) return key;
  throw missingKey(file, vault, whyNoKey(vault));
}

function whyNoKey(vault: Vault): string {
  if (vault.protection === 'keychain') return `its key ("${DATABASE_KEY_ACCOUNT}" under "abha-desk") is not in the system keychain`;
  if (vault.protection === 'memory') return 'the system keychain is not available, so its key cannot be read';
  // A desk that kept its key in the keychain lands here on a day the keychain fails: say both places.
  return `its key is neither in the system keychain, which could not be used (${vault.keychainProblem ?? 'unknown reason'}), nor in ${vaultPlace(vault)}`;
}

function prepareEncrypted(db: Database.Database, key: string, form: KeyForm = 'raw'): Database.Database {
  applyKey(db, key, form);
  // The first read is where a wrong key shows up (SQLITE_NOTADB).
  db.prepare('SELECT count(*) FROM sqlite_master').get();
  // A data folder from before issue 27: the same key, moved to the raw form once (db-cipher.ts, KeyForm).
  if (form === 'passphrase') rekeyToRaw(db, key);
  return prepare(db);
}

function prepare(db: Database.Database): Database.Database {
  db.pragma('journal_mode = WAL');
  // NORMAL: a commit survives the app crashing, not always a power cut. What ABDM sends is committed with
  // commitDurably() instead, which waits for the disk.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  migrate(db);
  return db;
}

/**
 * Runs `work` as one transaction that is on disk when it returns (synchronous=FULL for this commit): for what the
 * callback bridge acknowledges, because ABDM never sends an acknowledged callback or page again and a power cut at
 * the desk must not undo it. The database's own writes (audit, processing) keep NORMAL, which a crash cannot undo
 * either, and cost no disk wait at the front desk.
 */
export function commitDurably<T>(db: Database.Database, work: () => T): T {
  db.pragma('synchronous = FULL');
  try {
    return db.transaction(work)();
  } finally {
    db.pragma('synchronous = NORMAL');
  }
}

function withCheckpointer(db: Database.Database, file: string, key: string, settings?: Partial<CheckpointSettings>): AppDatabase {
  return wrap(db, file, startWalCheckpointer(db, { file, keyPragmas: keyPragmas(key), settings }));
}

function wrap(db: Database.Database, file: string, checkpointer: WalCheckpointer | null): AppDatabase {
  return {
    db,
    file,
    persistent: checkpointer !== null,
    walCheckpoints: () => checkpointer?.stats() ?? null,
    close: () => {
      // The worker's connection closes first, so the app's is the last one: it copies what is left of the WAL
      // and removes it, leaving one file.
      checkpointer?.stop();
      if (db.open) db.close();
    },
  };
}

function missingKey(file: string, vault: Vault, why: string, cause?: unknown): DatabaseKeyError {
  const fileAdvice = vault.secretsFile ? ` If ABHA Desk kept its key in ${vault.secretsFile}, restore that file from a backup of the data folder.` : '';
  return new DatabaseKeyError(
    'DB_KEY_MISSING',
    `ABHA Desk could not open its database at ${file}: the file is encrypted and ${why}. ` +
      'Nothing was changed; the file was left exactly as it was. ' +
      `Unlock or repair the system keychain (or sign in as the user who set up ABHA Desk) and start ABHA Desk again.${fileAdvice} ` +
      'Without the key the data in this file cannot be read.',
    cause === undefined ? undefined : { cause },
  );
}

function wrongKey(file: string, vault: Vault, cause?: unknown): DatabaseKeyError {
  const place = vaultPlace(vault);
  return new DatabaseKeyError(
    'DB_KEY_WRONG',
    `ABHA Desk could not open its database at ${file}: the key in ${place} does not unlock it ` +
      '(the key may have been replaced, or the file was copied from another computer or is damaged). ' +
      'Nothing was changed; the file was left exactly as it was. ' +
      `Restore the matching key (${place}) or the matching database file, then start ABHA Desk again.`,
    cause === undefined ? undefined : { cause },
  );
}
