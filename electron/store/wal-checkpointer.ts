// WAL checkpoints off the app's thread. SQLite's own (wal_autocheckpoint) run inside whichever write fills the
// WAL, on the thread that made it: through SQLCipher about 12 ms per 1,000 pages, during which the callback
// bridge answers nobody (docs/performance.md, "Callback bridge: where the time goes"). Here the app's connection
// never checkpoints by itself; a worker thread with its own connection to the same file does
// (wal-checkpoint-worker.ts), and the app's connection steps in only when the WAL outgrows walLimitBytes anyway,
// or goes back to SQLite's own checkpoints if the worker is gone.
// Checkpoints cannot lose data: the WAL is only started over once its pages are in the database file and synced,
// and a checkpoint cut short (the worker or the process killed) leaves the WAL to be copied again at the next one.
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3-multiple-ciphers';
import { WAL_CHECKPOINT_WORKER_SOURCE, type CheckpointRound, type CheckpointWorkerData } from './wal-checkpoint-worker';

export interface CheckpointSettings {
  /** How often the worker copies the WAL into the database while it is in use. */
  passiveEveryMs: number;
  /** How often it looks once the WAL is all copied and not growing. */
  idleEveryMs: number;
  /** WAL size at which the worker finishes its copy with the writes held (FULL), so the WAL starts over. */
  restartAtBytes: number;
  /** WAL size past which the app's own connection checkpoints, the worker having fallen behind. */
  walLimitBytes: number;
  /** How often the app's side looks at the WAL's size. */
  guardEveryMs: number;
}

export const DEFAULT_CHECKPOINT_SETTINGS: CheckpointSettings = {
  passiveEveryMs: 100,
  idleEveryMs: 1_000,
  restartAtBytes: 32 * 1024 * 1024,
  walLimitBytes: 128 * 1024 * 1024,
  guardEveryMs: 1_000,
};

/** SQLite's own checkpoint size, which the app's connection goes back to without the worker. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1_000;
/** How long closing waits for the worker to close its connection (it finishes the checkpoint it is in first). */
const STOP_WAIT_MS = 5_000;
const WORKER_BUSY_TIMEOUT_MS = 1_000;

export interface WalCheckpointStats {
  /** Checkpoints the worker ran. */
  byWorker: number;
  /** Of those, the FULL ones, which held the app's writes (the worker could not catch up). */
  fullByWorker: number;
  /** The longest of those FULL checkpoints, in ms. */
  longestFullMs: number;
  /** The last few pages of a WAL past restartAtBytes, copied by the app's connection so the WAL starts over. */
  finishedByAppConnection: number;
  /** The longest of those, in ms: the app's thread waited that long. */
  longestFinishMs: number;
  /** Checkpoints the app's connection ran because the WAL outgrew walLimitBytes. */
  byAppConnection: number;
  /** Largest WAL the guard saw, in bytes. */
  largestWalBytes: number;
  workerRunning: boolean;
  /** Why the worker stopped when it was not asked to; the app's connection checkpoints by itself since. */
  workerFailure: string | null;
}

export interface WalCheckpointer {
  stats(): WalCheckpointStats;
  /** Stops the worker and waits until its connection is closed, so the app's close is the last one. */
  stop(): void;
}

export interface WalCheckpointerOptions {
  file: string;
  keyPragmas: string[];
  settings?: Partial<CheckpointSettings>;
  /** Starts the worker; tests give one that fails. */
  spawn?: (data: CheckpointWorkerData) => Worker;
}

export function startWalCheckpointer(db: Database.Database, opts: WalCheckpointerOptions): WalCheckpointer {
  const settings = { ...DEFAULT_CHECKPOINT_SETTINGS, ...opts.settings };
  db.pragma('wal_autocheckpoint = 0');
  // The WAL file keeps its largest size (rewriting it is cheaper than growing it); this trims it when it starts over.
  db.pragma(`journal_size_limit = ${settings.restartAtBytes}`);
  const closed = new Int32Array(new SharedArrayBuffer(4));
  const data: CheckpointWorkerData = { driverPath: driverPath(), file: opts.file, keyPragmas: opts.keyPragmas, closed, busyTimeoutMs: WORKER_BUSY_TIMEOUT_MS, ...pick(settings) };
  return new RunningCheckpointer(db, `${opts.file}-wal`, settings, closed, (opts.spawn ?? spawnCheckpointWorker)(data));
}

function pick({ passiveEveryMs, idleEveryMs, restartAtBytes }: CheckpointSettings) {
  return { passiveEveryMs, idleEveryMs, restartAtBytes };
}

function spawnCheckpointWorker(data: CheckpointWorkerData): Worker {
  // execArgv: [] so a dev run's `--import tsx` is not loaded into a thread that runs plain JavaScript.
  return new Worker(WAL_CHECKPOINT_WORKER_SOURCE, { eval: true, workerData: data, execArgv: [] });
}

/**
 * The driver's file as the app resolved it. In the packaged app the package is unpacked beside app.asar
 * (electron-builder.yml, asarUnpack) and has no dependencies of its own, so the worker loads it from there and
 * needs no asar support.
 */
function driverPath(): string {
  const resolved = createRequire(import.meta.url).resolve('better-sqlite3-multiple-ciphers');
  return resolved.replace(`${path.sep}app.asar${path.sep}`, `${path.sep}app.asar.unpacked${path.sep}`);
}

class RunningCheckpointer implements WalCheckpointer {
  private readonly counts: WalCheckpointStats = { byWorker: 0, fullByWorker: 0, longestFullMs: 0, finishedByAppConnection: 0, longestFinishMs: 0, byAppConnection: 0, largestWalBytes: 0, workerRunning: true, workerFailure: null };
  private readonly guard: NodeJS.Timeout;
  private stopping = false;

  constructor(
    private readonly db: Database.Database,
    private readonly walFile: string,
    private readonly settings: CheckpointSettings,
    private readonly closed: Int32Array,
    private readonly worker: Worker,
  ) {
    worker.unref();
    worker.on('message', (round: CheckpointRound) => this.counted(round));
    worker.on('error', (error) => void (this.counts.workerFailure = error.message));
    worker.on('exit', () => this.workerGone());
    this.guard = setInterval(() => this.checkWalSize(), settings.guardEveryMs).unref();
  }

  stats(): WalCheckpointStats {
    return { ...this.counts };
  }

  stop(): void {
    if (this.stopping) return;
    this.stopping = true;
    clearInterval(this.guard);
    if (this.counts.workerRunning) {
      this.worker.postMessage('stop');
      Atomics.wait(this.closed, 0, 0, STOP_WAIT_MS);
      this.counts.workerRunning = false;
    }
    void this.worker.terminate();
  }

  private counted(round: CheckpointRound): void {
    this.counts.byWorker += round.passive + (round.full ? 1 : 0);
    if (round.finish) this.finish();
    if (!round.full) return;
    this.counts.fullByWorker += 1;
    this.counts.longestFullMs = Math.max(this.counts.longestFullMs, round.fullMs);
  }

  /**
   * The worker has copied all but a few pages; copying those here, between two of the app's commits, lets the next
   * commit start the WAL over. Cheaper for the app than the worker holding its writes (FULL): no waiting on another
   * thread being scheduled, nor in SQLite's busy handler, which sleeps 1, 2, 5, 10 ms… between tries.
   */
  private finish(): void {
    if (!this.db.open || this.stopping) return;
    const started = performance.now();
    const [result] = this.db.pragma('wal_checkpoint(PASSIVE)') as { busy: number }[];
    if (result?.busy !== 0) return;
    this.counts.finishedByAppConnection += 1;
    this.counts.longestFinishMs = Math.max(this.counts.longestFinishMs, performance.now() - started);
  }

  private workerGone(): void {
    this.counts.workerRunning = false;
    if (this.stopping) return;
    this.counts.workerFailure ??= 'the checkpoint worker stopped';
    clearInterval(this.guard);
    if (this.db.open) this.db.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
  }

  /** The WAL stays bounded even when the worker falls behind: then the app's connection waits for a checkpoint. */
  private checkWalSize(): void {
    if (!this.db.open) return;
    const bytes = walBytes(this.walFile);
    this.counts.largestWalBytes = Math.max(this.counts.largestWalBytes, bytes);
    if (bytes <= this.settings.walLimitBytes) return;
    // Busy when the worker is in a checkpoint itself: it is copying, and the next look tries again.
    const [result] = this.db.pragma('wal_checkpoint(FULL)') as { busy: number }[];
    if (result?.busy === 0) this.counts.byAppConnection += 1;
  }
}

function walBytes(walFile: string): number {
  try {
    return statSync(walFile).size;
  } catch {
    return 0;
  }
}
