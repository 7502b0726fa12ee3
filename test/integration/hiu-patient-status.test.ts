// The consent manager's word on a patient's ABHA through the app: the simulator's status control (docs/sandbox-hiu.md
// §6) sends patients/status/notify (reference/spec/gateway-v05.md §2.20); the desk refuses new requests for a
// deactivated patient, allows them again once reactivated, and forgets a deleted one for good.
import { afterEach, describe, expect, it } from 'vitest';
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

async function withRecords(h: HiuApp) {
  const requested = await h.call('consents.request', consentInput(ASHA, Date.now()));
  await h.waitForConsent(requested.id, (c) => c.status === 'GRANTED' && c.artefacts.length === 3 && c.artefacts.every((a) => a.fetched), 'granted');
  await h.settle();
  await h.call('subscriptions.request', subscription(ASHA));
  await h.settle();
  expect((await h.call('records.list', { patientId: ASHA })).length).toBe(4);
  return requested.id;
}

describe('patient status through the app', () => {
  it('DEACTIVATED refuses every new request for the patient; REACTIVATED allows them again; records stay', async () => {
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

  it('DELETED erases everything held for the patient, records the purge, and is final', async () => {
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

  it('delivered twice, a deletion is applied, purged and acknowledged once', async () => {
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
});
