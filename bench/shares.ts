// Scan & Share under a burst: 500 patients share their profile at once, each share signed as the gateway signs it and
// POSTed over real HTTP to the desk's callback bridge (HIE-CM v3), verified, stored in the encrypted SQLite inbox,
// answered 202, applied by the counter's service (token number in the same transaction) and answered with on-share
// through the outbox to a fake gateway. The load and the fake gateway run in a worker thread, so the desk has the
// main thread to itself; each share's time runs from its first byte leaving the worker to its on-share arriving there.
// Target (docs/performance.md): every on-share sent, p99 share → on-share < 1 s (ABDM allows 30 s).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { startCallbackBridge } from '../electron/bridge/callback-bridge';
import { CallbackProcessor } from '../electron/gateway/callback-processor';
import { GatewayRoles } from '../electron/gateway/gateway-roles';
import { GatewayOutbox } from '../electron/gateway/outbox';
import { CounterShares } from '../electron/services/counter/counter-shares';
import { openDatabase } from '../electron/store/db';
import { CallbackInboxStore } from '../electron/store/gateway/callback-inbox';
import { GatewayOutboxStore } from '../electron/store/gateway/outbox';
import { TimelineStore } from '../electron/store/gateway/timeline';
import { memorySecretDriver, openVault } from '../electron/store/secrets/vault';
import { DEFAULT_SETTINGS, type Settings } from '../electron/store/settings/settings-schema';
import { line, lineAtLeast, percentile } from './report';

const SHARES = 500;
const WARM_UP = 20;
const CONNECTIONS = 16;
const HIP_ID = 'IN2810014366';
const TARGET_P99_MS = 1_000;

interface WorkerResult {
  statuses: Record<string, number>;
  /** Per share (by index): first byte sent, 202 received, on-share received (performance.timeOrigin-based ms). */
  startedAt: number[];
  answeredAt: number[];
  onShareAt: (number | null)[];
  tokens: (string | null)[];
}

// Plain JavaScript for the worker: the fake gateway (records each on-share by the share it answers) and the burst.
const WORKER = `
const http = require('node:http');
const { randomUUID } = require('node:crypto');
const { parentPort, workerData } = require('node:worker_threads');
const { token, hipId, count, connections } = workerData;
const now = () => performance.timeOrigin + performance.now();
const ids = Array.from({ length: count }, () => randomUUID());
const indexOf = new Map(ids.map((id, i) => [id, i]));
const startedAt = new Array(count).fill(null), answeredAt = new Array(count).fill(null);
const onShareAt = new Array(count).fill(null), tokens = new Array(count).fill(null);
const statuses = {};
let received = 0, done = null;
const gateway = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const at = now();
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const index = indexOf.get(body.response && body.response.requestId);
    response.statusCode = 202;
    response.end();
    if (index === undefined || onShareAt[index] !== null) return;
    onShareAt[index] = at;
    tokens[index] = body.acknowledgement && body.acknowledgement.profile ? body.acknowledgement.profile.tokenNumber : null;
    received += 1;
    if (received === count && done) done();
  });
});
gateway.listen(0, '127.0.0.1', () => parentPort.postMessage({ t: 'gateway', url: 'http://127.0.0.1:' + gateway.address().port }));
parentPort.on('message', async ({ target }) => {
  const url = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let next = 0;
  const one = (i) => new Promise((resolve, reject) => {
    const body = JSON.stringify({
      intent: 'PROFILE_SHARE',
      metaData: { hipId, context: '1', hprId: null, latitude: null, longitude: null },
      profile: { patient: { abhaNumber: null, abhaAddress: 'patient' + i + '@sbx', name: 'Patient ' + i, gender: i % 2 ? 'F' : 'M',
        dayOfBirth: null, monthOfBirth: null, yearOfBirth: '1980', address: { line: null, district: 'Pune', state: 'Maharashtra', pincode: '411001' }, phoneNumber: null } },
    });
    const request = http.request({ agent, host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: {
      authorization: 'Bearer ' + token, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body),
      'request-id': ids[i], timestamp: new Date().toISOString(), 'x-hip-id': hipId, 'x-cm-id': 'sbx' } }, (response) => {
      response.resume();
      response.on('end', () => { answeredAt[i] = now(); statuses[response.statusCode] = (statuses[response.statusCode] || 0) + 1; resolve(); });
    });
    request.on('error', reject);
    startedAt[i] = now();
    request.end(body);
  });
  const lane = async () => { while (next < count) await one(next++); };
  const all = new Promise((resolve) => { done = resolve; });
  await Promise.all(Array.from({ length: connections }, lane));
  agent.destroy();
  // Every on-share, or 60 s: whatever did not come is counted as missing.
  await Promise.race([all, new Promise((resolve) => setTimeout(resolve, 60000))]);
  parentPort.postMessage({ t: 'result', statuses, startedAt, answeredAt, onShareAt, tokens });
  gateway.close();
});
`;

/** The gateway's signing key as a JWKS, and a v3-shaped token it signed (audience `account`, realm role `gateway`). */
async function gatewayKeys() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const iat = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ clientId: 'gateway', azp: 'gateway', realm_access: { roles: ['gateway'] }, scope: 'openid', typ: 'Bearer' })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: 'bench-key' })
    .setSubject('service-account:gateway')
    .setAudience('account')
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(privateKey);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway/v3/certs`, token, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'abha-bench-shares-'));
  const database = await openDatabase({ file: path.join(dir, 'abha-desk.db'), vault: await openVault(memorySecretDriver()) });
  const keys = await gatewayKeys();
  const worker = new Worker(WORKER, { eval: true, workerData: { token: keys.token, hipId: HIP_ID, count: SHARES, connections: CONNECTIONS } });
  const gatewayUrl = await new Promise<string>((resolve, reject) => {
    worker.once('message', (message: { url: string }) => resolve(message.url));
    worker.once('error', reject);
  });

  // The desk as app-core builds it: the HIP role and its handler on the pipeline's roles, outbox and processor.
  const settings: Settings = { ...DEFAULT_SETTINGS, abdmApi: 'v3', hipId: HIP_ID, deskCounter: '1' };
  const db = database.db;
  const roles = new GatewayRoles();
  const timeline = new TimelineStore(db);
  const inbox = new CallbackInboxStore(db);
  const generation = () => roles.generation(settings.abdmApi);
  const outbox = new GatewayOutbox({
    store: new GatewayOutboxStore(db),
    timeline,
    generation,
    client: async () => ({
      send: async (_operation, request) => {
        const response = await fetch(`${gatewayUrl}${request.path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...request.headers }, body: JSON.stringify(request.body) });
        await response.arrayBuffer();
        return response.status;
      },
    }),
    cmId: () => 'sbx',
    now: Date.now,
    answerTimeoutMs: () => 60_000,
  });
  const processor = new CallbackProcessor({ db, inbox, outbox, timeline, generation, generationOfPath: (p) => roles.generationOfPath(p), now: Date.now, emit: () => undefined, logError: (what, error) => console.error(what, error) });
  const counter = new CounterShares({ db, roles, processor, settings: () => settings, now: Date.now, emit: () => undefined });
  counter.register();
  const bridge = await startCallbackBridge({
    host: '127.0.0.1',
    port: 0,
    generation: generation(),
    routes: roles.routes(settings),
    inbox,
    pushes: { knows: async () => false, store: async () => 'stored' },
    jwksUrl: async () => keys.url,
    dataPushLimitBytes: 1024 * 1024,
    listener: { callbackStored: () => void processor.kick() },
  });

  try {
    // Warm-up at another counter (the JWKS fetch, the first statements): not measured.
    for (let i = 0; i < WARM_UP; i += 1) {
      const response = await fetch(`${bridge.url}/api/v3/hip/patient/share`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.token}`, 'request-id': crypto.randomUUID(), timestamp: new Date().toISOString(), 'x-hip-id': HIP_ID, 'x-cm-id': 'sbx' },
        body: JSON.stringify({ intent: 'PROFILE_SHARE', metaData: { hipId: HIP_ID, context: 'W' }, profile: { patient: { abhaAddress: `warm${i}@sbx`, name: 'Warm Up', gender: 'U', yearOfBirth: '1990', address: {} } } }),
      });
      if (response.status !== 202) throw new Error(`warm-up share answered ${response.status}`);
    }
    await processor.kick();

    const result = await new Promise<WorkerResult>((resolve, reject) => {
      worker.once('message', (message: WorkerResult) => resolve(message));
      worker.once('error', reject);
      worker.postMessage({ target: `${bridge.url}/api/v3/hip/patient/share` });
    });
    const accepted = result.statuses['202'] ?? 0;
    if (accepted !== SHARES) throw new Error(`${accepted} of ${SHARES} shares answered 202 (${JSON.stringify(result.statuses)})`);
    const latencies = result.onShareAt.flatMap((at, i) => (at === null ? [] : [at - result.startedAt[i]!]));
    const sent = latencies.length;
    const tokens = new Set(result.tokens.filter((t): t is string => t !== null));
    const everyToken = tokens.size === SHARES && Array.from({ length: SHARES }, (_, i) => String(i + 1)).every((t) => tokens.has(t));
    const stored = latenciesOf(result);

    const what = `${SHARES} shares, ${CONNECTIONS} connections`;
    console.log(lineAtLeast(`on-shares sent (${what})`, sent, '', SHARES));
    console.log(`${'tokens 1–500, each once'.padEnd(48)} ${everyToken ? 'ok' : 'OVER'}`);
    console.log(line('share → on-share p99', percentile(latencies, 99), 'ms', TARGET_P99_MS));
    console.log(line('share → on-share p50', percentile(latencies, 50), 'ms'));
    console.log(line('share → 202 p99', percentile(stored, 99), 'ms'));
    const arrived = result.onShareAt.filter((at): at is number => at !== null);
    console.log(line('first share sent → last on-share', Math.max(...arrived) - Math.min(...result.startedAt), 'ms'));
    if (sent !== SHARES || !everyToken) process.exitCode = 1;
  } finally {
    await worker.terminate();
    outbox.close();
    await processor.stop();
    await bridge.close();
    await keys.close();
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const latenciesOf = (result: WorkerResult): number[] => result.answeredAt.map((answered, i) => answered - result.startedAt[i]!);

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
