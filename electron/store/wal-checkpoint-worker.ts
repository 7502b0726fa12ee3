// The WAL checkpoint worker's code (started by wal-checkpointer.ts): a second connection to the app's database, in a
// worker thread, that copies the write-ahead log back into the database file, so the app's thread never stops for
// it. It is JavaScript run with `eval`, not a module of its own, so the one bundle of the Electron main process
// carries it and dev (tsx), the tests (Vitest) and the built app all start it the same way, with no second entry
// point in the build.

/** What the worker is started with (workerData): memory only, since `keyPragmas` hold the database key. */
export interface CheckpointWorkerData {
  /** The resolved file of better-sqlite3-multiple-ciphers, so the worker loads the driver the app loaded. */
  driverPath: string;
  file: string;
  /** db-cipher.ts keyPragmas(): the key, never written anywhere. */
  keyPragmas: string[];
  passiveEveryMs: number;
  idleEveryMs: number;
  restartAtBytes: number;
  busyTimeoutMs: number;
  /** Int32Array over a SharedArrayBuffer: set to 1 once the worker's connection is closed, for whatever reason. */
  closed: Int32Array;
}

/** Posted after every round that found something to copy. */
export interface CheckpointRound {
  /** PASSIVE checkpoints run: they neither wait for the app's writes nor hold them up. */
  passive: number;
  /**
   * True when the passes caught up to within a few pages of a WAL past restartAtBytes: the app's connection copies
   * those itself (a PASSIVE checkpoint between its commits), after which its next write starts the WAL over.
   */
  finish: boolean;
  /** True when the round ended with a FULL checkpoint instead (the passes did not catch up), holding the app's writes. */
  full: boolean;
  /** How long that FULL checkpoint took (0 without one): the longest the app's writes can have waited for it. */
  fullMs: number;
  /** Pages in the WAL, and pages of it copied into the database, after the round's last checkpoint. */
  walPages: number;
  copiedPages: number;
}

export const WAL_CHECKPOINT_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { driverPath, file, keyPragmas, passiveEveryMs, idleEveryMs, restartAtBytes, busyTimeoutMs, closed } = workerData;
// The PASSIVE passes that catch up with the app's writes before the last few pages are copied.
const CATCH_UP_PASSES = 8;
const FEW_PAGES = 64;

let db = null;
let timer = null;
let pageSize = 4096;
let lastVersion = -1;

function closeConnection() {
  try {
    if (db && db.open) db.close();
  } finally {
    Atomics.store(closed, 0, 1);
    Atomics.notify(closed, 0);
  }
}

function checkpoint(mode) {
  const [row] = db.pragma('wal_checkpoint(' + mode + ')');
  return { walPages: row.log, copiedPages: row.checkpointed };
}

// PASSIVE copies what it can without waiting for or blocking the app's writes. But the app's connection starts the
// WAL over only when a checkpoint has copied all of it, which under a steady stream of writes a PASSIVE one here never
// quite does (the app commits meanwhile). Past restartAtBytes the round therefore catches up to within a few pages
// and leaves those to the app's connection (finish), whose own checkpoint runs between its commits. A FULL here,
// which holds the app's writes while this thread copies, only when the passes cannot catch up and the WAL is twice
// restartAtBytes.
function round() {
  let passive = 1;
  let last = checkpoint('PASSIVE');
  if (last.walPages * pageSize < restartAtBytes) return { passive, finish: false, full: false, fullMs: 0, ...last };
  let caughtUp = false;
  for (let pass = 0; !caughtUp && pass < CATCH_UP_PASSES; pass += 1) {
    const next = checkpoint('PASSIVE');
    passive += 1;
    caughtUp = next.walPages - last.walPages < FEW_PAGES;
    last = next;
  }
  const full = !caughtUp && last.walPages * pageSize >= 2 * restartAtBytes;
  const started = performance.now();
  if (full) last = checkpoint('FULL');
  return { passive, finish: caughtUp, full, fullMs: full ? performance.now() - started : 0, ...last };
}

function tick() {
  try {
    // data_version changes whenever another connection (the app's) has committed since the last look.
    const version = db.pragma('data_version', { simple: true });
    const result = round();
    const idle = version === lastVersion && result.copiedPages === result.walPages;
    lastVersion = version;
    if (!idle) parentPort.postMessage(result);
    timer = setTimeout(tick, idle ? idleEveryMs : passiveEveryMs);
  } catch (error) {
    closeConnection();
    throw error;
  }
}

parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearTimeout(timer);
  closeConnection();
  parentPort.close();
});

try {
  const Database = require(driverPath);
  db = new Database(file, { fileMustExist: true, timeout: busyTimeoutMs });
  for (const pragma of keyPragmas) db.pragma(pragma);
  pageSize = db.pragma('page_size', { simple: true });
  timer = setTimeout(tick, passiveEveryMs);
} catch (error) {
  closeConnection();
  throw error;
}
`;
