// Runs in the page before the app's own script and defines `window.abhaDesk` over the web-mode
// WebSocket, with the shape the Electron preload gives (built by the same buildApi), so the
// renderer cannot tell which transport it has. Bundled for the browser by shim-bundle.ts.
import { buildApi } from '../electron/ipc/api-shape';
import type { ChannelName, EventName } from '../electron/ipc/contract';
import type { Result } from '../electron/shared/errors';
import { takeHandover } from './take-handover';
import {
  IPC_PATH,
  SUBPROTOCOL,
  TOKEN_PROTOCOL_PREFIX,
  type CallMessage,
  type ServerMessage,
} from './protocol';

// Filled in at bundle time from the real contract, so the shim carries no zod and no schemas.
declare const __ABHA_DESK_CHANNELS__: ChannelName[];
declare const __ABHA_DESK_EVENTS__: EventName[];

const TOKEN_KEY = 'abha-desk.web-token';

/** Takes the token from `#token=…` once, then keeps it in sessionStorage so a reload still works. */
function takeToken(): string | null {
  const fromUrl = new URLSearchParams(location.hash.slice(1)).get('token');
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    // Out of the address bar, history and screenshots.
    history.replaceState(history.state, '', location.pathname + location.search);
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

/** The page says what to do (renderer/lib/i18n.ts `error.NOT_CONNECTED`); `reason` tells developers which case. */
function notConnected(reason: 'no-token' | 'refused'): Result<never> {
  return { ok: false, error: { code: 'NOT_CONNECTED', params: { reason } } };
}


class Connection {
  private socket: Promise<WebSocket> | undefined;
  private readonly pending = new Map<number, (result: Result<unknown>) => void>();
  private readonly listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  private nextId = 1;

  constructor(private readonly token: string | null) {}

  async invoke(channel: ChannelName, input: unknown): Promise<Result<unknown>> {
    if (!this.token) return notConnected('no-token');
    let socket: WebSocket;
    try {
      socket = await this.open(this.token);
    } catch {
      return notConnected('refused');
    }
    const id = this.nextId++;
    const message: CallMessage = { id, channel, input };
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      socket.send(JSON.stringify(message));
    });
  }

  /**
   * Opens the socket now, while the page is still loading the app's script, rather than on the app's first call:
   * the handshake is then done by the time the app asks for its info and settings (docs/performance.md). A socket
   * that fails here is opened again by the next call, as after any close.
   */
  connectEarly(): void {
    if (this.token) this.open(this.token).catch(() => {});
  }

  subscribe(event: EventName, listener: (payload: unknown) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    // Events only arrive over an open socket.
    if (this.token) this.open(this.token).catch(() => {});
    return () => set.delete(listener);
  }

  private open(token: string): Promise<WebSocket> {
    this.socket ??= new Promise((resolve, reject) => {
      const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${IPC_PATH}`;
      const socket = new WebSocket(url, [SUBPROTOCOL, TOKEN_PROTOCOL_PREFIX + token]);
      socket.onopen = () => resolve(socket);
      socket.onmessage = (event) => this.receive(event.data);
      socket.onclose = () => {
        // The next call reconnects; calls in flight get a clear failure rather than hanging.
        this.socket = undefined;
        reject(new Error('closed'));
        for (const resolvePending of this.pending.values()) resolvePending(notConnected('refused'));
        this.pending.clear();
      };
    });
    return this.socket;
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    const message = JSON.parse(data) as ServerMessage;
    if ('event' in message) {
      for (const listener of this.listeners.get(message.event) ?? []) listener(message.payload);
      return;
    }
    if ('handover' in message) return takeHandover(message.handover);
    if (message.id === null) return;
    this.pending.get(message.id)?.(message.result);
    this.pending.delete(message.id);
  }
}

const connection = new Connection(takeToken());
connection.connectEarly();
const api = buildApi(
  __ABHA_DESK_CHANNELS__,
  __ABHA_DESK_EVENTS__,
  (channel, input) => connection.invoke(channel, input),
  (event, listener) => connection.subscribe(event, listener),
);
// Like contextBridge: the page cannot replace or extend the API.
Object.defineProperty(window, 'abhaDesk', { value: api, enumerable: true });
