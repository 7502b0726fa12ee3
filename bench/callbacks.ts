// The callback bridge under a burst: signed on-find callbacks over several keep-alive connections, each one
// verified (RS256 against the JWKS), schema-checked and stored in the real inbox on the app's encrypted SQLite file
// database before its 202. The same burst against a bare Fastify route that answers 202 is the ratio's denominator.
// The load comes from a worker thread (bench/gateway-load.ts), so the server has the main thread (and one of the two cores) to itself.
// Targets (docs/performance.md): ≥ 3,000 callbacks/s and p99 < 20 ms.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { GATEWAY_V05 } from '../electron/abdm/gateway/v05/generation';
import { startCallbackBridge } from '../electron/bridge/callback-bridge';
import { CallbackInboxStore } from '../electron/store/gateway/callback-inbox';
import { DataPushPageStore } from '../electron/store/hiu/data-push-pages';
import { openDatabase } from '../electron/store/db';
import type { WalCheckpointStats } from '../electron/store/wal-checkpointer';
import { memorySecretDriver, openVault } from '../electron/store/secrets/vault';
import { burst as gatewayBurst, jwksServer, latenciesMs, type BurstResult } from './gateway-load';
import { line, lineAtLeast, percentile } from './report';

const CALLBACKS = 20_000;
const WARM_UP = 1_000;
const CONNECTIONS = 16;
const PATH = '/v0.5/patients/on-find';

/** A fresh requestId and resp.requestId for every callback. */
function burst(url: string, headers: Record<string, string>, count: number): Promise<BurstResult> {
  const fresh = () => Array.from({ length: count }, () => randomUUID());
  return gatewayBurst([url], headers, fresh(), fresh(), CONNECTIONS);
}

function summarise(label: string, result: BurstResult, expected: number) {
  const accepted = result.statuses['202'] ?? 0;
  if (accepted !== expected) throw new Error(`${label}: ${accepted} of ${expected} answered 202 (${JSON.stringify(result.statuses)})`);
  const latencies = latenciesMs(result);
  return { rate: (expected / result.elapsedMs) * 1000, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** Where the WAL was copied back into the database during the run (electron/store/wal-checkpointer.ts). */
function checkpointLine(stats: WalCheckpointStats | null): string {
  if (!stats) return 'WAL checkpoints: none (no database file)';
  const largest = (stats.largestWalBytes / (1024 * 1024)).toFixed(1);
  const full = `${stats.fullByWorker} FULL, longest ${stats.longestFullMs.toFixed(1)} ms`;
  const finished = `${stats.finishedByAppConnection} finished by the app's connection (longest ${stats.longestFinishMs.toFixed(1)} ms)`;
  return `WAL checkpoints: ${stats.byWorker} by the worker (${full}), ${finished}, ${stats.byAppConnection} past the limit, largest WAL seen ${largest} MiB`;
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
    console.log(checkpointLine(database.walCheckpoints()));
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
