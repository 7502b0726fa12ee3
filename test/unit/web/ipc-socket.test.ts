// The web-mode WebSocket: who may connect, and that it carries the contract like Electron IPC does.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import pkg from '../../../package.json' with { type: 'json' };
import { call, connect, nextEvent, nextRawMessage, RefusedError, startTestServer, type TestServer } from './web-server-fixture';

let server: TestServer;
const open: WebSocket[] = [];

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(async () => {
  for (const socket of open.splice(0)) socket.terminate();
  await server.dispose();
});

async function connected(opts: Parameters<typeof connect>[1] = {}): Promise<WebSocket> {
  const socket = await connect(server, { token: server.token, origin: server.origin, ...opts });
  open.push(socket);
  return socket;
}

async function refusal(opts: Parameters<typeof connect>[1]): Promise<RefusedError> {
  const error = await connect(server, opts).then(
    (socket) => {
      open.push(socket);
      throw new Error('the connection was accepted');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RefusedError);
  return error as RefusedError;
}

describe('who may connect', () => {
  it('listens on loopback only and hands out a long random token in the URL fragment', () => {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).toBe(`${server.origin}/#token=${server.token}`);
    expect(server.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a connection without a token', async () => {
    const refused = await refusal({ origin: server.origin });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatch(/token is missing or wrong/);
  });

  it('refuses a connection with a wrong token', async () => {
    const wrong = server.token.slice(0, -1) + (server.token.endsWith('A') ? 'B' : 'A');
    const refused = await refusal({ origin: server.origin, token: wrong });
    expect(refused.status).toBe(401);
  });

  it('refuses the right token from another origin', async () => {
    const refused = await refusal({ origin: 'http://localhost:3000', token: server.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toContain(server.origin);
  });

  it('refuses the right token with no Origin at all', async () => {
    const refused = await refusal({ token: server.token });
    expect(refused.status).toBe(403);
  });

  it('refuses sockets on any other path', async () => {
    const refused = await refusal({ origin: server.origin, token: server.token, path: '/socket' });
    expect(refused.status).toBe(403);
  });

  it('drops every socket when the server closes', async () => {
    const socket = await connected();
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await server.close();
    expect(await closed).toBe(1001);
  });
});

describe('the contract over the socket', () => {
  it('answers app.info from the real handlers, naming the web transport', async () => {
    const socket = await connected();
    const result = await call(socket, 1, 'app.info');
    expect(result).toMatchObject({
      ok: true,
      value: { name: pkg.productName, version: pkg.version, transport: 'web', environment: 'training' },
    });
  });

  it('answers settings.update with a wrong type as INVALID_INPUT naming the field', async () => {
    const socket = await connected();
    const result = (await call(socket, 7, 'settings.update', { bridge: { port: 'x' } })) as {
      ok: boolean;
      error: { code: string; fields: unknown[] };
    };
    expect(result.ok).toBe(false);
    expect(result.error.code).toBe('INVALID_INPUT');
    expect(result.error.fields).toEqual([{ path: 'bridge.port', code: 'whole-number', params: { min: 1, max: 65_535 } }]);
    // Nothing was stored.
    expect(await call(socket, 8, 'settings.get')).toMatchObject({ ok: true, value: { bridge: { port: 8765 } } });
  });

  it('keeps a valid update and pushes settings.changed to every open window', async () => {
    const editor = await connected();
    const watcher = await connected();
    const pushed = nextEvent(watcher, 'settings.changed');
    const result = await call(editor, 1, 'settings.update', { operatorName: 'Asha Verma' });
    expect(result).toMatchObject({ ok: true, value: { operatorName: 'Asha Verma' } });
    expect(await pushed).toMatchObject({ operatorName: 'Asha Verma' });
    expect(await call(watcher, 2, 'settings.get')).toMatchObject({ ok: true, value: { operatorName: 'Asha Verma' } });
  });

  it('answers concurrent calls by id, whatever order they finish in', async () => {
    const socket = await connected();
    const [info, settings] = await Promise.all([call(socket, 41, 'app.info'), call(socket, 42, 'settings.get')]);
    expect(info).toMatchObject({ ok: true, value: { transport: 'web' } });
    expect(settings).toMatchObject({ ok: true, value: { schemaVersion: expect.any(Number) } });
  });

  it('answers an unknown channel with UNKNOWN_CHANNEL', async () => {
    const socket = await connected();
    expect(await call(socket, 3, 'settings.delete')).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL', params: { channel: 'settings.delete' } },
    });
  });

  it('answers a message that is not JSON, or has no id, with INVALID_INPUT naming the message, and keeps the socket open', async () => {
    const socket = await connected();
    socket.send('{not json');
    expect(await nextRawMessage(socket)).toEqual({
      id: null,
      result: { ok: false, error: { code: 'INVALID_INPUT', fields: [{ path: 'message', code: 'wrong-format', params: { problem: 'The message is not valid JSON.' } }] } },
    });
    socket.send(JSON.stringify({ channel: 'app.info' }));
    expect(await nextRawMessage(socket)).toMatchObject({ id: null, result: { error: { code: 'INVALID_INPUT' } } });
    expect(await call(socket, 9, 'app.info')).toMatchObject({ ok: true });
  });
});
