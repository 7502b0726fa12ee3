// The "Done when" of issue 24 through the clinic's relay: a made-up second role, registered by this test alone on
// both sides (with the desk's gateway pipeline: its kinds, operation, wire and handler; with the relay: its id header
// and how its callbacks are addressed, by the counter they name), driven end to end without any HIU file. Two real
// desks of one clinic, each with its own encrypted database and the real pipeline in relay mode (its BridgePart's
// relay link connecting with the desk's credential), and a real relay on SQLite and then on PostgreSQL. What a
// clinic would notice: a callback nobody asked for reaches the desk serving its counter and no other; one naming a
// counter nobody serves reaches every desk, and a desk that was away applies it when it starts; the role's request
// goes out through the desk's outbox, and its answer comes back through the relay to the desk that asked.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { RoleDescription } from '../../electron/abdm/gateway/role-wire';
import { GatewaySession } from '../../electron/abdm/session';
import { counterKey } from '../../electron/bridge/relay-protocol';
import { GatewayPipeline } from '../../electron/gateway/gateway-pipeline';
import { GatewayRoles } from '../../electron/gateway/gateway-roles';
import { relayClaimsOf } from '../../electron/gateway/relay-claims';
import type { AbdmConnection } from '../../electron/services/abdm-connection';
import { openDatabase, type AppDatabase } from '../../electron/store/db';
import { memorySecretDriver, openVault } from '../../electron/store/secrets/vault';
import { DEFAULT_SETTINGS, type Settings } from '../../electron/store/settings/settings-schema';
import { relayConfig } from '../../relay/config';
import { issueDesk } from '../../relay/desk-credentials';
import { silentLog } from '../../relay/relay-log';
import { startRelay, type RunningRelay } from '../../relay/relay-server';
import { configuredRoleId, type RelayRole } from '../../relay/roles/relay-role';
import { openRelayStore } from '../../relay/store/open-store';
import type { RelayStore } from '../../relay/store/relay-store';
import { gatewayToken, signingKey, startJwksServer, type JwksServer, type SigningKey } from '../support/gateway-signing';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { freePort } from '../support/relay-harness';

const CLINIC = 'CLINIC-HIU-01';
const CLINIC_TEST_ID = 'TEST-FACILITY-7';
const NOTIFY_PATH = '/v0.5/tests/on-notify';

// ── The made-up role, as the desk knows it ──────────────────────────────────────────────────────
interface TestNotice {
  counter: string;
  word: string;
}

const notifySchema = z
  .object({ requestId: z.uuid(), timestamp: z.string(), counter: z.string(), word: z.string(), resp: z.object({ requestId: z.string() }).optional() })
  .loose();
const notifySchemaV3 = z.object({ counter: z.string(), word: z.string(), response: z.object({ requestId: z.string() }).optional() }).loose();
const readNotice = (body: Record<string, unknown>): TestNotice => ({ counter: String(body.counter), word: String(body.word) });

const DESK_ROLE: RoleDescription = {
  name: 'test-role',
  idHeader: 'X-TEST-ID',
  operations: ['tests.ask'],
  kinds: ['tests.onNotify'],
  acknowledgements: new Set(),
  wires: {
    'v0.5': {
      operations: { 'tests.ask': { path: '/v0.5/tests/ask' } },
      callbacks: [{ kind: 'tests.onNotify', path: NOTIFY_PATH, schema: notifySchema, read: readNotice }],
    },
    v3: {
      operations: { 'tests.ask': { path: '/tests/v3/ask' } },
      callbacks: [{ kind: 'tests.onNotify', path: '/api/v3/test-role/on-notify', schema: notifySchemaV3, read: readNotice }],
    },
  },
};

// ── The same role, as the relay knows it: routed by the counter it names, to every desk when nobody serves it ──
const RELAY_ROLE: RelayRole = {
  name: 'test-role',
  idHeader: 'X-TEST-ID',
  refusesOtherIds: true,
  idAt: configuredRoleId('test-role'),
  routes: () => [{ kind: 'tests.onNotify', path: NOTIFY_PATH, schema: notifySchema }],
  addressing: { 'tests.onNotify': (p) => ({ names: [['counter', p.counter]], unclaimed: 'every-desk' }) },
};

// ── The world: a fake gateway (sessions and the role's operation), its signing keys, PostgreSQL ──
interface GatewayCall {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

let postgres: PostgresServer;
let key: SigningKey;
let jwks: JwksServer;
let gateway: { server: Server; url: string; calls: GatewayCall[] };
const folders: string[] = [];

async function startFakeGateway() {
  const calls: GatewayCall[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      response.setHeader('content-type', 'application/json');
      if (request.url === '/v0.5/sessions') {
        response.end(JSON.stringify({ accessToken: 'gateway-access-token', expiresIn: 600 }));
        return;
      }
      calls.push({ path: request.url ?? '', headers: request.headers, body });
      response.statusCode = 202;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls };
}

beforeAll(async () => {
  postgres = await startPostgres();
  key = await signingKey('gateway-key-1');
  jwks = await startJwksServer([key]);
  gateway = await startFakeGateway();
}, 60_000);

afterAll(async () => {
  await jwks?.close();
  if (gateway) await new Promise<void>((resolve) => gateway.server.close(() => resolve()));
  await postgres?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const STORAGES = [
  ['SQLite', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'second-role-relay-'));
    folders.push(folder);
    return openRelayStore({ sqlite: path.join(folder, 'relay.db') });
  }],
  ['PostgreSQL', async () => openRelayStore({ postgres: await postgres.createDatabase() })],
] as const;

// ── A desk: its own encrypted database and the real gateway pipeline in relay mode, with only the test role ──
interface Desk {
  pipeline: GatewayPipeline;
  applied: TestNotice[];
  close(): Promise<void>;
}

async function startDesk(relayUrl: string, credential: string, counters: string[]): Promise<Desk> {
  const folder = mkdtempSync(path.join(tmpdir(), 'second-role-desk-'));
  folders.push(folder);
  const database: AppDatabase = await openDatabase({ file: path.join(folder, 'abha-desk.db'), vault: await openVault(memorySecretDriver()) });
  const settings: Settings = {
    ...DEFAULT_SETTINGS,
    environment: 'abdm-sandbox',
    abdmApi: 'v1',
    clientId: 'TEST-CLIENT',
    cmId: 'sbx',
    bridge: { ...DEFAULT_SETTINGS.bridge, mode: 'relay', relayUrl },
  };
  const session = new GatewaySession({ gatewayBaseUrl: gateway.url, clientId: 'TEST-CLIENT', clientSecret: async () => 'test-secret' });
  const abdm = { gateway: async () => ({ gatewayBaseUrl: gateway.url, session, training: false }) } as unknown as AbdmConnection;
  const roles = new GatewayRoles();
  // The counters this desk serves are the role's standing keys at the relay, claimed after every hello.
  roles.register(DESK_ROLE, { id: () => CLINIC_TEST_ID, standingKeys: () => counters.map(counterKey) });
  const pipeline = new GatewayPipeline({
    db: database.db,
    settings: () => settings,
    abdm,
    now: Date.now,
    emit: () => undefined,
    logError: (what, error) => {
      throw new Error(`${what}: ${String(error)}`);
    },
    relayCredential: async () => credential,
    roles,
    pages: { knows: async () => false, store: async () => 'duplicate', storeHashed: async () => 'unknown' },
    pageStored: () => undefined,
    openExpectations: () => [],
    relayClaimsOf: (entry) => relayClaimsOf(entry),
    answerTimeoutMs: () => 60_000,
  });
  const applied: TestNotice[] = [];
  pipeline.processor.on<TestNotice>('tests.onNotify', (callback) => {
    applied.push(callback.message);
    return { applied: true };
  });
  await pipeline.bridge.start();
  const link = pipeline.bridge.relayLink()!;
  await link.whenConnected();
  // Claimed after the hello by the link itself; asked again here only to know the relay has taken the claim.
  if (counters.length > 0) expect(await link.expect(counters.map(counterKey), 5_000)).toMatchObject({ accepted: counters.map(counterKey), refused: [] });
  return {
    pipeline,
    applied,
    async close() {
      await pipeline.bridge.close();
      await pipeline.processor.stop();
      database.close();
    },
  };
}

async function postNotice(relayUrl: string, counter: string, opts: { word?: string; respRequestId?: string } = {}) {
  const body = {
    requestId: randomUUID(),
    timestamp: new Date().toISOString(),
    counter,
    word: opts.word ?? `shared at ${counter}`,
    ...(opts.respRequestId ? { resp: { requestId: opts.respRequestId } } : {}),
  };
  const token = await gatewayToken(key, { nowMs: Date.now() });
  const response = await fetch(`${relayUrl}/hiu/${CLINIC}${NOTIFY_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-test-id': CLINIC_TEST_ID, 'x-cm-id': 'sbx' },
    body: JSON.stringify(body),
  });
  return { body, status: response.status };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
const NOTHING_STORED = { pending: 0, waiting: 0, failed: 0 };

describe.each(STORAGES)('a made-up second role end to end through the desk pipeline and a relay on %s', (_name, openStore) => {
  let store: RelayStore;
  let relay: RunningRelay;
  let credentials: { a: string; b: string };
  const desks: Desk[] = [];

  beforeEach(async () => {
    store = await openStore();
    const port = await freePort();
    const config = relayConfig.parse({
      publicUrl: `http://127.0.0.1:${port}`,
      listen: { host: '127.0.0.1', port },
      hius: [{ id: CLINIC, gatewayCertsUrl: jwks.url, roles: { 'test-role': CLINIC_TEST_ID } }],
      storage: { sqlite: ':memory:' },
    });
    relay = await startRelay({ config, store, log: silentLog, roles: [RELAY_ROLE] });
    const issue = async (name: string) => (await issueDesk(store, CLINIC, name, new Date().toISOString())).credential;
    credentials = { a: await issue('Counter 1 desk'), b: await issue('Back office desk') };
  });

  afterEach(async () => {
    for (const desk of desks.splice(0)) await desk.close();
    await relay?.close();
    await store?.close();
  });

  async function desk(credential: string, counters: string[] = []): Promise<Desk> {
    const started = await startDesk(relay.url, credential, counters);
    desks.push(started);
    return started;
  }

  it('hands a callback nobody asked for to the desk serving its counter, applied there once and never at the other desk', { timeout: 20_000 }, async () => {
    const deskA = await desk(credentials.a, ['C1']);
    const deskB = await desk(credentials.b);

    const sent = await postNotice(relay.url, 'C1', { word: 'profile of Asha' });
    expect(sent.status).toBe(202);
    await vi.waitFor(() => expect(deskA.applied).toEqual([{ counter: 'C1', word: 'profile of Asha' }]), { timeout: 5_000, interval: 20 });

    await settle();
    expect(deskA.applied).toHaveLength(1);
    expect(deskB.applied).toEqual([]);
    expect(deskB.pipeline.bridge.status().inbox).toEqual(NOTHING_STORED);
    expect(await store.backlog()).toEqual({});
  });

  it('gives a callback for a counter nobody serves to every desk: at once to the one connected, and to the other when it starts', { timeout: 20_000 }, async () => {
    const deskA = await desk(credentials.a, ['C1']);

    const sent = await postNotice(relay.url, 'C9', { word: 'for whoever is free' });
    expect(sent.status).toBe(202);
    await vi.waitFor(() => expect(deskA.applied).toEqual([{ counter: 'C9', word: 'for whoever is free' }]), { timeout: 5_000, interval: 20 });

    // Desk B was away: the relay kept its copy, and it is applied when desk B starts.
    const deskB = await desk(credentials.b);
    await vi.waitFor(() => expect(deskB.applied).toEqual([{ counter: 'C9', word: 'for whoever is free' }]), { timeout: 5_000, interval: 20 });
    await settle();
    expect(deskA.applied).toHaveLength(1);
    expect(deskB.applied).toHaveLength(1);
    expect(await store.backlog()).toEqual({});
  });

  it('sends the role’s operation through the desk’s outbox to the gateway, and its answer comes back through the relay to the desk that asked', { timeout: 20_000 }, async () => {
    const deskA = await desk(credentials.a, ['C1']);
    const deskB = await desk(credentials.b);
    const before = gateway.calls.length;

    const asked = await deskB.pipeline.outbox.send('tests.ask', { counter: 'C2' });
    expect(asked.state).toBe('accepted');
    const calls = gateway.calls.slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/v0.5/tests/ask');
    expect(calls[0]!.body).toMatchObject({ requestId: asked.requestId, counter: 'C2' });
    expect(calls[0]!.headers.authorization).toBe('Bearer gateway-access-token');
    expect(calls[0]!.headers['x-cm-id']).toBe('sbx');

    // The gateway answers at the relay, naming the request: it goes to desk B, which sent it.
    const answer = await postNotice(relay.url, 'C2', { word: 'answered', respRequestId: asked.requestId });
    expect(answer.status).toBe(202);
    await vi.waitFor(() => expect(deskB.applied).toEqual([{ counter: 'C2', word: 'answered' }]), { timeout: 5_000, interval: 20 });
    expect(deskB.pipeline.outbox.get(asked.requestId)?.state).toBe('answered');
    await settle();
    expect(deskA.applied).toEqual([]);
  });
});
