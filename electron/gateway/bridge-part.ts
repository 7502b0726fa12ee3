// The callback bridge as a part of the app core, in either of Settings' modes (bridge.mode): `direct`, listening on
// the settings' host and port; or `relay`, keeping a WebSocket open to the clinic's relay, which takes the callbacks
// and pushes at its public address and hands them over (electron/bridge/relay-link.ts). Either way it stores into the
// app's database, wakes the processor after each stored callback or page, and tells the renderer how it is doing
// (bridge.status, bridge.changed). Restarted when the settings it depends on change.
import type { Database } from 'better-sqlite3-multiple-ciphers';
import type { GatewayGeneration } from '../abdm/gateway/generation';
import type { GatewayRoles } from './gateway-roles';
import { startCallbackBridge, type RunningBridge } from '../bridge/callback-bridge';
import { checkCallbackPath, type PathCheckOutcome } from '../bridge/path-check';
import type { BridgeCounters, DataPushInbox, RelayedPageInbox } from '../bridge/ports';
import { startRelayLink, type RelayLink, type RelayLinkStatus } from '../bridge/relay-link';
import type { PublicRsaJwk } from '../bridge/relay-protocol';
import type { Part } from '../core/parts';
import { CallbackInboxStore } from '../store/gateway/callback-inbox';
import type { BridgeMode, Settings } from '../store/settings/settings-schema';

/** The keychain entry holding this desk's relay credential (`desk-….<secret>`), set by secrets.setRelayCredential. */
export const RELAY_CREDENTIAL_ACCOUNT = 'relay-credential';

export interface BridgeStatus {
  /** How callbacks arrive: this computer's bridge (`direct`) or the clinic's relay (`relay`). */
  mode: BridgeMode;
  /** The local bridge is listening (direct mode; always false in relay mode). */
  listening: boolean;
  /** Where the bridge listens on this computer, e.g. http://127.0.0.1:8765. */
  localUrl: string | null;
  /**
   * The address ABDM must call: in relay mode the relay's (from its hello); otherwise Settings' public URL, or the
   * local one in training. Empty when none is known.
   */
  callbackUrl: string;
  environment: Settings['environment'];
  /** Why the local bridge is not listening (the port is taken, …); relay problems are in `relay.problem`. */
  problem: string | null;
  counters: BridgeCounters | null;
  /** The link to the relay in relay mode (connected, backlog, last message, problem); null in direct mode. */
  relay: RelayLinkStatus | null;
  /** Callbacks stored and not yet applied, waiting for what they answer, and given up. */
  inbox: { pending: number; waiting: number; failed: number };
}

export type PushPages = DataPushInbox & RelayedPageInbox;

export interface BridgePartDeps<Pages extends PushPages = PushPages> {
  db: Database;
  settings: () => Settings;
  generation: () => GatewayGeneration;
  /**
   * Where pushed pages go (the HIU's data transfers, store/hiu/data-push-pages.ts), from a HIP directly or through
   * the relay; the role that hands out push URLs provides it.
   */
  pages: Pages;
  /** The keys this desk still expects at the relay (store/hiu/relay-expectations.ts), claimed after each hello. */
  openExpectations: (now: number) => readonly string[];
  /** The roles of the pipeline: the bridge serves the callback routes of those that are on, at one URL. */
  roles: Pick<GatewayRoles, 'routes' | 'kinds' | 'onNames'>;
  /** The gateway's JWKS URL, resolved on the first callback (training starts its simulator lazily). */
  jwksUrl: () => Promise<string>;
  now: () => number;
  /** Overrides the settings' port (web mode's --bridge-port). */
  portOverride?: number;
  /** This desk's relay credential from the keychain; read before each connection to the relay. */
  relayCredential: () => Promise<string | null>;
  logError?: (what: string, error: unknown) => void;
  stored: { callback(): void; page(): void };
  changed(status: BridgeStatus): void;
}

const CHANGE_THROTTLE_MS = 1_000;

export class BridgePart<Pages extends PushPages = PushPages> implements Part {
  readonly name = 'callback bridge';
  private running: RunningBridge | null = null;
  private link: RelayLink | null = null;
  private problem: string | null = null;
  private lastAnnounced = 0;
  private announceTimer: NodeJS.Timeout | null = null;
  readonly inbox: CallbackInboxStore;
  /** Where pushed pages are stored (the role's store, as given). */
  readonly pages: Pages;

  constructor(private readonly deps: BridgePartDeps<Pages>) {
    this.inbox = new CallbackInboxStore(deps.db);
    this.pages = deps.pages;
  }

  settingsKey(settings: Settings): string {
    const { mode, relayUrl, host, port, dataPushLimitMb } = settings.bridge;
    // A switch of ABDM API serves the other generation's callback paths (and JWKS) from then on.
    // Training through a relay offers the simulator's keys to the relay after each hello (relay-link.ts).
    // A role switched on or off (a HIP id set or cleared) serves its routes or stops.
    return [mode, relayUrl, host, this.deps.portOverride ?? port, dataPushLimitMb, settings.abdmApi, settings.environment, this.deps.roles.onNames(settings).join(',')].join('|');
  }

  async start(): Promise<void> {
    const settings = this.deps.settings();
    if (settings.bridge.mode === 'relay') return this.startRelay(settings);
    try {
      this.running = await startCallbackBridge({
        host: settings.bridge.host,
        port: this.deps.portOverride ?? settings.bridge.port,
        generation: this.deps.generation(),
        routes: this.deps.roles.routes(settings),
        inbox: this.inbox,
        pushes: this.deps.pages,
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

  /**
   * Relay mode: no port is opened here. The link connects with the keychain's credential, claims what this desk
   * still expects after every hello, and stores deliveries into the same inbox and pages as the local bridge. A
   * link that cannot connect is not a failed start: it keeps trying, and says why in `relay.problem`.
   */
  private startRelay(settings: Settings): void {
    this.problem = null;
    this.link = startRelayLink({
      relayUrl: settings.bridge.relayUrl,
      credential: this.deps.relayCredential,
      inbox: this.inbox,
      pages: this.deps.pages,
      openExpectations: () => this.deps.openExpectations(this.deps.now()),
      kinds: this.deps.roles.kinds(),
      dataPushLimitBytes: settings.bridge.dataPushLimitMb * 1024 * 1024,
      now: this.deps.now,
      logError: this.deps.logError,
      trainingKeys: settings.environment === 'training' ? () => this.simulatorKeys() : undefined,
      listener: {
        callbackStored: () => this.deps.stored.callback(),
        pageStored: () => this.deps.stored.page(),
        changed: () => this.announceSoon(),
      },
    });
    this.announce();
  }

  /**
   * Training: the keys the simulator signs its callbacks with, from its own certs URL (the JWKS the local bridge
   * checks tokens against), so the relay can check them too (docs/relay.md, "Training mode").
   */
  private async simulatorKeys(): Promise<PublicRsaJwk[]> {
    const url = await this.deps.jwksUrl();
    const response = await fetch(url, { headers: this.deps.generation().certsHeaders(this.deps.settings().cmId), signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`the training simulator's certs answered HTTP ${response.status}`);
    const { keys } = (await response.json()) as { keys?: PublicRsaJwk[] };
    return (keys ?? []).filter((key) => key.kty === 'RSA');
  }

  async close(): Promise<void> {
    if (this.announceTimer) clearTimeout(this.announceTimer);
    this.announceTimer = null;
    const running = this.running;
    const link = this.link;
    this.running = null;
    this.link = null;
    await running?.close();
    await link?.close();
    this.announce();
  }

  /** Where the local bridge listens; null when it does not (relay mode, or not started). */
  url(): string | null {
    return this.running?.url ?? null;
  }

  /** The link to the clinic's relay while in relay mode. */
  relayLink(): RelayLink | null {
    return this.link;
  }

  /**
   * Where ABDM calls this desk back and HIPs push, as far as the desk knows: in relay mode the relay's URL for this HIU
   * (from its hello); in training the local bridge's address (registered with the simulator); otherwise Settings'
   * public URL. Empty while unknown.
   */
  callbackUrl(): string {
    const settings = this.deps.settings();
    if (settings.bridge.mode === 'relay') return this.link?.status().callbackUrl ?? '';
    if (settings.environment === 'training') return this.url() ?? '';
    return settings.bridge.publicUrl;
  }

  /** "Test the callback path": a signed check in at the relay's public URL, out at this desk (bridge/path-check.ts). */
  checkPath(): Promise<PathCheckOutcome> {
    return checkCallbackPath({ link: this.link, credential: this.deps.relayCredential, now: this.deps.now });
  }

  /** The operator saved a new relay credential: use it now rather than at the next slow retry. */
  credentialChanged(): void {
    this.link?.reconnect();
  }

  status(): BridgeStatus {
    const settings = this.deps.settings();
    const states = this.inbox.countByState() as Record<string, number>;
    const localUrl = this.url();
    return {
      mode: settings.bridge.mode,
      listening: this.running !== null,
      localUrl,
      callbackUrl: this.callbackUrl(),
      environment: settings.environment,
      problem: this.problem,
      counters: this.running?.counters() ?? null,
      relay: this.link?.status() ?? null,
      inbox: { pending: states.pending ?? 0, waiting: states.waiting ?? 0, failed: states.failed ?? 0 },
    };
  }

  /**
   * Counters change with every callback: tell the renderer at most once a second. Not once the bridge is stopping or
   * stopped: a callback that was under way as it stopped is still stored, but close() tells the screen itself, and a
   * timer set now would run after the core had closed the database.
   */
  private announceSoon(): void {
    if (this.announceTimer || (this.running === null && this.link === null)) return;
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
