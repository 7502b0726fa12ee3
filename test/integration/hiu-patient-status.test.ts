// The consent manager's word on a patient's ABHA through the app: the simulator's status control (docs/sandbox-hiu.md
// §6) sends patients/status/notify (reference/spec/gateway-v05.md §2.20); the desk refuses new requests for a
// deactivated patient, allows them again once reactivated, and forgets a deleted one for good.
// HIE-CM v3 has no patient status notify (reference/spec/abdm-v3.md §3: "no v3 equivalent found"); the simulator
// still sends it in v0.5 to an HIU that speaks v3 (docs/sandbox-hiecm-v3.md §6), and a desk on v3 serves only the
// /api/v3/hiu/ callback paths (docs/hiu-engine.md, HIE-CM v3). So the flows run on v1 only; on v3 the tests show
// that such a notification is not taken and changes nothing, and that one stored under v0.5 before the switch is
// still applied.
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

async function announce(h: HiuApp, patientId: string, status: 'DEACTIVATED' | 'REACTIVATED' | 'DELETED') {
  expect((await h.control(`/patients/${patientId}/status`, { status })).status).toBe(200);
  await h.settle();
}

async function statusAcks(h: HiuApp) {
  return (await h.notificationsSent('/patients/status/notify')).map((n) => n.acknowledgements.map((a) => ({ ...a.body, notification: n.requestId })));
}

const subscription = (patientId: string) => ({ patientId, categories: ['LINK' as const], from: new Date().toISOString(), to: new Date(Date.now() + DAY).toISOString() });

/** Asha's four records under a granted consent (docs/sandbox-hiu.md §2), and on v1 a subscription too. */
async function withRecords(h: HiuApp, api: 'v1' | 'v3' = 'v1') {
  const requested = await h.call('consents.request', consentInput(ASHA, Date.now()));
  await h.waitForConsent(requested.id, (c) => c.status === 'GRANTED' && c.artefacts.length === 3 && c.artefacts.every((a) => a.fetched), 'granted');
  await h.settle();
  if (api === 'v1') {
    await h.call('subscriptions.request', subscription(ASHA));
    await h.settle();
  }
  expect((await h.call('records.list', { patientId: ASHA })).length).toBe(4);
  return requested.id;
}

describe.each(ABDM_APIS)('patient status through the app on ABDM API %s', (api) => {
  it.skipIf(api === 'v3')('DEACTIVATED refuses every new request for the patient; REACTIVATED allows them again; records stay', async () => {
    app = await startHiuApp();
    const events = app.listen();
    await withRecords(app);
    await announce(app, ASHA, 'DEACTIVATED');

    for (const refused of [
      await app.fail('hiu.findPatient', { patientId: ASHA }),
      await app.fail('hiu.authModes', { patientId: ASHA }),
      await app.fail('hiu.authStart', { patientId: ASHA, mode: 'MOBILE_OTP' }),
      await app.fail('consents.request', consentInput(ASHA, Date.now())),
      await app.fail('subscriptions.request', subscription(ASHA)),
    ]) {
      expect(refused.code).toBe('PATIENT_INACTIVE');
      expect(refused.message).toMatch(/deactivated/i);
    }
    expect((await app.call('records.list', { patientId: ASHA })).length).toBe(4);
    expect(await app.call('hiu.findPatient', { patientId: 'rohan.desai@sbx' })).toEqual({ id: 'rohan.desai@sbx', name: 'Rohan Desai' });

    await announce(app, ASHA, 'REACTIVATED');
    expect(await app.call('hiu.findPatient', { patientId: ASHA })).toEqual({ id: ASHA, name: 'Asha Devi Verma' });
    expect((await app.call('subscriptions.request', subscription(ASHA))).status).toBe('REQUESTED');

    expect(events('patients.statusChanged')).toEqual([
      { patientId: ASHA, status: 'DEACTIVATED' },
      { patientId: ASHA, status: 'REACTIVATED' },
    ]);
    const audit = (await app.call('audit.list', {})).map((e) => e.action);
    expect(audit.filter((a) => a.startsWith('patient.'))).toEqual(['patient.reactivated', 'patient.deactivated']);
    await expect.poll(() => statusAcks(app!)).toEqual([
      [expect.objectContaining({ acknowledgment: { status: 'OK' } })],
      [expect.objectContaining({ acknowledgment: { status: 'OK' } })],
    ]);
    for (const [ack] of await statusAcks(app)) expect(ack.resp).toEqual({ requestId: ack.notification });
  });

  it.skipIf(api === 'v3')('DELETED erases everything held for the patient, records the purge, and is final', async () => {
    app = await startHiuApp();
    const events = app.listen();
    const consentId = await withRecords(app);
    await app.call('hiu.findPatient', { patientId: 'rohan.desai@sbx' });
    await announce(app, ASHA, 'DELETED');

    expect(await app.call('records.list', { patientId: ASHA })).toEqual([]);
    expect(await app.call('consents.list', { patientId: ASHA })).toEqual([]);
    expect(await app.call('subscriptions.list', { patientId: ASHA })).toEqual([]);
    expect((await app.fail('consents.get', { id: consentId })).code).toBe('NOT_FOUND');
    expect(await app.call('timeline.list', { patientId: ASHA })).toEqual([]);
    const refused = await app.fail('hiu.findPatient', { patientId: ASHA });
    expect(refused.code).toBe('PATIENT_DELETED');
    expect(refused.message).toMatch(/deleted/i);
    expect(events('patients.statusChanged')).toEqual([{ patientId: ASHA, status: 'DELETED' }]);
    const actions = (await app.call('audit.list', {})).map((e) => e.action);
    expect(actions.filter((a) => a === 'patient.deleted')).toHaveLength(1);
    expect(actions.filter((a) => a === 'patient.purged')).toHaveLength(1);
    await expect.poll(async () => (await statusAcks(app!)).map((acks) => acks.length)).toEqual([1]);
    // Another patient's things are untouched.
    expect(await app.call('timeline.list', { patientId: 'rohan.desai@sbx' })).not.toEqual([]);

    // ABDM deletion is final: a later REACTIVATED is acknowledged, and the address stays refused.
    await announce(app, ASHA, 'REACTIVATED');
    expect((await app.fail('hiu.findPatient', { patientId: ASHA })).code).toBe('PATIENT_DELETED');
    await expect.poll(async () => (await statusAcks(app!)).map((acks) => acks.length)).toEqual([1, 1]);
    expect(events('patients.statusChanged')).toHaveLength(1);
  });

  it.skipIf(api === 'v3')('delivered twice, a deletion is applied, purged and acknowledged once', async () => {
    app = await startHiuApp();
    const events = app.listen();
    await withRecords(app);
    await app.control('/hiu/callback-faults', { duplicate: true });
    await announce(app, ASHA, 'DELETED');
    expect(await app.call('records.list', { patientId: ASHA })).toEqual([]);
    expect(events('patients.statusChanged')).toHaveLength(1);
    const actions = (await app.call('audit.list', {})).map((e) => e.action);
    expect(actions.filter((a) => a === 'patient.deleted' || a === 'patient.purged').sort()).toEqual(['patient.deleted', 'patient.purged']);
    await expect.poll(async () => (await statusAcks(app!)).map((acks) => acks.length)).toEqual([1]);
  });

  it.runIf(api === 'v3')('HIE-CM v3 has no patient status notify: the v0.5 one is not taken, the patient stays active, records stay', async () => {
    app = await startHiuApp({}, {}, { api });
    const events = app.listen();
    await withRecords(app, api);
    for (const status of ['DEACTIVATED', 'DELETED'] as const) {
      await announce(app, ASHA, status);
      // Sent to <bridge>/v0.5/…, a path the desk on v3 does not serve: a 404, nothing stored.
      const sent = (await deliveries(app)).filter((d) => d.path === '/patients/status/notify');
      expect(sent.at(-1)).toMatchObject({ url: expect.stringMatching(/\/v0\.5\/patients\/status\/notify$/), delivered: false, attempts: [{ status: 404 }] });
    }
    expect(app.core.hiu.bridge.status().counters?.refused['unknown-path']).toBe(2);
    expect(app.core.hiu.bridge.status().inbox).toEqual({ pending: 0, waiting: 0, failed: 0 });
    expect(events('patients.statusChanged')).toEqual([]);
    expect((await app.call('audit.list', {})).map((e) => e.action).filter((a) => a.startsWith('patient.'))).toEqual([]);
    expect((await app.call('records.list', { patientId: ASHA })).length).toBe(4);
    // New requests for the patient go ahead; what v3 lacks is refused as such, not as an inactive patient.
    expect((await app.call('consents.request', consentInput(ASHA, Date.now()))).status).toBe('REQUESTED');
    const find = await app.fail('hiu.findPatient', { patientId: ASHA });
    expect(find.code).toBe('NOT_ON_THIS_API');
    expect((await app.fail('subscriptions.request', subscription(ASHA))).code).toBe('NOT_ON_THIS_API');
    expect(await statusAcks(app)).toEqual([[], []]);
  });

  it.runIf(api === 'v3')('a DELETED stored under v0.5 and applied after the switch to v3 still erases everything; no acknowledgement is queued for v3', async () => {
    app = await startHiuApp();
    const events = app.listen();
    await withRecords(app, 'v1');
    // The bridge stores it and answers 202; the processor is held back until the API has been switched.
    const processor = app.core.hiu.processor;
    const kick = processor.kick.bind(processor);
    processor.kick = () => Promise.resolve();
    try {
      expect((await app.control(`/patients/${ASHA}/status`, { status: 'DELETED' })).status).toBe(200);
      await expect.poll(() => app!.core.hiu.bridge.status().inbox.pending).toBe(1);
      await app.call('settings.update', { abdmApi: api });
    } finally {
      processor.kick = kick;
    }
    await app.settle();
    expect(app.core.hiu.bridge.status().inbox).toEqual({ pending: 0, waiting: 0, failed: 0 });
    expect(await app.call('records.list', { patientId: ASHA })).toEqual([]);
    expect(await app.call('consents.list', { patientId: ASHA })).toEqual([]);
    expect(await app.call('subscriptions.list', { patientId: ASHA })).toEqual([]);
    expect(events('patients.statusChanged')).toEqual([{ patientId: ASHA, status: 'DELETED' }]);
    const actions = (await app.call('audit.list', {})).map((e) => e.action);
    expect(actions.filter((a) => a === 'patient.deleted' || a === 'patient.purged').sort()).toEqual(['patient.deleted', 'patient.purged']);
    // patientStatus.onNotify has no v3 path (docs/hiu-engine.md, HIE-CM v3): none queued, none received.
    expect(app.core.hiu.timelineList({}).filter((e) => e.path.includes('patients/status/on-notify'))).toEqual([]);
    expect(await statusAcks(app)).toEqual([[]]);
  });
});

/** The simulator's delivery log (docs/sandbox-hiu.md §6): every message it sent, with each attempt's answer. */
async function deliveries(h: HiuApp): Promise<{ path: string; url?: string; delivered: boolean; attempts: { status?: number }[] }[]> {
  return (await fetch(`${h.sandbox.url}/_sandbox/hiu/callbacks`)).json() as Promise<never>;
}
