import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { AbdmError } from './errors';

// Who may use the /_sandbox controls: this machine's own tools (tests, curl, a trainer's script), not
// every web page open in the operator's browser. The peer check keeps other machines out; the Host check
// stops DNS rebinding (a hostile name resolving to 127.0.0.1 would let a page read the answers); the
// Origin check stops other pages' cross-origin POSTs, which browsers send even though the page cannot
// read the answer. Tools send no Origin. Same idea as web mode's web-mode/access.ts, kept separate
// because the sandbox does not depend on the app.

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(address);
}

/** A header for an error message: at most 100 characters, anything unprintable shown as ?. */
function quote(value: string): string {
  const printable = value.replace(/[^\x20-\x7e]/g, '?');
  return printable.length > 100 ? `${printable.slice(0, 100)}…` : printable;
}

function refuse(message: string): AbdmError {
  return new AbdmError(403, 'HIS-403', message);
}

/** onRequest hook for everything under /_sandbox (installed once, in app.ts). */
export async function guardSandboxControls(request: FastifyRequest): Promise<void> {
  if (!isLoopback(request.socket.remoteAddress)) throw refuse('Sandbox controls answer only on the loopback interface.');

  // The listening port, not the request's own idea of it (app.inject has no real socket).
  const port = (request.server.server.address() as AddressInfo | null)?.port;
  const host = request.headers.host;
  const ownHosts = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  if (port === undefined || host === undefined || !ownHosts.includes(host.toLowerCase())) {
    const named = host === undefined ? 'no Host header' : `Host ${quote(host)}`;
    throw refuse(`Sandbox controls answer only requests addressed to 127.0.0.1:${port} or localhost:${port} (${named}).`);
  }

  // No [::1] origin: the sandbox listens on IPv4 only, so a page at http://[::1]:PORT is another server's.
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `http://127.0.0.1:${port}` && origin !== `http://localhost:${port}`) {
    throw refuse(`Sandbox controls refuse requests from other web pages (Origin ${quote(origin)}).`);
  }
}
