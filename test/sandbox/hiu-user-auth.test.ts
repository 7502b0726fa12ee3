import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIU_ID, startHiuHarness, type HiuHarness } from './hiu-harness';

// users/auth/fetch-modes, init, confirm and (DIRECT) notify + on-notify (gateway-v05.md §2.6–2.9).

const requester = { type: 'HIU', id: HIU_ID };

describe('user authentication at the consent manager', () => {
  let h: HiuHarness;
  beforeAll(async () => {
    h = await startHiuHarness();
  });
  afterAll(() => h.close());

  async function init(id: string, authMode?: string, purpose = 'KYC') {
    const res = await h.send('/users/auth/init', { query: { id, purpose, ...(authMode ? { authMode } : {}), requester } });
    return (await h.callback('/users/auth/on-init', res.requestId)).body;
  }
  async function confirm(transactionId: string, credential: Record<string, unknown>) {
    const res = await h.send('/users/auth/confirm', { transactionId, credential });
    return (await h.callback('/users/auth/on-confirm', res.requestId)).body;
  }

  it('lists the modes of a Health ID account, DIRECT included', async () => {
    const res = await h.send('/users/auth/fetch-modes', { query: { id: 'asha.verma@sbx', purpose: 'KYC', requester } });
    const call = await h.callback('/users/auth/on-fetch-modes', res.requestId);
    expect(call.body.auth).toEqual({ purpose: 'KYC', modes: ['MOBILE_OTP', 'AADHAAR_OTP', 'DEMOGRAPHICS', 'DIRECT'] });
  });

  it('MOBILE_OTP: a hint with the masked mobile, then KYC demographics for the right OTP', async () => {
    const { auth } = await init('asha.verma@sbx', 'MOBILE_OTP');
    expect(auth).toMatchObject({ mode: 'MOBILE_OTP', meta: { hint: 'OTP sent to ******5670' } });
    expect(Date.parse(auth.meta.expiry)).toBeGreaterThan(Date.now());
    const wrong = await confirm(auth.transactionId, { authCode: '000000' });
    expect(wrong.error.code).toBe(1405);
    const right = await confirm(auth.transactionId, { authCode: '123456' });
    expect(right.auth.patient).toMatchObject({ id: 'asha.verma@sbx', name: 'Asha Devi Verma', gender: 'F', yearOfBirth: 1988 });
    expect(right.auth.patient.identifiers).toContainEqual({ type: 'NDHM_HEALTH_NUMBER', value: '91-4820-1736-5529' });
    expect(right.auth.accessToken).toBeUndefined();
    const reused = await confirm(auth.transactionId, { authCode: '123456' });
    expect(reused.error.code).toBe(1411);
  });

  it('uses MOBILE_OTP when no mode is named, and AADHAAR_OTP when asked', async () => {
    expect((await init('rohan.desai@sbx')).auth.mode).toBe('MOBILE_OTP');
    const { auth } = await init('rohan.desai@sbx', 'AADHAAR_OTP');
    expect((await confirm(auth.transactionId, { authCode: '123456' })).auth.patient.name).toBe('Rohan Desai');
  });

  it('DEMOGRAPHICS: matches name, gender, birth date and mobile', async () => {
    const { auth } = await init('meena.iyer@sbx', 'DEMOGRAPHICS');
    const demographic = { name: 'meena  iyer', gender: 'F', dateOfBirth: '1962-07-25', identifier: { type: 'MOBILE', value: '+919800000103' } };
    const wrong = await confirm(auth.transactionId, { demographic: { ...demographic, dateOfBirth: '1962-07-26' } });
    expect(wrong.error.code).toBe(1404);
    expect((await confirm(auth.transactionId, { demographic })).auth.patient.id).toBe('meena.iyer@sbx');
  });

  it('DIRECT: no confirm; the patient answers and the HIU acknowledges users/auth/notify', async () => {
    const { auth } = await init('asha.verma@sbx', 'DIRECT');
    expect((await confirm(auth.transactionId, { authCode: '123456' })).error.code).toBe(1513);
    const notify = await h.notification('/users/auth/notify', (c) => c.body.auth.transactionId === auth.transactionId);
    expect(notify.body.auth).toMatchObject({ status: 'GRANTED', patient: { id: 'asha.verma@sbx' } });
    const ack = await h.send('/users/auth/on-notify', { acknowledgement: { status: 'OK' }, resp: { requestId: notify.body.requestId } });
    expect(ack.status).toBe(202);
    expect(h.world.notifications.all().find((n) => n.requestId === notify.body.requestId)?.acknowledgements).toHaveLength(1);
  });

  it('refuses unknown patients (1414), non-KYC purposes for an HIU (1431) and unknown transactions (1427)', async () => {
    expect((await init('nobody.here@sbx')).error.code).toBe(1414);
    expect((await init('asha.verma@sbx', 'MOBILE_OTP', 'LINK')).error.code).toBe(1431);
    expect((await confirm(crypto.randomUUID(), { authCode: '123456' })).error.code).toBe(1427);
  });
});

describe('DIRECT authentication decided by hand', () => {
  it('stays pending until /_sandbox/auth/{id}/deny, then notifies DENIED', async () => {
    const h = await startHiuHarness({ directAuthDecision: 'manual' });
    try {
      const res = await h.send('/users/auth/init', { query: { id: 'asha.verma@sbx', purpose: 'KYC', authMode: 'DIRECT', requester } });
      const { transactionId } = (await h.callback('/users/auth/on-init', res.requestId)).body.auth;
      await h.world.work.idle();
      expect(h.bridge.callsTo('/v0.5/users/auth/notify')).toHaveLength(0);
      expect((await h.control(`/auth/${transactionId}/deny`)).status).toBe(200);
      const notify = await h.notification('/users/auth/notify');
      expect(notify.body.auth).toEqual({ transactionId, status: 'DENIED' });
      expect((await h.control(`/auth/${transactionId}/grant`)).status).toBe(409);
    } finally {
      await h.close();
    }
  });
});
