// The counter as the app core wires it (electron/app-core.ts): the HIP role joins the HIU engine's pipeline, its
// share route is served once Settings name a HIP id, a share signed by the training gateway (the simulator's own
// callback token) is applied, raises counter.changed and is listed by `counter.shares` through the real dispatcher,
// whose input is checked by the contract's schema.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signCallbackToken } from '../../sandbox/gateway/access-tokens';
import { startAppHarness, type AppHarness } from '../support/app-harness';

const HIP_ID = 'IN2810014366';
let app: AppHarness | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

const share = (abhaAddress: string, counterId: string) => ({
  intent: 'PROFILE_SHARE',
  metaData: { hipId: HIP_ID, context: counterId, hprId: null, latitude: null, longitude: null },
  profile: {
    patient: {
      abhaNumber: null,
      abhaAddress,
      name: 'Ravi Kumar',
      gender: 'M',
      dayOfBirth: null,
      monthOfBirth: null,
      yearOfBirth: '1975',
      address: { line: null, district: 'Pune', state: 'Maharashtra', pincode: '411001' },
      phoneNumber: '9123456780',
    },
  },
});

async function post(url: string, body: unknown, token: string): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'request-id': randomUUID(), timestamp: new Date().toISOString(), 'x-hip-id': HIP_ID, 'x-cm-id': 'sbx' },
    body: JSON.stringify(body),
  });
  return response.status;
}

describe('the counter in the app core', () => {
  it('serves the share route once a HIP id is set, and lists the share through counter.shares', async () => {
    app = await startAppHarness({}, { api: 'v3' });
    const events: { event: string; payload: unknown }[] = [];
    app.core.events.attach((event, payload) => void events.push({ event, payload }));
    const token = await signCallbackToken(app.sandbox.context);
    const route = () => `${app!.core.bridgeUrl()}/api/v3/hip/patient/share`;
    await vi.waitFor(() => expect(app!.core.bridgeUrl()).not.toBeNull(), { timeout: 10_000, interval: 20 });
    // No HIP id yet: the role is off and its route is not there.
    expect(await post(route(), share('ravi@sbx', '1'), token)).toBe(404);

    await app.call('settings.update', { hipId: HIP_ID, deskCounter: '1', counters: [{ id: '1', name: 'OPD Registration' }, { id: '2', name: 'Lab' }] });
    await vi.waitFor(async () => expect(await post(route(), share('ravi@sbx', '1'), token)).toBe(202), { timeout: 10_000, interval: 50 });
    expect(await post(route(), share('lata@sbx', '2'), token)).toBe(202);
    await vi.waitFor(async () => expect(await app!.call('counter.shares')).toHaveLength(1), { timeout: 10_000, interval: 20 });

    const [ravi] = await app.call('counter.shares');
    expect(ravi).toMatchObject({ counterId: '1', tokenNumber: 1, status: 'waiting', patient: { abhaAddress: 'ravi@sbx', yearOfBirth: 1975, mobile: '9123456780' } });
    expect((await app.call('counter.shares', { counterId: '2' })).map((s) => [s.patient.abhaAddress, s.tokenNumber])).toEqual([['lata@sbx', 1]]);
    expect(events.filter((e) => e.event === 'counter.changed').map((e) => e.payload)).toContainEqual({ id: ravi!.id, counterId: '1' });
  });

  it('refuses a counter id the QR could never carry', async () => {
    app = await startAppHarness({}, { api: 'v3' });
    const failure = await app.fail('counter.shares', { counterId: 'OPD<script>' });
    expect(failure.code).toBe('INVALID_INPUT');
    expect(failure.fields?.map((field) => field.path)).toEqual(['counterId']);
  });
});
