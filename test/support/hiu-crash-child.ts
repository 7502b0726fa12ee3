// The child process of the crash test (test/integration/hiu-crash.test.ts): the real app core on a given data folder,
// its secrets in a file beside it (test/support/file-secret-driver.ts) so the encrypted database survives a SIGKILL,
// training mode pointed at the test's fake gateway, which speaks the ABDM API given (v1: gateway v0.5; v3: HIE-CM v3,
// whose base is the same URL), the callback bridge on any free port.
//
//   node --import tsx test/support/hiu-crash-child.ts <dataFolder> <secretsFile> <gatewayBaseUrl> <v1|v3> <ackOperation>
//
// Talks in JSON lines. stdout: {"event":"listening","url":…} once the bridge listens, then one line per command.
// stdin commands: "status" (inbox states and the outbox's <ackOperation> rows by state, after waiting for the
// engine to be idle), "close" (closes the core gracefully, says {"event":"closed"} and exits 0).
import path from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3-multiple-ciphers';
import { startAppCore } from '../../electron/app-core';
import { applyKey } from '../../electron/store/db-cipher';
import { DATABASE_FILE_NAME, DATABASE_KEY_ACCOUNT } from '../../electron/store/db';
import { openConfSettings } from '../../electron/store/settings/settings';
import { ABDM_APIS, type AbdmApi } from '../../electron/store/settings/settings-schema';
import { fileSecretDriver } from './file-secret-driver';

const [dataFolder, secretsFile, gatewayBaseUrl, api, ackOperation] = process.argv.slice(2);
if (!dataFolder || !secretsFile || !gatewayBaseUrl || !ABDM_APIS.includes(api as AbdmApi) || !ackOperation) {
  console.error('usage: hiu-crash-child.ts <dataFolder> <secretsFile> <gatewayBaseUrl> <v1|v3> <ackOperation>');
  process.exit(2);
}

function settingsFor(folder: string) {
  const settings = openConfSettings(folder);
  settings.update({ abdmApi: api as AbdmApi });
  return settings;
}

const say = (message: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(message)}\n`);
const errors: string[] = [];

const secrets = fileSecretDriver(secretsFile);
const core = await startAppCore({
  dataFolder,
  // The test's fake gateway speaks this API (test/integration/hiu-crash.test.ts).
  settings: settingsFor(dataFolder),
  secretDriver: secrets,
  transport: 'web',
  training: async () => ({ gatewayBaseUrl, healthIdBaseUrl: `${gatewayBaseUrl}/healthid`, abhaV3BaseUrl: `${gatewayBaseUrl}/abha`, hiecmBaseUrl: gatewayBaseUrl, clientId: 'crash-test', clientSecret: async () => 'x' }),
  bridgePort: 0,
  logError: (what, error) => void errors.push(`${what}: ${error instanceof Error ? error.message : String(error)}`),
  logNotice: (notice) => console.error(notice),
});
say({ event: 'listening', url: core.bridgeUrl() });

// A second, read-only connection (WAL lets it read beside the core's) for the test's questions.
const db = new Database(path.join(dataFolder, DATABASE_FILE_NAME), { readonly: true, fileMustExist: true });
applyKey(db, (await secrets.get(DATABASE_KEY_ACCOUNT))!);

async function status() {
  await core.hiu.idle();
  const inbox = Object.fromEntries((db.prepare('SELECT state, count(*) AS n FROM inbox GROUP BY state').all() as { state: string; n: number }[]).map((r) => [r.state, r.n]));
  const outbox = Object.fromEntries(
    (db.prepare('SELECT state, count(*) AS n FROM outbox WHERE operation = ? GROUP BY state').all(ackOperation) as { state: string; n: number }[]).map((r) => [r.state, r.n]),
  );
  return { event: 'status', inbox, outbox, errors };
}

for await (const command of createInterface({ input: process.stdin })) {
  if (command === 'status') say(await status());
  else if (command === 'close') {
    db.close();
    await core.close();
    say({ event: 'closed', errors });
    process.exit(0);
  } else say({ event: 'unknown', command });
}
