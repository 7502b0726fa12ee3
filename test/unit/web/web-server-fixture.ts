// Starts web mode on a free port with a fresh data folder, the in-memory keychain and a tiny
// stand-in renderer, so these tests need neither a Vite build nor a system keychain.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { startWebServer, type WebServer } from '../../../web-mode/server';
import { memorySecretDriver } from '../../../electron/store/secrets/vault';
import { IPC_PATH, SUBPROTOCOL, TOKEN_PROTOCOL_PREFIX } from '../../../web-mode/protocol';

export const RENDERER_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'none'; object-src 'none'; base-uri 'none'";

export const INDEX_HTML = `<!doctype html>
<html><head>
<meta http-equiv="Content-Security-Policy" content="${RENDERER_CSP}" />
<script type="module" crossorigin src="./assets/app.js"></script>
</head><body><div id="app"></div></body></html>`;

export interface TestServer extends WebServer {
  socketUrl: string;
  rendererFolder: string;
  dispose(): Promise<void>;
}

export async function startTestServer(opts: { withRenderer?: boolean } = {}): Promise<TestServer> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'abha-desk-web-test-'));
  const rendererFolder = path.join(root, 'renderer');
  if (opts.withRenderer !== false) {
    writeFileSync(path.join(root, 'secret.txt'), 'outside the renderer folder');
    mkdirSync(path.join(rendererFolder, 'assets'), { recursive: true });
    writeFileSync(path.join(rendererFolder, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(rendererFolder, 'assets', 'app.js'), 'console.log("app");');
  }
  const server = await startWebServer({
    dataFolder: path.join(root, 'data'),
    secretDriver: memorySecretDriver(),
    rendererFolder,
  });
  return {
    ...server,
    rendererFolder,
    socketUrl: server.origin.replace('http:', 'ws:') + IPC_PATH,
    async dispose() {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export interface ConnectOptions {
  token?: string | undefined;
  origin?: string | undefined;
  path?: string;
}

/** Opens a socket the way the browser shim does; rejects with the HTTP status when refused. */
export function connect(server: TestServer, opts: ConnectOptions = {}): Promise<WebSocket> {
  const protocols = opts.token === undefined ? [SUBPROTOCOL] : [SUBPROTOCOL, TOKEN_PROTOCOL_PREFIX + opts.token];
  const url = opts.path ? server.origin.replace('http:', 'ws:') + opts.path : server.socketUrl;
  const socket = new WebSocket(url, protocols, opts.origin === undefined ? {} : { origin: opts.origin });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => reject(new RefusedError(response.statusCode ?? 0, body.trim())));
    });
    socket.once('error', reject);
  });
}

export class RefusedError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`refused with HTTP ${status}: ${body}`);
  }
}

/** Sends one call and waits for the reply with the same id. */
export function call(socket: WebSocket, id: number, channel: string, input?: unknown): Promise<unknown> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(data.toString()) as { id?: number; result?: unknown };
      if (message.id !== id) return;
      socket.off('message', onMessage);
      resolve(message.result);
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ id, channel, input }));
  });
}

/** The next pushed event of that name. */
export function nextEvent(socket: WebSocket, event: string): Promise<unknown> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(data.toString()) as { event?: string; payload?: unknown };
      if (message.event !== event) return;
      socket.off('message', onMessage);
      resolve(message.payload);
    };
    socket.on('message', onMessage);
  });
}

export function nextRawMessage(socket: WebSocket): Promise<unknown> {
  return new Promise((resolve) => socket.once('message', (data) => resolve(JSON.parse(data.toString()))));
}
