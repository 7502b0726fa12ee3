// The callback bridge as a part of the app core: listening on the settings' host and port (restarted when they
// change), storing into the app's database, waking the processor after each stored callback or page, and telling
// the renderer how it is doing (bridge.status, bridge.changed).
import type { Database } from 'better-sqlite3-multiple-ciphers';
import type { GatewayGeneration } from '../../abdm/gateway-generation';
import { startCallbackBridge, type RunningBridge } from '../../bridge/callback-bridge';
import type { BridgeCounters } from '../../bridge/ports';
import type { Part } from '../../core/parts';
import { CallbackInboxStore } from '../../store/callback-inbox';
import { DataPushPageStore } from '../../store/data-push-pages';
import type { Settings } from '../../store/settings-schema';

export interface BridgeStatus {
  listening: boolean;
  /** Where the bridge listens on this computer, e.g. http://127.0.0.1:8765. */
  localUrl: string | null;
  /** The address ABDM must call: Settings' public URL, or the local one in training. Empty when none is set. */
  callbackUrl: string;
  environment: Settings['environment'];
  /** Why it is not listening (the port is taken, …). */
  problem: string | null;
  counters: BridgeCounters | null;
  /** Callbacks stored and not yet applied, waiting for what they answer, and given up. */
  inbox: { pending: number; waiting: number; failed: number };
}

export interface BridgePartDeps {
  db: Database;
  settings: () => Settings;
  generation: () => GatewayGeneration;
  /** The gateway's JWKS URL, resolved on the first callback (training starts its simulator lazily). */
  jwksUrl: () => Promise<string>;
  now: () => number;
  /** Overrides the settings' port (web mode's --bridge-port). */
  portOverride?: number;
  stored: { callback(): void; page(): void };
  changed(status: BridgeStatus): void;
}

const CHANGE_THROTTLE_MS = 1_000;

export class BridgePart implements Part {
  readonly name = 'callback bridge';
  private running: RunningBridge | null = null;
  private problem: string | null = null;
  private lastAnnounced = 0;
  private announceTimer: NodeJS.Timeout | null = null;
  readonly inbox: CallbackInboxStore;
  readonly pages: DataPushPageStore;

  constructor(private readonly deps: BridgePartDeps) {
    this.inbox = new CallbackInboxStore(deps.db);
    this.pages = new DataPushPageStore(deps.db);
  }

  settingsKey(settings: Settings): string {
    const { host, port, dataPushLimitMb } = settings.bridge;
    // A switch of ABDM API serves the other generation's callback paths (and JWKS) from then on.
    return [host, this.deps.portOverride ?? port, dataPushLimitMb, settings.abdmApi].join('|');
  }

  async start(): Promise<void> {
    const settings = this.deps.settings();
    try {
      this.running = await startCallbackBridge({
        host: settings.bridge.host,
        port: this.deps.portOverride ?? settings.bridge.port,
        generation: this.deps.generation(),
        inbox: this.inbox,
        pushes: this.pages,
        jwksUrl: this.deps.jwksUrl,
        // Read at each JWKS fetch: v3 asks for its certs with fresh REQUEST-ID/TIMESTAMP and the X-CM-ID.
        jwksHeaders: () => this.deps.generation().certsHeaders(this.deps.settings().cmId),
        now: this.deps.now,
        dataPushLimitBytes: settings.bridge.dataPushLimitMb * 1024 * 1024,
        listener: {
          callbackStored: () => {
            this.deps.stored.callback();
            this.announceSoon();
          },
          pageStored: () => {
            this.deps.stored.page();
            this.announceSoon();
          },
        },
      });
      this.problem = null;
    } catch (error) {
      this.problem = error instanceof Error ? error.message : String(error);
      this.announce();
      throw error;
    }
    this.announce();
  }

  async close(): Promise<void> {
    if (this.announceTimer) clearTimeout(this.announceTimer);
    this.announceTimer = null;
    const running = this.running;
    this.running = null;
    await running?.close();
    this.announce();
  }

  url(): string | null {
    return this.running?.url ?? null;
  }

  status(): BridgeStatus {
    const settings = this.deps.settings();
    const states = this.inbox.countByState() as Record<string, number>;
    const localUrl = this.url();
    return {
      listening: this.running !== null,
      localUrl,
      callbackUrl: settings.environment === 'training' ? (localUrl ?? '') : settings.bridge.publicUrl,
      environment: settings.environment,
      problem: this.problem,
      counters: this.running?.counters() ?? null,
      inbox: { pending: states.pending ?? 0, waiting: states.waiting ?? 0, failed: states.failed ?? 0 },
    };
  }

  /** Counters change with every callback: tell the renderer at most once a second. */
  private announceSoon(): void {
    if (this.announceTimer) return;
    const wait = Math.max(0, this.lastAnnounced + CHANGE_THROTTLE_MS - Date.now());
    this.announceTimer = setTimeout(() => {
      this.announceTimer = null;
      this.announce();
    }, wait);
    this.announceTimer.unref?.();
  }

  private announce(): void {
    this.lastAnnounced = Date.now();
    this.deps.changed(this.status());
  }
}
