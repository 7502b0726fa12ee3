// Subscriptions (gateway v0.5 §2.17–2.19): we ask the consent manager to tell us when a patient gets new care
// contexts (LINK) or new data on known ones (DATA); the patient grants or denies, may revoke later, and while the
// subscription lasts the CM sends events. Every notification is acknowledged; each event is stored once (by its
// id), shown to the desk as `subscriptions.event`, and a DATA event may fetch the new records at once.
import { purposeOf, type PurposeCode } from '../../shared/hiu-terms';
import { randomUUID } from 'node:crypto';
import { SubscriptionStore, type SubscriptionCategory, type SubscriptionRequestRecord, type SubscriptionSourceRecord, type SubscriptionStatus } from '../../store/hiu/subscriptions';
import type { Outcome } from '../../gateway/callback-processor';
import { hiuIdOf, isoAt, type HiuCallback, type HiuContext, type PatientGuard, type HiuEffects } from './hiu-context';

export type { SubscriptionCategory, SubscriptionStatus } from '../../store/hiu/subscriptions';

export interface SubscriptionRequestInput {
  patientId: string;
  categories: SubscriptionCategory[];
  /** Only these HIPs; none or empty means every HIP the patient has. */
  hipIds?: string[];
  /** The period the subscription covers (ISO date-times). */
  from: string;
  to: string;
  /** Purpose of use (spec §6); CAREMGT when absent. */
  purposeCode?: PurposeCode;
}

export interface SubscriptionSource {
  hipId: string;
  hipName: string | null;
  categories: string[];
  from: string | null;
  to: string | null;
}

export interface SubscriptionView {
  /** Ours: the requestId of subscription-requests/cm/init. */
  id: string;
  patientId: string;
  /** REQUESTED until the patient decides; FAILED when the gateway or the CM refused (errorCode says why). */
  status: SubscriptionStatus;
  categories: SubscriptionCategory[];
  hipIds: string[];
  from: string;
  to: string;
  /** The CM's subscription id, once granted. */
  subscriptionId: string | null;
  sources: SubscriptionSource[];
  createdAt: string;
  updatedAt: string;
  errorCode: string | null;
}

/** The `subscriptions.event` payload: one LINK or DATA event, as the desk shows it. */
export interface SubscriptionEventView {
  subscriptionId: string;
  eventId: string;
  category: string;
  patientId: string;
  hipId: string;
  careContexts: string[];
  hiTypes: string[];
}

export interface SubscriptionHooks {
  /** Requests the records that are new at this HIP (called after the commit, for DATA events when Settings say so). */
  fetchNewRecords(patientId: string, hipId: string): Promise<void>;
  /** Told when fetchNewRecords fails (it should record its own failures; this is for the log). */
  onFetchError?(error: unknown): void;
}

const NOTIFIED_STATUSES: ReadonlySet<string> = new Set(['GRANTED', 'DENIED', 'REVOKED', 'EXPIRED']);
const ENDED: ReadonlySet<SubscriptionStatus> = new Set(['DENIED', 'REVOKED', 'EXPIRED']);

export class SubscriptionService {
  private readonly store: SubscriptionStore;

  constructor(
    private readonly ctx: HiuContext,
    private readonly guard: PatientGuard,
    private readonly hooks: SubscriptionHooks,
  ) {
    this.store = new SubscriptionStore(ctx.db);
  }

  register(): void {
    this.ctx.processor.on('subscriptionRequests.onInit', (callback) => this.initiated(callback));
    this.ctx.processor.on('subscriptionRequests.notify', (callback, effects) => this.decided(callback, effects));
    this.ctx.processor.on('subscriptions.notify', (callback, effects) => this.event(callback, effects));
  }

  /**
   * subscription-requests/cm/init. Resolves once the gateway took it (202) with the request as stored (REQUESTED);
   * the CM's on-init and the patient's decision follow as callbacks. A gateway refusal is thrown (and kept as FAILED).
   * On an API without subscription requests (HIE-CM v3 here, electron/abdm/gateway/v3/generation.ts) it is NOT_ON_THIS_API
   * and nothing is stored: a request that can never be sent must not stay listed as REQUESTED.
   */
  async request(input: SubscriptionRequestInput): Promise<SubscriptionView> {
    const { patientId } = input;
    this.guard.assertActive(patientId);
    const hiuId = hiuIdOf(this.ctx.settings());
    const id = randomUUID();
    const purposeCode = input.purposeCode ?? 'CAREMGT';
    const categories = [...new Set(input.categories)];
    const hipIds = [...new Set(input.hipIds ?? [])];
    const subscription = {
      purpose: purposeOf(purposeCode),
      patient: { id: patientId },
      hiu: { id: hiuId },
      ...(hipIds.length > 0 ? { hips: hipIds.map((hipId) => ({ id: hipId })) } : {}),
      categories,
      period: { from: input.from, to: input.to },
    };
    // Queued and stored in one transaction, before it is sent, so that the on-init (which may come at once) finds it.
    // The queueing goes first: the outbox asks the current generation for the operation's path and refuses one it has
    // none for (supports() false, electron/abdm/gateway/generation.ts) with NOT_ON_THIS_API before recording
    // anything, which undoes the transaction: nothing is stored.
    this.ctx.db.transaction(() => {
      this.ctx.outbox.enqueue('subscriptionRequests.init', { subscription }, { requestId: id, patientId });
      this.store.add({ id, patientId, hiuId, purposeCode, categories, hipIds, from: input.from, to: input.to, at: isoAt(this.ctx.now) });
    }).immediate();
    const entry = await this.ctx.outbox.sendNow(id);
    if (entry.state === 'refused') {
      this.store.failed(id, entry.errorCode ?? 'REFUSED', isoAt(this.ctx.now));
      await this.ctx.outbox.waitForAnswer(id); // throws the refusal as the operator's failure
    }
    return this.view(this.store.get(id)!);
  }

  /** Newest first; only this patient's when `patientId` is given. */
  list(input: { patientId?: string } = {}): SubscriptionView[] {
    return this.store.list({ patientId: input.patientId }).map((record) => this.view(record));
  }

  /** The events received, oldest first. */
  events(input: { subscriptionId?: string; patientId?: string } = {}): SubscriptionEventView[] {
    return this.store.events(input).map((event) => eventView(event.eventId, event.subscriptionId, event.category, event.content, event.patientId ?? '', event.hipId ?? ''));
  }

  private view(record: SubscriptionRequestRecord): SubscriptionView {
    let { status, errorCode } = record;
    // Never taken by the CM: the gateway refused it, or no on-init came in time.
    if (status === 'REQUESTED' && !record.gatewayId) {
      const entry = this.ctx.outbox.get(record.id);
      if (entry?.state === 'refused' || entry?.state === 'timed-out') {
        status = 'FAILED';
        errorCode = entry.errorCode ?? (entry.state === 'timed-out' ? 'GATEWAY_NO_ANSWER' : 'REFUSED');
      }
    }
    return {
      id: record.id,
      patientId: record.patientId,
      status,
      categories: record.categories,
      hipIds: record.hipIds,
      from: record.from,
      to: record.to,
      subscriptionId: record.subscriptionId,
      sources: (record.sources ?? []).map(sourceView),
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
      errorCode,
    };
  }

  /** subscription-requests/hiu/on-init: the CM's id for our request, or its refusal. */
  private initiated(callback: HiuCallback<'subscriptionRequests.onInit'>): Outcome {
    const record = callback.respRequestId ? this.store.get(callback.respRequestId) : undefined;
    if (!record) return { applied: true };
    const at = isoAt(this.ctx.now);
    const gatewayId = callback.message.subscriptionRequestId;
    if (callback.errorCode) this.store.failed(record.id, callback.errorCode, at);
    else if (gatewayId !== null) this.store.initiated(record.id, gatewayId, at);
    return { applied: true, patientId: record.patientId };
  }

  /** subscription-requests/hiu/notify: GRANTED (with the subscription), DENIED, REVOKED or EXPIRED. */
  private decided(callback: HiuCallback<'subscriptionRequests.notify'>, effects: HiuEffects): Outcome {
    const notification = callback.message;
    const gatewayId = notification.subscriptionRequestId;
    const record = gatewayId ? this.store.byGatewayId(gatewayId) : undefined;
    // It may have overtaken the on-init that tells us the CM's id for one of our requests.
    if (!record && gatewayId && this.store.hasUnacknowledged()) return { waitFor: `the subscription request ${gatewayId} is not known yet` };
    effects.enqueue(
      'subscriptionRequests.onNotify',
      { acknowledgement: { status: 'OK', subscriptionRequestId: gatewayId }, resp: { requestId: callback.requestId } },
      { patientId: record?.patientId ?? null },
    );
    if (!record) return { applied: true };
    const status = notification.status;
    // A grant that arrives after the end (out of order, or a late duplicate) does not bring the subscription back.
    if (NOTIFIED_STATUSES.has(status) && !(status === 'GRANTED' && ENDED.has(record.status))) {
      this.store.decided(
        record.id,
        {
          status: status as SubscriptionStatus,
          subscriptionId: notification.subscriptionId,
          sources: notification.sources as SubscriptionSourceRecord[] | null,
        },
        isoAt(this.ctx.now),
      );
    }
    return { applied: true, patientId: record.patientId };
  }

  /** subscriptions/hiu/notify: a LINK or DATA event; stored once, acknowledged every time. */
  private event(callback: HiuCallback<'subscriptions.notify'>, effects: HiuEffects): Outcome {
    const event = callback.message;
    const eventId = event.eventId ?? callback.requestId;
    const subscriptionId = event.subscriptionId;
    const subscription = subscriptionId ? this.store.bySubscriptionId(subscriptionId) : undefined;
    // It may have overtaken the GRANTED notification that names the subscription.
    if (!subscription && this.store.hasUndecided()) return { waitFor: `the subscription ${subscriptionId} is not known yet` };
    const { content, category } = event;
    const patientId = event.patientId ?? subscription?.patientId ?? '';
    const hipId = event.hipId ?? '';
    effects.enqueue('subscriptions.onNotify', { acknowledgement: { status: 'OK', eventId }, resp: { requestId: callback.requestId } }, { patientId: patientId || null });
    const stored = this.store.addEvent({ eventId, subscriptionId, category, patientId: patientId || null, hipId: hipId || null, content, receivedAt: callback.receivedAt });
    if (stored) {
      effects.emit('subscriptions.event', eventView(eventId, subscriptionId, category, content, patientId, hipId));
      if (category === 'DATA' && patientId && hipId && this.ctx.settings().hiu.fetchOnDataEvent) {
        effects.after(() => {
          this.hooks.fetchNewRecords(patientId, hipId).catch((error: unknown) => this.hooks.onFetchError?.(error));
        });
      }
    }
    return { applied: true, patientId: patientId || null };
  }
}

function sourceView(source: SubscriptionSourceRecord): SubscriptionSource {
  return {
    hipId: source.hip?.id ?? '',
    hipName: source.hip?.name ?? null,
    categories: Array.isArray(source.categories) ? source.categories : [],
    from: source.period?.from ?? null,
    to: source.period?.to ?? null,
  };
}

function eventView(eventId: string, subscriptionId: string, category: string, content: Record<string, unknown>, patientId: string, hipId: string): SubscriptionEventView {
  const context = Array.isArray(content.context) ? (content.context as { careContext?: { careContextReference?: unknown }; hiTypes?: unknown }[]) : [];
  const careContexts = context.map((item) => item.careContext?.careContextReference).filter((ref): ref is string => typeof ref === 'string');
  const hiTypes = [...new Set(context.flatMap((item) => (Array.isArray(item.hiTypes) ? item.hiTypes : [])).filter((type): type is string => typeof type === 'string'))];
  return { subscriptionId, eventId, category, patientId, hipId, careContexts, hiTypes };
}
