// Who may use web mode: a page from this server (Origin and Host), holding this run's token.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SUBPROTOCOL, TOKEN_PROTOCOL_PREFIX } from './protocol';

export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface Refusal {
  status: 401 | 403;
  reason: string;
}

/**
 * The Host check stops DNS rebinding (a hostile name resolving to 127.0.0.1), the Origin check stops
 * other local pages, and the token stops everything else that can reach the loopback port.
 */
export function checkSocketRequest(request: IncomingMessage, origin: string, token: string): Refusal | null {
  const host = checkHost(request, origin);
  if (host) return host;
  if (request.headers.origin !== origin) {
    return { status: 403, reason: `Connections are accepted only from pages served at ${origin}.` };
  }
  const offered = offeredProtocols(request);
  if (!offered.includes(SUBPROTOCOL)) {
    return { status: 401, reason: `The WebSocket must offer the ${SUBPROTOCOL} subprotocol and the access token.` };
  }
  const presented = offered.find((protocol) => protocol.startsWith(TOKEN_PROTOCOL_PREFIX));
  if (!presented || !sameSecret(presented.slice(TOKEN_PROTOCOL_PREFIX.length), token)) {
    return { status: 401, reason: 'The web-mode access token is missing or wrong.' };
  }
  return null;
}

export function checkHost(request: IncomingMessage, origin: string): Refusal | null {
  if (request.headers.host === new URL(origin).host) return null;
  return { status: 403, reason: `This server answers only requests addressed to ${new URL(origin).host}.` };
}

function offeredProtocols(request: IncomingMessage): string[] {
  const header = request.headers['sec-websocket-protocol'] ?? '';
  return header
    .split(',')
    .map((protocol) => protocol.trim())
    .filter(Boolean);
}

function sameSecret(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
