// Finding a patient through the app, as the desk does (IPC hiu.findPatient), against the embedded simulator.
// Expected names from docs/sandbox-hiu.md §2; 1414 from its §3 table (reference/spec/gateway-v05.md §2.5).
import { afterEach, describe, expect, it } from 'vitest';
import { ABDM_APIS } from '../../electron/store/settings/settings-schema';
import { startHiuApp, type HiuApp } from '../support/hiu-app';

let app: HiuApp | undefined;
afterEach(async () => {
  // Let callbacks still arriving be applied before the database closes.
  await app?.settle();
  await app?.close();
  app = undefined;
});

describe.each(ABDM_APIS)('hiu.findPatient on ABDM API %s', (api) => {
  it.skipIf(api === 'v3')('names each seeded patient', async () => {
    app = await startHiuApp();
    expect(await app.call('hiu.findPatient', { patientId: 'asha.verma@sbx' })).toEqual({ id: 'asha.verma@sbx', name: 'Asha Devi Verma' });
    expect(await app.call('hiu.findPatient', { patientId: 'rohan.desai@sbx' })).toEqual({ id: 'rohan.desai@sbx', name: 'Rohan Desai' });
    expect(await app.call('hiu.findPatient', { patientId: 'meena.iyer@sbx' })).toEqual({ id: 'meena.iyer@sbx', name: 'Meena Iyer' });
  });

  it.skipIf(api === 'v3')('takes an address typed in capitals as the same patient (ABHA addresses ignore case)', async () => {
    app = await startHiuApp();
    expect(await app.call('hiu.findPatient', { patientId: 'Asha.Verma@SBX' })).toEqual({ id: 'asha.verma@sbx', name: 'Asha Devi Verma' });
    const timeline = await app.call('timeline.list', { patientId: 'ASHA.VERMA@sbx' });
    expect(timeline.map((e) => e.path)).toEqual(['/v0.5/patients/find', '/v0.5/patients/on-find']);
  });

  it.skipIf(api === 'v3')('an unknown ABHA address: ABDM_ERROR with the CM’s 1414, in the desk’s words', async () => {
    app = await startHiuApp();
    const failure = await app.fail('hiu.findPatient', { patientId: 'nobody.here@sbx' });
    expect(failure.code).toBe('ABDM_ERROR');
    expect(failure.abdmCode).toBe('1414');
    expect(failure.message.length).toBeGreaterThan(0);
  });

  it.skipIf(api === 'v3')('the request and its answer are on the patient’s timeline', async () => {
    app = await startHiuApp();
    await app.call('hiu.findPatient', { patientId: 'asha.verma@sbx' });
    await app.settle();
    const timeline = await app.call('timeline.list', { patientId: 'asha.verma@sbx' });
    expect(timeline.map((e) => `${e.direction} ${e.path} ${e.step}`)).toEqual(
      expect.arrayContaining(['out /v0.5/patients/find accepted', 'in /v0.5/patients/on-find received']),
    );
  });

  it.skipIf(api === 'v3')('an ABHA address that is not one is refused before anything is sent', async () => {
    app = await startHiuApp();
    const failure = await app.fail('hiu.findPatient', { patientId: 'not an address' });
    expect(failure.code).toBe('INVALID_INPUT');
    expect(await app.call('timeline.list', {})).toEqual([]);
  });

  it.runIf(api === 'v3')('HIE-CM v3 has no patient find: NOT_ON_THIS_API in the desk’s words, nothing sent', async () => {
    app = await startHiuApp({}, {}, { api });
    const failure = await app.fail('hiu.findPatient', { patientId: 'asha.verma@sbx' });
    expect(failure.code).toBe('NOT_ON_THIS_API');
    expect(failure.message).toMatch(/not available on the ABDM API chosen in Settings/);
    expect(await app.call('timeline.list', {})).toEqual([]);
  });
});
