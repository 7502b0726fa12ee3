// Issue 23, item 4: slow bodies and held connections, over real sockets on loopback. The security probe opened a
// thousand connections to /data-push/<unknown>, each sending a byte every 10 s, and they stayed open past their 404
// with no cap. Here, with the timeouts made short so that a test takes a second: a body that trickles is cut off;
// a refused request's connection is closed although its caller keeps it open; connections past the per-address cap
// are closed while another address is still served. Every loop is bounded.
import { connect, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GATEWAY_V05 } from '../../../electron/abdm/gateway/v05/generation';
import { dataPushPath, newPushSecret, startCallbackBridge, type CallbackBridgeOptions, type RunningBridge } from '../../../electron/bridge/callback-bridge';
import type { ReceivedCallback, ReceivedPushPage } from '../../../electron/bridge/ports';
import { gatewayToken, onFindBody, pushBody, signingKey, startJwksServer, type JwksServer, type SigningKey } from './bridge-support';

let key: SigningKey;
let jwks: JwksServer;
const stored: Array<ReceivedCallback | ReceivedPushPage> = [];
const liveSecret = newPushSecret();
const open: RunningBridge[] = [];
const sockets: Socket[] = [];

beforeEach(async () => {
  stored.length = 0;
  key = await signingKey('gateway-key-1');
  jwks = await startJwksServer([key]);
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const bridge of open.splice(0)) await bridge.close();
  await jwks.close();
});

async function bridge(connections: CallbackBridgeOptions['connections'] = {}): Promise<RunningBridge> {
  const running = await startCallbackBridge({
    host: '127.0.0.1',
    port: 0,
    generation: GATEWAY_V05,
    inbox: { store: async (callback) => (stored.push(callback), 'stored') },
    pushes: { knows: async (secret) => secret === liveSecret, store: async (page) => (stored.push(page), 'stored') },
    jwksUrl: async () => jwks.url,
    dataPushLimitBytes: 1024 * 1024,
    connections,
  });
  open.push(running);
  return running;
}

/** A raw TCP connection to the bridge: what it answered so far, and whether (and when) it was closed. */
interface Raw {
  socket: Socket;
  text(): string;
  closedAfterMs(): number | null;
}

async function raw(port: number, localAddress = '127.0.0.1'): Promise<Raw> {
  const socket = connect({ host: '127.0.0.1', port, localAddress });
  sockets.push(socket);
  const opened = Date.now();
  let text = '';
  let closedAt: number | null = null;
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('error', () => undefined); // a reset is one way of being closed
  socket.on('close', () => (closedAt = Date.now()));
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return { socket, text: () => text, closedAfterMs: () => (closedAt === null ? null : closedAt - opened) };
}

/** Request headers for a POST whose body is `length` bytes long, nothing of the body sent yet. */
function postHead(path: string, length: number, headers: Record<string, string> = {}): string {
  const lines = [`POST ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Content-Type: application/json', `Content-Length: ${length}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

const GET_HEARTBEAT = 'GET /v0.5/heartbeat HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

/** Sends one byte every `everyMs` while the connection is open, at most `times` bytes. */
async function trickle(connection: Raw, everyMs: number, times: number): Promise<void> {
  for (let i = 0; i < times && connection.closedAfterMs() === null; i += 1) {
    connection.socket.write(' ');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

const waitUntil = (check: () => void, timeout: number) => vi.waitFor(check, { timeout, interval: 20 });

describe('a body that trickles', () => {
  it('is cut off at the request timeout with 408 and the connection closed, on a callback and on a data push; nothing stored', async () => {
    const running = await bridge({ requestTimeoutMs: 600, headersTimeoutMs: 600, checkIntervalMs: 100 });
    const token = await gatewayToken(key, { nowMs: Date.now() });
    const callback = JSON.stringify(onFindBody());
    const page = JSON.stringify(pushBody());
    for (const [path, body, headers] of [
      ['/v0.5/patients/on-find', callback, { Authorization: `Bearer ${token}` }],
      [dataPushPath(liveSecret), page, {}],
    ] as const) {
      const connection = await raw(running.port);
      connection.socket.write(postHead(path, body.length, headers));
      // One byte every 100 ms would take minutes to finish the body; 40 bytes (4 s) is the most this test waits.
      await trickle(connection, 100, 40);
      const closedAfter = connection.closedAfterMs();
      expect(closedAfter, path).not.toBeNull();
      expect(closedAfter!, path).toBeLessThan(2_500);
      expect(connection.text(), path).toMatch(/^HTTP\/1\.1 408/);
    }
    expect(stored).toEqual([]);
  });

  it('a body that arrives in time is still taken', async () => {
    const running = await bridge({ requestTimeoutMs: 2_000, headersTimeoutMs: 2_000, checkIntervalMs: 100 });
    const connection = await raw(running.port);
    const body = JSON.stringify(pushBody());
    connection.socket.write(postHead(dataPushPath(liveSecret), body.length));
    connection.socket.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 300));
    connection.socket.write(body.slice(10));
    await waitUntil(() => expect(connection.text()).toMatch(/^HTTP\/1\.1 202/), 3_000);
    expect(stored).toHaveLength(1);
  });
});

describe('a refused request', () => {
  it('has its connection closed once answered, although its caller keeps it open and its body unfinished', async () => {
    // Default limits: the request timeout (minutes) plays no part; the refusal closes the connection.
    const running = await bridge();
    const refusals = [
      [dataPushPath(newPushSecret()), {}, 404],
      ['/data-push/not-a-secret', {}, 404],
      ['/v0.5/patients/on-find', {}, 401],
      ['/v0.5/patients/on-find', { Authorization: 'Bearer not.a.jwt' }, 401],
      ['/v0.5/nowhere', {}, 404],
    ] as const;
    for (const [path, headers, status] of refusals) {
      const connection = await raw(running.port);
      connection.socket.write(postHead(path, 1_000, headers));
      connection.socket.write('{"entries":');
      await waitUntil(() => expect(connection.closedAfterMs(), path).not.toBeNull(), 2_000);
      expect(connection.text(), path).toMatch(new RegExp(`^HTTP/1\\.1 ${status}`));
      expect(connection.text().toLowerCase(), path).toContain('connection: close');
    }
    // A body over the limit, announced by its Content-Length: 413, unread, and closed too.
    const big = await raw(running.port);
    big.socket.write(postHead(dataPushPath(liveSecret), 2 * 1024 * 1024));
    await waitUntil(() => expect(big.closedAfterMs()).not.toBeNull(), 2_000);
    expect(big.text()).toMatch(/^HTTP\/1\.1 413/);
    expect(stored).toEqual([]);
    expect(running.counters().refused).toMatchObject({ 'unknown-path': 3, 'no-token': 1, 'bad-token': 1, 'too-large': 1 });
  });
});

describe('connections from one address', () => {
  it('past the cap are closed as they arrive, while another address is served and a freed place is taken again', async () => {
    const running = await bridge({ maxConnectionsPerAddress: 3 });
    // Three kept-alive connections, each seen by the server (it answered on each).
    const held: Raw[] = [];
    for (let i = 0; i < 3; i += 1) {
      const connection = await raw(running.port);
      connection.socket.write(GET_HEARTBEAT);
      await waitUntil(() => expect(connection.text()).toMatch(/^HTTP\/1\.1 200/), 2_000);
      held.push(connection);
    }
    // A fourth from the same address: closed, never answered.
    const fourth = await raw(running.port);
    fourth.socket.write(GET_HEARTBEAT);
    await waitUntil(() => expect(fourth.closedAfterMs()).not.toBeNull(), 2_000);
    expect(fourth.text()).toBe('');
    expect(held.every((c) => c.closedAfterMs() === null)).toBe(true);

    // Another address is still served.
    const other = await raw(running.port, '127.0.0.2');
    other.socket.write(GET_HEARTBEAT);
    await waitUntil(() => expect(other.text()).toMatch(/^HTTP\/1\.1 200/), 2_000);

    // One of the three leaves: its place can be taken again (the count follows closes; bounded retries).
    held[0]!.socket.destroy();
    let again: Raw | null = null;
    for (let attempt = 0; attempt < 20 && !again; attempt += 1) {
      const next = await raw(running.port);
      next.socket.write(GET_HEARTBEAT);
      await waitUntil(() => expect(next.text() !== '' || next.closedAfterMs() !== null).toBe(true), 2_000);
      if (next.text().startsWith('HTTP/1.1 200')) again = next;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(again).not.toBeNull();
  });
});
