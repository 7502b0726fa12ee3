// A minimal HIU bridge that lives in the tests (not project client code): it takes every POST the
// sandbox makes (gateway callbacks and HIP data pushes), checks the bearer token against the
// gateway's JWKS at /v0.5/certs with jose, records the call and answers 202.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

export interface ReceivedCall {
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body (undefined when it was not JSON). */
  body: any;
  rawBytes: number;
  /** Outcome of verifying `Authorization: Bearer <jwt>` against the gateway JWKS. */
  token: { present: boolean; valid: boolean; claims?: JWTPayload; error?: string };
  receivedAt: number;
}

/** What the bridge answers; a delay longer than the gateway's timeout simulates a hung bridge. */
export type Responder = (call: ReceivedCall) => { status: number; delayMs?: number };

export interface MiniBridge {
  url: string;
  calls: ReceivedCall[];
  respondWith(responder: Responder): void;
  /** Resolves with the first call (already received or future) on `path` that matches. */
  waitFor(path: string, match?: (call: ReceivedCall) => boolean, timeoutMs?: number): Promise<ReceivedCall>;
  callsTo(path: string): ReceivedCall[];
  close(): Promise<void>;
}

export async function startMiniBridge(jwksUrl: string): Promise<MiniBridge> {
  const jwks = createRemoteJWKSet(new URL(jwksUrl));
  const calls: ReceivedCall[] = [];
  const waiters = new Set<() => void>();
  let responder: Responder = () => ({ status: 202 });

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const raw = Buffer.concat(chunks);
      const call: ReceivedCall = {
        path: request.url ?? '',
        headers: request.headers,
        body: parseJson(raw),
        rawBytes: raw.length,
        token: await verifyBearer(request.headers.authorization, jwks),
        receivedAt: Date.now(),
      };
      const { status, delayMs = 0 } = responder(call);
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      calls.push(call);
      for (const wake of waiters) wake();
      response.statusCode = status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const find = (path: string, match: (call: ReceivedCall) => boolean) => calls.find((c) => c.path === path && match(c));
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    respondWith(next) {
      responder = next;
    },
    callsTo: (path) => calls.filter((c) => c.path === path),
    waitFor(path, match = () => true, timeoutMs = 5000) {
      const found = find(path, match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no call to ${path} within ${timeoutMs} ms; got: ${calls.map((c) => c.path).join(', ') || 'nothing'}`));
        }, timeoutMs);
        const check = () => {
          const hit = find(path, match);
          if (!hit) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(hit);
        };
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

async function verifyBearer(header: string | undefined, jwks: ReturnType<typeof createRemoteJWKSet>): Promise<ReceivedCall['token']> {
  const token = /^Bearer (\S+)$/.exec(header ?? '')?.[1];
  if (!token) return { present: false, valid: false };
  try {
    const { payload } = await jwtVerify(token, jwks, { algorithms: ['RS256'], typ: 'JWT', audience: 'account' });
    return { present: true, valid: true, claims: payload };
  } catch (error) {
    return { present: true, valid: false, error: error instanceof Error ? error.message : String(error) };
  }
}
