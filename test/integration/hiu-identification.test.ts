// Finding a patient through the app, as the desk does (IPC hiu.findPatient), against the embedded simulator.
// Expected names from docs/sandbox-hiu.md §2; 1414 from its §3 table (reference/spec/gateway-v05.md §2.5).
import { afterEach, describe, expect, it } from 'vitest';
import { startHiuApp, type HiuApp } from '../support/hiu-app';

let app: HiuApp | undefined;
afterEach(async () => {
  // Let callbacks still arriving be applied before the database closes.
  await app?.settle();
  await app?.close();
  app = undefined;
});

describe('hiu.findPatient', () => {
  it('names each seeded patient', async () => {
    app = await startHiuApp();
    expect(await app.call('hiu.findPatient', { patientId: 'asha.verma@sbx' })).toEqual({ id: 'asha.verma@sbx', name: 'Asha Devi Verma' });
    expect(await app.call('hiu.findPatient', { patientId: 'rohan.desai@sbx' })).toEqual({ id: 'rohan.desai@sbx', name: 'Rohan Desai' });
    expect(await app.call('hiu.findPatient', { patientId: 'meena.iyer@sbx' })).toEqual({ id: 'meena.iyer@sbx', name: 'Meena Iyer' });
  });

  it('takes an address typed in capitals as the same patient (ABHA addresses ignore case)', async () => {
    app = await startHiuApp();
    expect(await app.call('hiu.findPatient', { patientId: 'Asha.Verma@SBX' })).toEqual({ id: 'asha.verma@sbx', name: 'Asha Devi Verma' });
    const timeline = await app.call('timeline.list', { patientId: 'ASHA.VERMA@sbx' });
    expect(timeline.map((e) => e.path)).toEqual(['/v0.5/patients/find', '/v0.5/patients/on-find']);
  });

  it('an unknown ABHA address: ABDM_ERROR with the CM’s 1414, in the desk’s words', async () => {
    app = await startHiuApp();
    const failure = await app.fail('hiu.findPatient', { patientId: 'nobody.here@sbx' });
    expect(failure.code).toBe('ABDM_ERROR');
    expect(failure.abdmCode).toBe('1414');
    expect(failure.message.length).toBeGreaterThan(0);
  });

  it('the request and its answer are on the patient’s timeline', async () => {
    app = await startHiuApp();
    await app.call('hiu.findPatient', { patientId: 'asha.verma@sbx' });
    await app.settle();
    const timeline = await app.call('timeline.list', { patientId: 'asha.verma@sbx' });
    expect(timeline.map((e) => `${e.direction} ${e.path} ${e.step}`)).toEqual(
      expect.arrayContaining(['out /v0.5/patients/find accepted', 'in /v0.5/patients/on-find received']),
    );
  });

  it('an ABHA address that is not one is refused before anything is sent', async () => {
    app = await startHiuApp();
    const failure = await app.fail('hiu.findPatient', { patientId: 'not an address' });
    expect(failure.code).toBe('INVALID_INPUT');
    expect(await app.call('timeline.list', {})).toEqual([]);
  });
});
