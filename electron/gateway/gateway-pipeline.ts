// The gateway pipeline, assembled: the roles, the outbox (every request to the gateway), the callback bridge as a part
// of the core (direct or through the clinic's relay), and the callback processor that applies what the bridge stored.
// It knows no role: each registers its description with `roles` and its handlers with `processor`, and gives what only
// it knows (where pushed pages go, what it still expects at the relay, what a request claims there, how long an answer
// may take). Built once by the first role's engine (services/hiu/hiu-engine.ts); the next role joins the same one.
import type { Database } from 'better-sqlite3-multiple-ciphers';
import { registerBridgeUrl } from '../abdm/gateway/bridge-registration';
import type { GatewayGeneration } from '../abdm/gateway/generation';
import { createGatewayClient, type GatewayClient } from '../abdm/gateway/gateway-client';
import type { EventName, EventPayloads } from '../core/events';
import type { AbdmConnection } from '../services/abdm-connection';
import { withTimeout } from '../shared/with-timeout';
import { GatewayOutboxStore } from '../store/gateway/outbox';
import { TimelineStore } from '../store/gateway/timeline';
import type { Settings } from '../store/settings/settings-schema';
import { BridgePart, type PushPages } from './bridge-part';
import { CallbackProcessor } from './callback-processor';
import { GatewayRoles } from './gateway-roles';
import { GatewayOutbox } from './outbox';
import { RELAY_CLAIM_TIMEOUT_MS, type ClaimedEntry } from './relay-claims';

/** Training in relay mode: how long the first request waits for the relay's hello, to register its callback URL. */
const RELAY_HELLO_WAIT_MS = 5_000;

export interface GatewayPipelineDeps<Pages extends PushPages> {
  db: Database;
  settings: () => Settings;
  abdm: AbdmConnection;
  now: () => number;
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void;
  logError(what: string, error: unknown): void;
  /** Overrides the settings' bridge port (web mode's --bridge-port). */
  bridgePort?: number;
  /** This desk's relay credential (keychain), for relay mode. */
  relayCredential?: () => Promise<string | null>;
  /** The roles; default a new registry. */
  roles?: GatewayRoles;
  /** Where pushed pages are stored, and what to do once one is. */
  pages: Pages;
  pageStored(): void;
  /** The keys this desk still expects at the relay for requests it made, claimed after each hello (each role's standing keys join them). */
  openExpectations(at: number): readonly string[];
  /** Every key a request claims at the relay before it goes (its id, and what its role hands out). */
  relayClaimsOf(entry: ClaimedEntry): string[];
  /** How long a request waits for its callback before it is shown timed out. */
  answerTimeoutMs(): number;
}

export class GatewayPipeline<Pages extends PushPages = PushPages> {
  readonly roles: GatewayRoles;
  readonly timeline: TimelineStore;
  readonly outbox: GatewayOutbox;
  readonly bridge: BridgePart<Pages>;
  readonly processor: CallbackProcessor;
  /** The generation requests go out on now, with every registered role's wire. */
  readonly generation: () => GatewayGeneration = () => this.roles.generation(this.deps.settings().abdmApi);
  private client: { key: string; client: GatewayClient } | null = null;
  /** The simulator the bridge URL was last registered with (training), so it is registered once per simulator. */
  private registered: string | null = null;

  constructor(private readonly deps: GatewayPipelineDeps<Pages>) {
    const { db, now } = deps;
    this.roles = deps.roles ?? new GatewayRoles();
    this.timeline = new TimelineStore(db);
    this.outbox = new GatewayOutbox({
      store: new GatewayOutboxStore(db),
      timeline: this.timeline,
      generation: this.generation,
      client: () => this.gatewayClient(),
      cmId: () => deps.settings().cmId,
      now,
      answerTimeoutMs: deps.answerTimeoutMs,
      beforeSend: (entry) => this.claimAtRelay(entry),
      // A send's outcome is a new line in its consent request's timeline (the last one, the transfer's notify, often
      // comes after every record): the screen showing that request reads it again.
      changed: (entry) => {
        if (entry.consentRequestId) deps.emit('consents.changed', { id: entry.consentRequestId });
      },
    });
    this.bridge = new BridgePart({
      db,
      settings: deps.settings,
      generation: this.generation,
      roles: this.roles,
      pages: deps.pages,
      openExpectations: (at) => [...deps.openExpectations(at), ...this.roles.standingKeys(deps.settings())],
      jwksUrl: async () => `${(await deps.abdm.gateway()).gatewayBaseUrl}${this.generation().certsPath}`,
      now,
      portOverride: deps.bridgePort,
      relayCredential: deps.relayCredential ?? (async () => null),
      logError: deps.logError,
      stored: { callback: () => void this.processor.kick(), page: () => deps.pageStored() },
      changed: (status) => deps.emit('bridge.changed', status),
    });
    this.processor = new CallbackProcessor({
      db,
      inbox: this.bridge.inbox,
      outbox: this.outbox,
      timeline: this.timeline,
      generation: this.generation,
      generationOfPath: (path) => this.roles.generationOfPath(path),
      now,
      emit: deps.emit,
      logError: deps.logError,
    });
  }

  private async gatewayClient(): Promise<GatewayClient> {
    const gateway = await this.deps.abdm.gateway();
    if (gateway.training) await this.registerWithSimulator(gateway);
    if (this.client?.key !== gateway.gatewayBaseUrl) {
      this.client = { key: gateway.gatewayBaseUrl, client: createGatewayClient({ gatewayBaseUrl: gateway.gatewayBaseUrl, session: gateway.session }) };
    }
    return this.client.client;
  }

  /**
   * In relay mode, before a request goes out: its id (and whatever else its role hands out) become this desk's at the
   * relay, so the answer comes here at once. Waits at most RELAY_CLAIM_TIMEOUT_MS and never fails: an answer nobody
   * claimed is kept at the relay until this desk claims it after its next hello.
   */
  private async claimAtRelay(entry: ClaimedEntry): Promise<void> {
    const link = this.bridge.relayLink();
    if (!link) return;
    const answer = await link.expect(this.deps.relayClaimsOf(entry), RELAY_CLAIM_TIMEOUT_MS);
    // Another desk of the clinic holds the key: the answer goes there. Worth a line in the log, nothing more.
    if (answer && answer.refused.length > 0) this.deps.logError('relay claim', new Error(`The relay gave ${answer.refused.length} key(s) of request ${entry.requestId} to another desk.`));
  }

  /**
   * Training: tells the simulator where the bridge is now, without waiting for the desk's first request. News nobody
   * asked for (a profile shared at a counter) must find the bridge even at a desk that has sent nothing yet.
   */
  async announceToSimulator(): Promise<void> {
    const gateway = await this.deps.abdm.gateway();
    if (gateway.training) await this.registerWithSimulator(gateway);
  }

  /**
   * Training points its simulator at our bridge by itself (in relay mode at the relay's callback URL, which the
   * relay's hello tells); a real ABDM is told by the clinic (Settings).
   */
  private async registerWithSimulator(gateway: Awaited<ReturnType<AbdmConnection['gateway']>>): Promise<void> {
    const link = this.bridge.relayLink();
    if (link && !link.status().callbackUrl) await withTimeout(link.whenConnected(), RELAY_HELLO_WAIT_MS, 'the relay').catch(() => undefined);
    const url = this.bridge.callbackUrl();
    const key = `${gateway.gatewayBaseUrl}|${url}`;
    if (!url || this.registered === key) return;
    await registerBridgeUrl({ gatewayBaseUrl: gateway.gatewayBaseUrl, session: gateway.session, url, generation: this.generation().name, cmId: this.deps.settings().cmId, now: this.deps.now });
    this.registered = key;
  }
}
