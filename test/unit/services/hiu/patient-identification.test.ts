// PatientIdentification against the offline ABDM: expected names from docs/sandbox-hiu.md §2, codes from
// reference/spec/gateway-v05.md §2.5 and §5.3.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PatientIdentification } from '../../../../electron/services/hiu/patient-identification';
import { AppFailure } from '../../../../electron/shared/errors';
import { OPEN_GUARD, startHiuKit, type HiuKit } from './hiu-kit';

async function failureOf(promise: Promise<unknown>): Promise<AppFailure> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppFailure);
  return error as AppFailure;
}

describe('PatientIdentification', () => {
  let kit: HiuKit;
  let service: PatientIdentification;

  beforeEach(async () => {
    kit = await startHiuKit();
    service = new PatientIdentification(kit.ctx, OPEN_GUARD);
    service.register();
  });
  afterEach(async () => {
    await kit.close();
  });

  it('finds a seeded patient by ABHA address, asking as our HIU', async () => {
    await expect(service.find({ patientId: 'asha.verma@sbx' })).resolves.toEqual({ id: 'asha.verma@sbx', name: 'Asha Devi Verma' });
    const [request] = kit.outbox('patients.find');
    expect(request!.payload).toEqual({ query: { patient: { id: 'asha.verma@sbx' }, requester: { type: 'HIU', id: 'HIU-ABHADESK-TRAINING' } } });
    expect(request!.patientId).toBe('asha.verma@sbx');
    expect(request!.state).toBe('answered');
  });

  it('uses the HIU id from Settings when one is set', async () => {
    kit.settings.hiuId = 'HIU-CLINIC-42';
    await service.find({ patientId: 'rohan.desai@sbx' });
    expect(kit.outbox('patients.find')[0]!.payload).toMatchObject({ query: { requester: { type: 'HIU', id: 'HIU-CLINIC-42' } } });
    expect(kit.deliveries.find((d) => d.kind === 'patients.onFind')).toBeDefined();
  });

  it('an unknown ABHA address is the CM’s 1414, kept as ABDM’s code', async () => {
    const failure = await failureOf(service.find({ patientId: 'nobody.here@sbx' }));
    expect(failure.code).toBe('ABDM_ERROR');
    expect(failure.abdmCode).toBe('1414');
    expect(kit.outbox('patients.find')[0]!.errorCode).toBe('1414');
  });

  it('a refusal relayed the ProjectEKA gateway way (2500, no timestamp) keeps 2500', async () => {
    await kit.control('/hiu/settings', { cmErrorStyle: 'gateway' });
    const failure = await failureOf(service.find({ patientId: 'nobody.here@sbx' }));
    expect(failure.code).toBe('ABDM_ERROR');
    expect(failure.abdmCode).toBe('2500');
  });

  it('an answer that names nobody and carries no error is NOT_FOUND', async () => {
    // The simulator always names the patient or refuses; an empty answer is put in front of its (slow) one.
    await kit.control('/hiu/settings', { callbackDelayMs: 1500 });
    const finding = failureOf(service.find({ patientId: 'asha.verma@sbx' }));
    await expect.poll(() => kit.outbox('patients.find')[0]?.state).toBe('accepted');
    const request = kit.outbox('patients.find')[0]!;
    await kit.inject('patients.onFind', { requestId: randomUUID(), timestamp: new Date().toISOString(), resp: { requestId: request.requestId } });
    const failure = await finding;
    expect(failure.code).toBe('NOT_FOUND');
    expect(failure.params).toEqual({ patientId: 'asha.verma@sbx' });
  });

  it('no answer in time is GATEWAY_NO_ANSWER', async () => {
    await kit.control('/hiu/settings', { callbackDelayMs: 3000 });
    const quick = new PatientIdentification({ ...kit.ctx }, OPEN_GUARD);
    const finding = failureOf(quick.find({ patientId: 'asha.verma@sbx' }));
    await expect.poll(() => kit.outbox('patients.find')[0]?.state).toBe('accepted');
    kit.db.prepare(`UPDATE outbox SET answer_due_at = ? WHERE operation = 'patients.find'`).run(new Date(Date.now() - 1000).toISOString());
    kit.ctx.outbox.sweep();
    const failure = await finding;
    expect(failure.code).toBe('GATEWAY_NO_ANSWER');
  });

  it('asks the guard first: an inactive patient is refused before anything is sent', async () => {
    const guarded = new PatientIdentification(kit.ctx, {
      assertActive: (patientId) => {
        throw new AppFailure('PATIENT_INACTIVE', { params: { patientId } });
      },
    });
    const failure = await failureOf(guarded.find({ patientId: 'asha.verma@sbx' }));
    expect(failure.code).toBe('PATIENT_INACTIVE');
    expect(kit.outbox()).toHaveLength(0);
  });

  it('without an HIU id outside training, HIU_ID_MISSING and nothing sent', async () => {
    kit.settings.environment = 'abdm-sandbox';
    const failure = await failureOf(service.find({ patientId: 'asha.verma@sbx' }));
    expect(failure.code).toBe('HIU_ID_MISSING');
    expect(kit.outbox()).toHaveLength(0);
  });
});
