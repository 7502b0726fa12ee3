// Enrol and Verify register the patient they confirmed by OTP; a profile read again, a step without a patient and
// every other channel register nobody; a failure to register never reaches the operator.
import { describe, expect, it } from 'vitest';
import type { Handlers } from '../../../electron/ipc/dispatch';
import { registerVerifiedPatients } from '../../../electron/ipc/registered-patients';
import type { PatientView } from '../../../electron/services/abha/patient-view';

const asha = { abhaNumber: '91-4820-1736-5529', abhaAddress: 'asha.verma@sbx', name: 'Asha Devi Verma' } as PatientView;

function wrap(answers: Record<string, unknown>, register: (patient: PatientView) => void = () => {}, logError = (_what: string, _error: unknown) => {}) {
  const handlers = Object.fromEntries(Object.entries(answers).map(([channel, answer]) => [channel, async () => answer])) as unknown as Handlers;
  return registerVerifiedPatients(handlers, register, logError) as unknown as Record<string, (input: unknown) => Promise<unknown>>;
}

describe('registerVerifiedPatients', () => {
  it.each([
    ['enrol.verifyAadhaarOtp', { next: 'done', result: { patient: asha, isNew: false } }],
    ['enrol.create', { patient: asha, isNew: true }],
    ['verify.confirm', { patient: asha }],
    ['verify.choose', { patient: asha }],
  ])('%s registers the patient it confirmed and answers unchanged', async (channel, answer) => {
    const registered: PatientView[] = [];
    await expect(wrap({ [channel]: answer }, (patient) => registered.push(patient))[channel]!({})).resolves.toBe(answer);
    expect(registered).toEqual([asha]);
  });

  it.each([
    ['patient.profile', asha],
    ['enrol.verifyAadhaarOtp', { next: 'address', suggestions: [], takesEmail: true }],
    ['verify.confirm', { choose: [{ abhaNumber: asha.abhaNumber, name: asha.name }] }],
    ['patient.openFromDay', { patient: asha, fetchedAt: '2026-11-25T04:30:00.000Z' }],
  ])('%s registers nobody', async (channel, answer) => {
    const registered: PatientView[] = [];
    await wrap({ [channel]: answer }, (patient) => registered.push(patient))[channel]!({});
    expect(registered).toEqual([]);
  });

  it('answers the operator even when registering fails, and logs why', async () => {
    const logged: string[] = [];
    const handlers = wrap(
      { 'verify.choose': { patient: asha } },
      () => {
        throw new Error('disk full');
      },
      (what, error) => logged.push(`${what}: ${(error as Error).message}`),
    );
    await expect(handlers['verify.choose']!({})).resolves.toEqual({ patient: asha });
    expect(logged).toEqual(['registering the verified patient: disk full']);
  });
});
