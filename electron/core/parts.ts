// The parts of the app core that hold something open (a port, a timer, a simulator) and so need a start and a close.
// The core starts them in order and closes them in reverse; after a settings update it restarts each part whose
// settings key changed (the way AbdmConnection rebuilds its clients when the environment or client id changes).
// A part that fails is logged and left stopped; the others carry on.
import type { Settings } from '../store/settings/settings-schema';

export interface Part {
  /** Names the part in the log. */
  readonly name: string;
  start(): Promise<void> | void;
  close(): Promise<void> | void;
  /** What the part depends on in the settings, as one string; a change restarts the part. Absent: never restarted. */
  settingsKey?(settings: Settings): string;
}

export type PartErrorLogger = (what: string, error: unknown) => void;

interface Slot {
  part: Part;
  /** The settings key the part was last started with. */
  key: string | undefined;
  running: boolean;
}

export class Parts {
  private readonly slots: Slot[];
  /** Start, restarts and close run one after another, never interleaved. */
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    parts: readonly Part[],
    private readonly settings: () => Settings,
    private readonly logError: PartErrorLogger,
  ) {
    this.slots = parts.map((part) => ({ part, key: undefined, running: false }));
  }

  /** Starts every part in order. Resolves even when some failed to start (they are logged and stay stopped). */
  start(): Promise<void> {
    return this.serially(async () => {
      const settings = this.settings();
      for (const slot of this.slots) await this.startSlot(slot, settings);
    });
  }

  /** After a settings update: restarts, in order, each part whose key changed (one that failed to start gets another try). */
  settingsChanged(settings: Settings): Promise<void> {
    return this.serially(async () => {
      for (const slot of this.slots) {
        if (!slot.part.settingsKey || this.keyOf(slot.part, settings) === slot.key) continue;
        await this.closeSlot(slot);
        await this.startSlot(slot, settings);
      }
    });
  }

  /** Closes the running parts in reverse order; nothing starts again afterwards. */
  close(): Promise<void> {
    return this.serially(async () => {
      this.closed = true;
      for (const slot of [...this.slots].reverse()) await this.closeSlot(slot);
    });
  }

  private async startSlot(slot: Slot, settings: Settings): Promise<void> {
    if (this.closed) return;
    slot.key = this.keyOf(slot.part, settings);
    try {
      await slot.part.start();
      slot.running = true;
    } catch (error) {
      this.logError(`${slot.part.name} (start)`, error);
    }
  }

  private async closeSlot(slot: Slot): Promise<void> {
    if (!slot.running) return;
    slot.running = false;
    try {
      await slot.part.close();
    } catch (error) {
      this.logError(`${slot.part.name} (close)`, error);
    }
  }

  private keyOf(part: Part, settings: Settings): string | undefined {
    return part.settingsKey?.(settings);
  }

  private serially(step: () => Promise<void>): Promise<void> {
    const run = this.queue.then(step);
    // A step never rejects (each part's failure is caught), but the chain must survive a bug in one anyway.
    this.queue = run.catch(() => {});
    return run;
  }
}
