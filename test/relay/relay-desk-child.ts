// The desk process of the relay crash test (test/relay/relay-crash.test.ts): the app's own relay link
// (electron/bridge/relay-link.ts) storing what the relay delivers into the app's own inbox and page store, on the
// app's encrypted database in the data folder given, with its key in a keychain file beside it
// (test/support/file-secret-driver.ts), so that the database outlives a SIGKILL the way it does with the OS keychain.
//
//   node --import tsx test/relay/relay-desk-child.ts <dataFolder> <secretsFile> <relayUrl>
//   (the desk credential comes in RELAY_DESK_CREDENTIAL, not on the command line)
//
// stdout, one JSON object a line, each written synchronously so that a SIGKILL loses none already said:
//   {"event":"connected","deskId":…}      at every hello
//   {"event":"stored","requestId":…}      each callback the inbox stored as new (a re-delivered one is not said again)
//   {"event":"closed"}                     after "close" on stdin: the link closed, the database closed; exit 0
import { writeSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { startRelayLink } from '../../electron/bridge/relay-link';
import { CallbackInboxStore } from '../../electron/store/gateway/callback-inbox';
import { DataPushPageStore } from '../../electron/store/hiu/data-push-pages';
import { DATABASE_FILE_NAME, openDatabase } from '../../electron/store/db';
import { openVault } from '../../electron/store/secrets/vault';
import { fileSecretDriver } from '../support/file-secret-driver';

const [dataFolder, secretsFile, relayUrl] = process.argv.slice(2);
const credential = process.env.RELAY_DESK_CREDENTIAL;
if (!dataFolder || !secretsFile || !relayUrl || !credential) {
  console.error('usage: RELAY_DESK_CREDENTIAL=desk-….… relay-desk-child.ts <dataFolder> <secretsFile> <relayUrl>');
  process.exit(2);
}

const say = (message: Record<string, unknown>) => writeSync(1, `${JSON.stringify(message)}\n`);

const database = await openDatabase({ file: path.join(dataFolder, DATABASE_FILE_NAME), vault: await openVault(fileSecretDriver(secretsFile)) });
let wasConnected = false;
const link = startRelayLink({
  relayUrl,
  credential: async () => credential,
  inbox: new CallbackInboxStore(database.db),
  pages: new DataPushPageStore(database.db),
  // The test claimed this desk's keys before starting it; the app would read them from relay-expectations.
  openExpectations: () => [],
  dataPushLimitBytes: 64 * 1024 * 1024,
  timing: { firstRetryMs: 100, maxRetryMs: 1_000 },
  logError: (what, error) => console.error(what, error),
  listener: {
    callbackStored: (callback) => say({ event: 'stored', requestId: callback.requestId }),
    changed: (status) => {
      if (status.connected && !wasConnected) say({ event: 'connected', deskId: status.deskId });
      wasConnected = status.connected;
    },
  },
});

for await (const command of createInterface({ input: process.stdin })) {
  if (command === 'close') {
    await link.close();
    database.close();
    say({ event: 'closed' });
    process.exit(0);
  }
}
// stdin ended without "close": the test process is gone, and this desk must not outlive it.
process.exit(1);
