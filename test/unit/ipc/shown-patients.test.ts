// Every answer that shows a patient's profile keeps it for Today; the others keep nothing; a failure to keep never
// reaches the operator.
import { describe, expect, it } from 'vitest';
import type { Handlers } from '../../../electron/ipc/dispatch';
import { keepShownPatients } from '../../../electron/ipc/shown-patients';
import type { PatientView } from '../../../electron/services/abha/patient-view';

const asha = { abhaNumber: '91-4820-1736-5529', abhaAddress: 'asha.verma@sbx', name: 'Asha Devi Verma' } as PatientView;

function wrap(answers: Record<string, unknown>, keep: (patient: PatientView) => void = () => {}, logError = (_what: string, _error: unknown) => {}) {
  const handlers = Object.fromEntries(Object.entries(answers).map(([channel, answer]) => [channel, async () => answer])) as unknown as Handlers;
  return keepShownPatients(handlers, keep, logError) as unknown as Record<string, (input: unknown) => Promise<unknown>>;
}

describe('keepShownPatients', () => {
  it.each([
    ['enrol.verifyAadhaarOtp', { next: 'done', result: { patient: asha, isNew: false } }],
    ['enrol.create', { patient: asha, isNew: true }],
    ['verify.confirm', { patient: asha }],
    ['verify.choose', { patient: asha }],
    ['patient.profile', asha],
  ])('%s keeps the patient it shows and answers unchanged', async (channel, answer) => {
    const kept: PatientView[] = [];
    const handlers = wrap({ [channel]: answer }, (patient) => kept.push(patient));
    await expect(handlers[channel]!({})).resolves.toBe(answer);
    expect(kept).toEqual([asha]);
  });

  it.each([
    ['enrol.verifyAadhaarOtp', { next: 'address', suggestions: [], takesEmail: true }],
    ['verify.confirm', { choose: [{ abhaNumber: asha.abhaNumber, name: asha.name }] }],
    ['verify.start', { flowId: 'f' }],
  ])('%s without a profile keeps nothing', async (channel, answer) => {
    const kept: PatientView[] = [];
    await wrap({ [channel]: answer }, (patient) => kept.push(patient))[channel]!({});
    expect(kept).toEqual([]);
  });

  it('answers the operator even when keeping fails, and logs why', async () => {
    const logged: string[] = [];
    const handlers = wrap(
      { 'verify.confirm': { patient: asha } },
      () => {
        throw new Error('disk full');
      },
      (what, error) => logged.push(`${what}: ${(error as Error).message}`),
    );
    await expect(handlers['verify.confirm']!({})).resolves.toEqual({ patient: asha });
    expect(logged).toEqual(['keeping the day’s patient: disk full']);
  });
});
