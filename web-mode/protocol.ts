// The web-mode wire format, shared by the server and the browser shim (types and constants only).
import type { EventName } from '../electron/ipc/contract';
import type { Result } from '../electron/shared/errors';

/** Where the WebSocket that carries the IPC contract listens. */
export const IPC_PATH = '/__web/ipc';
/** The script that defines `window.abhaDesk` in web mode, injected before the app's own script. */
export const SHIM_PATH = '/__web/shim.js';
/** Where a file or print page handed to the browser is fetched, once: `<HANDOVER_PATH><one-time id>` (handovers.ts). */
export const HANDOVER_PATH = '/__web/handover/';
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

/**
 * Server → the browser that made the call: take this file (a download) or print this page (in a hidden frame, with
 * the browser's print dialog). Web mode's stand-in for Electron's save and print dialogs (browser-desktop.ts).
 */
export interface HandoverMessage {
  handover: Handover;
}

export interface Handover {
  kind: 'download' | 'print';
  /** Same-origin path of the one-time URL. */
  url: string;
  /** The file name offered (download) or the print page's title. */
  name: string;
}

export type ServerMessage = ReplyMessage | EventMessage | HandoverMessage;
