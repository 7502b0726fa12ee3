// `npm run relay -- [--config <file>] [--port <p>]` runs the relay; `npm run relay -- desks add|list|revoke` manages
// desk credentials in the same storage. Configuration: relay/config.ts and docs/relay.md.
import '../scripts/require-node';
import { parseArgs } from 'node:util';
import { loadRelayConfig, RelayConfigError, type RelayConfig } from './config';
import { issueDesk } from './desk-credentials';
import { jsonLinesLog } from './relay-log';
import { startRelay } from './relay-server';
import { runPathChecks } from './check';
import { openRelayStore } from './store/open-store';
import type { RelayStore } from './store/relay-store';

const USAGE = `Usage:
  npm run relay -- [--config relay.json] [--port 8787]         run the relay
  npm run relay -- desks add --hiu <hiuId> --name "<name>"     issue a desk credential (shown once)
  npm run relay -- desks list                                  list desks and what waits for each
  npm run relay -- desks revoke <deskId>                       refuse that desk from now on
  npm run relay -- check [--desk <deskId>]                     test the callback path to each active desk (or one)
Configuration: a JSON file (--config or RELAY_CONFIG) and RELAY_* variables; see docs/relay.md.`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { config: { type: 'string' }, port: { type: 'string' }, hiu: { type: 'string' }, name: { type: 'string' }, desk: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) return say(USAGE, 0);
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65_535)) return say(`--port must be a whole number from 0 to 65535, not "${values.port}".`, 2);
  const config = loadRelayConfig({ file: values.config, port });
  if (positionals.length === 0) return run(config);
  if (positionals[0] === 'check') return withStore(config, (store) => runPathChecks(config, store, values.desk, console.log));
  if (positionals[0] !== 'desks') return say(USAGE, 2);
  return desks(config, positionals.slice(1), values);
}

async function run(config: RelayConfig): Promise<number> {
  const store = await openRelayStore(config.storage);
  const relay = await startRelay({ config, store, log: jsonLinesLog((line) => process.stderr.write(`${line}\n`)) });
  // This process's own id: `kill <pid>` stops the relay (npm and tsx run it as a child of theirs, which a signal to
  // them leaves running).
  console.log(`ABHA Desk relay listening on ${relay.url} (process ${process.pid}; stop it with: kill ${process.pid})`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await relay.close();
  await store.close();
  return 0;
}

async function desks(config: RelayConfig, args: string[], values: { hiu?: string; name?: string }): Promise<number> {
  const [verb, deskId] = args;
  const store = await openRelayStore(config.storage);
  try {
    if (verb === 'add') return await addDesk(store, config, values);
    if (verb === 'list') return await listDesks(store);
    if (verb === 'revoke' && deskId) {
      const revoked = await store.revokeDesk(deskId, new Date().toISOString());
      return revoked ? say(`Desk ${deskId} is revoked: it is refused from now on, and what waited for it is deleted.`, 0) : say(`No active desk ${deskId}.`, 1);
    }
    return say(USAGE, 2);
  } finally {
    await store.close();
  }
}

async function addDesk(store: RelayStore, config: RelayConfig, values: { hiu?: string; name?: string }): Promise<number> {
  const hiuId = values.hiu ?? (config.hius.length === 1 ? config.hius[0]!.id : undefined);
  if (!hiuId || !config.hius.some((h) => h.id === hiuId)) return say(`--hiu must name an HIU of this relay: ${config.hius.map((h) => h.id).join(', ')}.`, 2);
  const name = (values.name ?? '').trim();
  if (!name || name.length > 100) return say('--name is required (at most 100 characters), e.g. --name "Front desk 2".', 2);
  const { desk, credential } = await issueDesk(store, hiuId, name, new Date().toISOString());
  console.log(`Desk ${desk.id} (${name}) of HIU ${hiuId} is added.`);
  console.log(`Credential (shown once; paste it into the desk's Settings → Callbacks → Relay credential):`);
  console.log(credential);
  return 0;
}

async function listDesks(store: RelayStore): Promise<number> {
  const [list, backlog] = await Promise.all([store.listDesks(), store.backlog()]);
  if (list.length === 0) return say('No desks yet. Add one with: npm run relay -- desks add --hiu <hiuId> --name "<name>"', 0);
  console.log(['desk', 'hiu', 'name', 'added', 'state', 'waiting'].join('\t'));
  for (const desk of list) {
    console.log([desk.id, desk.hiuId, desk.name, desk.createdAt, desk.revokedAt ? `revoked ${desk.revokedAt}` : 'active', backlog[desk.id] ?? 0].join('\t'));
  }
  return 0;
}

async function withStore(config: RelayConfig, use: (store: RelayStore) => Promise<number>): Promise<number> {
  const store = await openRelayStore(config.storage);
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}

function say(text: string, code: number): number {
  (code === 0 ? console.log : console.error)(text);
  return code;
}

// Whatever the relay creates (its SQLite file and the files beside it) is for its own user only.
process.umask(0o077);
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof RelayConfigError ? error.message : `The relay stopped: ${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  },
);
