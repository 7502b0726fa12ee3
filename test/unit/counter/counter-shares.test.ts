// What the counter's service keeps and answers for each share, beyond the numbering (token-allocation.test.ts): the
// board's view (waiting, registered, expired, failed, late), FAILED answers that never stop the next share, the
// relay's token taken as is, and the events the Counter screen listens to. Expected values are written by hand.
import { afterEach, describe, expect, it } from 'vitest';
import { counterKit, v3ShareBody, type CounterKit } from './counter-kit';

const MINUTE = 60_000;
let kit: CounterKit;

afterEach(() => kit.close());

describe('the counter’s board', () => {
  it('shows a share as waiting with its token, the patient as shared, and its validity', async () => {
    kit = await counterKit({ start: Date.parse('2026-11-27T05:00:00Z') });
    kit.share('asha@sbx', '1');
    const [view] = kit.counter.list();
    expect(view).toMatchObject({
      counterId: '1',
      tokenNumber: 1,
      sharedAt: '2026-11-27T05:00:00.000Z',
      validUntil: '2026-11-27T05:30:00.000Z',
      status: 'waiting',
      late: false,
      problem: null,
      registeredAs: null,
    });
    expect(view!.patient).toEqual({
      name: 'Asha Devi',
      gender: 'F',
      dayOfBirth: 1,
      monthOfBirth: 8,
      yearOfBirth: 1981,
      abhaAddress: 'asha@sbx',
      abhaNumber: '91-7507-6821-7770',
      mobile: '9876543210',
      addressLine: '12 Gandhi Road',
      district: 'Coimbatore',
      state: 'Tamil Nadu',
      pincode: '641050',
    });
    expect(kit.events).toEqual([{ event: 'counter.changed', payload: { id: view!.id, counterId: '1' } }]);
  });

  it('reads a waiting share as expired once its 30 minutes passed, and a registered one stays registered', async () => {
    kit = await counterKit();
    kit.share('asha@sbx', '1');
    kit.share('ravi@sbx', '1');
    const [ravi, asha] = kit.counter.list();
    kit.counter.markRegistered(ravi!.id, 'OPD-000007');
    expect(kit.events.at(-1)).toEqual({ event: 'counter.changed', payload: { id: ravi!.id, counterId: '1' } });
    kit.clock.now += 29 * MINUTE;
    expect(kit.counter.share(asha!.id)?.status).toBe('waiting');
    kit.clock.now += MINUTE;
    expect(kit.counter.share(asha!.id)?.status).toBe('expired');
    expect(kit.counter.share(ravi!.id)).toMatchObject({ status: 'registered', registeredAs: 'OPD-000007' });
  });

  it('lists the desk’s own counter by default, another on request, newest first', async () => {
    kit = await counterKit();
    kit.share('asha@sbx', '1');
    kit.clock.now += 1000;
    kit.share('ravi@sbx', '2');
    kit.clock.now += 1000;
    kit.share('meena@sbx', '1');
    expect(kit.counter.list().map((s) => s.patient.abhaAddress)).toEqual(['meena@sbx', 'asha@sbx']);
    expect(kit.counter.list({ counterId: '2' }).map((s) => s.patient.abhaAddress)).toEqual(['ravi@sbx']);
  });

  it('refuses to mark an unknown share registered', async () => {
    kit = await counterKit();
    expect(() => kit.counter.markRegistered('5b7c0a43-1d1e-4a4c-9a39-0d5a3c1b2e11', 'OPD-000001')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });
});

describe('shares that get no token', () => {
  it('answers a share for another HIP id FAILED, keeps it failed, and answers the next share with token 1', async () => {
    kit = await counterKit();
    kit.share('asha@sbx', '1', { headers: { 'x-hip-id': 'IN0000000001' }, body: v3ShareBody('asha@sbx', '1', 'IN0000000001') });
    kit.share('ravi@sbx', '1');
    expect(kit.enqueued[0]!.payload).toMatchObject({ tokenNumber: null, abhaAddress: 'asha@sbx', error: { code: 'HIP_ID_MISMATCH' } });
    expect(kit.tokens()).toEqual([null, 1]);
    const [ravi, asha] = kit.counter.list();
    expect(asha).toMatchObject({ status: 'failed', problem: 'other-hip', tokenNumber: null, validUntil: null });
    expect(ravi).toMatchObject({ status: 'waiting', tokenNumber: 1 });
  });

  it('answers FAILED a body that is not a share, and one without an ABHA address or a counter', async () => {
    kit = await counterKit();
    kit.share('x', '1', { body: { hello: 'world' } });
    kit.share('x', '1', { body: { ...v3ShareBody('asha@sbx', '1'), intent: 'PAYMENT_SHARE' } });
    kit.share('x', '1', { body: v3ShareBody('', '1') });
    kit.share('x', '1', { body: v3ShareBody('ravi@sbx', '') });
    kit.share('meena@sbx', '1');
    expect(kit.enqueued.map((e) => (e.payload.error as { code: string } | null)?.code ?? e.payload.tokenNumber)).toEqual([
      'NOT_A_PROFILE_SHARE',
      'NOT_A_PROFILE_SHARE',
      'NO_ABHA_ADDRESS',
      'NO_COUNTER',
      1,
    ]);
    // Those with no counter show on every board; the rest on theirs.
    expect(kit.counter.list().map((s) => s.problem)).toEqual([null, 'no-counter', 'no-abha-address', 'not-a-profile-share', 'not-a-profile-share']);
  });

  it('takes a share naming no HIP id at all as this facility’s (the gateway routed it here)', async () => {
    kit = await counterKit();
    const body = v3ShareBody('asha@sbx', '1');
    delete (body.metaData as Record<string, unknown>).hipId;
    kit.share('asha@sbx', '1', { headers: { 'x-hip-id': '' }, body });
    expect(kit.tokens()).toEqual([1]);
  });
});

describe('behind the clinic’s relay', () => {
  const relayed = (number: string, validUntil: string) => ({ 'x-relay-token-number': number, 'x-relay-token-valid-until': validUntil });

  it('uses the token the relay handed out, and numbers nothing itself', async () => {
    kit = await counterKit({ start: Date.parse('2026-11-27T05:00:00Z') });
    kit.share('asha@sbx', '1', { headers: relayed('17', '2026-11-27T05:30:00.000Z') });
    kit.share('ravi@sbx', '1');
    // The desk's own numbering had not started: its first number is 1.
    expect(kit.tokens()).toEqual([17, 1]);
    expect(kit.enqueued[0]!.payload).toMatchObject({ tokenNumber: 17, expirySeconds: 1800 });
    expect(kit.counter.list().at(-1)).toMatchObject({ tokenNumber: 17, validUntil: '2026-11-27T05:30:00.000Z', status: 'waiting' });
  });

  it('keeps one row when the relay hands the same patient the same token again', async () => {
    kit = await counterKit({ start: Date.parse('2026-11-27T05:00:00Z') });
    kit.share('asha@sbx', '1', { headers: relayed('4', '2026-11-27T05:30:00.000Z') });
    kit.clock.now += 10 * MINUTE;
    kit.share('asha@sbx', '1', { headers: relayed('4', '2026-11-27T05:30:00.000Z') });
    expect(kit.tokens()).toEqual([4, 4]);
    expect(kit.enqueued[1]!.payload.expirySeconds).toBe(1200);
    expect(kit.counter.list()).toHaveLength(1);
  });

  it('keeps a share the relay held while no desk was connected, marked late, and sends no on-share', async () => {
    kit = await counterKit();
    kit.share('asha@sbx', '1', { headers: { 'x-relay-late': 'true' } });
    expect(kit.enqueued).toEqual([]);
    expect(kit.counter.list()).toEqual([expect.objectContaining({ late: true, tokenNumber: null, status: 'waiting' })]);
    kit.clock.now += 30 * MINUTE;
    expect(kit.counter.list()[0]!.status).toBe('expired');
  });
});

describe('how long shares are kept', () => {
  it('forgets the shares of days more than 7 days back at start-up, and keeps the last 7 days and today', async () => {
    // 10:00 IST on 1 November, then 8 and 9 November.
    kit = await counterKit({ timeZone: 'Asia/Kolkata', start: Date.parse('2026-11-01T04:30:00Z') });
    kit.share('old@sbx', '1');
    kit.clock.now = Date.parse('2026-11-02T04:30:00Z');
    kit.share('kept@sbx', '1');
    kit.clock.now = Date.parse('2026-11-09T04:30:00Z');
    expect(kit.counter.sweep()).toBe(1);
    const ids = kit.database.db.prepare('SELECT abha_address FROM counter_shares').all();
    expect(ids).toEqual([{ abha_address: 'kept@sbx' }]);
  });
});
