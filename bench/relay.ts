// Gateway → relay → desk: how many callbacks a second reach the desk's inbox, durably, and how long each takes from
// the first byte of the gateway's POST to the desk's store of it, against the desk's direct bridge doing the same
// (the denominator; as bench/callbacks.ts: startCallbackBridge storing into the app's CallbackInboxStore).
//
// Every configuration gets the same burst of signed on-find callbacks (RS256, verified against a JWKS) from a worker
// thread (bench/gateway-load.ts), CONNECTIONS in flight over keep-alive connections:
//   - direct: the desk's bridge; a callback counts when the inbox's durable commit of it resolved;
//   - relay: `relay/cli.ts` as its own process (one or two, as an operator runs it) on SQLite (synchronous=FULL) or
//     PostgreSQL with fsync on; the desk is the app's own relay link (electron/bridge/relay-link.ts) storing into the
//     app's CallbackInboxStore on its encrypted database and acknowledging after the store resolved; a callback
//     counts when that store resolved (the link's callbackStored). With two processes, the worker alternates between
//     them as a load balancer would, there is a desk on each, and each desk's callbacks come in at both processes.
// Throughput: callbacks ÷ (last stored at a desk − first POST begun). Target: relay ≥ 0.5 × direct, and two relay
// processes on PostgreSQL at least as fast as one.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GATEWAY_V05 } from '../electron/abdm/gateway/v05/generation';
import { startCallbackBridge } from '../electron/bridge/callback-bridge';
import type { CallbackInbox } from '../electron/bridge/ports';
import { startRelayLink, type RelayLink } from '../electron/bridge/relay-link';
import { CallbackInboxStore } from '../electron/store/gateway/callback-inbox';
import { DataPushPageStore } from '../electron/store/hiu/data-push-pages';
import { openDatabase, type AppDatabase } from '../electron/store/db';
import { memorySecretDriver, openVault } from '../electron/store/secrets/vault';
import { issueDesk } from '../relay/desk-credentials';
import { openRelayStore, type RelayStorage } from '../relay/store/open-store';
import { startPostgres } from '../test/support/postgres-server';
import { burst, jwksServer, type Gateway } from './gateway-load';
import { line, lineAtLeast, percentile } from './report';

const CALLBACKS = 4_000;
const WARM_UP = 400;
const CONNECTIONS = 16;
const HIU = 'HIU-BENCH';
const PATH = '/v0.5/patients/on-find';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** A time comparable across threads: ms since the epoch, sub-millisecond. */
const stamp = () => performance.timeOrigin + performance.now();

/** The app's encrypted database in a fresh folder (key in a memory keychain), as on a desk. */
async function deskDatabase(folder: string, name: string): Promise<AppDatabase> {
  return openDatabase({ file: path.join(folder, name, 'abha-desk.db'), vault: await openVault(memorySecretDriver()) });
}

async function until(done: () => boolean, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`gave up after ${timeoutMs} ms: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

interface Measured {
  /** Callbacks stored at the desk(s) per second. */
  rate: number;
  p50: number;
  p99: number;
  /** The gateway's view: 202s per second (the relay's ingest alone, or the direct bridge's store). */
  answered: number;
}

/**
 * One burst of `count` fresh callbacks: each callback's resp.requestId is claimed by `claim(i)` beforehand (a desk
 * claims before it sends a request), and the result is read from `storedAt` (requestId → stamp() of its store).
 */
async function measure(
  label: string,
  count: number,
  targets: string[],
  gateway: Gateway,
  storedAt: Map<string, number>,
  claim: (respIds: string[]) => Promise<void>,
): Promise<Measured> {
  const requestIds = Array.from({ length: count }, () => randomUUID());
  const respIds = Array.from({ length: count }, () => randomUUID());
  await claim(respIds);
  const result = await burst(targets, { authorization: `Bearer ${gateway.token}` }, requestIds, respIds, CONNECTIONS);
  if ((result.statuses['202'] ?? 0) !== count) throw new Error(`${label}: ${result.statuses['202'] ?? 0} of ${count} answered 202 (${JSON.stringify(result.statuses)})`);
  await until(
    () => requestIds.every((id) => storedAt.has(id)),
    120_000,
    () => `${label}: ${requestIds.filter((id) => storedAt.has(id)).length} of ${count} stored at the desk`,
  );
  const latencies = requestIds.map((id, i) => storedAt.get(id)! - result.startedAt[i]!);
  const first = Math.min(...result.startedAt);
  const last = Math.max(...requestIds.map((id) => storedAt.get(id)!));
  const lastAnswer = Math.max(...result.answeredAt);
  return { rate: (count / (last - first)) * 1000, p50: percentile(latencies, 50), p99: percentile(latencies, 99), answered: (count / (lastAnswer - first)) * 1000 };
}

// ── direct ─────────────────────────────────────────────────────────────────────────────────────────────────

async function direct(folder: string, gateway: Gateway): Promise<Measured> {
  const database = await deskDatabase(folder, 'direct');
  const inbox = new CallbackInboxStore(database.db);
  const storedAt = new Map<string, number>();
  // The moment the durable commit resolved, as the relay link's callbackStored is told (the 202 goes after it).
  const timed: CallbackInbox = {
    async store(callback) {
      const outcome = await inbox.store(callback);
      if (outcome === 'stored') storedAt.set(callback.requestId, stamp());
      return outcome;
    },
  };
  const bridge = await startCallbackBridge({
    host: '127.0.0.1',
    port: 0,
    generation: GATEWAY_V05,
    inbox: timed,
    pushes: new DataPushPageStore(database.db),
    jwksUrl: async () => gateway.url,
    dataPushLimitBytes: 64 * 1024 * 1024,
  });
  try {
    const targets = [`${bridge.url}${PATH}`];
    const none = async () => undefined;
    await measure('direct warm-up', WARM_UP, targets, gateway, storedAt, none);
    return await measure('direct', CALLBACKS, targets, gateway, storedAt, none);
  } finally {
    await bridge.close();
    database.close();
  }
}

// ── through the relay ──────────────────────────────────────────────────────────────────────────────────────

interface RelayProcess {
  url: string;
  stop(): Promise<void>;
}

/** `relay/cli.ts` as an operator runs it (its JSON log goes nowhere), resolved once it says where it listens. */
async function startRelayProcess(folder: string, storage: RelayStorage, gateway: Gateway): Promise<RelayProcess> {
  const port = await freePort();
  const config = path.join(folder, `relay-${port}.json`);
  // A desk here claims thousands of new keys in a second, far beyond the relay's per-desk limit of new claims a minute.
  const limits = { claimsPerMinute: 1_000_000 };
  writeFileSync(config, JSON.stringify({ publicUrl: `http://127.0.0.1:${port}`, listen: { host: '127.0.0.1', port }, hius: [{ id: HIU, gatewayCertsUrl: gateway.url }], storage, limits }));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'relay/cli.ts', '--config', config], { cwd: repoRoot, detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
  const ended = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-child.pid!, 'SIGTERM');
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 10_000);
    await ended;
    clearTimeout(timer);
  };
  let out = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the relay did not start: ${out}`)), 60_000);
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('ABHA Desk relay listening on')) {
          clearTimeout(timer);
          resolve();
        }
      });
      void ended.then(() => reject(new Error(`the relay exited: ${out}`)));
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, stop };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function throughRelay(folder: string, gateway: Gateway, storage: RelayStorage, processes: 1 | 2): Promise<Measured> {
  const store = await openRelayStore(storage);
  const credentials: string[] = [];
  try {
    for (let i = 0; i < processes; i += 1) credentials.push((await issueDesk(store, HIU, `Bench desk ${i + 1}`, new Date().toISOString())).credential);
  } finally {
    await store.close();
  }
  const relays: RelayProcess[] = [];
  const links: RelayLink[] = [];
  const databases: AppDatabase[] = [];
  const storedAt = new Map<string, number>();
  try {
    for (let i = 0; i < processes; i += 1) relays.push(await startRelayProcess(folder, storage, gateway));
    // Desk i on relay process i.
    for (let i = 0; i < processes; i += 1) {
      const database = await deskDatabase(folder, `desk-${processes}-${i}-${randomUUID().slice(0, 8)}`);
      databases.push(database);
      const credential = credentials[i]!;
      const link = startRelayLink({
        relayUrl: relays[i]!.url,
        credential: async () => credential,
        inbox: new CallbackInboxStore(database.db),
        pages: new DataPushPageStore(database.db),
        openExpectations: () => [],
        dataPushLimitBytes: 64 * 1024 * 1024,
        listener: { callbackStored: (callback) => void storedAt.set(callback.requestId, stamp()) },
      });
      links.push(link);
      await link.whenConnected();
    }
    const targets = relays.map((relay) => `${relay.url}/hiu/${HIU}${PATH}`);
    // Callback i comes in at process i % 2 and is desk ⌊i/2⌋ % 2's: half of each desk's through the other process.
    const claim = async (respIds: string[]) => {
      for (let d = 0; d < links.length; d += 1) {
        const keys = respIds.filter((_id, i) => Math.floor(i / 2) % links.length === d).map((id) => `request:${id}`);
        const answer = await links[d]!.expect(keys, 60_000);
        if (!answer || answer.refused.length > 0 || answer.accepted.length !== keys.length) throw new Error(`desk ${d + 1} could not claim its requests`);
      }
    };
    const label = `relay (${'sqlite' in storage ? 'SQLite' : 'PostgreSQL'}, ${processes} process${processes > 1 ? 'es' : ''})`;
    await measure(`${label} warm-up`, WARM_UP, targets, gateway, storedAt, claim);
    return await measure(label, CALLBACKS, targets, gateway, storedAt, claim);
  } finally {
    for (const link of links) await link.close();
    for (const relay of relays) await relay.stop();
    for (const database of databases) database.close();
  }
}

// ── the run ────────────────────────────────────────────────────────────────────────────────────────────────

function report(label: string, ours: Measured, directly: Measured): void {
  console.log(label);
  console.log(line('  callbacks stored at the desk/s', ours.rate, '/s'));
  console.log(line('  latency p99 (POST → stored at the desk)', ours.p99, 'ms'));
  console.log(line('  latency p50', ours.p50, 'ms'));
  console.log(line('  answered 202/s (the relay alone)', ours.answered, '/s'));
  console.log(lineAtLeast('  throughput ÷ direct bridge', ours.rate / directly.rate, '×', 0.5));
}

async function main(): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'abha-bench-relay-'));
  const gateway = await jwksServer();
  const postgres = await startPostgres({ fsync: true });
  try {
    const directly = await direct(folder, gateway);
    const sqlite = await throughRelay(folder, gateway, { sqlite: path.join(folder, 'relay.db') }, 1);
    const pgOne = await throughRelay(folder, gateway, { postgres: await postgres.createDatabase() }, 1);
    const pgTwo = await throughRelay(folder, gateway, { postgres: await postgres.createDatabase() }, 2);

    console.log(`${CALLBACKS} callbacks per configuration, ${CONNECTIONS} connections, after ${WARM_UP} to warm up; ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(2)}`);
    console.log('direct bridge (the denominator)');
    console.log(line('  callbacks stored at the desk/s', directly.rate, '/s'));
    console.log(line('  latency p99 (POST → stored at the desk)', directly.p99, 'ms'));
    console.log(line('  latency p50', directly.p50, 'ms'));
    report('relay, SQLite, 1 process', sqlite, directly);
    report('relay, PostgreSQL (fsync), 1 process', pgOne, directly);
    report('relay, PostgreSQL (fsync), 2 processes', pgTwo, directly);
    // Scaling out must add rate, not take it away: two processes on one database against one.
    console.log(lineAtLeast('  2 processes ÷ 1 process', pgTwo.rate / pgOne.rate, '×', 1));
  } finally {
    await postgres.stop();
    await gateway.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
