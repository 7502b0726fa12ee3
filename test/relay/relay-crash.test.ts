// Durability of the relay under kill -9, on SQLite and on a real PostgreSQL server, with the app's own desk side
// (electron/bridge/relay-link.ts storing into the app's CallbackInboxStore on its encrypted database):
//  - the relay process is killed part-way through a burst of gateway-signed callbacks and started again on the same
//    storage; what it did not answer 202 is sent again, as the gateway's retry would. Every callback it answered 202
//    must reach the desk, and be stored there as new exactly once (docs/relay.md: kept before the 202).
//  - the desk process (test/relay/relay-desk-child.ts) is killed while the relay is handing it a backlog of 1,000, and
//    started again. The relay deletes only what the desk acknowledged after storing, so the desk ends with each of
//    the 1,000 exactly once, nothing waits at the relay, and nothing was stored as new twice (docs/relay.md, "Delivery").
// The relay runs as `relay/cli.ts` in its own process group, so SIGKILL hits the node process that serves.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startRelayLink } from '../../electron/bridge/relay-link';
import { CallbackInboxStore } from '../../electron/store/gateway/callback-inbox';
import { DataPushPageStore } from '../../electron/store/hiu/data-push-pages';
import { DATABASE_FILE_NAME, openDatabase } from '../../electron/store/db';
import { openVault } from '../../electron/store/secrets/vault';
import type { RelayConfig } from '../../relay/config';
import { issueDesk } from '../../relay/desk-credentials';
import { openRelayStore } from '../../relay/store/open-store';
import { fileSecretDriver } from '../support/file-secret-driver';
import { endOf, healthOf, MONITORING, signalGroup, startRelayProcess as startRelayProcess_, waitUntil, type Exit, relayTestWorld } from '../support/relay-process';
import { connectProtocolDesk, freePort, startTestRelay } from '../support/relay-harness';
import { gatewayToken, onFindBody, openTestDatabase } from '../unit/bridge/bridge-support';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HIU = 'CLINIC-HIU-01';
const ON_FIND = '/v0.5/patients/on-find';
const CALLBACKS = 1_000;
/** Callbacks in flight at once, as a gateway delivering a backlog would. */
const IN_FLIGHT = 16;
const KILL_RELAY_AFTER = 300;
const KILL_DESK_AFTER = 200;
/** The protocol's largest expect frame (electron/bridge/relay-protocol.ts). */
const KEYS_PER_FRAME = 500;
/** Deliveries the relay has out to a desk at once (relay/desk-sessions.ts): at most this many can be stored and not yet said. */
const WINDOW = 64;

type Storage = RelayConfig['storage'];

const { world, cleanup } = relayTestWorld();

function tempFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'relay-crash-'));
  cleanup.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

const STORAGES = [
  ['SQLite', async (folder: string): Promise<Storage> => ({ sqlite: path.join(folder, 'relay.db') })],
  ['PostgreSQL', async (): Promise<Storage> => ({ postgres: await world.postgres.createDatabase() })],
] as const;

// ── processes ────────────────────────────────────────────────────────────────────────────────────────────

/** `relay/cli.ts` for this test, stopped hard at cleanup. */
const startRelayProcess = (configFile: string, port: number) => startRelayProcess_(configFile, port, (stop) => cleanup.push(stop));

function writeRelayConfig(folder: string, port: number, storage: Storage): string {
  const file = path.join(folder, `relay-${port}.json`);
  writeFileSync(file, JSON.stringify({ publicUrl: `http://127.0.0.1:${port}`, listen: { host: '127.0.0.1', port }, hius: [{ id: HIU, gatewayCertsUrl: world.jwks.url }], storage, monitoring: MONITORING }));
  return file;
}

/** A desk credential issued into the storage, as `npm run relay -- desks add` does. */
async function addDesk(storage: Storage): Promise<{ deskId: string; credential: string }> {
  const store = await openRelayStore(storage);
  try {
    const { desk, credential } = await issueDesk(store, HIU, 'Front desk 1', new Date().toISOString());
    return { deskId: desk.id, credential };
  } finally {
    await store.close();
  }
}

interface DeskProcess {
  /** requestIds the child said it stored as new, in order. */
  stored: string[];
  /** Resolves once `done()` holds after some line; rejects if the child ends first or after timeoutMs. */
  when(done: () => boolean, timeoutMs: number, what: string): Promise<void>;
  kill(): Promise<Exit>;
  close(): Promise<Exit>;
}

function startDeskProcess(dataFolder: string, secretsFile: string, relayUrl: string, credential: string): DeskProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/relay/relay-desk-child.ts', dataFolder, secretsFile, relayUrl], {
    cwd: repoRoot,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, RELAY_DESK_CREDENTIAL: credential },
  });
  const stored: string[] = [];
  const events: string[] = [];
  let errTail = '';
  const waiters = new Set<() => void>();
  child.stderr!.on('data', (chunk: Buffer) => (errTail = (errTail + chunk.toString()).slice(-4_000)));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const message = JSON.parse(line) as { event: string; requestId?: string };
    events.push(message.event);
    if (message.event === 'stored') stored.push(message.requestId!);
    // Checked at once, line by line, so a kill "after n stored" lands while the desk is still receiving.
    for (const waiter of [...waiters]) waiter();
  });
  const ended = endOf(child);
  let gone = false;
  void ended.then(() => {
    gone = true;
    for (const waiter of [...waiters]) waiter();
  });
  const kill = async () => {
    if (!gone) signalGroup(child, 'SIGKILL');
    return ended;
  };
  cleanup.push(kill);
  const when = (done: () => boolean, timeoutMs: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(`the desk did not get to "${what}" in ${timeoutMs} ms; stored ${stored.length}; ${errTail}`)), timeoutMs);
      const finish = (error?: Error) => {
        clearTimeout(timer);
        waiters.delete(check);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (done()) finish();
        else if (gone) finish(new Error(`the desk ended before "${what}"; stored ${stored.length}; ${errTail}`));
      };
      waiters.add(check);
      check();
    });
  return {
    stored,
    when,
    kill,
    async close() {
      child.stdin!.write('close\n');
      await when(() => events.includes('closed'), 30_000, 'closed');
      return ended;
    },
  };
}

// ── the gateway's side ───────────────────────────────────────────────────────────────────────────────────

/** The status of one callback POST, or 'no-answer' when the connection failed or broke before a status came. */
async function sendCallback(relayUrl: string, body: object, token: string): Promise<number | 'no-answer'> {
  try {
    const response = await fetch(`${relayUrl}/hiu/${HIU}${ON_FIND}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'no-answer';
  }
}

/** Sends each body, IN_FLIGHT at a time; `after` runs after every answer (or failure). */
async function sendAll(relayUrl: () => string, bodies: { requestId: string }[], token: string, after: (requestId: string, status: number | 'no-answer') => unknown): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++]!;
        await after(body.requestId, await sendCallback(relayUrl(), body, token));
      }
    }),
  );
}

function countsOf(ids: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

// ── the tests ────────────────────────────────────────────────────────────────────────────────────────────

describe.each(STORAGES)('the relay on %s, killed with SIGKILL', (_name, storageIn) => {
  it('loses no callback it answered 202 in a burst; after its restart the desk stores each of them exactly once', { timeout: 180_000 }, async () => {
    const folder = tempFolder();
    const storage = await storageIn(folder);
    const port = await freePort();
    const configFile = writeRelayConfig(folder, port, storage);
    const { credential } = await addDesk(storage);
    let relay = await startRelayProcess(configFile, port);

    // The desk: the app's relay link storing into the app's inbox, counting what the inbox stored as new.
    const app = await openTestDatabase();
    cleanup.push(() => app.dispose());
    const requests = Array.from({ length: CALLBACKS }, () => randomUUID());
    const keys = requests.map((id) => `request:${id}`);
    const storedAsNew: string[] = [];
    const link = startRelayLink({
      relayUrl: relay.url,
      credential: async () => credential,
      inbox: new CallbackInboxStore(app.database.db),
      pages: new DataPushPageStore(app.database.db),
      openExpectations: () => keys,
      dataPushLimitBytes: 64 * 1024 * 1024,
      timing: { firstRetryMs: 100, maxRetryMs: 1_000 },
      listener: { callbackStored: (callback) => void storedAsNew.push(callback.requestId) },
    });
    cleanup.push(() => link.close());
    await link.whenConnected();
    const claimed = await link.expect(keys, 60_000);
    expect(claimed?.refused).toEqual([]);
    expect(claimed?.accepted.length).toBe(CALLBACKS);

    // ── The burst, and the kill part-way ───────────────────────────────────────────────────────────
    const bodies = requests.map((requestId) => onFindBody({ resp: { requestId } }));
    const token = await gatewayToken(world.key, { nowMs: Date.now() });
    const answered = new Set<string>();
    const otherStatuses: number[] = [];
    let killedAfter: number | null = null;
    await sendAll(
      () => relay.url,
      bodies,
      token,
      async (requestId, status) => {
        if (status === 202) answered.add(requestId);
        else if (status !== 'no-answer') otherStatuses.push(status);
        if (killedAfter === null && answered.size >= KILL_RELAY_AFTER) {
          killedAfter = answered.size;
          await relay.kill();
        }
      },
    );
    expect((await relay.ended).signal).toBe('SIGKILL');
    expect(otherStatuses).toEqual([]);
    expect(killedAfter).toBeGreaterThanOrEqual(KILL_RELAY_AFTER);
    const unanswered = bodies.filter((body) => !answered.has(body.requestId));
    expect(unanswered.length, 'callbacks left without a 202 by the kill').toBeGreaterThan(0);

    // ── The same relay again, on the same storage and port; the gateway retries what got no 202 ─────
    relay = await startRelayProcess(configFile, port);
    const resent = new Map<string, number | 'no-answer'>();
    await sendAll(() => relay.url, unanswered, token, (requestId, status) => resent.set(requestId, status));
    expect([...resent.values()].filter((status) => status !== 202)).toEqual([]);

    // The desk reconnects by itself and takes everything; the relay keeps nothing back.
    await waitUntil(
      async () => new Set(storedAsNew).size === CALLBACKS && Object.keys((await healthOf(relay.url)).backlog).length === 0,
      120_000,
      () => `the desk stored ${new Set(storedAsNew).size} of ${CALLBACKS}; link: ${JSON.stringify(link.status())}`,
    );
    expect(link.status()).toMatchObject({ connected: true, backlog: 0 });

    const times = countsOf(storedAsNew);
    // Every callback the first relay answered 202 reached the desk and was stored as new once.
    expect([...answered].filter((id) => times.get(id) !== 1)).toEqual([]);
    // Nothing was stored as new twice, and what the desk has is exactly what the gateway sent.
    expect([...times].filter(([, n]) => n !== 1)).toEqual([]);
    expect([...times.keys()].sort()).toEqual(bodies.map((body) => body.requestId).sort());
    const db = app.database.db;
    expect(db.prepare('SELECT count(*) AS n, count(DISTINCT request_id) AS distinctIds FROM inbox').get()).toEqual({ n: CALLBACKS, distinctIds: CALLBACKS });
    // Each answers the request it was routed by: the desk's own 1,000.
    expect((db.prepare('SELECT resp_request_id FROM inbox').pluck().all() as string[]).sort()).toEqual([...requests].sort());
  });

  it('a desk killed while receiving a backlog of 1,000 ends with each exactly once, stored as new once, and nothing left at the relay', { timeout: 180_000 }, async () => {
    const folder = tempFolder();
    const store = await openRelayStore(await storageIn(folder));
    cleanup.push(() => store.close());
    const relay = await startTestRelay(store, [{ id: HIU, gatewayCertsUrl: world.jwks.url }]);
    cleanup.push(() => relay.close());
    const { deskId, credential } = await relay.addDesk(HIU, 'Front desk 1');

    // The desk claimed its requests, then went away; 1,000 answers wait for it.
    const requests = Array.from({ length: CALLBACKS }, () => randomUUID());
    const keys = requests.map((id) => `request:${id}`);
    const claimer = await connectProtocolDesk(relay.url, credential);
    for (let start = 0; start < keys.length; start += KEYS_PER_FRAME) {
      expect((await claimer.expect(keys.slice(start, start + KEYS_PER_FRAME))).refused).toEqual([]);
    }
    await claimer.close();
    const bodies = requests.map((requestId) => onFindBody({ resp: { requestId } }));
    const token = await gatewayToken(world.key, { nowMs: Date.now() });
    const statuses: (number | 'no-answer')[] = [];
    await sendAll(() => relay.url, bodies, token, (_id, status) => statuses.push(status));
    expect(statuses.filter((status) => status !== 202)).toEqual([]);
    expect(await store.backlog()).toEqual({ [deskId]: CALLBACKS });

    // ── First run: killed once it has stored more than KILL_DESK_AFTER ──────────────────────────────
    const dataFolder = path.join(folder, 'desk');
    const secretsFile = path.join(folder, 'keychain.json'); // beside the data folder, as a keychain would be
    const first = startDeskProcess(dataFolder, secretsFile, relay.url, credential);
    await first.when(() => first.stored.length > KILL_DESK_AFTER, 90_000, `more than ${KILL_DESK_AFTER} stored`);
    expect((await first.kill()).signal).toBe('SIGKILL');
    expect(first.stored.length, 'the kill came while deliveries were still on their way').toBeLessThan(CALLBACKS);
    expect((await store.backlog())[deskId], 'deliveries still waiting at the relay after the kill').toBeGreaterThan(0);

    // ── Second run on the same data folder: takes what is left (and again what was not acknowledged) ──
    const second = startDeskProcess(dataFolder, secretsFile, relay.url, credential);
    await waitUntil(
      async () => Object.keys(await store.backlog()).length === 0,
      120_000,
      () => `the relay still holds deliveries; the second run stored ${second.stored.length}`,
    );
    expect(await second.close()).toEqual({ code: 0, signal: null });

    // Said by the desk's listener across both runs: no callback stored as new twice. A kill between a commit and its
    // listener calls may leave up to one delivery window stored but unsaid (the inbox then finds it there again).
    const said = [...first.stored, ...second.stored];
    expect([...countsOf(said)].filter(([, n]) => n !== 1)).toEqual([]);
    expect(said.length).toBeGreaterThanOrEqual(CALLBACKS - WINDOW);

    // The desk's database, opened from outside with the key from its keychain file.
    const desk = await openDatabase({ file: path.join(dataFolder, DATABASE_FILE_NAME), vault: await openVault(fileSecretDriver(secretsFile)) });
    try {
      expect(desk.db.prepare('SELECT count(*) AS n, count(DISTINCT request_id) AS distinctIds FROM inbox').get()).toEqual({ n: CALLBACKS, distinctIds: CALLBACKS });
      expect((desk.db.prepare('SELECT request_id FROM inbox').pluck().all() as string[]).sort()).toEqual(bodies.map((body) => body.requestId).sort());
    } finally {
      desk.close();
    }
    expect(await store.backlog()).toEqual({});
  });
});
