// What bench/callbacks.ts and bench/relay.ts both play: the ABDM gateway. Its signing key, served as a JWKS the way the
// gateway serves its certs, with one token signed by it; and a burst of signed on-find callbacks POSTed from a worker
// thread, so the server under test has the main thread (and one of the two cores) to itself.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export interface BurstResult {
  statuses: Record<string, number>;
  /**
   * When each POST's first byte was about to be written, and when its answer ended: performance.timeOrigin +
   * performance.now() in the worker, so comparable with the same taken in any other thread (bench/relay.ts does).
   */
  startedAt: number[];
  answeredAt: number[];
  /** From the first lane starting to the last answer, measured in the worker. */
  elapsedMs: number;
}

// Plain JavaScript for the worker: node:http with keep-alive, `connections` requests in flight; callback i goes to
// targets[i % targets.length] with the given requestId and resp.requestId.
const LOAD_WORKER = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { targets, headers, requestIds, respIds, connections, template } = workerData;
const agents = targets.map(() => new http.Agent({ keepAlive: true, maxSockets: connections }));
const urls = targets.map((t) => new URL(t));
const count = requestIds.length;
const startedAt = new Array(count);
const answeredAt = new Array(count);
const statuses = {};
let next = 0;
function one(index) {
  return new Promise((resolve, reject) => {
    const body = template.replace('__REQUEST_ID__', requestIds[index]).replace('__RESP_ID__', respIds[index]);
    const target = urls[index % urls.length];
    const request = http.request({ agent: agents[index % urls.length], host: target.hostname, port: target.port, path: target.pathname, method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
      response.resume();
      response.on('end', () => {
        answeredAt[index] = performance.timeOrigin + performance.now();
        statuses[response.statusCode] = (statuses[response.statusCode] || 0) + 1;
        resolve();
      });
    });
    request.on('error', reject);
    startedAt[index] = performance.timeOrigin + performance.now();
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
  agents.forEach((agent) => agent.destroy());
  parentPort.postMessage({ statuses, startedAt, answeredAt, elapsedMs });
})().catch((error) => { throw error; });
`;

/** One on-find callback per requestIds[i] (with respIds[i] as its resp.requestId), `connections` in flight. */
export function burst(targets: string[], headers: Record<string, string>, requestIds: string[], respIds: string[], connections: number): Promise<BurstResult> {
  const template = JSON.stringify({
    requestId: '__REQUEST_ID__',
    timestamp: new Date().toISOString(),
    patient: { id: 'asha.verma@sbx', name: 'Asha Devi Verma' },
    resp: { requestId: '__RESP_ID__' },
  });
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, { eval: true, workerData: { targets, headers, requestIds, respIds, connections, template } });
    worker.once('message', (result: BurstResult) => resolve(result));
    worker.once('error', reject);
  });
}

/** Each POST's latency: its first byte to the end of its answer. */
export const latenciesMs = (result: BurstResult): number[] => result.answeredAt.map((answered, i) => answered - result.startedAt[i]!);

/** The gateway's signing key as a JWKS (at `url`), and a token it signed. */
export async function jwksServer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const iat = Math.floor(Date.now() / 1000);
  // One token for the whole run, as the gateway reuses its cached token until it expires.
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

export type Gateway = Awaited<ReturnType<typeof jwksServer>>;
