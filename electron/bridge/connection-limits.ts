// How long the bridge waits for a caller, and how many connections one address may hold (issue 23, item 4: a
// thousand connections trickling a byte every 10 s stayed open indefinitely). Node enforces the timeouts; the
// per-address cap is counted here on the server's `connection` events. Refusals close their connection too
// (callback-bridge.ts, `refuse`), so a refused caller cannot keep a socket by never finishing its body.
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** The whole request, headers and body, must have arrived within this; else Node answers 408 and closes. */
  requestTimeoutMs: number;
  /** The headers must have arrived within this (at most requestTimeoutMs). */
  headersTimeoutMs: number;
  /** A kept-alive connection with no request is closed after this. */
  keepAliveTimeoutMs: number;
  /** A connection on which nothing moves either way for this long is closed. */
  idleTimeoutMs: number;
  /** How often Node looks for requests past the two timeouts above (its own default, 30 s, lets them overrun). */
  checkIntervalMs: number;
  /** Connections one remote address may hold at once; any more are closed as they arrive. */
  maxConnectionsPerAddress: number;
}

/**
 * A data-push page may be 64 MiB (settings), and 5 minutes is 64 MiB at under 2 Mbit/s, a slow HIP uplink; a
 * callback is at most 1 MiB and takes well under a second. The gateway and a HIP each use a few parallel
 * connections, far below the cap; a prober's thousand are cut at 64.
 */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  requestTimeoutMs: 5 * 60_000,
  headersTimeoutMs: 20_000,
  keepAliveTimeoutMs: 10_000,
  idleTimeoutMs: 30_000,
  checkIntervalMs: 1_000,
  maxConnectionsPerAddress: 64,
};

/** The defaults with `overrides`; the header timeout never exceeds the request timeout (Node requires it). */
export function connectionLimits(overrides: Partial<ConnectionLimits> = {}): ConnectionLimits {
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...overrides };
  return { ...limits, headersTimeoutMs: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) };
}

/** Fastify's server options for these limits (Fastify sets its own 72 s keep-alive and no request timeout). */
export function serverOptions(limits: ConnectionLimits): {
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionTimeout: number;
  http: ServerOptions;
} {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    http: { connectionsCheckingInterval: limits.checkIntervalMs, headersTimeout: limits.headersTimeoutMs, requestTimeout: limits.requestTimeoutMs },
  };
}

/**
 * Closes every connection past `max` from one remote address as it arrives. Behind a proxy every caller is the
 * proxy's address, so a server behind one (the relay) should set the cap with that in mind.
 */
export function capConnectionsPerAddress(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
