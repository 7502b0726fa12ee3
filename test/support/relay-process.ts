// The relay as a child process (`relay/cli.ts`), as the crash and scale-out tests run it: its own process group, so a
// SIGKILL reaches the node process that serves; resolved once it prints where it listens. And the small waits and
// reads those tests share.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { signingKey, startJwksServer, type JwksServer, type SigningKey } from '../unit/bridge/bridge-support';
import { startPostgres, type PostgresServer } from './postgres-server';
import { desksHealth, MONITORING_TOKEN_SHA256 } from './relay-harness';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RelayProcess {
  url: string;
  /** Resolves when the child has exited and all it wrote has been read. */
  ended: Promise<Exit>;
  /** SIGKILL to its process group (no chance to close anything), resolved when it is gone. */
  kill(): Promise<Exit>;
  /** SIGTERM (a clean stop), SIGKILL after 10 s. */
  stop(): Promise<Exit>;
}

/** Resolves when every stdio stream of the child is closed (so all it wrote has been read) and it has exited. */
export function endOf(child: ChildProcess): Promise<Exit> {
  return new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
}

/** A signal to the child's whole process group (it was spawned detached, so it leads one). */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

/** `relay/cli.ts --config <file> --port <port>`; `onStart` gets its stop, for the test's cleanup. */
export async function startRelayProcess(configFile: string, port: number, onStart: (stop: () => Promise<Exit>) => void): Promise<RelayProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'relay/cli.ts', '--config', configFile, '--port', String(port)], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let errTail = '';
  child.stderr!.on('data', (chunk: Buffer) => (errTail = (errTail + chunk.toString()).slice(-4_000)));
  const ended = endOf(child);
  let gone = false;
  void ended.then(() => (gone = true));
  const kill = async () => {
    if (!gone) signalGroup(child, 'SIGKILL');
    return ended;
  };
  const stop = async () => {
    if (gone) return ended;
    signalGroup(child, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000);
    const exit = await ended;
    clearTimeout(timer);
    return exit;
  };
  onStart(stop);
  const listening = `ABHA Desk relay listening on http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the relay did not say it listens within 60 s: ${out}${errTail}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(listening)) {
        clearTimeout(timer);
        resolve();
      }
    });
    void ended.then((exit) => reject(new Error(`the relay exited (${JSON.stringify(exit)}): ${out}${errTail}`)));
  });
  return { url: `http://127.0.0.1:${port}`, ended, kill, stop };
}

export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface RelayHealth {
  status: string;
  desksConnected: number;
  backlog: Record<string, number>;
}

/** The per-desk detail of /healthz/desks, with the monitoring credential the test relays' configurations name (MONITORING). */
export async function healthOf(relayUrl: string): Promise<RelayHealth> {
  return desksHealth(relayUrl);
}

/** The `monitoring` setting of a test relay's configuration file. */
export const MONITORING = { tokenSha256: MONITORING_TOKEN_SHA256 };

export interface RelayTestWorld {
  postgres: PostgresServer;
  /** The gateway's signing key, and its JWKS served over HTTP (the relays' gatewayCertsUrl). */
  key: SigningKey;
  jwks: JwksServer;
}

/**
 * For a test file that runs relay processes: a throwaway PostgreSQL and a gateway key served as a JWKS, for the whole
 * file (filled in before its first test); and `cleanup`, steps run after each test, last first, each even if one
 * before it threw.
 */
export function relayTestWorld(): { world: RelayTestWorld; cleanup: (() => unknown)[] } {
  const world = {} as RelayTestWorld;
  const cleanup: (() => unknown)[] = [];
  beforeAll(async () => {
    world.postgres = await startPostgres();
    world.key = await signingKey('gateway-key-1');
    world.jwks = await startJwksServer([world.key]);
  }, 90_000);
  afterAll(async () => {
    await world.jwks?.close();
    await world.postgres?.stop();
  });
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) {
      try {
        await step();
      } catch {
        // the next step still runs
      }
    }
  });
  return { world, cleanup };
}
