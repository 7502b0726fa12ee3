// SubscriptionService against the offline ABDM: the demo world (docs/sandbox-hiu.md §2: Asha Verma has records at
// City Clinic, Sunrise and District Hospital Nashik), its controls (§6), and message shapes from
// reference/spec/gateway-v05.md §2.17–2.19.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SubscriptionService } from '../../../../electron/services/hiu/subscriptions';
import { AppFailure } from '../../../../electron/shared/errors';
import { OPEN_GUARD, startHiuKit, type HiuKit } from './hiu-kit';

const ASHA = 'asha.verma@sbx';
const DAY = 86_400_000;
const period = () => ({ from: new Date(Date.now() - DAY).toISOString(), to: new Date(Date.now() + 365 * DAY).toISOString() });

describe('SubscriptionService', () => {
  let kit: HiuKit;
  let service: SubscriptionService;
  let fetchNewRecords: ReturnType<typeof vi.fn<(patientId: string, hipId: string) => Promise<void>>>;

  beforeEach(async () => {
    kit = await startHiuKit();
    fetchNewRecords = vi.fn(async () => undefined);
    service = new SubscriptionService(kit.ctx, OPEN_GUARD, { fetchNewRecords });
    service.register();
  });
  afterEach(async () => {
    await kit.close();
  });

  async function notifications(path: string) {
    const log = (await kit.read('/hiu/notifications')) as { sent: { requestId: string; path: string; acknowledgements: { path: string; body: any }[] }[] };
    return log.sent.filter((n) => n.path === path);
  }

  async function granted(input: Partial<Parameters<SubscriptionService['request']>[0]> = {}) {
    const view = await service.request({ patientId: ASHA, categories: ['LINK', 'DATA'], ...period(), ...input });
    await kit.settle();
    return service.list().find((s) => s.id === view.id)!;
  }

  it('requests a subscription as the spec says, stores it under our requestId, and returns after the 202', async () => {
    const { from, to } = period();
    const view = await service.request({ patientId: ASHA, categories: ['LINK', 'DATA'], from, to });
    expect(view).toMatchObject({ patientId: ASHA, status: 'REQUESTED', categories: ['LINK', 'DATA'], hipIds: [], from, to, subscriptionId: null, sources: [], errorCode: null });
    const [request] = kit.outbox('subscriptionRequests.init');
    expect(request!.requestId).toBe(view.id);
    expect(request!.patientId).toBe(ASHA);
    expect(request!.payload).toEqual({
      subscription: {
        purpose: { text: 'Care Management', code: 'CAREMGT', refUri: 'http://terminology.hl7.org/ValueSet/v3-PurposeOfUse' },
        patient: { id: ASHA },
        hiu: { id: 'HIU-ABHADESK-TRAINING' },
        categories: ['LINK', 'DATA'],
        period: { from, to },
      },
    });
  });

  it('GRANTED: the CM’s ids and the sources are kept, and the notification is acknowledged with its request id', async () => {
    const view = await granted();
    const cm = (await kit.read('/hiu/subscriptions')) as { requests: { id: string; subscriptionId: string }[]; subscriptions: { id: string }[] };
    expect(cm.requests).toHaveLength(1);
    expect(view.status).toBe('GRANTED');
    expect(view.subscriptionId).toBe(cm.requests[0]!.subscriptionId);
    expect(view.sources.map((s) => s.hipId).sort()).toEqual(['HIP-CITYCLINIC-PUNE', 'HIP-DH-NASHIK', 'HIP-SUNRISE-LABS']);
    expect(view.sources.find((s) => s.hipId === 'HIP-CITYCLINIC-PUNE')).toMatchObject({ categories: ['LINK', 'DATA'] });
    const stored = kit.db.prepare('SELECT gateway_id FROM subscription_requests WHERE id = ?').get(view.id) as { gateway_id: string };
    expect(stored.gateway_id).toBe(cm.requests[0]!.id);
    const [notified] = await notifications('/subscription-requests/hiu/notify');
    expect(notified!.acknowledgements).toHaveLength(1);
    expect(notified!.acknowledgements[0]!.body).toMatchObject({
      acknowledgement: { status: 'OK', subscriptionRequestId: cm.requests[0]!.id },
      resp: { requestId: notified!.requestId },
    });
  });

  it('only the HIPs asked for, and another purpose', async () => {
    const view = await granted({ hipIds: ['HIP-SUNRISE-LABS'], categories: ['DATA'], purposeCode: 'PATRQT' });
    expect(view).toMatchObject({ status: 'GRANTED', hipIds: ['HIP-SUNRISE-LABS'], categories: ['DATA'] });
    expect(view.sources.map((s) => s.hipId)).toEqual(['HIP-SUNRISE-LABS']);
    expect(kit.outbox('subscriptionRequests.init')[0]!.payload).toMatchObject({
      subscription: { purpose: { code: 'PATRQT', text: 'Self Requested' }, hips: [{ id: 'HIP-SUNRISE-LABS' }], categories: ['DATA'] },
    });
  });

  it('DENIED by the patient (decided by hand through the simulator’s control)', async () => {
    await kit.control('/hiu/settings', { subscriptionDecision: 'manual' });
    const view = await service.request({ patientId: ASHA, categories: ['LINK'], ...period() });
    await kit.settle();
    const gatewayId = (kit.db.prepare('SELECT gateway_id FROM subscription_requests WHERE id = ?').get(view.id) as { gateway_id: string }).gateway_id;
    expect(service.list()[0]!.status).toBe('REQUESTED');
    expect((await kit.control(`/subscription-requests/${gatewayId}/deny`)).status).toBe(200);
    await kit.settle();
    expect(service.list()[0]).toMatchObject({ status: 'DENIED', subscriptionId: null });
    expect((await notifications('/subscription-requests/hiu/notify'))[0]!.acknowledgements).toHaveLength(1);
  });

  it('granted by hand, then REVOKED: the revocation is kept and acknowledged; a late GRANTED does not undo it', async () => {
    await kit.control('/hiu/settings', { subscriptionDecision: 'manual' });
    const view = await service.request({ patientId: ASHA, categories: ['LINK', 'DATA'], ...period() });
    await kit.settle();
    const gatewayId = (kit.db.prepare('SELECT gateway_id FROM subscription_requests WHERE id = ?').get(view.id) as { gateway_id: string }).gateway_id;
    await kit.control(`/subscription-requests/${gatewayId}/grant`);
    await kit.settle();
    const grantedView = service.list()[0]!;
    expect(grantedView.status).toBe('GRANTED');
    await kit.control(`/subscriptions/${grantedView.subscriptionId}/revoke`);
    await kit.settle();
    expect(service.list()[0]).toMatchObject({ status: 'REVOKED', subscriptionId: grantedView.subscriptionId });
    const sent = await notifications('/subscription-requests/hiu/notify');
    expect(sent).toHaveLength(2);
    expect(sent.every((n) => n.acknowledgements.length === 1)).toBe(true);
    // The GRANTED notification delivered again later (a new requestId, as a gateway retry would have).
    const grantBody = kit.deliveries.find((d) => d.kind === 'subscriptionRequests.notify' && d.body.notification.status === 'GRANTED')!.body;
    await kit.inject('subscriptionRequests.notify', { ...grantBody, requestId: randomUUID() });
    expect(service.list()[0]!.status).toBe('REVOKED');
    expect(kit.outbox('subscriptionRequests.onNotify')).toHaveLength(3);
  });

  it('EXPIRED is kept too (the spec’s text; the simulator never sends it)', async () => {
    const view = await granted();
    await kit.inject('subscriptionRequests.notify', {
      requestId: randomUUID(),
      timestamp: new Date().toISOString(),
      notification: { subscriptionRequestId: (kit.db.prepare('SELECT gateway_id FROM subscription_requests').get() as { gateway_id: string }).gateway_id, status: 'EXPIRED' },
    });
    expect(service.list()[0]).toMatchObject({ id: view.id, status: 'EXPIRED', subscriptionId: view.subscriptionId });
  });

  it('a CM refusal in the on-init makes it FAILED with the code: unknown patient 1414, period reversed 1418', async () => {
    await service.request({ patientId: 'nobody.here@sbx', categories: ['LINK'], ...period() });
    await service.request({ patientId: ASHA, categories: ['LINK'], from: new Date(Date.now() + DAY).toISOString(), to: new Date().toISOString() });
    await kit.settle();
    const byPatient = Object.fromEntries(service.list().map((s) => [s.patientId, s]));
    expect(byPatient['nobody.here@sbx']).toMatchObject({ status: 'FAILED', errorCode: '1414' });
    expect(byPatient[ASHA]).toMatchObject({ status: 'FAILED', errorCode: '1418' });
  });

  it('a gateway refusal (unknown HIP is fine; a bad body is not) is thrown and kept as FAILED', async () => {
    const failure = await service
      .request({ patientId: ASHA, categories: ['BOGUS' as 'LINK'], ...period() })
      .then(() => undefined, (error: unknown) => error as AppFailure);
    expect(failure).toBeInstanceOf(AppFailure);
    expect(failure!.code).toBe('ABDM_ERROR');
    expect(service.list()[0]).toMatchObject({ status: 'FAILED' });
    expect(service.list()[0]!.errorCode).toBeTruthy();
  });

  it('a notification that overtakes the on-init waits for it', async () => {
    await kit.control('/hiu/callback-faults', { outOfOrder: true });
    const view = await service.request({ patientId: ASHA, categories: ['LINK', 'DATA'], ...period() });
    await kit.settle();
    const kinds = kit.deliveries.map((d) => d.kind);
    expect(kinds.indexOf('subscriptionRequests.notify')).toBeLessThan(kinds.indexOf('subscriptionRequests.onInit'));
    expect(service.list()[0]).toMatchObject({ id: view.id, status: 'GRANTED' });
    expect(kit.inboxStates()).toEqual({ done: 2 });
    expect((await notifications('/subscription-requests/hiu/notify'))[0]!.acknowledgements).toHaveLength(1);
  });

  it('a notification for a request nobody here made is acknowledged and changes nothing', async () => {
    await kit.inject('subscriptionRequests.notify', {
      requestId: randomUUID(),
      timestamp: new Date().toISOString(),
      notification: { subscriptionRequestId: randomUUID(), status: 'DENIED' },
    });
    expect(kit.inboxStates()).toEqual({ done: 1 });
    expect(kit.outbox('subscriptionRequests.onNotify')).toHaveLength(1);
    expect(service.list()).toEqual([]);
  });

  it('LINK event for a new care context: stored, acknowledged, shown to the desk; no fetch', async () => {
    kit.settings.hiu.fetchOnDataEvent = true;
    const view = await granted();
    const added = await kit.control(`/patients/${ASHA}/records`, { hipId: 'HIP-CITYCLINIC-PUNE', hiTypes: ['Prescription'], careContextReference: 'OPD-0999' });
    expect(added.status).toBe(200);
    await kit.settle();
    const [eventId] = added.json.events as string[];
    expect(kit.eventsOf('subscriptions.event')).toEqual([
      { subscriptionId: view.subscriptionId, eventId, category: 'LINK', patientId: ASHA, hipId: 'HIP-CITYCLINIC-PUNE', careContexts: ['OPD-0999'], hiTypes: ['Prescription'] },
    ]);
    const rows = kit.db.prepare('SELECT * FROM subscription_events').all() as { event_id: string; category: string; patient_id: string; hip_id: string; subscription_id: string }[];
    expect(rows).toEqual([expect.objectContaining({ event_id: eventId, category: 'LINK', patient_id: ASHA, hip_id: 'HIP-CITYCLINIC-PUNE', subscription_id: view.subscriptionId })]);
    const [notified] = await notifications('/subscriptions/hiu/notify');
    expect(notified!.acknowledgements).toHaveLength(1);
    expect(notified!.acknowledgements[0]!.body).toMatchObject({ acknowledgement: { status: 'OK', eventId }, resp: { requestId: notified!.requestId } });
    expect(fetchNewRecords).not.toHaveBeenCalled();
    expect(service.events({ patientId: ASHA })).toHaveLength(1);
  });

  it('DATA event on a known care context: fetched when Settings say so', async () => {
    kit.settings.hiu.fetchOnDataEvent = true;
    await granted();
    const added = await kit.control(`/patients/${ASHA}/records`, { hipId: 'HIP-CITYCLINIC-PUNE', hiTypes: ['WellnessRecord'], careContextReference: 'OPD-0042' });
    await kit.settle();
    expect(kit.eventsOf('subscriptions.event')).toEqual([
      expect.objectContaining({ eventId: added.json.events[0], category: 'DATA', careContexts: ['OPD-0042'], hiTypes: ['WellnessRecord'], hipId: 'HIP-CITYCLINIC-PUNE' }),
    ]);
    expect(fetchNewRecords).toHaveBeenCalledTimes(1);
    expect(fetchNewRecords).toHaveBeenCalledWith(ASHA, 'HIP-CITYCLINIC-PUNE');
    expect((await notifications('/subscriptions/hiu/notify'))[0]!.acknowledgements).toHaveLength(1);
  });

  it('DATA event with fetching off: stored and acknowledged, nothing fetched', async () => {
    kit.settings.hiu.fetchOnDataEvent = false;
    await granted();
    await kit.control(`/patients/${ASHA}/records`, { hipId: 'HIP-SUNRISE-LABS', hiTypes: ['DiagnosticReport'], careContextReference: 'LAB-7781' });
    await kit.settle();
    expect(kit.eventsOf('subscriptions.event')).toEqual([expect.objectContaining({ category: 'DATA', hipId: 'HIP-SUNRISE-LABS' })]);
    expect(fetchNewRecords).not.toHaveBeenCalled();
    expect((await notifications('/subscriptions/hiu/notify'))[0]!.acknowledgements).toHaveLength(1);
  });

  it('a failing fetch is reported to the hook and does not undo the event', async () => {
    const errors: unknown[] = [];
    const failing = new SubscriptionService(kit.ctx, OPEN_GUARD, { fetchNewRecords: async () => Promise.reject(new Error('no consent')), onFetchError: (e) => void errors.push(e) });
    failing.register();
    kit.settings.hiu.fetchOnDataEvent = true;
    await granted();
    await kit.control(`/patients/${ASHA}/records`, { hipId: 'HIP-CITYCLINIC-PUNE', hiTypes: ['Prescription'], careContextReference: 'OPD-0042' });
    await kit.settle();
    expect(errors).toHaveLength(1);
    expect(kit.db.prepare('SELECT COUNT(*) AS n FROM subscription_events').get()).toEqual({ n: 1 });
  });

  it('duplicate delivery (same requestId) changes nothing twice: one event stored, shown once, fetched once, acknowledged once', async () => {
    kit.settings.hiu.fetchOnDataEvent = true;
    await kit.control('/hiu/callback-faults', { duplicate: true });
    const view = await granted();
    expect(view.status).toBe('GRANTED');
    await kit.control(`/patients/${ASHA}/records`, { hipId: 'HIP-CITYCLINIC-PUNE', hiTypes: ['Prescription'], careContextReference: 'OPD-0042' });
    await kit.settle();
    expect(kit.deliveries.filter((d) => d.kind === 'subscriptions.notify')).toHaveLength(2);
    expect(kit.db.prepare('SELECT COUNT(*) AS n FROM subscription_events').get()).toEqual({ n: 1 });
    expect(kit.eventsOf('subscriptions.event')).toHaveLength(1);
    expect(fetchNewRecords).toHaveBeenCalledTimes(1);
    expect(kit.outbox('subscriptions.onNotify')).toHaveLength(1);
    expect(kit.outbox('subscriptionRequests.onNotify')).toHaveLength(1);
    for (const n of [...(await notifications('/subscriptions/hiu/notify')), ...(await notifications('/subscription-requests/hiu/notify'))]) {
      expect(n.acknowledgements).toHaveLength(1);
    }
  });

  it('the same event again under a new requestId is acknowledged again but stored and shown once', async () => {
    kit.settings.hiu.fetchOnDataEvent = true;
    await granted();
    await kit.control(`/patients/${ASHA}/records`, { hipId: 'HIP-CITYCLINIC-PUNE', hiTypes: ['Prescription'], careContextReference: 'OPD-0042' });
    await kit.settle();
    const event = kit.deliveries.find((d) => d.kind === 'subscriptions.notify')!.body;
    await kit.inject('subscriptions.notify', { ...event, requestId: randomUUID() });
    await kit.settle();
    const acks = kit.outbox('subscriptions.onNotify');
    expect(acks).toHaveLength(2);
    expect(acks.map((a) => (a.payload.acknowledgement as { eventId: string }).eventId)).toEqual([event.event.id, event.event.id]);
    expect(kit.db.prepare('SELECT COUNT(*) AS n FROM subscription_events').get()).toEqual({ n: 1 });
    expect(kit.eventsOf('subscriptions.event')).toHaveLength(1);
    expect(fetchNewRecords).toHaveBeenCalledTimes(1);
  });

  it('events outside the HIPs asked for are not sent at all', async () => {
    await granted({ hipIds: ['HIP-SUNRISE-LABS'] });
    await kit.control(`/patients/${ASHA}/records`, { hipId: 'HIP-CITYCLINIC-PUNE', hiTypes: ['Prescription'], careContextReference: 'OPD-0042' });
    await kit.settle();
    expect(kit.eventsOf('subscriptions.event')).toEqual([]);
  });

  it('list filters by patient, newest first', async () => {
    await granted();
    await granted({ patientId: 'rohan.desai@sbx' });
    await granted({ patientId: 'Rohan.Desai@sbx' });
    expect(service.list({ patientId: 'rohan.desai@sbx' })).toHaveLength(2);
    expect(service.list().map((s) => s.patientId)).toEqual(['Rohan.Desai@sbx', 'rohan.desai@sbx', ASHA]);
  });

  it('asks the guard first', async () => {
    const guarded = new SubscriptionService(
      kit.ctx,
      {
        assertActive: (patientId) => {
          throw new AppFailure('PATIENT_INACTIVE', { params: { patientId } });
        },
      },
      { fetchNewRecords },
    );
    await expect(guarded.request({ patientId: ASHA, categories: ['LINK'], ...period() })).rejects.toMatchObject({ code: 'PATIENT_INACTIVE' });
    expect(kit.outbox()).toHaveLength(0);
    expect(service.list()).toEqual([]);
  });
});
