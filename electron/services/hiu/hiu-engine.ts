// The HIU engine: builds the gateway pipeline (electron/gateway/: the roles, the outbox, the callback processor and
// the callback bridge as a part of the core), registers the HIU as its first role, and builds every HIU service.
// Another role (the HIP) registers with `roles` and the processor the same way. At start-up it resumes whatever a
// crash or a quit left: callbacks stored but not applied, pages not processed, requests not yet accepted, erasures
// that fell due while the app was closed.
import { IdentityCheck } from './identity-check';
import type { Database } from 'better-sqlite3-multiple-ciphers';
import { HIU_ROLE } from '../../abdm/gateway/hiu/hiu-role';
import type { Part } from '../../core/parts';
import type { EventName, EventPayloads } from '../../core/events';
import { AppFailure } from '../../shared/errors';
import { RelayExpectations } from '../../store/hiu/relay-expectations';
import { DataPushPageStore } from '../../store/hiu/data-push-pages';
import type { RecordCipher } from '../../store/hiu/record-cipher';
import type { Settings } from '../../store/settings/settings-schema';
import type { TimelineEntry } from '../../store/gateway/timeline';
import type { AbdmConnection } from '../abdm-connection';
import type { AuditLog } from '../day/audit';
import type { BridgePart } from '../../gateway/bridge-part';
import type { CallbackProcessor } from '../../gateway/callback-processor';
import type { GatewayRoles } from '../../gateway/gateway-roles';
import { GatewayPipeline } from '../../gateway/gateway-pipeline';
import { ConsentService } from './consents';
import type { GatewayOutbox } from '../../gateway/outbox';
import { HealthInformationService } from './health-information';
import { hiuIdOf, type HiuContext } from './hiu-context';
import type { DesktopPort } from '../desktop/desktop-port';
import { KycAuth } from './kyc-auth';
import { PatientIdentification } from './patient-identification';
import { PatientStatusService } from './patient-status';
import { RecordErasure } from './record-erasure';
import { hiuRelayClaimsOf } from './hiu-relay-claims';
import { RecordViewer } from './record-viewer';
import { SubscriptionService } from './subscriptions';

/** How often overdue answers, due erasures and stalled transfers are looked for. */
const SWEEP_INTERVAL_MS = 1_000;

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
  /** The gateway pipeline the HIU is the first role of (electron/gateway/gateway-pipeline.ts). */
  readonly pipeline: GatewayPipeline<DataPushPageStore>;
  readonly identification: PatientIdentification;
  readonly kyc: KycAuth;
  /** HIE-CM v3's identity check: a patient found by ABHA number or address (HIU_FLOW_101). */
  readonly identity: IdentityCheck;
  readonly consents: ConsentService;
  readonly records: HealthInformationService;
  readonly viewer: RecordViewer;
  readonly subscriptions: SubscriptionService;
  readonly patientStatus: PatientStatusService;
  private readonly erasure: RecordErasure;

  constructor(private readonly deps: HiuEngineDeps) {
    const { db, now } = deps;
    const expectations = new RelayExpectations(db);
    this.pipeline = new GatewayPipeline({
      db,
      settings: deps.settings,
      abdm: deps.abdm,
      now,
      emit: deps.emit,
      logError: deps.logError,
      bridgePort: deps.bridgePort,
      relayCredential: deps.relayCredential,
      roles: deps.roles,
      pages: new DataPushPageStore(db),
      pageStored: () => void this.records.processPages(),
      openExpectations: (at) => expectations.keys(at),
      relayClaimsOf: hiuRelayClaimsOf,
      answerTimeoutMs: () => deps.settings().hiu.answerTimeoutSeconds * 1000,
    });
    this.roles.register(HIU_ROLE, { id: () => hiuIdOf(deps.settings()) });
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
    this.identity = new IdentityCheck(ctx, this.patientStatus, () => deps.abdm.gateway());
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

  /** The pipeline's parts, named as before. */
  get bridge(): BridgePart<DataPushPageStore> {
    return this.pipeline.bridge;
  }

  get outbox(): GatewayOutbox {
    return this.pipeline.outbox;
  }

  get processor(): CallbackProcessor {
    return this.pipeline.processor;
  }

  /** Every role of the gateway pipeline (the HIU, and whatever registers next). */
  get roles(): GatewayRoles {
    return this.pipeline.roles;
  }

  /** Resolves when every stored callback and page has been applied (tests, and the crash test's restart). */
  async idle(): Promise<void> {
    await this.processor.kick();
    await this.records.processPages();
  }

  timelineList(filter: { patientId?: string; consentRequestId?: string }): TimelineEntry[] {
    return this.pipeline.timeline.list(filter);
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
