// KycAuth against the offline ABDM: people and modes from docs/sandbox-hiu.md §2 (OTP 123456 for every OTP mode),
// refusal codes from its §3 table and §7, message shapes from reference/spec/gateway-v05.md §2.6–2.9.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KycAuth } from '../../../../electron/services/hiu/kyc-auth';
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

const OTP = '123456';

describe('KycAuth', () => {
  let kit: HiuKit;
  let kyc: KycAuth;

  beforeEach(async () => {
    kit = await startHiuKit();
    kyc = new KycAuth(kit.ctx, OPEN_GUARD);
    kyc.register();
  });
  afterEach(async () => {
    await kit.close();
  });

  /** What the simulator recorded of the acknowledgements to users/auth/notify. */
  async function authNotifyAcks() {
    const log = (await kit.read('/hiu/notifications')) as { sent: { requestId: string; path: string; acknowledgements: { path: string; body: any }[] }[] };
    return log.sent.filter((n) => n.path === '/users/auth/notify');
  }

  it('fetches the KYC modes a seeded patient has: all four', async () => {
    const { modes } = await kyc.modes({ patientId: 'asha.verma@sbx' });
    expect([...modes].sort()).toEqual(['AADHAAR_OTP', 'DEMOGRAPHICS', 'DIRECT', 'MOBILE_OTP']);
    expect(kit.outbox('auth.fetchModes')[0]!.payload).toEqual({
      query: { id: 'asha.verma@sbx', purpose: 'KYC', requester: { type: 'HIU', id: 'HIU-ABHADESK-TRAINING' } },
    });
  });

  it('modes for an unknown patient: 1414', async () => {
    const failure = await failureOf(kyc.modes({ patientId: 'nobody.here@sbx' }));
    expect([failure.code, failure.abdmCode]).toEqual(['ABDM_ERROR', '1414']);
  });

  it('MOBILE_OTP: init with purpose KYC, confirm with the OTP, the patient’s demographics come back', async () => {
    const started = await kyc.start({ patientId: 'asha.verma@sbx', mode: 'MOBILE_OTP' });
    expect(started.mode).toBe('MOBILE_OTP');
    expect(started.flowId).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof started.hint).toBe('string');
    // Auth expiry = the OTP validity, 600 s (docs/sandbox-hiu.md §7).
    expect(Date.parse(started.expiresAt!) - Date.now()).toBeGreaterThan(590_000);
    expect(Date.parse(started.expiresAt!) - Date.now()).toBeLessThanOrEqual(600_000);
    // The time the screen counts down: from the CM's answer to its expiry, both on the CM's clock.
    expect(started.validForSeconds).toBe(600);
    const init = kit.outbox('auth.init')[0]!;
    expect(init.payload).toEqual({ query: { id: 'asha.verma@sbx', purpose: 'KYC', authMode: 'MOBILE_OTP', requester: { type: 'HIU', id: 'HIU-ABHADESK-TRAINING' } } });
    // The CM's transaction id never leaves main.
    const transactionId = kit.deliveries.find((d) => d.kind === 'auth.onInit')!.body.auth.transactionId as string;
    expect(JSON.stringify(started)).not.toContain(transactionId);

    const { patient } = await kyc.confirm({ flowId: started.flowId, otp: OTP });
    expect(patient).toMatchObject({ id: 'asha.verma@sbx', name: 'Asha Devi Verma', gender: 'F', yearOfBirth: 1988 });
    expect(patient.identifiers).toContainEqual({ type: 'MOBILE', value: '+919812345670' });
    expect(kit.outbox('auth.confirm')[0]!.payload).toEqual({ transactionId, credential: { authCode: OTP } });
    expect(kit.outbox('auth.confirm')[0]!.patientId).toBe('asha.verma@sbx');
    // The flow is finished.
    expect((await failureOf(kyc.confirm({ flowId: started.flowId, otp: OTP }))).code).toBe('FLOW_EXPIRED');
  });

  it('a wrong OTP is the CM’s 1405 and the flow stays open for the right one', async () => {
    const started = await kyc.start({ patientId: 'asha.verma@sbx', mode: 'MOBILE_OTP' });
    const wrong = await failureOf(kyc.confirm({ flowId: started.flowId, otp: '654321' }));
    expect([wrong.code, wrong.abdmCode]).toEqual(['ABDM_ERROR', '1405']);
    const { patient } = await kyc.confirm({ flowId: started.flowId, otp: OTP });
    expect(patient.id).toBe('asha.verma@sbx');
  });

  it('AADHAAR_OTP works the same way', async () => {
    const started = await kyc.start({ patientId: 'rohan.desai@sbx', mode: 'AADHAAR_OTP' });
    expect(started.mode).toBe('AADHAAR_OTP');
    const wrong = await failureOf(kyc.confirm({ flowId: started.flowId, otp: '000000' }));
    expect(wrong.abdmCode).toBe('1405');
    const { patient } = await kyc.confirm({ flowId: started.flowId, otp: OTP });
    expect(patient).toMatchObject({ id: 'rohan.desai@sbx', name: 'Rohan Desai', gender: 'M', yearOfBirth: 1975 });
    expect(patient.identifiers).toContainEqual({ type: 'MOBILE', value: '+919800000102' });
  });

  it('an OTP mode without an OTP is refused here, without a call', async () => {
    const started = await kyc.start({ patientId: 'asha.verma@sbx', mode: 'MOBILE_OTP' });
    const failure = await failureOf(kyc.confirm({ flowId: started.flowId }));
    expect(failure.code).toBe('INVALID_INPUT');
    expect(failure.fields).toEqual([{ path: 'otp', code: 'required' }]);
    expect(kit.outbox('auth.confirm')).toHaveLength(0);
  });

  it('DEMOGRAPHICS: matching name, gender, birth date and mobile give the patient; a mismatch is 1404', async () => {
    const started = await kyc.start({ patientId: 'meena.iyer@sbx', mode: 'DEMOGRAPHICS' });
    expect(started.mode).toBe('DEMOGRAPHICS');
    const mismatch = await failureOf(
      kyc.confirm({ flowId: started.flowId, demographics: { name: 'Meena Iyer', gender: 'F', dateOfBirth: '1962-07-26', identifier: { type: 'MOBILE', value: '+919800000103' } } }),
    );
    expect([mismatch.code, mismatch.abdmCode]).toEqual(['ABDM_ERROR', '1404']);
    const demographic = { name: 'Meena Iyer', gender: 'F' as const, dateOfBirth: '1962-07-25', identifier: { type: 'MOBILE' as const, value: '+919800000103' } };
    const { patient } = await kyc.confirm({ flowId: started.flowId, demographics: demographic });
    expect(patient).toMatchObject({ id: 'meena.iyer@sbx', name: 'Meena Iyer', gender: 'F', yearOfBirth: 1962 });
    expect(kit.outbox('auth.confirm').map((e) => e.payload.credential)).toEqual([
      { demographic: { ...demographic, dateOfBirth: '1962-07-26' } },
      { demographic },
    ]);
  });

  it('DEMOGRAPHICS without the demographics is refused here', async () => {
    const started = await kyc.start({ patientId: 'meena.iyer@sbx', mode: 'DEMOGRAPHICS' });
    const failure = await failureOf(kyc.confirm({ flowId: started.flowId, otp: OTP }));
    expect(failure.code).toBe('INVALID_INPUT');
    expect(failure.fields).toEqual([{ path: 'demographics', code: 'required' }]);
  });

  it('DIRECT granted: no confirm call; the notify brings the patient and is acknowledged', async () => {
    await kit.control('/hiu/settings', { directAuthDecision: 'manual' });
    const started = await kyc.start({ patientId: 'asha.verma@sbx', mode: 'DIRECT' });
    expect(started.mode).toBe('DIRECT');
    const confirming = kyc.confirm({ flowId: started.flowId });
    const transactionId = kit.deliveries.find((d) => d.kind === 'auth.onInit')!.body.auth.transactionId as string;
    expect((await kit.control(`/auth/${transactionId}/grant`)).status).toBe(200);
    const { patient } = await confirming;
    expect(patient).toMatchObject({ id: 'asha.verma@sbx', name: 'Asha Devi Verma', gender: 'F', yearOfBirth: 1988 });
    expect(kit.outbox('auth.confirm')).toHaveLength(0);
    await kit.settle();
    const [notification] = await authNotifyAcks();
    expect(notification!.acknowledgements).toHaveLength(1);
    expect(notification!.acknowledgements[0]!.path).toBe('/users/auth/on-notify');
    expect(notification!.acknowledgements[0]!.body).toMatchObject({ acknowledgement: { status: 'OK' }, resp: { requestId: notification!.requestId } });
    // The acknowledgement went out on the patient's timeline.
    expect(kit.outbox('auth.onNotify')[0]!.patientId).toBe('asha.verma@sbx');
  });

  it('DIRECT denied by the patient: the confirm fails with ABDM’s word, and the notify is acknowledged', async () => {
    await kit.control('/hiu/settings', { directAuthDecision: 'manual' });
    const started = await kyc.start({ patientId: 'rohan.desai@sbx', mode: 'DIRECT' });
    const confirming = failureOf(kyc.confirm({ flowId: started.flowId }));
    const transactionId = kit.deliveries.find((d) => d.kind === 'auth.onInit')!.body.auth.transactionId as string;
    await kit.control(`/auth/${transactionId}/deny`);
    const failure = await confirming;
    expect([failure.code, failure.abdmCode]).toEqual(['AUTH_DENIED', 'DENIED']);
    await kit.settle();
    expect((await authNotifyAcks())[0]!.acknowledgements).toHaveLength(1);
  });

  it('DIRECT decided before the confirm starts (the simulator’s automatic answer): the confirm still sees it', async () => {
    await kit.control('/hiu/settings', { directAuthDecision: 'DENIED' });
    const denied = await kyc.start({ patientId: 'meena.iyer@sbx', mode: 'DIRECT' });
    await kit.settle();
    expect((await failureOf(kyc.confirm({ flowId: denied.flowId }))).abdmCode).toBe('DENIED');

    await kit.control('/hiu/settings', { directAuthDecision: 'GRANTED' });
    const granted = await kyc.start({ patientId: 'meena.iyer@sbx', mode: 'DIRECT' });
    await kit.settle();
    const { patient } = await kyc.confirm({ flowId: granted.flowId });
    expect(patient).toMatchObject({ id: 'meena.iyer@sbx', name: 'Meena Iyer', yearOfBirth: 1962 });
    expect((await authNotifyAcks()).every((n) => n.acknowledgements.length === 1)).toBe(true);
  });

  it('a notify for a transaction this desk never started is still acknowledged', async () => {
    // users/auth/init sent around KycAuth, so it has never heard of the transaction.
    await kit.ctx.outbox.send('auth.init', { query: { id: 'asha.verma@sbx', purpose: 'KYC', authMode: 'DIRECT', requester: { type: 'HIU', id: 'HIU-ABHADESK-TRAINING' } } });
    await kit.settle();
    expect(kit.deliveries.filter((d) => d.kind === 'auth.notify')).toHaveLength(1);
    const [notification] = await authNotifyAcks();
    expect(notification!.acknowledgements).toHaveLength(1);
    expect(kit.processingErrors).toEqual([]);
  });

  it('a notify delivered twice is acknowledged once and changes nothing twice', async () => {
    await kit.control('/hiu/callback-faults', { duplicate: true });
    const started = await kyc.start({ patientId: 'asha.verma@sbx', mode: 'DIRECT' });
    await kit.settle();
    expect(kit.deliveries.filter((d) => d.kind === 'auth.notify')).toHaveLength(2);
    expect(kit.deliveries.filter((d) => d.kind === 'auth.notify' && d.stored)).toHaveLength(1);
    const { patient } = await kyc.confirm({ flowId: started.flowId });
    expect(patient.id).toBe('asha.verma@sbx');
    expect(kit.outbox('auth.onNotify')).toHaveLength(1);
    expect((await authNotifyAcks())[0]!.acknowledgements).toHaveLength(1);
  });

  it('a DIRECT confirm that hears nothing before the CM’s expiry ends with FLOW_EXPIRED', async () => {
    await kit.control('/hiu/settings', { directAuthDecision: 'manual' });
    // A desk whose clock is already past the session's end (meta.expiry = now + 600 s).
    const late = new KycAuth({ ...kit.ctx, now: () => Date.now() + 601_000 }, OPEN_GUARD);
    late.register();
    const started = await late.start({ patientId: 'asha.verma@sbx', mode: 'DIRECT' });
    expect((await failureOf(late.confirm({ flowId: started.flowId }))).code).toBe('FLOW_EXPIRED');
  });

  it('an unknown flow id is FLOW_EXPIRED', async () => {
    expect((await failureOf(kyc.confirm({ flowId: randomUUID(), otp: OTP }))).code).toBe('FLOW_EXPIRED');
  });

  it('asks the guard before fetch-modes and init', async () => {
    const guarded = new KycAuth(kit.ctx, {
      assertActive: (patientId) => {
        throw new AppFailure('PATIENT_DELETED', { params: { patientId } });
      },
    });
    expect((await failureOf(guarded.modes({ patientId: 'asha.verma@sbx' }))).code).toBe('PATIENT_DELETED');
    expect((await failureOf(guarded.start({ patientId: 'asha.verma@sbx', mode: 'MOBILE_OTP' }))).code).toBe('PATIENT_DELETED');
    expect(kit.outbox()).toHaveLength(0);
  });

  it('an unavailable mode is the CM’s refusal at init', async () => {
    // Every seeded patient has all four; a mode the CM does not know is refused before it (gateway 400).
    const failure = await failureOf(kyc.start({ patientId: 'asha.verma@sbx', mode: 'PASSWORD' }));
    expect(failure.code).toBe('ABDM_ERROR');
  });
});
