// The HIU engine: builds the gateway pipeline (electron/gateway/: the roles, the outbox, the callback processor and
// the callback bridge as a part of the core), registers the HIU as its first role, and builds every HIU service.
// Another role (the HIP) registers with `roles` and the processor the same way. At start-up it resumes whatever a crash or a quit left: callbacks stored
// but not applied, pages not processed, requests not yet accepted, erasures that fell due while the app was closed.
import type { Database } from 'better-sqlite3-multiple-ciphers';
import { registerBridgeUrl } from '../../abdm/gateway/bridge-registration';
import type { GatewayGeneration } from '../../abdm/gateway/generation';
import { HIU_ROLE } from '../../abdm/gateway/hiu/hiu-role';
import { createHiuGatewayClient, type HiuGatewayClient } from '../../abdm/gateway/gateway-client';
import type { Part } from '../../core/parts';
import type { EventName, EventPayloads } from '../../ipc/contract';
import { AppFailure } from '../../shared/errors';
import { withTimeout } from '../../shared/with-timeout';
import { GatewayOutboxStore } from '../../store/gateway/outbox';
import { RelayExpectations } from '../../store/gateway/relay-expectations';
import { DataPushPageStore } from '../../store/hiu/data-push-pages';
import type { RecordCipher } from '../../store/hiu/record-cipher';
import type { Settings } from '../../store/settings/settings-schema';
import { TimelineStore, type TimelineEntry } from '../../store/gateway/timeline';
import type { AbdmConnection } from '../abdm-connection';
import type { AuditLog } from '../day/audit';
import { BridgePart } from '../../gateway/bridge-part';
import { CallbackProcessor } from '../../gateway/callback-processor';
import { GatewayRoles } from '../../gateway/gateway-roles';
import { ConsentService } from './consents';
import { GatewayOutbox } from '../../gateway/outbox';
import { HealthInformationService } from './health-information';
import { hiuIdOf, type HiuContext } from './hiu-context';
import type { DesktopPort } from '../desktop/desktop-port';
import { KycAuth } from './kyc-auth';
import { PatientIdentification } from './patient-identification';
import { PatientStatusService } from './patient-status';
import { RecordErasure } from './record-erasure';
import { RELAY_CLAIM_TIMEOUT_MS, type ClaimedEntry } from '../../gateway/relay-claims';
import { hiuRelayClaimsOf } from './hiu-relay-claims';
import { RecordViewer } from './record-viewer';
import { SubscriptionService } from './subscriptions';

/** How often overdue answers, due erasures and stalled transfers are looked for. */
const SWEEP_INTERVAL_MS = 1_000;
/** Training in relay mode: how long the first request waits for the relay's hello, to register its callback URL. */
const RELAY_HELLO_WAIT_MS = 5_000;

export interface HiuEngineDeps {
  db: Database;
  settings: () => Settings;
  abdm: AbdmConnection;
  cipher: RecordCipher;
  audit: AuditLog;
  now: () => number;
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void;
  logError(what: string, error: unknown): void;
  bridgePort?: number;
  /** Save dialog and printer, as for cards. */
  desktop: DesktopPort;
  /** This desk's relay credential (keychain), for relay mode; none: the link says so in bridge.status. */
  relayCredential?: () => Promise<string | null>;
  /** The roles of the pipeline; the engine registers the HIU. Default: a new registry. */
  roles?: GatewayRoles;
}

export class HiuEngine {
  readonly bridge: BridgePart<DataPushPageStore>;
  readonly identification: PatientIdentification;
  readonly kyc: KycAuth;
  readonly consents: ConsentService;
  readonly records: HealthInformationService;
  readonly viewer: RecordViewer;
  readonly subscriptions: SubscriptionService;
  readonly patientStatus: PatientStatusService;
  readonly outbox: GatewayOutbox;
  readonly processor: CallbackProcessor;
  /** Every role of the gateway pipeline (the HIU, and whatever registers next). */
  readonly roles: GatewayRoles;
  private readonly erasure: RecordErasure;
  private readonly timeline: TimelineStore;
  private readonly generation: () => GatewayGeneration = () => this.roles.generation(this.deps.settings().abdmApi);
  private client: { key: string; client: HiuGatewayClient } | null = null;
  /** The simulator the bridge URL was last registered with (training), so it is registered once per simulator. */
  private registered: string | null = null;

  constructor(private readonly deps: HiuEngineDeps) {
    const { db, now } = deps;
    this.roles = deps.roles ?? new GatewayRoles();
    this.roles.register(HIU_ROLE, { id: () => hiuIdOf(deps.settings()) });
    const expectations = new RelayExpectations(db);
    this.timeline = new TimelineStore(db);
    this.outbox = new GatewayOutbox({
      store: new GatewayOutboxStore(db),
      timeline: this.timeline,
      generation: this.generation,
      client: () => this.gatewayClient(),
      cmId: () => deps.settings().cmId,
      hiuId: () => hiuIdOf(deps.settings()),
      now,
      answerTimeoutMs: () => deps.settings().hiu.answerTimeoutSeconds * 1000,
      beforeSend: (entry) => this.claimAtRelay(entry),
    });
    this.bridge = new BridgePart({
      db,
      settings: deps.settings,
      generation: this.generation,
      roles: this.roles,
      pages: new DataPushPageStore(db),
      openExpectations: (at) => expectations.keys(at),
      jwksUrl: async () => `${(await deps.abdm.gateway()).gatewayBaseUrl}${this.generation().certsPath}`,
      now,
      portOverride: deps.bridgePort,
      relayCredential: deps.relayCredential ?? (async () => null),
      logError: deps.logError,
      stored: { callback: () => void this.processor.kick(), page: () => void this.records.processPages() },
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
    const ctx: HiuContext = { db, outbox: this.outbox, processor: this.processor, settings: deps.settings, now, emit: deps.emit, audit: deps.audit };
    this.consents = new ConsentService(ctx, { assertActive: (id) => this.patientStatus.assertActive(id) }, {
      artefactReady: (artefactId, effects) => void this.records.start(artefactId, effects.enqueue),
      artefactEnded: (artefactId, reason) => void this.erasure.eraseArtefact(artefactId, reason),
    }, () => this.pushBase());
    this.patientStatus = new PatientStatusService(ctx, { erasePatient: (patientId, reason) => this.erasure.erasePatient(patientId, reason) });
    this.records = new HealthInformationService(ctx, this.patientStatus, this.consents.store, deps.cipher, () => this.pushBase());
    this.viewer = new RecordViewer({
      records: this.records,
      consents: this.consents.store,
      desktop: deps.desktop,
      audit: deps.audit,
      clinic: () => deps.settings().clinicName || hiuIdOf(deps.settings()),
    });
    this.erasure = new RecordErasure(ctx, this.consents.store, this.records.records);
    this.identification = new PatientIdentification(ctx, this.patientStatus);
    this.kyc = new KycAuth(ctx, this.patientStatus);
    this.subscriptions = new SubscriptionService(ctx, this.patientStatus, { fetchNewRecords: (patientId, hipId) => this.fetchNewRecords(patientId, hipId) });
    for (const service of [this.consents, this.records, this.patientStatus, this.identification, this.kyc, this.subscriptions]) service.register();
  }

  /** The parts the core runs: the bridge (restarted when its settings change) and the engine's own work. */
  parts(): Part[] {
    let timer: NodeJS.Timeout | null = null;
    const work: Part = {
      name: 'HIU engine',
      start: () => {
        this.resume();
        timer = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS);
        timer.unref?.();
      },
      close: async () => {
        if (timer) clearInterval(timer);
        await this.processor.stop();
        await this.records.processPages();
        this.outbox.close();
      },
    };
    // Started first and closed last: the bridge stops taking callbacks before the processing stops, and the
    // database closes only after both.
    return [work, this.bridge];
  }

  /** Picks up where the last run stopped. */
  resume(): void {
    this.sweep();
    void this.processor.kick();
    void this.records.processPages();
    this.outbox.flush();
  }

  /** Overdue answers, due erasures, stalled transfers. Public so tests that move the clock need not wait. */
  sweep(): void {
    try {
      this.outbox.sweep();
      this.erasure.sweep();
      this.records.sweep();
    } catch (error) {
      this.deps.logError('HIU sweep', error);
    }
  }

  /** Resolves when every stored callback and page has been applied (tests, and the crash test's restart). */
  async idle(): Promise<void> {
    await this.processor.kick();
    await this.records.processPages();
  }

  timelineList(filter: { patientId?: string; consentRequestId?: string }): TimelineEntry[] {
    return this.timeline.list(filter);
  }

  private async gatewayClient(): Promise<HiuGatewayClient> {
    const gateway = await this.deps.abdm.gateway();
    if (gateway.training) await this.registerWithSimulator(gateway);
    if (this.client?.key !== gateway.gatewayBaseUrl) {
      this.client = { key: gateway.gatewayBaseUrl, client: createHiuGatewayClient({ gatewayBaseUrl: gateway.gatewayBaseUrl, session: gateway.session }) };
    }
    return this.client.client;
  }

  /**
   * In relay mode, before a request goes out: its id (and a health-information request's push secret hash) become
   * this desk's at the relay, so the answer comes here at once. Waits at most RELAY_CLAIM_TIMEOUT_MS and never
   * fails: an answer nobody claimed is kept at the relay until this desk claims it after its next hello.
   */
  private async claimAtRelay(entry: ClaimedEntry): Promise<void> {
    const link = this.bridge.relayLink();
    if (!link) return;
    const answer = await link.expect(hiuRelayClaimsOf(entry), RELAY_CLAIM_TIMEOUT_MS);
    // Another desk of the clinic holds the key: the answer goes there. Worth a line in the log, nothing more.
    if (answer && answer.refused.length > 0) this.deps.logError('relay claim', new Error(`The relay gave ${answer.refused.length} key(s) of request ${entry.requestId} to another desk.`));
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
    const v3 = this.generation().name === 'v3' ? { cmId: this.deps.settings().cmId } : undefined;
    await registerBridgeUrl({ gatewayBaseUrl: gateway.gatewayBaseUrl, session: gateway.session, url, v3 });
    this.registered = key;
  }

  /** The base of data-push URLs: where ABDM calls this desk back (BridgePart.callbackUrl), or why there is none. */
  private pushBase(): string {
    const url = this.bridge.callbackUrl();
    if (url) return url;
    const settings = this.deps.settings();
    if (settings.bridge.mode === 'relay') throw new AppFailure('NOT_CONNECTED', { params: { reason: 'relay' } });
    throw new AppFailure(settings.environment === 'training' ? 'NOT_CONNECTED' : 'PUBLIC_URL_MISSING');
  }

  /** A subscription's DATA event: request the new records under every live consent for that patient and HIP. */
  private async fetchNewRecords(patientId: string, hipId: string): Promise<void> {
    for (const artefact of this.consents.store.liveArtefacts(patientId, hipId)) {
      await this.records.fetch({ artefactId: artefact.id }).catch((error) => this.deps.logError('fetch on DATA event', error));
    }
  }
}
