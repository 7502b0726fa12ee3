// The child process of the page crash test (test/integration/hiu-page-crash.test.ts): the real app core as an HIU
// against the embedded simulator, which pads each bundle so that pages and records go to sealed files. Page
// processing is held back until every page is stored; then the pages are processed and the child kills itself with
// SIGKILL at the chosen point:
//   file-written  right after the second record file is durable, its row not committed (inside page 2's transaction)
//   committed     right after the first page's transaction committed, before its page file is unlinked
//   none          after everything was processed and the page files unlinked
//
//   node --import tsx test/support/hiu-page-crash-child.ts <dataFolder> <secretsFile> <crashAt>
//
// stdout, JSON lines: {"event":"stored","sent":[sha256…],"pages":n} once every page is stored; {"event":"crashing"}.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { startAppCore } from '../../electron/app-core';
import { SEALED_FILES_FOLDER, SealedFiles } from '../../electron/store/hiu/sealed-files';
import { openConfSettings } from '../../electron/store/settings/settings';
import { endpointsOf } from '../../electron/training/simulator';
import { hiuWorldOf } from '../../sandbox/gateway/hiu/index';
import { IMMEDIATE_HIU_SETTINGS } from '../../sandbox/gateway/hiu/hiu-settings';
import { startSandbox } from '../../sandbox/index';
import { fileSecretDriver } from './file-secret-driver';
import { consentInput } from './hiu-app';

const [dataFolder, secretsFile, crashAt] = process.argv.slice(2);
if (!dataFolder || !secretsFile || !['file-written', 'committed', 'none'].includes(crashAt ?? '')) {
  console.error('usage: hiu-page-crash-child.ts <dataFolder> <secretsFile> file-written|committed|none');
  process.exit(2);
}
/** Bundles of this size make pages and sealed bundles larger than LARGE_VALUE_BYTES (64 KiB). */
const CRASH_BUNDLE_BYTES = 200_000;

const say = (message: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(message)}\n`);
const crash = (): never => {
  say({ event: 'crashing' });
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable');
};

const sandbox = await startSandbox({ port: 0, hiu: { ...IMMEDIATE_HIU_SETTINGS, pageSize: 1, bundleTargetBytes: CRASH_BUNDLE_BYTES } });
const world = hiuWorldOf(sandbox.context);
const core = await startAppCore({
  dataFolder,
  settings: openConfSettings(dataFolder),
  secretDriver: fileSecretDriver(secretsFile),
  transport: 'web',
  training: async () => endpointsOf(sandbox),
  bridgePort: 0,
  logError: (what, error) => console.error(`[core] ${what}:`, error),
  logNotice: (notice) => console.error(notice),
});
const call = async (channel: string, input?: unknown) => {
  const result = await core.dispatch(channel as never, input as never);
  if (!result.ok) throw new Error(`${channel} failed: ${JSON.stringify(result.error)}`);
  return result.value as any;
};
await call('settings.update', { hiu: { requesterName: 'Dr. Kavya Rao', requesterRegistrationNumber: 'KA-45821', requesterRegistrationSystem: 'https://www.mciindia.org' } });

// Pages are stored by the bridge (before its 202) but not processed yet.
const records = core.hiu.records;
const processPages = records.processPages.bind(records);
records.processPages = () => Promise.resolve();

await call('consents.request', consentInput('asha.verma@sbx', Date.now()));
for (let i = 0; ; i++) {
  await world.work.idle();
  await core.hiu.processor.kick();
  const transfers = [...world.transfers.values()];
  if (transfers.length === 3 && transfers.every((t) => t.status !== 'REQUESTED')) break;
  if (i > 2_000) throw new Error('the pushes did not finish');
  await new Promise((resolve) => setTimeout(resolve, 10));
}
const sent = [...world.transfers.values()].flatMap((t) => t.sent.map((s) => s.sha256));
say({ event: 'stored', sent, pages: core.hiu.bridge.pages.pendingPages().length });

// The crash points, set only now: the bridge wrote its page files through the same store.
const write = SealedFiles.prototype.write;
const removeSoon = SealedFiles.prototype.removeSoon;
let writes = 0;
SealedFiles.prototype.write = function (parts) {
  const name = write.call(this, parts);
  writes += 1;
  if (crashAt === 'file-written' && writes === 2) crash();
  return name;
};
SealedFiles.prototype.removeSoon = function (name) {
  if (crashAt === 'committed') crash();
  return removeSoon.call(this, name);
};

await processPages();
if (crashAt === 'none') await untilFilesAre(sent.length);
crash();

/** After a commit the page files are unlinked in the background; "none" waits (bounded) until only the record files,
 * one per bundle (200 KB each, so all in files), are left, so the kill comes after everything, not amid the unlinks. */
async function untilFilesAre(count: number): Promise<void> {
  const folder = path.join(dataFolder!, SEALED_FILES_FOLDER);
  for (let waited = 0; waited < 30_000 && readdirSync(folder).length !== count; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
