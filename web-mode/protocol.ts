// The web-mode wire format, shared by the server and the browser shim (types and constants only).
import type { EventName } from '../electron/ipc/contract';
import type { Result } from '../electron/shared/errors';

/** Where the WebSocket that carries the IPC contract listens. */
export const IPC_PATH = '/__web/ipc';
/** The script that defines `window.abhaDesk` in web mode, injected before the app's own script. */
export const SHIM_PATH = '/__web/shim.js';
/** Offered by the shim and selected by the server; the second offered protocol carries the token. */
export const SUBPROTOCOL = 'abha-desk.v1';
// Browsers cannot set headers on a WebSocket, but they can offer subprotocols: the token travels
// as one, so it is never part of a URL (no history, no logs, no Referer).
export const TOKEN_PROTOCOL_PREFIX = 'abha-desk.token.';

/** Browser → server: call one channel. */
export interface CallMessage {
  id: number;
  channel: string;
  input?: unknown;
}

/** Server → browser: the answer to the call with the same id (null when the message could not be read). */
export interface ReplyMessage {
  id: number | null;
  result: Result<unknown>;
}

/** Server → browser: a pushed main-process event. */
export interface EventMessage {
  event: EventName;
  payload: unknown;
}

export type ServerMessage = ReplyMessage | EventMessage;
