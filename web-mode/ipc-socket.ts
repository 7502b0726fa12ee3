// Carries the IPC contract over a WebSocket: {id, channel, input} in, {id, result} out, and
// pushed {event, payload}. Message bodies are never logged: later channels carry personal data.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { Dispatch } from '../electron/ipc/dispatch';
import type { EventBus } from '../electron/ipc/events';
import type { Result } from '../electron/shared/errors';
import { checkSocketRequest, type Refusal } from './access';
import { IPC_PATH, SUBPROTOCOL, type HandoverMessage, type ReplyMessage, type ServerMessage } from './protocol';

export interface IpcSocketOptions {
  origin: string;
  token: string;
  dispatch: Dispatch;
  events: EventBus;
}

// Far above any settings patch; later channels that move files should not use this socket for bulk data.
const MAX_MESSAGE_BYTES = 1024 * 1024;

export interface IpcSocket {
  /** Sends `message` to the page whose call is being handled now (and to no other tab); false when there is none. */
  tellCaller(message: HandoverMessage): boolean;
  close(): void;
}

export function attachIpcSocket(server: Server, opts: IpcSocketOptions): IpcSocket {
  // Which page's call the handlers are working on, through every await, so a file goes to the tab that asked for it.
  const callers = new AsyncLocalStorage<WebSocket>();
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    handleProtocols: () => SUBPROTOCOL,
  });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refusal = new URL(request.url ?? '/', opts.origin).pathname === IPC_PATH
      ? checkSocketRequest(request, opts.origin, opts.token)
      : { status: 403 as const, reason: `WebSockets are served only at ${IPC_PATH}.` };
    if (refusal) return refuse(socket, refusal);
    sockets.handleUpgrade(request, socket, head, (client) => serve(client, opts.dispatch, callers));
  });

  const detach = opts.events.attach((event, payload) => {
    const message: ServerMessage = { event, payload };
    for (const client of sockets.clients) send(client, message);
  });

  return {
    tellCaller(message) {
      const client = callers.getStore();
      if (!client || client.readyState !== client.OPEN) return false;
      send(client, message);
      return true;
    },
    close() {
      detach();
      for (const client of sockets.clients) client.close(1001, 'ABHA Desk web mode stopped');
      sockets.close();
    },
  };
}

function serve(client: WebSocket, dispatch: Dispatch, callers: AsyncLocalStorage<WebSocket>): void {
  client.on('message', async (data: RawData, isBinary: boolean) => {
    const call = readCall(data, isBinary);
    if ('error' in call) return send(client, { id: call.id, result: call.error });
    const result = await callers.run(client, () => dispatchSafely(dispatch, call.channel, call.input));
    send(client, { id: call.id, result });
  });
  // A malformed frame or an oversized message closes only this connection; log nothing about its content.
  client.on('error', () => client.terminate());
}

// The dispatcher answers every failure as a Result already; this only guards the socket against a bug there.
async function dispatchSafely(dispatch: Dispatch, channel: unknown, input: unknown): Promise<Result<unknown>> {
  try {
    return await dispatch(channel, input);
  } catch {
    return { ok: false, error: { code: 'INTERNAL' } };
  }
}

type ReadCall = { id: number; channel: unknown; input: unknown } | { id: number | null; error: Result<never> };

function readCall(data: RawData, isBinary: boolean): ReadCall {
  if (isBinary) return { id: null, error: invalidMessage('Messages must be JSON text, not binary.') };
  let message: unknown;
  try {
    message = JSON.parse(data.toString());
  } catch {
    return { id: null, error: invalidMessage('The message is not valid JSON.') };
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return { id: null, error: invalidMessage('The message must be an object {id, channel, input}.') };
  }
  const { id, channel, input } = message as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) {
    return { id: null, error: invalidMessage('The message needs a whole-number "id".') };
  }
  return { id, channel, input };
}

/** The envelope itself is wrong: only a broken or foreign client sends that, so `problem` is for its developer. */
function invalidMessage(problem: string): Result<never> {
  return { ok: false, error: { code: 'INVALID_INPUT', fields: [{ path: 'message', code: 'wrong-format', params: { problem } }] } };
}

function send(client: WebSocket, message: ServerMessage): void {
  if (client.readyState === client.OPEN) client.send(JSON.stringify(message));
}

function refuse(socket: Duplex, refusal: Refusal): void {
  const text = refusal.status === 401 ? 'Unauthorized' : 'Forbidden';
  const body = `${refusal.reason}\n`;
  socket.end(
    `HTTP/1.1 ${refusal.status} ${text}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
