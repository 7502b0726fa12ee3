// WAL checkpoints off the app's thread (electron/store/wal-checkpointer.ts): under a steady stream of writes the WAL
// stays small although SQLite's own checkpoints are off on the app's connection; if the worker falls behind or dies,
// the app's connection keeps the WAL bounded itself; closing stops the worker and leaves one complete file; a process
// killed in the middle of it all (checkpoint worker included) loses no committed row and leaves a sound database.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3-multiple-ciphers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyKey, generateDatabaseKey, keyPragmas } from '../../../electron/store/db-cipher';
import { DATABASE_FILE_NAME, openDatabase, type AppDatabase, type OpenDatabaseOptions } from '../../../electron/store/db';
import { memorySecretDriver, openVault, type Vault } from '../../../electron/store/secrets/vault';
import { startWalCheckpointer, type WalCheckpointer } from '../../../electron/store/wal-checkpointer';
import { fileSecretDriver } from '../../support/file-secret-driver';
import { repoRoot } from '../../support/official-spec';

const MiB = 1024 * 1024;
const ROW_BYTES = 2048;
const ROWS_PER_COMMIT = 40;
const COMMITS = 200;
/** What each test writes (16 MB; its WAL without checkpoints would be larger still), against the bounds below. */
const WRITTEN_BYTES = COMMITS * ROWS_PER_COMMIT * ROW_BYTES;
/** A few seconds on a quiet machine; much longer on one busy with other suites. */
const SLOW_MS = 60_000;

let dir: string;
let opened: { close(): void }[];
let vault: Vault;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'abha-wal-'));
  opened = [];
  vault = await openVault(memorySecretDriver());
});
afterEach(() => {
  for (const thing of opened) thing.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(checkpoints: OpenDatabaseOptions['checkpoints'], file = path.join(dir, DATABASE_FILE_NAME)): Promise<AppDatabase> {
  const database = await openDatabase({ file, vault, checkpoints });
  opened.push(database);
  return database;
}

const walBytes = (file: string) => (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);

/**
 * Writes WRITTEN_BYTES in commits of forty 2 KB rows, a commit every `pauseMs` or so (10 ms: several MB a second,
 * about what a burst of callbacks writes), and returns the largest WAL seen after a commit in the second half: the WAL once
 * the writing is steady, whatever a worker thread still starting (slow on a machine busy with other suites) let
 * through at first.
 */
async function writeSteadily(db: Database.Database, file: string, pauseMs = 10): Promise<number> {
  db.exec('CREATE TABLE IF NOT EXISTS load (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO load (body) VALUES (?)');
  let largest = 0;
  for (let commit = 0; commit < COMMITS; commit += 1) {
    db.transaction(() => {
      for (let row = 0; row < ROWS_PER_COMMIT; row += 1) insert.run(randomBytes(ROW_BYTES / 2).toString('hex'));
    })();
    if (commit >= COMMITS / 2) largest = Math.max(largest, walBytes(file));
    await sleep(pauseMs);
  }
  return largest;
}

const rowCount = (db: Database.Database) => (db.prepare('SELECT count(*) AS n FROM load').get() as { n: number }).n;

describe('WAL checkpoints under a steady stream of writes', () => {
  it('keep the WAL small with SQLite’s own checkpoints off: the worker copies it', async () => {
    const database = await open({ restartAtBytes: 256 * 1024, walLimitBytes: 1024 * MiB });
    expect(database.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    // Half the pace of the other tests: a worker thread has to keep up with it on a machine busy with other suites.
    const largest = await writeSteadily(database.db, database.file, 20);
    // Near restartAtBytes on a quiet machine; the margin is for a worker thread short of CPU.
    expect(largest).toBeLessThan(WRITTEN_BYTES / 2);
    const stats = database.walCheckpoints()!;
    expect(stats.byWorker).toBeGreaterThan(0);
    expect(stats.byAppConnection).toBe(0);
  }, SLOW_MS);

  it('keep the WAL under its limit when the worker falls behind: the app’s connection steps in', async () => {
    // A worker that would not look before a minute is one that has fallen behind.
    const database = await open({ passiveEveryMs: 60_000, walLimitBytes: 1 * MiB, guardEveryMs: 20 });
    const largest = await writeSteadily(database.db, database.file);
    expect(largest).toBeLessThan(WRITTEN_BYTES / 4);
    expect(database.walCheckpoints()!.byAppConnection).toBeGreaterThan(0);
  }, SLOW_MS);

  it('keep the WAL bounded when the worker dies: the app’s connection checkpoints by itself again', async () => {
    const file = path.join(dir, 'plain.db');
    const db = new Database(file);
    const key = generateDatabaseKey();
    applyKey(db, key);
    db.pragma('journal_mode = WAL');
    opened.push(db);
    const checkpointer: WalCheckpointer = startWalCheckpointer(db, {
      file,
      keyPragmas: keyPragmas(key),
      spawn: () => new Worker('throw new Error("the driver could not be loaded")', { eval: true }),
    });
    opened.push({ close: () => checkpointer.stop() });
    await until(() => !checkpointer.stats().workerRunning);
    expect(checkpointer.stats().workerFailure).toContain('the driver could not be loaded');
    const largest = await writeSteadily(db, file);
    // SQLite's own checkpoints keep it at about 1,000 pages (4 MB).
    expect(largest).toBeLessThan(WRITTEN_BYTES / 3);
  }, SLOW_MS);
});

describe('closing a database with its checkpoint worker', () => {
  it('stops the worker, leaves one file without -wal or -shm, and every row written is there when reopened', async () => {
    const database = await open({ restartAtBytes: 256 * 1024 });
    await writeSteadily(database.db, database.file);
    database.close();
    expect(database.walCheckpoints()!.workerRunning).toBe(false);
    expect(existsSync(`${database.file}-wal`)).toBe(false);
    expect(existsSync(`${database.file}-shm`)).toBe(false);
    const again = await open({}, database.file);
    expect(rowCount(again.db)).toBe(COMMITS * ROWS_PER_COMMIT);
    expect(again.db.pragma('integrity_check', { simple: true })).toBe('ok');
  }, SLOW_MS);
});

describe('a process killed while its worker checkpoints', () => {
  it('loses no committed row and leaves a sound database', async () => {
    const dataFolder = path.join(dir, 'data');
    const secretsFile = path.join(dir, 'secrets.json');
    const committed = await runChildUntilKilled(dataFolder, secretsFile, 4 * MiB);
    expect(committed).toBeGreaterThan(0);
    const reopened = await openDatabase({ file: path.join(dataFolder, DATABASE_FILE_NAME), vault: await openVault(fileSecretDriver(secretsFile)) });
    opened.push(reopened);
    const rows = (reopened.db.prepare('SELECT count(*) AS n FROM crash_rows').get() as { n: number }).n;
    // The child may have committed a few more after its last line was read; never fewer.
    expect(rows).toBeGreaterThanOrEqual(committed);
    expect(reopened.db.pragma('integrity_check', { simple: true })).toBe('ok');
  }, SLOW_MS);
});

/** Starts the crash child, lets it commit about `bytes` of rows, kills it with SIGKILL; the last count it printed. */
async function runChildUntilKilled(dataFolder: string, secretsFile: string, bytes: number): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/unit/store/wal-checkpoint-crash-child.ts', dataFolder, secretsFile], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let committed = 0;
  for await (const line of createInterface({ input: child.stdout })) {
    committed = Number(line);
    if (committed * ROW_BYTES >= bytes) break;
  }
  child.kill('SIGKILL');
  await exited;
  return committed;
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(10);
  }
}
