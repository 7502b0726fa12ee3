// The child process of the HIP push crash test (test/integration/hip-push-crash.test.ts): the HIP's side of the
// pipeline (callback bridge, inbox, processor, outbox to the test's fake gateway, the HIP role, the data flow) on an
// encrypted database in a data folder, its key in a file beside it (file-secret-driver.ts) so the folder survives a
// SIGKILL. Its documents are the 20 bundles the test also knows (pushed one per page, so 20 pages). At start it
// resumes every unfinished transfer, as the app does.
//
//   node --import tsx test/support/hip-push-crash-child.ts <dataFolder> <secretsFile> <gatewayUrl> <jwksUrl> <clockOffsetMs>
//
// stdout: {"event":"listening","url":…} once the bridge listens. stdin: "close" (stops, says {"event":"closed"}, exits 0).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { startCallbackBridge } from '../../electron/bridge/callback-bridge';
import { CounterShares } from '../../electron/services/counter/counter-shares';
import { DataFlow } from '../../electron/services/hip/data-flow';
import { openDatabase } from '../../electron/store/db';
import { openVault } from '../../electron/store/secrets/vault';
import { DEFAULT_SETTINGS, type Settings } from '../../electron/store/settings/settings-schema';
import { fakeDocuments } from '../unit/hip/data-flow-kit';
import { CRASH_DOCUMENTS, CRASH_HIP_ID } from './hip-push-crash-documents';
import { fileSecretDriver } from './file-secret-driver';
import { postTo, testPipeline } from './test-pipeline';

const [dataFolder, secretsFile, gatewayUrl, jwksUrl, offset] = process.argv.slice(2);
if (!dataFolder || !secretsFile || !gatewayUrl || !jwksUrl || offset === undefined) {
  console.error('usage: hip-push-crash-child.ts <dataFolder> <secretsFile> <gatewayUrl> <jwksUrl> <clockOffsetMs>');
  process.exit(2);
}
const now = () => Date.now() + Number(offset);
const say = (message: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(message)}\n`);

mkdirSync(dataFolder, { recursive: true });
const database = await openDatabase({ file: path.join(dataFolder, 'abha-desk.db'), vault: await openVault(fileSecretDriver(secretsFile)) });
const db = database.db;
const settings: Settings = { ...DEFAULT_SETTINGS, abdmApi: 'v3', clientId: 'crash-test', hipId: CRASH_HIP_ID };
const { roles, inbox, outbox, processor } = testPipeline({ db, api: () => settings.abdmApi, send: postTo(() => gatewayUrl), now, retryDelaysMs: [100, 200], logError: (what, error) => console.error(what, error) });
new CounterShares({ db, roles, processor, settings: () => settings, now, emit: () => undefined }).register();
const flow = new DataFlow({
  db,
  processor,
  outbox,
  documents: fakeDocuments(CRASH_DOCUMENTS),
  settings: () => settings,
  now,
  emit: () => undefined,
  isDeactivated: () => false,
  push: { retryDelaysMs: [100, 200, 400], timeoutMs: 10_000, pageLimits: { bytes: 4 * 1024 * 1024, entries: 1 } },
  logError: (what, error) => console.error(what, error),
});
flow.register();
const bridge = await startCallbackBridge({
  host: '127.0.0.1',
  port: 0,
  generation: roles.generation(settings.abdmApi),
  routes: roles.routes(settings),
  inbox,
  pushes: { knows: async () => false, store: async () => 'stored' },
  jwksUrl: async () => jwksUrl,
  dataPushLimitBytes: 1024 * 1024,
  listener: { callbackStored: () => void processor.kick() },
});
// As at the app's start: what was stored and not applied is applied, what was queued is sent, transfers resume.
await processor.kick();
outbox.flush();
flow.resume();
say({ event: 'listening', url: bridge.url });

for await (const command of createInterface({ input: process.stdin })) {
  if (command === 'close') {
    await bridge.close();
    await flow.stop();
    outbox.close();
    await processor.stop();
    database.close();
    say({ event: 'closed' });
    process.exit(0);
  }
}
