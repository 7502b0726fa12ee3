// KYC authentication through the app (IPC hiu.authModes, hiu.authStart, hiu.authConfirm) against the embedded
// simulator: people and OTP from docs/sandbox-hiu.md §2, codes from its §3 table and §7.
import { afterEach, describe, expect, it } from 'vitest';
import { ABDM_APIS } from '../../electron/store/settings/settings-schema';
import { hiuWorldOf } from '../../sandbox/gateway/hiu/index';
import { startHiuApp, type HiuApp } from '../support/hiu-app';

const OTP = '123456';

let app: HiuApp | undefined;
afterEach(async () => {
  await app?.settle();
  await app?.close();
  app = undefined;
});

/** The simulator's pending DIRECT transaction for a patient (the app never shows the CM's transaction id). */
function pendingDirect(h: HiuApp, patientId: string): string {
  const txn = [...hiuWorldOf(h.sandbox.context).authTransactions.values()].find((t) => t.patientId === patientId && t.mode === 'DIRECT' && t.status === 'PENDING');
  if (!txn) throw new Error(`no pending DIRECT authentication for ${patientId}`);
  return txn.id;
}

async function authNotifications(h: HiuApp) {
  return h.notificationsSent('/users/auth/notify');
}

describe.each(ABDM_APIS)('KYC through the app on ABDM API %s', (api) => {
  it.skipIf(api === 'v3')('offers the four modes a seeded patient has', async () => {
    app = await startHiuApp();
    const { modes } = await app.call('hiu.authModes', { patientId: 'rohan.desai@sbx' });
    expect([...modes].sort()).toEqual(['AADHAAR_OTP', 'DEMOGRAPHICS', 'DIRECT', 'MOBILE_OTP']);
  });

  it.skipIf(api === 'v3')('MOBILE_OTP: a wrong OTP is 1405, the right one gives the patient', async () => {
    app = await startHiuApp();
    const started = await app.call('hiu.authStart', { patientId: 'asha.verma@sbx', mode: 'MOBILE_OTP' });
    expect(started).toMatchObject({ mode: 'MOBILE_OTP' });
    expect(started.hint).toBeTruthy();
    const wrong = await app.fail('hiu.authConfirm', { flowId: started.flowId, otp: '111111' });
    expect([wrong.code, wrong.abdmCode]).toEqual(['ABDM_ERROR', '1405']);
    const { patient } = await app.call('hiu.authConfirm', { flowId: started.flowId, otp: OTP });
    expect(patient).toMatchObject({ id: 'asha.verma@sbx', name: 'Asha Devi Verma', gender: 'F', yearOfBirth: 1988 });
    expect(patient.identifiers).toContainEqual({ type: 'MOBILE', value: '+919812345670' });
  });

  it.skipIf(api === 'v3')('AADHAAR_OTP gives the patient with the OTP', async () => {
    app = await startHiuApp();
    const started = await app.call('hiu.authStart', { patientId: 'rohan.desai@sbx', mode: 'AADHAAR_OTP' });
    expect((await app.fail('hiu.authConfirm', { flowId: started.flowId, otp: '999999' })).abdmCode).toBe('1405');
    const { patient } = await app.call('hiu.authConfirm', { flowId: started.flowId, otp: OTP });
    expect(patient).toMatchObject({ id: 'rohan.desai@sbx', name: 'Rohan Desai', gender: 'M', yearOfBirth: 1975 });
  });

  it.skipIf(api === 'v3')('DEMOGRAPHICS: a mismatch is 1404; the patient’s own details match', async () => {
    app = await startHiuApp();
    const started = await app.call('hiu.authStart', { patientId: 'meena.iyer@sbx', mode: 'DEMOGRAPHICS' });
    const mismatch = await app.fail('hiu.authConfirm', { flowId: started.flowId, demographics: { name: 'Meena Iyer', gender: 'M', dateOfBirth: '1962-07-25' } });
    expect([mismatch.code, mismatch.abdmCode]).toEqual(['ABDM_ERROR', '1404']);
    const { patient } = await app.call('hiu.authConfirm', {
      flowId: started.flowId,
      demographics: { name: 'Meena Iyer', gender: 'F', dateOfBirth: '1962-07-25', identifier: { type: 'MOBILE', value: '9800000103' } },
    });
    expect(patient).toMatchObject({ id: 'meena.iyer@sbx', name: 'Meena Iyer', gender: 'F', yearOfBirth: 1962 });
  });

  it.skipIf(api === 'v3')('DIRECT granted on the patient’s phone: the confirm waits for it, and the notify is acknowledged', async () => {
    app = await startHiuApp({ directAuthDecision: 'manual' });
    const started = await app.call('hiu.authStart', { patientId: 'asha.verma@sbx', mode: 'DIRECT' });
    const confirming = app.call('hiu.authConfirm', { flowId: started.flowId });
    expect((await app.control(`/auth/${pendingDirect(app, 'asha.verma@sbx')}/grant`)).status).toBe(200);
    expect((await confirming).patient).toMatchObject({ id: 'asha.verma@sbx', name: 'Asha Devi Verma' });
    await expect.poll(async () => (await authNotifications(app!))[0]?.acknowledgements.length).toBe(1);
    const [notification] = await authNotifications(app);
    expect(notification!.acknowledgements[0]!.body).toMatchObject({ acknowledgement: { status: 'OK' }, resp: { requestId: notification!.requestId } });
  });

  it.skipIf(api === 'v3')('DIRECT denied on the patient’s phone: the confirm fails, and the notify is acknowledged', async () => {
    app = await startHiuApp({ directAuthDecision: 'manual' });
    const started = await app.call('hiu.authStart', { patientId: 'rohan.desai@sbx', mode: 'DIRECT' });
    const confirming = app.fail('hiu.authConfirm', { flowId: started.flowId });
    expect((await app.control(`/auth/${pendingDirect(app, 'rohan.desai@sbx')}/deny`)).status).toBe(200);
    const failure = await confirming;
    expect([failure.code, failure.abdmCode]).toEqual(['AUTH_DENIED', 'DENIED']);
    expect(failure.message).toMatch(/did not approve the verification on their phone/);
    await expect.poll(async () => (await authNotifications(app!))[0]?.acknowledgements.length).toBe(1);
  });

  it.skipIf(api === 'v3')('DIRECT answered at once by the simulator, before the confirm: still seen', async () => {
    app = await startHiuApp({ directAuthDecision: 'GRANTED' });
    const started = await app.call('hiu.authStart', { patientId: 'meena.iyer@sbx', mode: 'DIRECT' });
    await app.settle();
    expect((await app.call('hiu.authConfirm', { flowId: started.flowId })).patient.id).toBe('meena.iyer@sbx');
  });

  it.runIf(api === 'v3')('HIE-CM v3 has no user auth: modes and start are NOT_ON_THIS_API, nothing sent', async () => {
    app = await startHiuApp({}, {}, { api });
    expect((await app.fail('hiu.authModes', { patientId: 'rohan.desai@sbx' })).code).toBe('NOT_ON_THIS_API');
    expect((await app.fail('hiu.authStart', { patientId: 'rohan.desai@sbx', mode: 'MOBILE_OTP' })).code).toBe('NOT_ON_THIS_API');
    expect(await app.call('timeline.list', {})).toEqual([]);
  });
});
