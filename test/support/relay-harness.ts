// A real relay (relay/relay-server.ts) on a free loopback port, on a store the test chooses, and a minimal desk
// written here from docs/relay.md's protocol table (not the app's relay-link), so the relay is checked against the
// protocol as documented rather than against the app's reading of it.
import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import WebSocket from 'ws';
import { relayConfig, type RelayConfig } from '../../relay/config';
import { issueDesk } from '../../relay/desk-credentials';
import { silentLog } from '../../relay/relay-log';
import { startRelay, type RunningRelay } from '../../relay/relay-server';
import type { RelayStore } from '../../relay/store/relay-store';
import type { AbdmApi } from '../../electron/store/settings/settings-schema';
import type { RunningSandbox } from '../../sandbox/index';

export interface TestRelay {
  relay: RunningRelay;
  config: RelayConfig;
  /** http://127.0.0.1:<port>: the public URL too. */
  url: string;
  store: RelayStore;
  addDesk(hiuId: string, name?: string): Promise<{ deskId: string; credential: string }>;
  close(): Promise<void>;
}

export interface TestHiu {
  id: string;
  api?: 'v1' | 'v3';
  gatewayCertsUrl: string;
  cmId?: string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The relay's configuration for a test: its public URL is its own loopback address. */
export function testRelayConfig(port: number, hius: TestHiu[], storage: RelayConfig['storage'] = { sqlite: ':memory:' }): RelayConfig {
  return relayConfig.parse({ publicUrl: `http://127.0.0.1:${port}`, listen: { host: '127.0.0.1', port }, hius, storage, monitoring: { tokenSha256: MONITORING_TOKEN_SHA256 } });
}

/** The operator's monitoring credential of every test relay: GET /healthz/desks with `Authorization: Bearer <it>`. */
export const MONITORING_TOKEN = 'test-relay-monitoring-token-0123456789abcdef';
/** Its SHA-256, as the configuration holds it (`printf %s "$token" | sha256sum`). */
export const MONITORING_TOKEN_SHA256 = createHash('sha256').update(MONITORING_TOKEN).digest('hex');

/** What /healthz/desks says to the operator: the desks connected to this process and what waits for each. */
export async function desksHealth(relayUrl: string): Promise<{ status: string; desksConnected: number; backlog: Record<string, number> }> {
  const response = await fetch(`${relayUrl}/healthz/desks`, { headers: { authorization: `Bearer ${MONITORING_TOKEN}` } });
  return (await response.json()) as { status: string; desksConnected: number; backlog: Record<string, number> };
}

export async function startTestRelay(store: RelayStore, hius: TestHiu[], opts: { now?: () => number; port?: number } = {}): Promise<TestRelay> {
  const port = opts.port ?? (await freePort());
  const config = testRelayConfig(port, hius);
  const relay = await startRelay({ config, store, log: silentLog, now: opts.now });
  return {
    relay,
    config,
    url: relay.url,
    store,
    async addDesk(hiuId, name = 'Test desk') {
      const { desk, credential } = await issueDesk(store, hiuId, name, new Date().toISOString());
      return { deskId: desk.id, credential };
    },
    close: () => relay.close(),
  };
}

/** A desk that speaks the protocol by hand: records every frame, acks only when told to. */
export interface ProtocolDesk {
  frames: any[];
  deliveries(): any[];
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
  expect(keys: string[]): Promise<{ accepted: string[]; refused: string[] }>;
  ack(seqs: number[]): void;
  /** Resolves with the first frame (already received or future) that matches. */
  waitFor(match: (frame: any) => boolean, timeoutMs?: number): Promise<any>;
  close(): Promise<void>;
}

/** Opens a desk's socket; rejects with the HTTP status when the upgrade is refused. */
export function connectProtocolDesk(relayUrl: string, credential: string): Promise<ProtocolDesk> {
  const ws = new WebSocket(`${relayUrl.replace(/^http/, 'ws')}/desks/socket`, { headers: { authorization: `Bearer ${credential}` } });
  const frames: any[] = [];
  const waiters: { match: (f: any) => boolean; resolve: (f: any) => void }[] = [];
  let refs = 0;
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString());
    frames.push(frame);
    for (const waiter of [...waiters]) {
      if (waiter.match(frame)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(frame);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const desk: ProtocolDesk = {
    frames,
    deliveries: () => frames.filter((f) => f.t === 'deliver'),
    closed,
    send: (frame) => ws.send(JSON.stringify(frame)),
    async expect(keys) {
      const ref = `ref-${(refs += 1)}`;
      desk.send({ t: 'expect', ref, keys });
      return desk.waitFor((f) => f.t === 'expected' && f.ref === ref);
    },
    ack: (seqs) => desk.send({ t: 'ack', seqs }),
    waitFor(match, timeoutMs = 5_000) {
      const found = frames.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching frame in ${timeoutMs} ms; got ${JSON.stringify(frames.map((f) => f.t))}`)), timeoutMs);
        waiters.push({ match, resolve: (f) => (clearTimeout(timer), resolve(f)) });
      });
    },
    close: async () => {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await closed;
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('unexpected-response', (_request, response) => reject(Object.assign(new Error(`upgrade refused: ${response.statusCode}`), { status: response.statusCode })));
    ws.once('error', reject);
    // The hello is the first frame: resolved once it is in, so tests start from a known state.
    desk.waitFor((f) => f.t === 'hello').then(() => resolve(desk), reject);
  });
}

/** Where the simulator publishes the keys its callback tokens are signed with (gateway-v05.md §3.2, abdm-v3.md §1). */
export function certsUrlOf(sandbox: RunningSandbox, api: AbdmApi): string {
  return api === 'v3' ? `${sandbox.hiecmBaseUrl}/gateway/v3/certs` : `${sandbox.gatewayBaseUrl}/v0.5/certs`;
}
