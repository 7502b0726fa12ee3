// Scan & Share end to end through the REAL callback bridge, on HIE-CM v3 and on the legacy generation: a share
// signed as the gateway signs it is verified, stored, answered 202, applied by the counter's service, and its on-share
// reaches a fake gateway over HTTP with the token, in the shape abdm-frontdesk.md §1 gives (written out by hand here).
// Also: a repeat gets the same token, another HIP's share and a malformed one are answered FAILED without stopping
// the next, a share stored while no processor ran is answered exactly once, and `x-relay-*` headers sent by a direct
// caller are dropped (only the relay link may set them).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { startCallbackBridge, type RunningBridge } from '../../electron/bridge/callback-bridge';
import { counterKey } from '../../electron/bridge/relay-protocol';
import { startRelayLink, type RelayLink } from '../../electron/bridge/relay-link';
import { DataPushPageStore } from '../../electron/store/hiu/data-push-pages';
import { CallbackProcessor } from '../../electron/gateway/callback-processor';
import { GatewayOutbox } from '../../electron/gateway/outbox';
import { CounterShares } from '../../electron/services/counter/counter-shares';
import { GatewayOutboxStore } from '../../electron/store/gateway/outbox';
import { openDatabase, type AppDatabase } from '../../electron/store/db';
import { memorySecretDriver, openVault } from '../../electron/store/secrets/vault';
import { DEFAULT_SETTINGS, type Settings } from '../../electron/store/settings/settings-schema';
import { gatewayToken, signingKey, startJwksServer, type JwksServer, type SigningKey } from '../support/gateway-signing';
import { startFakeGateway, type GatewayCall } from '../support/fake-gateway';
import { postTo, rethrow, testPipeline } from '../support/test-pipeline';

const HIP_ID = 'IN2810014366';
const V3_SHARE = '/api/v3/hip/patient/share';
const V3_ON_SHARE = '/patient-share/v3/on-share';
const LEGACY_SHARE = '/v1.0/patients/profile/share';
const LEGACY_ON_SHARE = '/v1.0/patients/profile/on-share';


let dir: string;
let database: AppDatabase;
let gateway: { server: Server; url: string; calls: GatewayCall[] };
let key: SigningKey;
let jwks: JwksServer;
let bridge: RunningBridge | null = null;
let settings: Settings;
/** Every desk a test built: closed before the database, so no send in flight writes to a closed one. */
let desks: { outbox: GatewayOutbox; processor: CallbackProcessor }[] = [];


beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'abha-counter-int-'));
  database = await openDatabase({ file: path.join(dir, 'abha-desk.db'), vault: await openVault(memorySecretDriver()) });
  gateway = await startFakeGateway();
  key = await signingKey();
  jwks = await startJwksServer([key]);
  settings = { ...DEFAULT_SETTINGS, abdmApi: 'v3', clientId: 'TEST-CLIENT', hipId: HIP_ID, deskCounter: '1' };
});

afterEach(async () => {
  await bridge?.close();
  bridge = null;
  for (const built of desks) {
    built.outbox.close();
    await built.processor.stop();
  }
  desks = [];
  await jwks.close();
  await new Promise<void>((resolve) => gateway.server.close(() => resolve()));
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The HIP's side of the pipeline as app-core builds it: roles, outbox, processor, and the counter registered on them. */
function desk() {
  const db = database.db;
  const { roles, inbox, outbox, processor, timeline } = testPipeline({ db, api: () => settings.abdmApi, send: postTo(() => gateway.url), logError: rethrow });
  const counter = new CounterShares({ db, roles, processor, settings: () => settings, now: Date.now, emit: () => undefined });
  counter.register();
  desks.push({ outbox, processor });
  return { roles, inbox, outbox, processor, counter, timeline };
}

async function startBridge(parts: ReturnType<typeof desk>, onStored: () => void = () => void parts.processor.kick()) {
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

const patient = (abhaAddress: string) => ({
  abhaNumber: '91-7507-6821-7770',
  abhaAddress,
  name: 'Asha Devi',
  gender: 'F',
  dayOfBirth: '1',
  monthOfBirth: '8',
  yearOfBirth: '1981',
  address: { line: '12 Gandhi Road', district: 'Coimbatore', state: 'Tamil Nadu', pincode: '641050' },
  phoneNumber: '9876543210',
});

const v3Share = (abhaAddress: string, counterId = '1', hipId = HIP_ID) => ({
  intent: 'PROFILE_SHARE',
  metaData: { hipId, context: counterId, hprId: null, latitude: 20.59, longitude: 78.96 },
  profile: { patient: patient(abhaAddress) },
});

/** Posts a v3 share signed as the gateway signs; returns the HTTP status and the share's REQUEST-ID. */
async function postV3(body: unknown, headers: Record<string, string> = {}) {
  const requestId = randomUUID();
  const token = await gatewayToken(key, { nowMs: Date.now() });
  const response = await fetch(`${bridge!.url}${V3_SHARE}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'request-id': requestId,
      timestamp: new Date().toISOString(),
      'x-hip-id': HIP_ID,
      'x-cm-id': 'sbx',
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, requestId };
}

const onShares = () => gateway.calls.filter((call) => call.path === V3_ON_SHARE || call.path === LEGACY_ON_SHARE);
const waitForOnShares = (count: number) => vi.waitFor(() => expect(onShares()).toHaveLength(count), { timeout: 10_000, interval: 10 });

describe('Scan & Share on HIE-CM v3', () => {
  it('stores the share, answers 202, and sends on-share with token "1" in NHA’s shape within moments', async () => {
    const parts = desk();
    await startBridge(parts);
    const started = Date.now();
    const share = await postV3(v3Share('asha@sbx'));
    expect(share.status).toBe(202);
    await waitForOnShares(1);
    // ABDM allows 30 s; this desk answers right after the commit.
    expect(Date.now() - started).toBeLessThan(5_000);
    const [call] = onShares();
    expect(call!.body).toEqual({
      acknowledgement: { status: 'SUCCESS', abhaAddress: 'asha@sbx', profile: { context: '1', tokenNumber: '1', expiry: 1800 } },
      response: { requestId: share.requestId },
    });
    expect(call!.headers['request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call!.headers['request-id']).not.toBe(share.requestId);
    expect(call!.headers['x-cm-id']).toBe('sbx');
    // The HIP names itself in its own id header, never as an HIU.
    expect(call!.headers['x-hip-id']).toBe(HIP_ID);
    expect(call!.headers).not.toHaveProperty('x-hiu-id');
    expect(call!.headers.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(parts.counter.list()).toEqual([expect.objectContaining({ tokenNumber: 1, status: 'waiting', counterId: '1' })]);
    // An acknowledgement: accepted by the gateway's 202 and done, no answer awaited.
    await vi.waitFor(() => expect(parts.outbox.get(call!.headers['request-id'] as string)?.state).toBe('accepted'), { timeout: 5_000, interval: 10 });
    expect(parts.outbox.get(call!.headers['request-id'] as string)?.expectsAnswer).toBe(false);
  });

  it('gives the same patient the same token again, and the next patient token 2', async () => {
    const parts = desk();
    await startBridge(parts);
    await postV3(v3Share('asha@sbx'));
    await waitForOnShares(1);
    await postV3(v3Share('asha@sbx'));
    await waitForOnShares(2);
    await postV3(v3Share('ravi@sbx'));
    await waitForOnShares(3);
    expect(onShares().map((c) => (c.body.acknowledgement as { profile: { tokenNumber: string } }).profile.tokenNumber)).toEqual(['1', '1', '2']);
  });

  it('answers another HIP’s share FAILED with an error, keeps it, and answers the next share', async () => {
    const parts = desk();
    await startBridge(parts);
    const other = await postV3(v3Share('asha@sbx', '1', 'IN0000000001'), { 'x-hip-id': 'IN0000000001' });
    expect(other.status).toBe(202);
    await postV3(v3Share('ravi@sbx'));
    await waitForOnShares(2);
    expect(onShares()[0]!.body).toEqual({
      acknowledgement: { status: 'FAILED', abhaAddress: 'asha@sbx' },
      error: { code: 'HIP_ID_MISMATCH', message: expect.stringContaining('another health facility') },
      response: { requestId: other.requestId },
    });
    expect((onShares()[1]!.body.acknowledgement as { profile: unknown }).profile).toEqual({ context: '1', tokenNumber: '1', expiry: 1800 });
    expect(parts.counter.list().map((s) => s.status)).toEqual(['waiting', 'failed']);
    // The share is on the timeline as received, its FAILED answer as sent.
    const rows = parts.timeline.list({ patientId: 'asha@sbx' });
    expect(rows.map((row) => [row.direction, row.path])).toEqual(expect.arrayContaining([['in', V3_SHARE], ['out', V3_ON_SHARE]]));
  });

  it('answers a malformed share FAILED and still answers the next one', async () => {
    const parts = desk();
    await startBridge(parts);
    const malformed = await postV3({ intent: 42, metaData: 'nonsense', profile: [1, 2, 3] });
    expect(malformed.status).toBe(202);
    await postV3(v3Share('ravi@sbx'));
    await waitForOnShares(2);
    expect(onShares()[0]!.body).toEqual({ error: { code: 'NOT_A_PROFILE_SHARE', message: 'This counter takes profile shares only.' }, response: { requestId: malformed.requestId } });
    expect((onShares()[1]!.body.acknowledgement as { status: string }).status).toBe('SUCCESS');
    expect(parts.inbox.countByState()).toMatchObject({ done: 2, failed: 0 });
  });

  it('answers a share stored while no processor ran exactly once, when the desk starts again', async () => {
    const first = desk();
    await first.processor.stop();
    await startBridge(first, () => undefined);
    expect((await postV3(v3Share('asha@sbx'))).status).toBe(202);
    expect(first.inbox.countByState()).toMatchObject({ pending: 1 });
    expect(onShares()).toHaveLength(0);

    const again = desk();
    await again.processor.kick();
    await waitForOnShares(1);
    // The gateway has the answer; the outbox marks it sent once the 202 is back (a moment later on a loaded machine).
    await vi.waitFor(() => expect(new GatewayOutboxStore(database.db).unsent()).toHaveLength(0), { timeout: 10_000, interval: 10 });
    await again.processor.kick();
    const third = desk();
    await third.processor.kick();
    third.outbox.flush();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onShares()).toHaveLength(1);
    expect(third.counter.list()).toHaveLength(1);
  });

  it('sends an on-share queued before a crash (applied, not yet sent) once, at the next start', async () => {
    const first = desk();
    // The outbox is closed: the share is applied and its on-share queued, but nothing goes out (the app died).
    first.outbox.close();
    await startBridge(first);
    await postV3(v3Share('asha@sbx'));
    await vi.waitFor(() => expect(first.inbox.countByState()).toMatchObject({ done: 1 }), { timeout: 5_000, interval: 10 });
    expect(onShares()).toHaveLength(0);
    const again = desk();
    again.outbox.flush();
    await waitForOnShares(1);
    again.outbox.flush();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onShares()).toHaveLength(1);
    expect((onShares()[0]!.body.acknowledgement as { profile: { tokenNumber: string } }).profile.tokenNumber).toBe('1');
  });

  it('ignores x-relay-* headers from a direct caller: the desk numbers the share itself and answers it', async () => {
    const parts = desk();
    await startBridge(parts);
    await postV3(v3Share('asha@sbx'), { 'x-relay-token-number': '99', 'x-relay-token-valid-until': '2099-01-01T00:00:00Z' });
    await postV3(v3Share('ravi@sbx'), { 'x-relay-late': 'true' });
    await waitForOnShares(2);
    expect(onShares().map((c) => (c.body.acknowledgement as { profile: { tokenNumber: string } }).profile.tokenNumber)).toEqual(['1', '2']);
    expect(parts.counter.list().map((s) => s.late)).toEqual([false, false]);
    const stored = database.db.prepare('SELECT headers FROM inbox').all() as { headers: string }[];
    for (const row of stored) expect(Object.keys(JSON.parse(row.headers)).filter((name) => name.startsWith('x-relay'))).toEqual([]);
  });

  it('is not served while Settings name no HIP id', async () => {
    settings = { ...settings, hipId: undefined };
    const parts = desk();
    await startBridge(parts);
    expect((await postV3(v3Share('asha@sbx'))).status).toBe(404);
  });
});

describe('Scan & Share on the legacy generation (gateway v0.5, v1.0 paths)', () => {
  const legacyShare = (healthId: string, hipCode = '1') => ({
    requestId: randomUUID(),
    timestamp: new Date().toISOString(),
    intent: { type: 'PROFILE_SHARE' },
    profile: {
      hipCode,
      patient: {
        healthId,
        healthIdNumber: '91-7507-6821-7770',
        name: 'Asha Devi',
        gender: 'F',
        yearOfBirth: 1981,
        dayOfBirth: 1,
        monthOfBirth: 8,
        address: { line: '12 Gandhi Road', district: 'Coimbatore', state: 'Tamil Nadu', pincode: '641050' },
        identifiers: [{ type: 'MOBILE', value: '9876543210' }],
      },
    },
  });

  async function postLegacy(body: Record<string, unknown>, headers: Record<string, string> = {}) {
    const token = await gatewayToken(key, { nowMs: Date.now() });
    const response = await fetch(`${bridge!.url}${LEGACY_SHARE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-hip-id': HIP_ID, 'x-cm-id': 'sbx', ...headers },
      body: JSON.stringify(body),
    });
    return response.status;
  }

  it('answers on-share with the token in acknowledgement, resp naming the share, the same token on a repeat', async () => {
    settings = { ...settings, abdmApi: 'v1' };
    const parts = desk();
    await startBridge(parts);
    const first = legacyShare('asha@sbx');
    expect(await postLegacy(first)).toBe(202);
    await waitForOnShares(1);
    const [call] = onShares();
    expect(call!.path).toBe(LEGACY_ON_SHARE);
    expect(call!.body).toEqual({
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      acknowledgement: { healthId: 'asha@sbx', tokenNumber: '1', status: 'SUCCESS' },
      error: null,
      resp: { requestId: first.requestId },
    });
    expect(await postLegacy(legacyShare('asha@sbx'))).toBe(202);
    expect(await postLegacy(legacyShare('ravi@sbx'))).toBe(202);
    await waitForOnShares(3);
    expect(onShares().map((c) => (c.body.acknowledgement as { tokenNumber: string }).tokenNumber)).toEqual(['1', '1', '2']);
    expect(parts.counter.list()[1]!.patient).toMatchObject({ abhaAddress: 'asha@sbx', mobile: '9876543210', yearOfBirth: 1981 });
  });

  it('answers another HIP’s share FAILED with an error and no token', async () => {
    settings = { ...settings, abdmApi: 'v1' };
    const parts = desk();
    await startBridge(parts);
    const share = legacyShare('asha@sbx');
    expect(await postLegacy(share, { 'x-hip-id': 'IN0000000001' })).toBe(202);
    await waitForOnShares(1);
    expect(onShares()[0]!.body).toMatchObject({
      acknowledgement: { healthId: 'asha@sbx', tokenNumber: null, status: 'FAILED' },
      error: { code: 1000, message: expect.stringContaining('another health facility') },
      resp: { requestId: share.requestId },
    });
  });
});

describe('Scan & Share delivered by the clinic’s relay', () => {
  const CREDENTIAL = 'desk-frontdesk1.s3cr3t_s3cr3t_s3cr3t_s3cr3t_s3cr3t_s3cr3t_s';
  let sockets: WebSocketServer;
  let server: Server;
  let link: RelayLink | null = null;
  let deskSockets: WebSocket[];
  let frames: Record<string, unknown>[];

  beforeEach(async () => {
    // A relay reduced to what this needs: it says hello, notes what the desk sends, and delivers what the test hands it.
    deskSockets = [];
    frames = [];
    sockets = new WebSocketServer({ noServer: true });
    server = createServer((_request, response) => response.end());
    server.on('upgrade', (request, socket, head) =>
      sockets.handleUpgrade(request, socket, head, (ws) => {
        deskSockets.push(ws);
        ws.on('message', (data) => {
          const frame = JSON.parse(data.toString()) as Record<string, unknown>;
          frames.push(frame);
          if (frame.t === 'expect') ws.send(JSON.stringify({ t: 'expected', ref: frame.ref, accepted: frame.keys, refused: [] }));
        });
        ws.send(JSON.stringify({ t: 'hello', deskId: 'desk-frontdesk1', hiuId: 'CLINIC-HIU-01', callbackUrl: 'https://relay.clinic.example/hiu/CLINIC-HIU-01', backlog: 0, api: 'v3' }));
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterEach(async () => {
    await link?.close();
    link = null;
    for (const client of sockets.clients) client.terminate();
    await new Promise<void>((resolve) => sockets.close(() => resolve()));
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  function deliver(seq: number, requestId: string, relayHeaders: Record<string, string>) {
    const callback = {
      requestId,
      kind: 'profile.share',
      path: V3_SHARE,
      respRequestId: null,
      receivedAt: new Date().toISOString(),
      headers: { 'x-hip-id': HIP_ID, 'x-cm-id': 'sbx', ...relayHeaders },
      body: JSON.stringify(v3Share(`patient${seq}@sbx`)),
    };
    deskSockets[0]!.send(JSON.stringify({ t: 'deliver', seq, kind: 'callback', callback }));
  }

  it('claims this desk’s counter, answers with the token the relay handed out, and keeps a late share without answering', async () => {
    const parts = desk();
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    link = startRelayLink({
      relayUrl: url,
      credential: async () => CREDENTIAL,
      inbox: parts.inbox,
      pages: new DataPushPageStore(database.db),
      openExpectations: () => parts.roles.standingKeys(settings),
      dataPushLimitBytes: 1024 * 1024,
      kinds: parts.roles.kinds(),
      listener: { callbackStored: () => void parts.processor.kick() },
    });
    await link.whenConnected();
    await vi.waitFor(() => expect(frames.filter((f) => f.t === 'expect').flatMap((f) => f.keys as string[])).toContain(counterKey('1')), { timeout: 5_000, interval: 10 });

    const shared = randomUUID();
    deliver(1, shared, { 'x-relay-token-number': '42', 'x-relay-token-valid-until': new Date(Date.now() + 1_800_000).toISOString() });
    deliver(2, randomUUID(), { 'x-relay-late': 'true' });
    await waitForOnShares(1);
    await vi.waitFor(() => expect(parts.inbox.countByState()).toMatchObject({ done: 2 }), { timeout: 5_000, interval: 10 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onShares()).toHaveLength(1);
    expect(onShares()[0]!.body).toEqual({
      acknowledgement: { status: 'SUCCESS', abhaAddress: 'patient1@sbx', profile: { context: '1', tokenNumber: '42', expiry: 1800 } },
      response: { requestId: shared },
    });
    expect(parts.counter.list().map((s) => [s.patient.abhaAddress, s.tokenNumber, s.late])).toEqual([
      ['patient2@sbx', null, true],
      ['patient1@sbx', 42, false],
    ]);
  });
});
