import type { BridgeRegistry } from './bridge-registry';
import type { SandboxContext } from '../../context';
import { CallbackSender, sameWire, type Recipient } from './callback-sender';
import { CmRefusal, type CmError } from './cm-errors';
import type { ArtefactRecord, ConsentRequestRecord } from './consent-records';
import { ReplayGuard } from './gateway-rules';
import { DEFAULT_HIU_SETTINGS, resolveHiuSettings, type HiuSettings } from './hiu-settings';
import { NotificationLog } from './notification-log';
import { PatientDirectory } from './patient-directory';
import type { SubscriptionRecord, SubscriptionRequestRecord } from './subscription-records';
import type { TransferRecord } from './transfer-records';
import type { AuthTransaction } from './user-auth';
import { WorkTracker } from './work-tracker';

/** Who a callback goes to: the calling client's bridge, addressed to one HIU (or HIP) id. */
export type Caller = Recipient;

/**
 * Everything the HIU-facing gateway, the consent manager and the demo HIPs share: settings,
 * outgoing messages, and the records of consent requests, artefacts, transfers and subscriptions.
 */
export class HiuWorld {
  settings: HiuSettings;
  readonly work = new WorkTracker();
  readonly sender: CallbackSender;
  readonly directory: PatientDirectory;
  readonly notifications = new NotificationLog();
  readonly replay: ReplayGuard;
  readonly consentRequests = new Map<string, ConsentRequestRecord>();
  readonly artefacts = new Map<string, ArtefactRecord>();
  readonly authTransactions = new Map<string, AuthTransaction>();
  readonly transfers = new Map<string, TransferRecord>();
  readonly subscriptionRequests = new Map<string, SubscriptionRequestRecord>();
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  /** HIUs that dealt with a patient; they hear about the patient's status changes. */
  readonly contacts = new Map<string, Map<string, Caller>>();
  /** Bundles a test supplied in place of the generated ones, by `<careContextReference>/<hiType>` (POST /_sandbox/hiu/bundles). */
  readonly bundleOverrides = new Map<string, string>();
  /** Errors of scheduled work (a bug, or a bridge URL that cannot be parsed), for inspection. */
  readonly failures: string[] = [];

  constructor(
    readonly ctx: SandboxContext,
    readonly bridges: BridgeRegistry,
    settings: Partial<HiuSettings> = {},
  ) {
    this.settings = resolveHiuSettings(DEFAULT_HIU_SETTINGS, settings);
    this.sender = new CallbackSender(ctx, bridges, () => this.settings, this.work);
    this.directory = new PatientDirectory(ctx);
    this.replay = new ReplayGuard(() => ctx.clock.now());
  }

  now(): number {
    return this.ctx.clock.now();
  }

  iso(ms = this.now()): string {
    return new Date(ms).toISOString();
  }

  /** Sends the callback for a request: the payload, or the consent manager's refusal. */
  answer(caller: Caller, path: string, callerRequestId: string, produce: () => Record<string, unknown>): void {
    let payload: Record<string, unknown>;
    try {
      payload = produce();
    } catch (error) {
      if (!(error instanceof CmRefusal)) throw error;
      this.answerWithError(caller, path, callerRequestId, error.error);
      return;
    }
    this.sender.send(caller, path, { ...payload, resp: { requestId: callerRequestId } });
  }

  answerWithError(caller: Caller, path: string, callerRequestId: string, error: CmError): void {
    const resp = { requestId: callerRequestId };
    if (this.settings.cmErrorStyle === 'cm') {
      this.sender.send(caller, path, { error, resp });
      return;
    }
    // ProjectEKA's gateway relays a CM refusal as its own 2500 error, without a timestamp,
    // addressed to the bridge rather than the HIU id.
    const bridge = sameWire(caller, { clientId: caller.clientId, serviceId: `bridge_${caller.clientId}` });
    this.sender.send(bridge, path, { error: { code: 2500, message: error.message }, resp }, { timestamp: false });
  }

  /** Sends a notification that expects an on-notify, and remembers it so the ack can be matched. */
  notify(recipient: Caller, path: string, payload: Record<string, unknown>): string {
    const requestId = this.sender.send(recipient, path, payload);
    this.notifications.record(requestId, path, recipient.clientId, this.now());
    return requestId;
  }

  /** Runs consent-manager or HIP work later (real ms); failures are kept for inspection. */
  later(delayMs: number, task: () => Promise<unknown> | unknown): void {
    this.work.schedule(delayMs, task, (error) => {
      this.failures.push(error instanceof Error ? error.message : String(error));
    });
  }

  rememberContact(patientId: string, caller: Caller): void {
    const key = patientId.toLowerCase();
    const known = this.contacts.get(key) ?? new Map<string, Caller>();
    known.set(`${caller.clientId}/${caller.serviceId}`, { clientId: caller.clientId, serviceId: caller.serviceId });
    this.contacts.set(key, known);
  }

  updateSettings(changes: unknown): HiuSettings {
    this.settings = resolveHiuSettings(this.settings, changes);
    return this.settings;
  }

  reset(): void {
    for (const map of [this.consentRequests, this.artefacts, this.authTransactions, this.transfers, this.subscriptionRequests, this.subscriptions, this.contacts, this.bundleOverrides]) {
      map.clear();
    }
    this.notifications.clear();
    this.replay.clear();
    this.directory.reset();
    this.failures.length = 0;
  }

  close(): void {
    this.work.close();
  }
}
