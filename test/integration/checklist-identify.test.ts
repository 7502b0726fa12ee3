// HIU_FLOW_101 through the app core on ABDM v3: Records finds a patient by ABHA number as well as by address, the
// consent manager confirming the details (HIE-CM v3 identity/authentication in the simulator). Then a consent can be
// asked with the confirmed address. On the older API the channel says it is not there (patients/find is).
import { afterEach, describe, expect, it } from 'vitest';
import { consentInput, startHiuApp, type HiuApp } from '../support/hiu-app';

let app: HiuApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const ASHA = { abhaNumber: '91-4820-1736-5529', abhaAddress: 'asha.verma@sbx', name: 'Asha Devi Verma', gender: 'F' as const, yearOfBirth: 1988 };

describe('finding a patient by ABHA number on v3', () => {
  it('confirms the number, address and details; the confirmed address can then be asked for records', async () => {
    app = await startHiuApp({}, {}, { api: 'v3' });
    const { patient } = await app.call('hiu.identify', ASHA);
    expect(patient).toEqual({ id: 'asha.verma@sbx', name: 'Asha Devi Verma', gender: 'F', yearOfBirth: 1988 });
    const requested = await app.call('consents.request', consentInput(patient.id, Date.now()));
    expect(requested.patientId).toBe('asha.verma@sbx');
  });

  it('an ABHA number that is not this patient’s is not confirmed, and says so', async () => {
    app = await startHiuApp({}, {}, { api: 'v3' });
    const failure = await app.fail('hiu.identify', { ...ASHA, abhaNumber: '91-1111-2222-3333' });
    expect(failure).toMatchObject({ code: 'IDENTITY_NOT_CONFIRMED', params: { patientId: 'asha.verma@sbx' } });
    expect(failure.message).toContain('did not confirm');
  });

  it('a malformed ABHA number is refused by the contract, naming the field', async () => {
    app = await startHiuApp({}, {}, { api: 'v3' });
    const failure = await app.fail('hiu.identify', { ...ASHA, abhaNumber: '12-34' });
    expect(failure.code).toBe('INVALID_INPUT');
    expect(failure.fields?.[0]?.path).toBe('abhaNumber');
  });

  it('on the older API the desk says the step is not there', async () => {
    app = await startHiuApp({}, {}, { api: 'v1' });
    const failure = await app.fail('hiu.identify', ASHA);
    expect(failure).toMatchObject({ code: 'NOT_ON_THIS_API', params: { reason: 'identity-authentication' } });
  });
});
