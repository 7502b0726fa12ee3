// `npm run web`: serves the built renderer with the real handlers on 127.0.0.1 and prints the URL.
//   --port <n>                 default 5174 (0 picks a free port)
//   --bridge-port <n>          the callback bridge's port instead of the one in Settings (0 picks a free port)
//   --data-dir <folder>        default ~/.local/share/abha-desk-web (not with --keychain memory)
//   --keychain system|file|memory
//                              system (default): the OS keychain, or, where it cannot be used, the secrets file in the
//                              data folder (vault/secrets.json, readable only by this user), so the data outlives the
//                              run either way; file: that file without trying the keychain; memory: nothing kept, the
//                              secrets and the database stay in memory, in a temporary folder removed on exit
import './require-node';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

function usage(problem: string): never {
  console.error(`${problem}\nUsage: npm run web -- [--port 5174] [--bridge-port <port>] [--data-dir <folder>] [--keychain system|file|memory]`);
  process.exit(2);
}

type Keychain = 'system' | 'file' | 'memory';

interface Options {
  port: number;
  /** Undefined: the port in Settings. */
  bridgePort: number | undefined;
  dataDir: string | undefined;
  keychain: Keychain;
}

/** A TCP port as typed on the command line: a whole number from 0 (any free port) to 65535. */
function portNumber(flag: string, value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) usage(`${flag} must be a whole number from 0 to 65535, not "${value}".`);
  return port;
}

function readOptions(): Options {
  let values: { port: string; 'bridge-port'?: string | undefined; 'data-dir'?: string | undefined; keychain: string };
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '5174' },
        'bridge-port': { type: 'string' },
        'data-dir': { type: 'string' },
        keychain: { type: 'string', default: 'system' },
      },
      strict: true,
    }));
  } catch (error) {
    usage(error instanceof Error ? error.message : String(error));
  }
  const port = portNumber('--port', values.port);
  const bridgePort = values['bridge-port'] === undefined ? undefined : portNumber('--bridge-port', values['bridge-port']);
  const keychain = values.keychain;
  if (keychain !== 'system' && keychain !== 'file' && keychain !== 'memory') usage(`--keychain must be "system", "file" or "memory", not "${keychain}".`);
  // The database key would die with this process and leave a file in the folder that no later run can open.
  if (keychain === 'memory' && values['data-dir'] !== undefined) {
    usage(
      '--keychain memory keeps the database key only while this run lasts, so a database kept in --data-dir could not be opened next time.\n' +
        'Leave out --data-dir (a temporary folder is used and removed on exit), or use --keychain system or file to keep the data.',
    );
  }
  return { port, bridgePort, dataDir: values['data-dir'], keychain };
}

/** Without a keychain nothing can be kept past this run, so the data folder goes with it. */
function dataFolder(dataDir: string | undefined, keychain: Keychain): { folder: string; temporary: boolean } {
  if (dataDir) return { folder: path.resolve(dataDir), temporary: false };
  if (keychain === 'memory') return { folder: mkdtempSync(path.join(os.tmpdir(), 'abha-desk-web-')), temporary: true };
  const base = process.env.XDG_DATA_HOME || path.join(os.homedir(), '.local', 'share');
  return { folder: path.join(base, 'abha-desk-web'), temporary: false };
}

const options = readOptions();
// The app is loaded only once the flags are read: a mistyped flag is answered at once, not after the whole app loads.
const [{ startWebServer }, { logIpcError }, { keytarDriver }] = await Promise.all([
  import('../web-mode/server'),
  import('../electron/ipc/log-error'),
  import('../electron/store/secrets/keytar-driver'),
]);
const data = dataFolder(options.dataDir, options.keychain);
let server;
try {
  server = await startWebServer({
    port: options.port,
    bridgePort: options.bridgePort,
    dataFolder: data.folder,
    // Without the keychain (file, memory) no driver is given; the core then says where the secrets went, on the
    // console ([core] …) and in Settings → Data protection.
    secretDriver: options.keychain === 'system' ? keytarDriver() : null,
    secretsFallback: options.keychain === 'memory' ? 'memory' : 'file',
    logError: logIpcError,
  });
} catch (error) {
  console.error(`ABHA Desk (web mode) could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

console.log(`Data folder: ${data.folder}${data.temporary ? ' (temporary, removed on exit)' : ''}`);
console.log(`ABHA Desk (web mode): ${server.url}`);
const bridgeUrl = server.bridgeUrl();
if (bridgeUrl !== null) console.log(`Callback bridge listening on ${bridgeUrl}`);

const running = server;
async function stop() {
  await running.close();
  if (data.temporary) rmSync(data.folder, { recursive: true, force: true });
  process.exit(0);
}
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
