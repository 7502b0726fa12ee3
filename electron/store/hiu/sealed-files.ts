// Large values kept in files beside the database instead of in SQLite rows: a pushed page's body (sealed with its
// transfer's page key, data-push-pages.ts) and a record's sealed bundle (records key, health-records.ts), when they
// are LARGE_VALUE_BYTES or more. SQLCipher encrypts and authenticates a blob 4 KiB page by page and writes it twice
// (the WAL, then the checkpoint), and secure_delete zero-fills it again when it is dropped; a file is written once
// and unlinked. Every file holds ciphertext only, so the data folder still shows nothing in clear.
//
// The rules that keep a file and its row together (docs/storage.md, "Sealed files"):
// - write the file, fsync it and its folder, and only then commit the row that names it: a committed row always
//   has its file. A crash in between leaves a file no row names.
// - delete the row first, commit, then unlink (removeWhenUnnamed): a rollback keeps both. A crash in between
//   leaves a file no row names.
// - at start-up, before anything is written, every file no row names is removed (removeOrphans).
// A database in memory (no keychain) keeps everything in its rows: nothing may be written to disk then.
import { randomUUID } from 'node:crypto';
import { closeSync, constants, fsyncSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, unlink, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3-multiple-ciphers';

/** The folder, inside the data folder (beside abha-desk.db). */
export const SEALED_FILES_FOLDER = 'health-data';
/**
 * Values this size or larger go to a file. Below it a file costs more than the SQLite write it saves (an open, two
 * fsyncs and a close, about 0.3 ms here, against a few 4 KiB pages).
 */
export const LARGE_VALUE_BYTES = 64 * 1024;

// Windows has no O_NOFOLLOW (Node leaves it undefined); there the flag is simply absent.
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class SealedFiles {
  private folderReady = false;

  constructor(readonly folder: string) {}

  /** The sealed files of this database, or null for a database in memory. */
  static of(db: Database): SealedFiles | null {
    return db.memory ? null : new SealedFiles(path.join(path.dirname(db.name), SEALED_FILES_FOLDER));
  }

  /**
   * A new file holding `parts` one after the other; returns its name. Durable when it returns: the contents and the
   * name (fsync of the file, then of the folder), so a row committed afterwards never names a missing file.
   */
  write(parts: readonly Uint8Array[]): string {
    this.ensureFolder();
    const name = randomUUID();
    const file = path.join(this.folder, name);
    // 0600, never through a link, never over an existing file (names are fresh, so EEXIST means something is wrong).
    const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, 0o600);
    try {
      for (const part of parts) {
        for (let done = 0; done < part.length; ) done += writeSync(fd, part, done, part.length - done);
      }
      fsyncSync(fd);
    } catch (error) {
      closeSync(fd);
      try {
        unlinkSync(file);
      } catch {
        // left to removeOrphans at the next start: no row names it
      }
      throw error;
    }
    closeSync(fd);
    this.syncFolder();
    return name;
  }

  read(name: string): Buffer {
    return readFileSync(this.pathOf(name), { flag: constants.O_RDONLY | O_NOFOLLOW });
  }

  /** Unlinks a file; one that is already gone is fine. */
  remove(name: string): void {
    try {
      unlinkSync(this.pathOf(name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  /**
   * Unlinks a file in the background (Node's thread pool, so the other core does it while this one goes on); for
   * files no committed row names. One that cannot be unlinked now stays an orphan, removed at the next start.
   */
  removeSoon(name: string): void {
    unlink(this.pathOf(name), () => undefined);
  }

  /** Every name in the folder (none when it does not exist yet). */
  list(): string[] {
    try {
      return readdirSync(this.folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  private pathOf(name: string): string {
    if (!NAME.test(name)) throw new Error(`not a sealed file name: ${JSON.stringify(name.slice(0, 60))}`);
    return path.join(this.folder, name);
  }

  private ensureFolder(): void {
    if (this.folderReady) return;
    mkdirSync(this.folder, { recursive: true, mode: 0o700 });
    // Something planted at the folder's name (a link elsewhere, a file) is refused rather than written through.
    const stat = lstatSync(this.folder);
    if (!stat.isDirectory()) throw new Error(`${this.folder} is not a folder`);
    this.folderReady = true;
  }

  /** A new name is durable only once its folder is flushed (POSIX); Windows cannot open a folder to flush it. */
  private syncFolder(): void {
    if (process.platform === 'win32') return;
    const fd = openSync(this.folder, constants.O_RDONLY);
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}

/** True while a row names the file (a pending page's body, a record's bundle). */
export function fileIsNamed(db: Database, name: string): boolean {
  return (
    db
      .prepare('SELECT 1 FROM data_push_pages WHERE body_file = ? UNION ALL SELECT 1 FROM health_records WHERE content_file = ? LIMIT 1')
      .get(name, name) !== undefined
  );
}

/**
 * Unlinks the files whose rows the current transaction deletes, once it has ended: if it committed, no row names
 * them any more and they go; if it rolled back, their rows are back and so they stay. better-sqlite3 transactions
 * are synchronous, so the transaction is over by the next microtask; should one still be open, this waits for the
 * next turn of the event loop. A closed database leaves them to removeOrphans at the next start.
 */
export function removeWhenUnnamed(db: Database, files: SealedFiles | null, names: readonly string[]): void {
  if (!files || names.length === 0) return;
  const attempt = (): void => {
    if (!db.open) return;
    if (db.inTransaction) return void setImmediate(attempt);
    try {
      for (const name of names) if (!fileIsNamed(db, name)) files.removeSoon(name);
    } catch {
      // Nothing to throw to (this runs after the caller returned): what is left is an orphan for the next start.
    }
  };
  queueMicrotask(attempt);
}

/**
 * At start-up, with no transaction open and nothing being written: removes every file no row names (a crash between
 * a file's write and its row's commit, or between a deletion's commit and the unlink). Returns how many went.
 */
export function removeOrphans(db: Database): number {
  const files = SealedFiles.of(db);
  if (!files || db.inTransaction) return 0;
  const named = new Set(
    (
      db.prepare('SELECT body_file AS name FROM data_push_pages WHERE body_file IS NOT NULL UNION ALL SELECT content_file FROM health_records WHERE content_file IS NOT NULL').all() as {
        name: string;
      }[]
    ).map((row) => row.name),
  );
  let names: string[];
  try {
    names = files.list();
  } catch {
    // An unreadable folder must not stop the app from starting; what is in it is ciphertext, tried again next start.
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (named.has(name)) continue;
    // Only names this store makes; anything else in the folder is not ours to delete.
    if (!NAME.test(name)) continue;
    try {
      files.remove(name);
      removed += 1;
    } catch {
      // Start-up goes on; the file is tried again at the next start.
    }
  }
  return removed;
}
