import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIU_ID, startHiuHarness, type HiuHarness } from './hiu-harness';

// subscription-requests/cm/init → hiu/on-init, subscription-requests/hiu/notify (GRANTED, DENIED,
// REVOKED) + on-notify, subscriptions/hiu/notify events + on-notify, and patients/status/notify
// + on-notify (gateway-v05.md §2.17–2.20).

const subscription = (overrides: Record<string, unknown> = {}) => ({
  subscription: {
    purpose: { text: 'Care Management', code: 'CAREMGT' },
    patient: { id: 'rohan.desai@sbx' },
    hiu: { id: HIU_ID },
    categories: ['LINK', 'DATA'],
    period: { from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date(Date.now() + 365 * 86_400_000).toISOString() },
    ...overrides,
  },
});

describe('subscriptions', () => {
  let h: HiuHarness;
  beforeAll(async () => {
    h = await startHiuHarness({ subscriptionDecision: 'manual' });
  });
  afterAll(() => h.close());

  async function requested(overrides: Record<string, unknown> = {}) {
    const res = await h.send('/subscription-requests/cm/init', subscription(overrides));
    expect(res.status, res.text).toBe(202);
    return (await h.callback('/subscription-requests/hiu/on-init', res.requestId)).body;
  }
  const approval = (subscriptionRequestId: string, status: string) =>
    h.notification('/subscription-requests/hiu/notify', (c) => c.body.notification.subscriptionRequestId === subscriptionRequestId && c.body.notification.status === status);

  it('grant → notification with the sources, acknowledged by the HIU; new records → LINK and DATA events', async () => {
    const subscriptionRequestId = (await requested()).subscriptionRequest.id;
    expect((await h.control(`/subscription-requests/${subscriptionRequestId}/grant`)).status).toBe(200);
    const granted = await approval(subscriptionRequestId, 'GRANTED');
    const sub = granted.body.notification.subscription;
    expect(sub).toMatchObject({ patient: { id: 'rohan.desai@sbx' }, hiu: { id: HIU_ID } });
    expect(sub.sources.map((s: { hip: { id: string } }) => s.hip.id).sort()).toEqual(['HIP-CITYCLINIC-PUNE', 'HIP-SUNRISE-LABS']);
    const ack = await h.send('/subscription-requests/hiu/on-notify', {
      acknowledgement: { status: 'OK', subscriptionRequestId },
      resp: { requestId: granted.body.requestId },
    });
    expect(ack.status).toBe(202);

    const linked = await h.control('/patients/rohan.desai@sbx/records', {
      hipId: 'HIP-CITYCLINIC-PUNE',
      careContextReference: 'OPD-2024-0999',
      display: 'Fever visit',
      hiTypes: ['OPConsultation'],
    });
    expect(linked.status, linked.text).toBe(200);
    const link = await h.notification('/subscriptions/hiu/notify', (c) => c.body.event.category === 'LINK');
    expect(link.body.event).toMatchObject({
      subscriptionId: sub.id,
      content: {
        patient: { id: 'rohan.desai@sbx' },
        hip: { id: 'HIP-CITYCLINIC-PUNE' },
        context: [{ careContext: { careContextReference: 'OPD-2024-0999' }, hiTypes: ['OPConsultation'] }],
      },
    });
    const eventAck = await h.send('/subscriptions/hiu/on-notify', { acknowledgement: { status: 'OK', eventId: link.body.event.id }, resp: { requestId: link.body.requestId } });
    expect(eventAck.status).toBe(202);

    await h.control('/patients/rohan.desai@sbx/records', { hipId: 'HIP-CITYCLINIC-PUNE', careContextReference: 'OPD-2024-0999', hiTypes: ['Prescription'] });
    const data = await h.notification('/subscriptions/hiu/notify', (c) => c.body.event.category === 'DATA');
    expect(data.body.event.content.context[0].careContext.careContextReference).toBe('OPD-2024-0999');

    expect((await h.control(`/subscriptions/${sub.id}/revoke`)).status).toBe(200);
    expect((await approval(subscriptionRequestId, 'REVOKED')).body.notification.subscription.id).toBe(sub.id);
    const before = h.bridge.callsTo('/v0.5/subscriptions/hiu/notify').length;
    await h.control('/patients/rohan.desai@sbx/records', { hipId: 'HIP-SUNRISE-LABS', hiTypes: ['HealthDocumentRecord'] });
    await h.world.work.idle();
    expect(h.bridge.callsTo('/v0.5/subscriptions/hiu/notify')).toHaveLength(before);
  });

  it('deny → DENIED without a subscription', async () => {
    const subscriptionRequestId = (await requested()).subscriptionRequest.id;
    await h.control(`/subscription-requests/${subscriptionRequestId}/deny`);
    expect((await approval(subscriptionRequestId, 'DENIED')).body.notification.subscription).toBeUndefined();
  });

  it('only DATA subscriptions at one HIP hear only about that HIP', async () => {
    const subscriptionRequestId = (await requested({ patient: { id: 'meena.iyer@sbx' }, categories: ['DATA'], hips: [{ id: 'HIP-DH-NASHIK' }] })).subscriptionRequest.id;
    await h.control(`/subscription-requests/${subscriptionRequestId}/grant`);
    const subscriptionId = (await approval(subscriptionRequestId, 'GRANTED')).body.notification.subscription.id;
    const ofThis = () => h.bridge.callsTo('/v0.5/subscriptions/hiu/notify').filter((c) => c.body.event.subscriptionId === subscriptionId);
    await h.control('/patients/meena.iyer@sbx/records', { hipId: 'HIP-CITYCLINIC-PUNE', careContextReference: 'OPD-0117', hiTypes: ['ImmunizationRecord'] });
    await h.control('/patients/meena.iyer@sbx/records', { hipId: 'HIP-DH-NASHIK', careContextReference: 'IPD-NEW-1', hiTypes: ['DischargeSummary'] });
    await h.world.work.idle();
    expect(ofThis()).toHaveLength(0);
    await h.control('/patients/meena.iyer@sbx/records', { hipId: 'HIP-DH-NASHIK', careContextReference: 'IPD-0207', hiTypes: ['DiagnosticReport'] });
    await h.world.work.idle();
    expect(ofThis().map((c) => c.body.event.category)).toEqual(['DATA']);
  });

  it.each([
    ['unknown patient', { patient: { id: 'nobody.here@sbx' } }, 1414],
    ['invalid purpose', { purpose: { text: 'x', code: 'SELL' } }, 1420],
    ['period from after to', { period: { from: '2025-01-01T00:00:00.000Z', to: '2024-01-01T00:00:00.000Z' } }, 1418],
  ])('refuses %s in on-init', async (_name, overrides, code) => {
    expect((await requested(overrides)).error.code).toBe(code);
  });

  it('rejects an unknown category synchronously', async () => {
    const res = await h.send('/subscription-requests/cm/init', subscription({ categories: ['EVERYTHING'] }), { raw: true });
    expect(res.status).toBe(400);
    expect((res.json as { error: { message: string } }).error.message).toMatch(/^subscription\.categories\.0: /);
  });
});

describe('patient status notifications', () => {
  it('DEACTIVATED, REACTIVATED, DELETED reach the HIUs that dealt with the patient, acknowledged with "acknowledgment"', async () => {
    const h = await startHiuHarness();
    try {
      const find = await h.send('/patients/find', { query: { patient: { id: 'meena.iyer@sbx' }, requester: { type: 'HIU', id: HIU_ID } } });
      await h.callback('/patients/on-find', find.requestId);
      for (const status of ['DEACTIVATED', 'REACTIVATED', 'DELETED']) {
        expect((await h.control('/patients/meena.iyer@sbx/status', { status })).status).toBe(200);
        const call = await h.notification('/patients/status/notify', (c) => c.body.notification.status === status);
        expect(call.body.notification.patient).toEqual({ id: 'meena.iyer@sbx' });
        expect(call.headers['x-hiu-id']).toBe(HIU_ID);
        const ack = await h.send('/patients/status/on-notify', { acknowledgment: { status: 'OK' }, resp: { requestId: call.body.requestId } });
        expect(ack.status).toBe(202);
        if (status === 'DEACTIVATED') {
          const again = await h.send('/patients/find', { query: { patient: { id: 'meena.iyer@sbx' }, requester: { type: 'HIU', id: HIU_ID } } });
          expect((await h.callback('/patients/on-find', again.requestId)).body.error.code).toBe(1414);
        }
      }
      const acked = h.world.notifications.all().filter((n) => n.path === '/patients/status/notify' && n.acknowledgements.length === 1);
      expect(acked).toHaveLength(3);
      expect((await h.control('/patients/meena.iyer@sbx/status', { status: 'ACTIVE' })).status).toBe(400);
    } finally {
      await h.close();
    }
  });
});
