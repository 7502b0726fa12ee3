// A role the relay has never heard of, registered by this test alone ('test-role', its id in X-TEST-ID, one
// callback kind at /test-role/notify naming a registration counter), driven over real HTTP with gateway-signed
// tokens and real desk WebSockets, on SQLite and on PostgreSQL. What a clinic would notice: a callback nobody asked
// for reaches the desk serving its counter, or every desk when none does; a desk that was away gets it on return;
// a callback for another clinic's id is refused; a role the clinic does not play has no address at all.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { counterKey } from '../../electron/bridge/relay-protocol';
import { relayConfig } from '../../relay/config';
import { issueDesk } from '../../relay/desk-credentials';
import { silentLog } from '../../relay/relay-log';
import { startRelay, type RunningRelay } from '../../relay/relay-server';
import { configuredRoleId, type RelayRole } from '../../relay/roles/relay-role';
import { openRelayStore } from '../../relay/store/open-store';
import type { RelayStore } from '../../relay/store/relay-store';
import { relayWorld } from '../support/relay-world';
import { connectProtocolDesk, freePort, type ProtocolDesk } from '../support/relay-harness';
import { bearer, gatewayToken, post } from '../unit/bridge/bridge-support';

const CLINIC = 'CLINIC-HIU-01';
const CLINIC_TEST_ID = 'TEST-FACILITY-7';
const PLAIN_CLINIC = 'PLAIN-HIU-02';
const NOTIFY = '/test-role/notify';

/** The made-up role: a notification about a counter, which no desk asked for. */
const TEST_ROLE: RelayRole = {
  name: 'test-role',
  idHeader: 'X-TEST-ID',
  refusesOtherIds: true,
  idAt: configuredRoleId('test-role'),
  routes: () => [{ kind: 'testRole.notify', path: NOTIFY, schema: z.object({ requestId: z.string(), timestamp: z.string(), counter: z.string() }) }],
  addressing: { 'testRole.notify': (p) => ({ names: [['counter', p.counter]], unclaimed: 'every-desk' }) },
};

const world = relayWorld('relay-roles-');
const STORAGES = world.storages;

describe.each(STORAGES)('a role registered with the relay, on %s', (_name, openStore) => {
  let store: RelayStore;
  let relay: RunningRelay;
  let url: string;
  const desks: ProtocolDesk[] = [];

  async function start(): Promise<void> {
    store = await openStore();
    const port = await freePort();
    const config = relayConfig.parse({
      publicUrl: `http://127.0.0.1:${port}`,
      listen: { host: '127.0.0.1', port },
      hius: [
        { id: CLINIC, gatewayCertsUrl: world.jwks.url, roles: { 'test-role': CLINIC_TEST_ID } },
        { id: PLAIN_CLINIC, gatewayCertsUrl: world.jwks.url },
      ],
      storage: { sqlite: ':memory:' },
    });
    relay = await startRelay({ config, store, log: silentLog, roles: [TEST_ROLE] });
    url = relay.url;
  }

  afterEach(async () => {
    for (const desk of desks.splice(0)) await desk.close();
    await relay?.close();
    await store?.close();
  });

  async function addDesk(clinic = CLINIC): Promise<string> {
    return (await issueDesk(store, clinic, 'Counter desk', new Date().toISOString())).credential;
  }

  async function connect(credential: string): Promise<ProtocolDesk> {
    const desk = await connectProtocolDesk(url, credential);
    desks.push(desk);
    return desk;
  }

  async function notify(counter: string, opts: { clinic?: string; testId?: string } = {}) {
    const body = { requestId: randomUUID(), timestamp: new Date().toISOString(), counter };
    const headers = { ...bearer(await gatewayToken(world.key, { nowMs: Date.now() })), 'x-test-id': opts.testId ?? CLINIC_TEST_ID };
    const response = await post(`${url}/hiu/${opts.clinic ?? CLINIC}${NOTIFY}`, body, headers);
    return { body, response };
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

  it('hands a notification to the desk serving its counter, and not to another desk of the clinic', async () => {
    await start();
    const counterDesk = await connect(await addDesk());
    const otherDesk = await connect(await addDesk());
    expect(await counterDesk.expect([counterKey('Counter 1')])).toMatchObject({ accepted: ['counter:Counter%201'], refused: [] });
    // One desk serves a counter; and a counter key is a counter's id, not any text.
    expect(await otherDesk.expect([counterKey('Counter 1'), 'counter:<b>1</b>'])).toMatchObject({ accepted: [], refused: ['counter:Counter%201', 'counter:<b>1</b>'] });

    const { body, response } = await notify('Counter 1');
    expect(response.status).toBe(202);
    const delivered = await counterDesk.waitFor((f) => f.t === 'deliver');
    expect(delivered.callback).toMatchObject({ requestId: body.requestId, kind: 'testRole.notify', path: NOTIFY, respRequestId: null });
    expect(JSON.parse(delivered.callback.body)).toEqual(body);
    await settle();
    expect(otherDesk.deliveries()).toEqual([]);
    expect(counterDesk.deliveries()).toHaveLength(1);
  });

  it('gives every desk of the clinic its own copy when no desk serves the counter, and none to another clinic’s desk', async () => {
    await start();
    const first = await connect(await addDesk());
    const second = await connect(await addDesk());
    const elsewhere = await connect(await addDesk(PLAIN_CLINIC));
    await first.expect([counterKey('Counter 1')]);

    const { body, response } = await notify('Counter 9');
    expect(response.status).toBe(202);
    for (const desk of [first, second]) expect((await desk.waitFor((f) => f.t === 'deliver')).callback.requestId).toBe(body.requestId);
    await settle();
    expect(first.deliveries()).toHaveLength(1);
    expect(second.deliveries()).toHaveLength(1);
    expect(elsewhere.deliveries()).toEqual([]);
  });

  it('keeps a notification for desks that are not connected, and delivers it when they connect', async () => {
    await start();
    const counterCredential = await addDesk();
    const counterDesk = await connect(counterCredential);
    await counterDesk.expect([counterKey('Counter 2')]);
    await counterDesk.close();
    const laterCredential = await addDesk(); // added, never connected yet

    const forCounter = await notify('Counter 2');
    const forNobody = await notify('Counter 5');
    expect([forCounter.response.status, forNobody.response.status]).toEqual([202, 202]);

    const counterBack = await connect(counterCredential);
    await counterBack.waitFor(() => counterBack.deliveries().length === 2);
    expect(counterBack.deliveries().map((d) => d.callback.requestId)).toEqual([forCounter.body.requestId, forNobody.body.requestId]);
    const later = await connect(laterCredential);
    await later.waitFor((f) => f.t === 'deliver');
    await settle();
    expect(later.deliveries().map((d) => d.callback.requestId)).toEqual([forNobody.body.requestId]);
  });

  it('refuses (403) a notification naming another id in the role’s header than the clinic’s, and keeps nothing of it', async () => {
    await start();
    const desk = await connect(await addDesk());
    const { response } = await notify('Counter 1', { testId: 'SOMEONE-ELSE-3' });
    expect(response.status).toBe(403);
    expect(response.json.error.code).toBe('other-role-id');
    await settle();
    expect(desk.deliveries()).toEqual([]);
    expect(await store.backlog()).toEqual({});
  });

  it('does not serve the role’s paths at a clinic that does not play it (404)', async () => {
    await start();
    const desk = await connect(await addDesk(PLAIN_CLINIC));
    const { response } = await notify('Counter 1', { clinic: PLAIN_CLINIC });
    expect(response.status).toBe(404);
    await settle();
    expect(desk.deliveries()).toEqual([]);
  });
});

describe('the relay’s roles in its configuration', () => {
  it('takes a clinic’s id in another role beside its HIU id, and refuses an id ABDM could not send', () => {
    const clinic = (roles: object) => ({ publicUrl: 'https://relay.example-clinic.in', hius: [{ id: CLINIC, gatewayCertsUrl: 'https://dev.abdm.gov.in/gateway/v0.5/certs', roles }], storage: { sqlite: ':memory:' } });
    expect(relayConfig.parse(clinic({ hip: 'IN2710000123' })).hius[0]!.roles).toEqual({ hip: 'IN2710000123' });
    const refused = relayConfig.safeParse(clinic({ hip: 'IN 2710000123' }));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['hius', 0, 'roles', 'hip']);
  });

  it('refuses to start when a clinic names a role the relay does not know, and says which', async () => {
    const store = await openRelayStore({ sqlite: ':memory:' });
    const config = relayConfig.parse({
      publicUrl: 'http://127.0.0.1:1',
      listen: { host: '127.0.0.1', port: 0 },
      hius: [{ id: CLINIC, gatewayCertsUrl: 'http://127.0.0.1:1/certs', roles: { 'scan-desk': 'X-1' } }],
      storage: { sqlite: ':memory:' },
    });
    await expect(startRelay({ config, store, log: silentLog })).rejects.toThrow('hius.0.roles.scan-desk: no such role');
    await store.close();
  });
});
