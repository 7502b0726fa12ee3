import { afterEach, describe, expect, it } from 'vitest';
import { HIU_ID, startHiuHarness, type HiuHarness } from './hiu-harness';

// How callbacks reach the bridge: once, no retry (as ABDM), a 5 s timeout; and the injected
// faults tests use to exercise an HIU: duplicates, delays, reordering, retries.

const find = { query: { patient: { id: 'asha.verma@sbx' }, requester: { type: 'HIU', id: HIU_ID } } };

describe('callback delivery', () => {
  let h: HiuHarness;
  afterEach(() => h.close());

  it('tries once when the bridge fails, and records the failure', async () => {
    h = await startHiuHarness();
    h.bridge.respondWith(() => ({ status: 500 }));
    const res = await h.send('/patients/find', find);
    await h.world.work.idle();
    expect(h.bridge.callsTo('/v0.5/patients/on-find')).toHaveLength(1);
    const record = h.world.sender.log.find((r) => r.respRequestId === res.requestId)!;
    expect(record).toMatchObject({ delivered: false, attempts: [{ status: 500 }] });
  });

  it('retries when configured to', async () => {
    h = await startHiuHarness({ callbackRetries: 2, callbackRetryDelayMs: 10 });
    let calls = 0;
    h.bridge.respondWith(() => ({ status: ++calls < 3 ? 503 : 202 }));
    const res = await h.send('/patients/find', find);
    await h.world.work.idle();
    expect(h.bridge.callsTo('/v0.5/patients/on-find')).toHaveLength(3);
    expect(h.world.sender.log.find((r) => r.respRequestId === res.requestId)).toMatchObject({ delivered: true });
  });

  it('gives up on a bridge slower than the timeout', async () => {
    h = await startHiuHarness({ callbackTimeoutMs: 100 });
    h.bridge.respondWith(() => ({ status: 202, delayMs: 400 }));
    const res = await h.send('/patients/find', find);
    await h.world.work.idle();
    const record = h.world.sender.log.find((r) => r.respRequestId === res.requestId)!;
    expect(record.delivered).toBe(false);
    expect(record.attempts[0]!.error).toBe('Timed out When calling target system');
  });

  it('defaults to a 5 s timeout and no retries, as the gateway', async () => {
    h = await startHiuHarness();
    const settings = (await fetch(`${h.sandbox.url}/_sandbox/hiu/settings`).then((r) => r.json())) as Record<string, unknown>;
    expect(settings).toMatchObject({ callbackTimeoutMs: 5000, callbackRetries: 0 });
  });

  it('duplicates a delivery with the same requestId when asked', async () => {
    h = await startHiuHarness();
    expect((await h.control('/hiu/callback-faults', { duplicate: true })).status).toBe(200);
    const res = await h.send('/patients/find', find);
    await h.world.work.idle();
    const calls = h.bridge.callsTo('/v0.5/patients/on-find').filter((c) => c.body.resp.requestId === res.requestId);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.body.requestId).toBe(calls[1]!.body.requestId);
  });

  it('delays deliveries by the configured time', async () => {
    h = await startHiuHarness();
    await h.control('/hiu/callback-faults', { extraDelayMs: 300 });
    const started = Date.now();
    const res = await h.send('/patients/find', find);
    const call = await h.callback('/patients/on-find', res.requestId);
    expect(call.receivedAt - started).toBeGreaterThanOrEqual(300);
  });

  it('delivers out of order: the second callback arrives before the first', async () => {
    h = await startHiuHarness();
    await h.control('/hiu/callback-faults', { outOfOrder: true });
    const first = await h.send('/patients/find', find);
    const second = await h.send('/patients/find', { query: { ...find.query, patient: { id: 'rohan.desai@sbx' } } });
    await h.world.work.idle();
    const order = h.bridge.callsTo('/v0.5/patients/on-find').map((c) => c.body.resp.requestId);
    expect(order).toEqual([second.requestId, first.requestId]);
  });

  it('refuses unknown fault and setting names', async () => {
    h = await startHiuHarness();
    expect((await h.control('/hiu/callback-faults', { reorder: true })).status).toBe(400);
    const res = await h.control('/hiu/settings', { callbackDelay: 5 });
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/callbackDelay/);
  });
});
