// Subscriptions through the app (IPC subscriptions.request / subscriptions.list, event subscriptions.event) against
// the embedded simulator: the demo world and controls of docs/sandbox-hiu.md §2 and §6, the flow of
// reference/spec/gateway-v05.md §2.17–2.19. What the simulator sent and was told is its own record.
import { afterEach, describe, expect, it } from 'vitest';
import { ABDM_APIS } from '../../electron/store/settings/settings-schema';
import { consentInput, startHiuApp, type HiuApp } from '../support/hiu-app';

const ASHA = 'asha.verma@sbx';
const DAY = 86_400_000;

let app: HiuApp | undefined;
afterEach(async () => {
  await app?.settle();
  await app?.close();
  app = undefined;
});

/** Every notification on `path` acknowledged exactly once (acknowledgements go out after the commit). */
async function expectEachAcknowledgedOnce(h: HiuApp, path: string, count: number) {
  await expect.poll(async () => (await h.notificationsSent(path)).map((n) => n.acknowledgements.length)).toEqual(Array(count).fill(1));
}

async function subscribe(h: HiuApp, more: { patientId?: string; categories?: ('LINK' | 'DATA')[]; hipIds?: string[] } = {}) {
  const view = await h.call('subscriptions.request', {
    patientId: more.patientId ?? ASHA,
    categories: more.categories ?? ['LINK', 'DATA'],
    ...(more.hipIds ? { hipIds: more.hipIds } : {}),
    from: new Date(Date.now() - DAY).toISOString(),
    to: new Date(Date.now() + 365 * DAY).toISOString(),
  });
  expect(view.status).toBe('REQUESTED');
  await h.settle();
  return (await h.call('subscriptions.list', {})).find((s) => s.id === view.id)!;
}

describe.each(ABDM_APIS)('subscriptions through the app on ABDM API %s', (api) => {
  it.skipIf(api === 'v3')('GRANTED with the patient’s three HIPs; a new care context arrives as a LINK event, acknowledged and shown', async () => {
    app = await startHiuApp();
    const events = app.listen();
    const granted = await subscribe(app);
    expect(granted).toMatchObject({ patientId: ASHA, status: 'GRANTED', categories: ['LINK', 'DATA'], errorCode: null });
    expect(granted.sources.map((s) => s.hipId).sort()).toEqual(['HIP-CITYCLINIC-PUNE', 'HIP-DH-NASHIK', 'HIP-SUNRISE-LABS']);
    await expectEachAcknowledgedOnce(app, '/subscription-requests/hiu/notify', 1);

    const added = await app.control(`/patients/${ASHA}/records`, { hipId: 'HIP-SUNRISE-LABS', hiTypes: ['DiagnosticReport'], careContextReference: 'LAB-9001' });
    expect(added.status).toBe(200);
    await app.settle();
    expect(events('subscriptions.event')).toEqual([
      {
        subscriptionId: granted.subscriptionId,
        eventId: added.body.events[0],
        category: 'LINK',
        patientId: ASHA,
        hipId: 'HIP-SUNRISE-LABS',
        careContexts: ['LAB-9001'],
        hiTypes: ['DiagnosticReport'],
      },
    ]);
    await expectEachAcknowledgedOnce(app, '/subscriptions/hiu/notify', 1);
    const [ack] = (await app.notificationsSent('/subscriptions/hiu/notify'))[0]!.acknowledgements;
    expect(ack!.body.acknowledgement).toEqual({ status: 'OK', eventId: added.body.events[0] });
  });

  it.skipIf(api === 'v3')('a DATA event fetches the new records under the live consent when Settings say so', async () => {
    app = await startHiuApp();
    const requested = await app.call('consents.request', consentInput(ASHA, Date.now()));
    await app.waitForConsent(requested.id, (c) => c.status === 'GRANTED' && c.artefacts.length === 3 && c.artefacts.every((a) => a.fetched), 'granted');
    await app.settle();
    expect(await app.call('records.list', { patientId: ASHA, hiType: 'WellnessRecord' })).toEqual([]);
    await subscribe(app);
    await app.call('settings.update', { hiu: { fetchOnDataEvent: true } });
    const before = app.transfers().length;

    // New data (a wellness record) on City Clinic's known care context OPD-0042.
    await app.control(`/patients/${ASHA}/records`, { hipId: 'HIP-CITYCLINIC-PUNE', hiTypes: ['WellnessRecord'], careContextReference: 'OPD-0042' });
    await app.settle();
    await expect.poll(() => app!.transfers().length).toBe(before + 1);
    const fetched = app.transfers().at(-1)!;
    expect(fetched.hipId).toBe('HIP-CITYCLINIC-PUNE');
    await app.settle();
    expect(fetched.sent.map((s) => s.hiType)).toContain('WellnessRecord');
    await expect.poll(async () => (await app!.call('records.list', { patientId: ASHA, hiType: 'WellnessRecord' })).length).toBe(1);
    await expectEachAcknowledgedOnce(app, '/subscriptions/hiu/notify', 1);
  });

  it.skipIf(api === 'v3')('with fetching off, a DATA event is shown and acknowledged, and nothing is fetched', async () => {
    app = await startHiuApp();
    const events = app.listen();
    const requested = await app.call('consents.request', consentInput(ASHA, Date.now()));
    await app.waitForConsent(requested.id, (c) => c.status === 'GRANTED' && c.artefacts.length === 3 && c.artefacts.every((a) => a.fetched), 'granted');
    await app.settle();
    await subscribe(app);
    const before = app.transfers().length;
    await app.control(`/patients/${ASHA}/records`, { hipId: 'HIP-CITYCLINIC-PUNE', hiTypes: ['WellnessRecord'], careContextReference: 'OPD-0042' });
    await app.settle();
    expect(events('subscriptions.event')).toEqual([expect.objectContaining({ category: 'DATA', hipId: 'HIP-CITYCLINIC-PUNE', careContexts: ['OPD-0042'], hiTypes: ['WellnessRecord'] })]);
    await expectEachAcknowledgedOnce(app, '/subscriptions/hiu/notify', 1);
    expect(app.transfers().length).toBe(before);
  });

  it.skipIf(api === 'v3')('DENIED by the patient, and a granted one REVOKED later', async () => {
    app = await startHiuApp({ subscriptionDecision: 'DENIED' });
    expect((await subscribe(app, { patientId: 'rohan.desai@sbx' })).status).toBe('DENIED');
    await app.control('/hiu/settings', { subscriptionDecision: 'GRANTED' });
    const granted = await subscribe(app, { patientId: 'meena.iyer@sbx', categories: ['DATA'] });
    expect(granted.status).toBe('GRANTED');
    expect((await app.control(`/subscriptions/${granted.subscriptionId}/revoke`)).status).toBe(200);
    await app.settle();
    const list = await app.call('subscriptions.list', { patientId: 'meena.iyer@sbx' });
    expect(list).toEqual([expect.objectContaining({ id: granted.id, status: 'REVOKED', subscriptionId: granted.subscriptionId })]);
    await expectEachAcknowledgedOnce(app, '/subscription-requests/hiu/notify', 3);
  });

  it.skipIf(api === 'v3')('refused by the CM (unknown patient): FAILED with 1414', async () => {
    app = await startHiuApp();
    await app.call('subscriptions.request', { patientId: 'nobody.here@sbx', categories: ['LINK'], from: new Date().toISOString(), to: new Date(Date.now() + DAY).toISOString() });
    await app.settle();
    expect(await app.call('subscriptions.list', {})).toEqual([expect.objectContaining({ patientId: 'nobody.here@sbx', status: 'FAILED', errorCode: '1414' })]);
  });

  it.skipIf(api === 'v3')('every callback delivered twice: each applied once, one event shown, each notification acknowledged once', async () => {
    app = await startHiuApp();
    const events = app.listen();
    await app.control('/hiu/callback-faults', { duplicate: true });
    const granted = await subscribe(app);
    expect(granted.status).toBe('GRANTED');
    await app.control(`/patients/${ASHA}/records`, { hipId: 'HIP-DH-NASHIK', hiTypes: ['DischargeSummary'], careContextReference: 'IPD-2001' });
    await app.settle();
    expect(events('subscriptions.event')).toHaveLength(1);
    await expectEachAcknowledgedOnce(app, '/subscription-requests/hiu/notify', 1);
    await expectEachAcknowledgedOnce(app, '/subscriptions/hiu/notify', 1);
    expect(app.core.hiu.bridge.status().counters?.duplicates).toBeGreaterThan(0);
  });

  it.runIf(api === 'v3')('not built on HIE-CM v3: a subscription request is NOT_ON_THIS_API, nothing is sent and nothing is stored', async () => {
    app = await startHiuApp({}, {}, { api });
    const failure = await app.fail('subscriptions.request', { patientId: ASHA, categories: ['LINK'], from: new Date(Date.now() - DAY).toISOString(), to: new Date(Date.now() + DAY).toISOString() });
    expect(failure.code).toBe('NOT_ON_THIS_API');
    expect(failure.params).toMatchObject({ operation: 'subscriptionRequests.init', api: 'v3' });
    expect(await app.call('timeline.list', {})).toEqual([]);
    // Not kept as a request that would stay REQUESTED for ever: the list is empty, in the app and at the simulator.
    await app.settle();
    expect(await app.call('subscriptions.list', {})).toEqual([]);
    expect(await (await fetch(`${app.sandbox.url}/_sandbox/hiu/subscriptions`)).json()).toEqual({ requests: [], subscriptions: [] });
  });
});
