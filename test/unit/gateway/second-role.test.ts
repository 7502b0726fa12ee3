// A made-up second role against the gateway pipeline, end to end, without any HIU file: the role registers one
// callback kind and one operation (with its wire on v0.5 and v3), its request goes out through the outbox to a fake
// gateway over HTTP, and its callbacks, signed as the gateway signs them, come in through the real bridge, are stored,
// answered 202 and applied by its handler exactly once, also across a restart of the processor. This is what the
// clinic's HIP role (issues 25, 26) will do; if this test passes, adding it is an addition.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { RoleDescription } from '../../../electron/abdm/gateway/role-wire';
import { startCallbackBridge, type RunningBridge } from '../../../electron/bridge/callback-bridge';
import { GatewayRoles } from '../../../electron/gateway/gateway-roles';
import { openDatabase, type AppDatabase } from '../../../electron/store/db';
import { memorySecretDriver, openVault } from '../../../electron/store/secrets/vault';
import { DEFAULT_SETTINGS, type Settings } from '../../../electron/store/settings/settings-schema';
import { gatewayToken, signingKey, startJwksServer, type JwksServer, type SigningKey } from '../../support/gateway-signing';
import { startFakeGateway, type GatewayCall } from '../../support/fake-gateway';
import { postTo, rethrow, testPipeline } from '../../support/test-pipeline';

// ── The made-up role ────────────────────────────────────────────────────────────────────────────
interface TestAnswer {
  word: string;
}

const onAskSchema = z
  .object({ requestId: z.uuid(), timestamp: z.string(), answer: z.object({ word: z.string() }), resp: z.object({ requestId: z.string() }).optional() })
  .loose();
const onAskSchemaV3 = z.object({ answer: z.object({ word: z.string() }), response: z.object({ requestId: z.string() }).optional() }).loose();
const readAnswer = (body: Record<string, unknown>): TestAnswer => ({ word: (body.answer as { word: string }).word });

const TEST_ROLE: RoleDescription = {
  name: 'test-role',
  idHeader: 'X-TEST-ID',
  operations: ['tests.ask'],
  kinds: ['tests.onAsk'],
  acknowledgements: new Set(),
  wires: {
    'v0.5': {
      operations: { 'tests.ask': { path: '/v0.5/tests/ask' } },
      callbacks: [{ kind: 'tests.onAsk', path: '/v0.5/tests/on-ask', schema: onAskSchema, read: readAnswer }],
    },
    v3: {
      operations: { 'tests.ask': { path: '/tests/v3/ask' } },
      callbacks: [{ kind: 'tests.onAsk', path: '/api/v3/test-role/on-ask', schema: onAskSchemaV3, read: readAnswer }],
    },
  },
};

// ── The world around it: a database, a fake gateway, the gateway's keys ─────────────────────────

let dir: string;
let database: AppDatabase;
let gateway: { server: Server; url: string; calls: GatewayCall[] };
let key: SigningKey;
let jwks: JwksServer;
let bridge: RunningBridge | null = null;
let settings: Settings;

const v05Settings = (): Settings => ({ ...DEFAULT_SETTINGS, abdmApi: 'v1', clientId: 'TEST-CLIENT' });


beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'abha-second-role-'));
  database = await openDatabase({ file: path.join(dir, 'abha-desk.db'), vault: await openVault(memorySecretDriver()) });
  gateway = await startFakeGateway();
  key = await signingKey();
  jwks = await startJwksServer([key]);
  settings = v05Settings();
});

afterEach(async () => {
  await bridge?.close();
  bridge = null;
  await jwks.close();
  await new Promise<void>((resolve) => gateway.server.close(() => resolve()));
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The pipeline with only the test role registered, as a desk would build it; `applied` collects what its handler saw. */
function pipeline(roles = rolesWithTestRole()) {
  const db = database.db;
  const { inbox, outbox, processor, timeline } = testPipeline({ db, roles, api: () => settings.abdmApi, send: postTo(() => gateway.url), logError: rethrow });
  const applied: { message: TestAnswer; respRequestId: string | null }[] = [];
  processor.on<TestAnswer>('tests.onAsk', (callback) => {
    applied.push({ message: callback.message, respRequestId: callback.respRequestId });
    return { applied: true };
  });
  return { roles, inbox, outbox, processor, timeline, applied };
}

function rolesWithTestRole(isOn: (s: Settings) => boolean = () => true): GatewayRoles {
  const roles = new GatewayRoles();
  roles.register(TEST_ROLE, { id: () => 'TEST-FACILITY-7', isOn });
  return roles;
}

async function startBridge(parts: ReturnType<typeof pipeline>, onStored: () => void = () => void parts.processor.kick()) {
  bridge = await startCallbackBridge({
    host: '127.0.0.1',
    port: 0,
    generation: parts.roles.generation(settings.abdmApi),
    routes: parts.roles.routes(settings),
    inbox: parts.inbox,
    pushes: { knows: async () => false, store: async () => 'stored' },
    jwksUrl: async () => jwks.url,
    dataPushLimitBytes: 1024 * 1024,
    listener: { callbackStored: onStored },
  });
  return bridge;
}

async function postCallback(url: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const token = await gatewayToken(key, { nowMs: Date.now() });
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-test-id': 'TEST-FACILITY-7', 'x-cm-id': 'sbx', ...headers },
    body: JSON.stringify(body),
  });
  return response.status;
}

const NOTHING_STORED = { pending: 0, waiting: 0, done: 0, failed: 0 };

const onAsk = (word: string, respRequestId?: string) => ({
  requestId: randomUUID(),
  timestamp: new Date().toISOString(),
  answer: { word },
  ...(respRequestId ? { resp: { requestId: respRequestId } } : {}),
});

describe('a second role registered with the gateway pipeline', () => {
  it('sends its operation to the gateway, and its answer comes through the bridge and is applied exactly once', async () => {
    const parts = pipeline();
    const running = await startBridge(parts);

    const sent = await parts.outbox.send('tests.ask', { question: 'ping' });
    expect(sent.state).toBe('accepted');
    expect(gateway.calls).toHaveLength(1);
    expect(gateway.calls[0]!.path).toBe('/v0.5/tests/ask');
    expect(gateway.calls[0]!.body).toMatchObject({ requestId: sent.requestId, question: 'ping' });
    expect(gateway.calls[0]!.headers['x-cm-id']).toBe('sbx');

    // The answer, with a right-to-left override in its text: the handler sees it cleaned.
    const answer = onAsk('pong\u202e', sent.requestId);
    expect(await postCallback(`${running.url}/v0.5/tests/on-ask`, answer)).toBe(202);
    await vi.waitFor(() => expect(parts.applied).toHaveLength(1), { timeout: 5_000, interval: 20 });
    expect(parts.applied[0]).toEqual({ message: { word: 'pong' }, respRequestId: sent.requestId });
    expect(parts.outbox.get(sent.requestId)?.state).toBe('answered');

    // The gateway delivers the same callback again: answered 202, stored once, applied once.
    expect(await postCallback(`${running.url}/v0.5/tests/on-ask`, answer)).toBe(202);
    await parts.processor.kick();
    expect(parts.applied).toHaveLength(1);
    expect(parts.inbox.countByState()).toMatchObject({ done: 1 });
  });

  it('applies an unsolicited callback (no resp.requestId) stored while no processor ran, once, when one starts', async () => {
    const first = pipeline();
    await first.processor.stop();
    const running = await startBridge(first, () => undefined);
    expect(await postCallback(`${running.url}/v0.5/tests/on-ask`, onAsk('hello, nobody asked'))).toBe(202);
    expect(first.applied).toEqual([]);
    expect(first.inbox.countByState()).toMatchObject({ pending: 1 });

    // The app starts again over the same database: what was stored and not applied is applied, once.
    const again = pipeline();
    await again.processor.kick();
    expect(again.applied).toEqual([{ message: { word: 'hello, nobody asked' }, respRequestId: null }]);
    await again.processor.kick();
    const third = pipeline();
    await third.processor.kick();
    expect(again.applied).toHaveLength(1);
    expect(third.applied).toEqual([]);
  });

  it('is refused with 401 when the token is not the gateway’s, and nothing is stored or applied', async () => {
    const parts = pipeline();
    const running = await startBridge(parts);
    const stranger = await signingKey();
    const token = await gatewayToken(stranger, { nowMs: Date.now() });
    const response = await fetch(`${running.url}/v0.5/tests/on-ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(onAsk('forged')),
    });
    expect(response.status).toBe(401);
    await parts.processor.kick();
    expect(parts.applied).toEqual([]);
    expect(parts.inbox.countByState()).toEqual(NOTHING_STORED);
  });

  it('is not served while the role is off', async () => {
    const parts = pipeline(rolesWithTestRole((s) => s.clientId === 'ON'));
    const running = await startBridge(parts);
    expect(await postCallback(`${running.url}/v0.5/tests/on-ask`, onAsk('too early'))).toBe(404);
    expect(parts.inbox.countByState()).toEqual(NOTHING_STORED);
  });

  it('names itself in its own id header on v3, and reads its v3 callback into the same message', async () => {
    settings = { ...v05Settings(), abdmApi: 'v3' };
    const roles = rolesWithTestRole();
    const v3 = roles.generation('v3');
    const request = v3.request('tests.ask', { requestId: randomUUID(), timestamp: new Date().toISOString(), cmId: 'sbx' }, { question: 'ping' });
    expect(request.path).toBe('/tests/v3/ask');
    expect(request.headers['X-TEST-ID']).toBe('TEST-FACILITY-7');
    expect(request.headers).not.toHaveProperty('X-HIU-ID');
    expect(request.body).toEqual({ question: 'ping' });
    expect(roles.routes(settings).map((route) => route.path)).toEqual(['/api/v3/test-role/on-ask']);
    const read = roles.generationOfPath('/api/v3/test-role/on-ask').callbackMessage('/api/v3/test-role/on-ask', { answer: { word: 'pong' }, response: { requestId: 'r-1' } }, {});
    expect(read).toEqual({ role: 'test-role', kind: 'tests.onAsk', message: { word: 'pong' }, errorCode: null });
  });
});
