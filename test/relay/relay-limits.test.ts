// What one desk, or anyone on the internet, can make the relay do (issue 23, security probe items 5 and 6), over real
// HTTP and WebSockets on real storage. A desk claims keys: only ids the relay can route (a UUID; a SHA-256 in hex for a
// push), at most `claimsPerDesk` held and `claimsPerMinute` new ones a minute, and what it is refused it is told in an
// `error` frame while its connection stays open. /healthz answers liveness to anyone; which desks there are and what
// waits for each only to the operator's monitoring credential. Limits and routes as docs/relay.md states them.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { relayConfig } from '../../relay/config';
import { issueDesk } from '../../relay/desk-credentials';
import { silentLog } from '../../relay/relay-log';
import { startRelay, type RunningRelay } from '../../relay/relay-server';
import { openRelayStore } from '../../relay/store/open-store';
import type { RelayStore } from '../../relay/store/relay-store';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { connectProtocolDesk, freePort, type ProtocolDesk } from '../support/relay-harness';

const HIU = 'CLINIC-HIU-01';
const MONITORING_TOKEN = randomBytes(32).toString('hex');
/** As docs/relay.md has the operator make it: `printf %s "$token" | sha256sum`. */
const MONITORING_HASH = createHash('sha256').update(MONITORING_TOKEN).digest('hex');

let postgres: PostgresServer;
const folders: string[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
}, 90_000);

afterAll(async () => {
  await postgres?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const STORAGES = [
  ['SQLite', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'relay-limits-'));
    folders.push(folder);
    return openRelayStore({ sqlite: path.join(folder, 'relay.db') });
  }],
  ['PostgreSQL', async () => openRelayStore({ postgres: await postgres.createDatabase() })],
] as const;

const request = () => `request:${randomUUID()}`;
const requests = (n: number) => Array.from({ length: n }, request);

describe.each(STORAGES)('claims and /healthz on %s', (_name, openStore) => {
  let store: RelayStore;
  let relay: RunningRelay;
  let clock = Date.now();
  const desks: ProtocolDesk[] = [];

  async function start(settings: { limits?: object; monitoring?: object } = {}): Promise<void> {
    store = await openStore();
    const port = await freePort();
    const config = relayConfig.parse({
      publicUrl: `http://127.0.0.1:${port}`,
      listen: { host: '127.0.0.1', port },
      hius: [{ id: HIU, gatewayCertsUrl: 'http://127.0.0.1:9/certs' }],
      storage: { sqlite: ':memory:' },
      ...settings,
    });
    relay = await startRelay({ config, store, log: silentLog, now: () => clock });
  }

  async function desk(credential?: string): Promise<{ desk: ProtocolDesk; deskId: string; credential: string }> {
    let deskId: string;
    if (!credential) ({ desk: { id: deskId }, credential } = await issueDesk(store, HIU, 'Front desk', new Date().toISOString()));
    else deskId = credential.split('.')[0]!;
    const connected = await connectProtocolDesk(relay.url, credential);
    desks.push(connected);
    return { desk: connected, deskId, credential };
  }

  afterEach(async () => {
    for (const d of desks.splice(0)) await d.close();
    await relay?.close();
    await store?.close();
    clock = Date.now();
  });

  it('refuses keys that cannot be ids, says so, keeps the connection and takes the real ones', async () => {
    await start();
    const a = await desk();
    const good = [request(), `consent:${randomUUID()}`, `push:${createHash('sha256').update('a push secret').digest('hex')}`];
    const bad = ['request:abc', `consent:${'x'.repeat(200)}`, 'push:XYZ', `push:${'A'.repeat(64)}`, `transaction:${randomUUID()}-extra`];
    const answer = await a.desk.expect([...good, ...bad]);
    expect(answer.accepted).toEqual(good);
    expect(answer.refused.sort()).toEqual([...bad].sort());
    const error = await a.desk.waitFor((f) => f.t === 'error');
    expect(error.message).toMatch(/^5 key\(s\) refused: not an id/);
    // Still connected, and still claiming.
    const next = request();
    expect((await a.desk.expect([next])).accepted).toEqual([next]);
  });

  it('takes at most claimsPerMinute new keys a minute from a desk, even across reconnections; keys it holds are free to claim again', async () => {
    await start({ limits: { claimsPerMinute: 100 } });
    const a = await desk();
    const first = requests(150);
    const answer = await a.desk.expect(first);
    expect(answer.accepted).toEqual(first.slice(0, 100));
    expect(answer.refused).toEqual(first.slice(100));
    expect((await a.desk.waitFor((f) => f.t === 'error')).message).toMatch(/^50 key\(s\) refused: more than 100 new keys a minute/);
    // What it holds it may claim again (as the desk does after every reconnection)...
    expect((await a.desk.expect(first.slice(0, 100))).accepted).toHaveLength(100);
    // ...but a new connection is not a new allowance.
    await a.desk.close();
    const again = await desk(a.credential);
    expect((await again.desk.expect(requests(5))).accepted).toEqual([]);
    // Half a minute later, half the allowance is back; a minute later, all of it.
    clock += 30_000;
    expect((await again.desk.expect(requests(80))).accepted).toHaveLength(50);
    clock += 120_000;
    expect((await again.desk.expect(requests(120))).accepted).toHaveLength(100);
  });

  it('lets a desk hold at most claimsPerDesk keys; the other desks of the HIU are not affected', async () => {
    await start({ limits: { claimsPerDesk: 120 } });
    const a = await desk();
    const held = requests(100);
    expect((await a.desk.expect(held)).accepted).toHaveLength(100);
    const more = requests(50);
    const answer = await a.desk.expect(more);
    expect(answer.accepted).toEqual(more.slice(0, 20));
    expect(answer.refused).toEqual(more.slice(20));
    expect((await a.desk.waitFor((f) => f.t === 'error')).message).toMatch(/^30 key\(s\) refused: this desk already holds 120 keys/);
    expect((await a.desk.expect(held)).accepted).toHaveLength(100);
    const b = await desk();
    expect((await b.desk.expect(requests(100))).accepted).toHaveLength(100);
  });

  it('keeps the probe’s 100 frames of 500 random keys down to one minute’s allowance (2,000 by default)', async () => {
    await start();
    const a = await desk();
    let accepted = 0;
    for (let frame = 0; frame < 100; frame += 1) accepted += (await a.desk.expect(requests(500))).accepted.length;
    expect(accepted).toBe(2_000);
    expect((await store.claimsOf(HIU, a.deskId, [])).held).toBe(2_000);
  }, 60_000);

  it('answers /healthz with liveness only, and the desks and their backlogs only to the monitoring credential', async () => {
    await start({ monitoring: { tokenSha256: MONITORING_HASH } });
    const a = await desk();
    const response = await fetch(`${relay.url}/healthz`);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ status: 'ok' });
    expect(body).not.toContain(a.deskId);

    for (const authorization of [undefined, 'Bearer wrong-token', `Bearer ${MONITORING_HASH}`, MONITORING_TOKEN]) {
      const refused = await fetch(`${relay.url}/healthz/desks`, { headers: authorization ? { authorization } : {} });
      expect(refused.status, String(authorization)).toBe(401);
      expect(await refused.text()).not.toContain(a.deskId);
    }
    const detail = await fetch(`${relay.url}/healthz/desks`, { headers: { authorization: `Bearer ${MONITORING_TOKEN}` } });
    expect(detail.status).toBe(200);
    expect(await detail.json()).toEqual({ status: 'ok', desksConnected: 1, backlog: {} });
  });

  it('answers the desks’ detail to nobody when no monitoring credential is configured', async () => {
    await start();
    await desk();
    expect((await fetch(`${relay.url}/healthz/desks`, { headers: { authorization: `Bearer ${MONITORING_TOKEN}` } })).status).toBe(401);
  });
});
