// The callback bridge under a burst: signed on-find callbacks over several keep-alive connections, each one
// verified (RS256 against the JWKS), schema-checked and stored in the real inbox on the app's encrypted SQLite file
// database before its 202. The same burst against a bare Fastify route that answers 202 is the ratio's denominator.
// The load comes from a worker thread, so the server has the main thread (and one of the two cores) to itself.
// Targets (docs/performance.md): ≥ 3,000 callbacks/s and p99 < 20 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { GATEWAY_V05 } from '../electron/abdm/gateway-v05';
import { startCallbackBridge } from '../electron/bridge/callback-bridge';
import { CallbackInboxStore } from '../electron/store/callback-inbox';
import { DataPushPageStore } from '../electron/store/data-push-pages';
import { openDatabase } from '../electron/store/db';
import { memorySecretDriver, openVault } from '../electron/store/vault';
import { line, lineAtLeast, percentile } from './report';

const CALLBACKS = 20_000;
const WARM_UP = 1_000;
const CONNECTIONS = 16;
const PATH = '/v0.5/patients/on-find';

interface BurstResult {
  statuses: Record<string, number>;
  latenciesMs: number[];
  elapsedMs: number;
}

// Plain JavaScript for the worker: node:http with keep-alive, CONNECTIONS requests in flight, a fresh
// requestId per callback, latency from the first byte written to the end of the response.
const LOAD_WORKER = `
const http = require('node:http');
const { randomUUID } = require('node:crypto');
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, count, connections, template } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const target = new URL(url);
const latencies = new Array(count);
const statuses = {};
let next = 0;
function one(index) {
  return new Promise((resolve, reject) => {
    const body = template.replace('__REQUEST_ID__', randomUUID()).replace('__RESP_ID__', randomUUID());
    const started = performance.now();
    const request = http.request({ agent, host: target.hostname, port: target.port, path: target.pathname, method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
      response.resume();
      response.on('end', () => {
        latencies[index] = performance.now() - started;
        statuses[response.statusCode] = (statuses[response.statusCode] || 0) + 1;
        resolve();
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}
async function lane() {
  while (next < count) await one(next++);
}
(async () => {
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, lane));
  const elapsedMs = performance.now() - started;
  agent.destroy();
  parentPort.postMessage({ statuses, latenciesMs: latencies, elapsedMs });
})().catch((error) => { throw error; });
`;

function burst(url: string, headers: Record<string, string>, count: number): Promise<BurstResult> {
  const template = JSON.stringify({
    requestId: '__REQUEST_ID__',
    timestamp: new Date().toISOString(),
    patient: { id: 'asha.verma@sbx', name: 'Asha Devi Verma' },
    resp: { requestId: '__RESP_ID__' },
  });
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, { eval: true, workerData: { url, headers, count, connections: CONNECTIONS, template } });
    worker.once('message', (result: BurstResult) => resolve(result));
    worker.once('error', reject);
  });
}

async function jwksServer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench-key', alg: 'RS256', use: 'sig' };
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const iat = Math.floor(Date.now() / 1000);
  // One token for the whole burst, as the gateway reuses its cached token until it expires.
  const token = await new SignJWT({ clientId: 'gateway', realm_access: { roles: ['gateway'] }, scope: 'openid', typ: 'Bearer' })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: 'bench-key' })
    .setSubject('service-account:gateway')
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(privateKey);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway/v0.5/certs`,
    token,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function summarise(label: string, result: BurstResult, expected: number) {
  const accepted = result.statuses['202'] ?? 0;
  if (accepted !== expected) throw new Error(`${label}: ${accepted} of ${expected} answered 202 (${JSON.stringify(result.statuses)})`);
  return { rate: (expected / result.elapsedMs) * 1000, p50: percentile(result.latenciesMs, 50), p99: percentile(result.latenciesMs, 99) };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'abha-bench-bridge-'));
  const database = await openDatabase({ file: path.join(dir, 'abha-desk.db'), vault: await openVault(memorySecretDriver()) });
  const gateway = await jwksServer();
  const inbox = new CallbackInboxStore(database.db);
  const bridge = await startCallbackBridge({
    host: '127.0.0.1',
    port: 0,
    generation: GATEWAY_V05,
    inbox,
    pushes: new DataPushPageStore(database.db),
    jwksUrl: async () => gateway.url,
    dataPushLimitBytes: 64 * 1024 * 1024,
  });
  const bare = Fastify({ logger: false });
  bare.post(PATH, async (_request, reply) => reply.code(202).send());
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}${PATH}`;
  const headers = { authorization: `Bearer ${gateway.token}`, 'x-hiu-id': 'HIU-BENCH', 'x-cm-id': 'sbx' };

  try {
    await burst(`${bridge.url}${PATH}`, headers, WARM_UP);
    await burst(bareUrl, headers, WARM_UP);
    const ours = summarise('bridge', await burst(`${bridge.url}${PATH}`, headers, CALLBACKS), CALLBACKS);
    const plain = summarise('bare Fastify', await burst(bareUrl, headers, CALLBACKS), CALLBACKS);
    const stored = inbox.countByState().pending;
    if (stored !== CALLBACKS + WARM_UP) throw new Error(`the inbox holds ${stored} callbacks, expected ${CALLBACKS + WARM_UP}`);

    const what = `${CALLBACKS} callbacks, ${CONNECTIONS} connections`;
    console.log(lineAtLeast(`callbacks verified+stored/s (${what})`, ours.rate, '/s', 3000));
    console.log(line('callback latency p99', ours.p99, 'ms', 20));
    console.log(line('callback latency p50', ours.p50, 'ms'));
    console.log(line('bare Fastify 202/s (same burst)', plain.rate, '/s'));
    console.log(line('bare Fastify latency p99', plain.p99, 'ms'));
    console.log(line('bridge throughput ÷ bare Fastify', ours.rate / plain.rate, '×'));
    console.log(line('bridge p99 ÷ bare Fastify p99', ours.p99 / plain.p99, '×'));
  } finally {
    await bridge.close();
    await bare.close();
    await gateway.close();
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
