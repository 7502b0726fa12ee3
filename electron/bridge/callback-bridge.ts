// The HIU callback bridge: the HTTP server the ABDM gateway calls back on (docs/bridge.md). For every callback path
// of the gateway generation: verify the gateway's token before reading the body, read JSON within the size limit,
// check the body against the route's schema, store it in the inbox, and only then answer 202. HIPs push health data
// to `/data-push/<secret>`, with no token: the secret must belong to a live transfer (else 404, body unread).
// Plain Node and Fastify, no Electron: the same module runs embedded in the app or as a relay.
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CallbackRoute, GatewayGeneration } from '../abdm/gateway/generation';
import { isUuid } from '../abdm/request-id';
import { describeIssues } from './body-issues';
import { CounterBoard } from './bridge-counters';
import { capConnectionsPerAddress, connectionLimits, serverOptions, type ConnectionLimits } from './connection-limits';
import { createGatewayTokenVerifier, type GatewayTokenVerifier, type GatewayTokenVerifierOptions } from './gateway-token';
import type { BridgeCounters, BridgeListener, CallbackInbox, DataPushInbox, ReceivedCallback, ReceivedPushPage, RefusalReason } from './ports';
import { DATA_PUSH_PREFIX, isWellFormedPushSecret } from './push-secret';

export { dataPushPath, newPushSecret, isWellFormedPushSecret, DATA_PUSH_PREFIX } from './push-secret';

export const DEFAULT_CALLBACK_LIMIT_BYTES = 1024 * 1024;
export const DEFAULT_DATA_PUSH_LIMIT_BYTES = 64 * 1024 * 1024;
/** Routing headers kept with a stored callback (lower case). */
export const KEPT_HEADERS = ['x-hiu-id', 'x-hip-id', 'x-cm-id'] as const;

export interface CallbackBridgeOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  generation: GatewayGeneration;
  /**
   * The callback routes to serve, of every role on (HIU, HIP, …); default: the generation's own. Each role's routes
   * come from its registration with the gateway pipeline (issue 24).
   */
  routes?: readonly CallbackRoute[];
  inbox: CallbackInbox;
  pushes: DataPushInbox;
  listener?: BridgeListener;
  /** The gateway's JWKS, e.g. `${gatewayBaseUrl}/v0.5/certs`; asked for on the first callback, again after a failure. */
  jwksUrl: () => Promise<string>;
  /** Headers for each JWKS fetch, e.g. `() => generation.certsHeaders(cmId)` (v3 wants X-CM-ID there). */
  jwksHeaders?: () => Record<string, string>;
  /** Keys known without a fetch, instead of jwksUrl (a relay's training HIU: gateway-token.ts). */
  localKeys?: GatewayTokenVerifierOptions['localKeys'];
  /** Clock for token expiry and receivedAt (ms since the epoch). */
  now?: () => number;
  /** Largest callback body; default 1 MiB. */
  callbackLimitBytes?: number;
  /** Largest data-push page (settings: bridge.dataPushLimitMb). */
  dataPushLimitBytes: number;
  /** Timeouts and the per-address connection cap (connection-limits.ts); the defaults unless given. */
  connections?: Partial<ConnectionLimits>;
}

export interface RunningBridge {
  /** http://host:port (a wildcard host is shown as loopback). */
  url: string;
  port: number;
  counters(): BridgeCounters;
  close(): Promise<void>;
}

/** What the JSON content-type parser hands the routes: the text as received and its parse. */
interface JsonBody {
  text: string;
  value: unknown;
}

class BadJsonError extends Error {
  readonly statusCode = 400;
  readonly code = 'BRIDGE_BAD_JSON';
}

export async function startCallbackBridge(opts: CallbackBridgeOptions): Promise<RunningBridge> {
  const { app, counters } = buildBridgeApp(opts);
  try {
    await app.listen({ host: opts.host, port: opts.port });
  } catch (error) {
    await app.close().catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw Object.assign(
        new Error(`The callback bridge cannot listen on ${opts.host}:${opts.port}: another program is already using that port (EADDRINUSE). Stop it or choose another bridge port.`, { cause: error }),
        { code },
      );
    }
    throw Object.assign(new Error(`The callback bridge cannot listen on ${opts.host}:${opts.port}: ${(error as Error).message}`, { cause: error }), { code });
  }
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The callback bridge did not get a TCP port.');
  return {
    url: `http://${urlHost(opts.host)}:${address.port}`,
    port: address.port,
    counters: () => counters.snapshot(),
    close: () => app.close(),
  };
}

/** What the routes need: the bridge's options without where it listens. */
export type BridgeRouteOptions = Omit<CallbackBridgeOptions, 'host' | 'port'>;

/** The Fastify app and its counters, not listening yet. */
export function buildBridgeApp(opts: CallbackBridgeOptions): { app: FastifyInstance; counters: CounterBoard } {
  const limits = connectionLimits(opts.connections);
  const app = Fastify({
    logger: false,
    bodyLimit: opts.callbackLimitBytes ?? DEFAULT_CALLBACK_LIMIT_BYTES,
    routerOptions: { maxParamLength: 200 },
    return503OnClosing: true,
    ...serverOptions(limits),
  });
  capConnectionsPerAddress(app.server, limits.maxConnectionsPerAddress);
  const counters = new CounterBoard();
  registerBridgeRoutes(app, opts, counters);
  return { app, counters };
}

/**
 * Every route of the bridge, with its parsers, hooks and error words, on `app`: the root of the desk's own bridge,
 * or a prefixed plugin scope of the relay (one per HIU, `relay/relay-server.ts`). Fastify keeps content-type
 * parsers, hooks and the error and not-found handlers inside the scope they were added to.
 */
export function registerBridgeRoutes(app: FastifyInstance, opts: BridgeRouteOptions, counters: CounterBoard): void {
  const now = opts.now ?? Date.now;
  const iso = () => new Date(now()).toISOString();
  const callbackLimit = opts.callbackLimitBytes ?? DEFAULT_CALLBACK_LIMIT_BYTES;
  const pushLimit = opts.dataPushLimitBytes;
  const verifier: GatewayTokenVerifier = createGatewayTokenVerifier({
    jwksUrl: opts.jwksUrl,
    now,
    jwksHeaders: opts.jwksHeaders,
    localKeys: opts.localKeys,
    audience: opts.generation.callbackToken.audience,
    requiredRole: opts.generation.callbackToken.requiredRole,
    clientIdClaims: opts.generation.callbackToken.clientIdClaims,
  });

  /**
   * Every refusal closes its connection once answered: Node would otherwise keep reading (and discarding) the rest
   * of an unread body for as long as the caller trickles it, then keep the connection for the next request.
   */
  function refuse(reply: FastifyReply, status: number, reason: RefusalReason, message: string): FastifyReply {
    counters.refused(iso(), reason, reply.request.url);
    return reply.code(status).header('cache-control', 'no-store').header('connection', 'close').send({ error: { code: reason, message } });
  }

  /** Runs `fn` once the response is out (or the connection gone); a listener's failure is not the caller's. */
  function afterReply(reply: FastifyReply, fn: () => void): void {
    reply.raw.once('close', () => {
      try {
        fn();
      } catch {
        // The callback is stored; the engine finds it in the inbox anyway.
      }
    });
  }

  // JSON only, kept as received: the inbox stores the text, the routes check the parse.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    try {
      done(null, { text: text as string, value: JSON.parse(text as string) } satisfies JsonBody);
    } catch (error) {
      done(new BadJsonError(`The body is not valid JSON (${(error as Error).message}).`), undefined);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE': {
        const limit = request.routeOptions.bodyLimit ?? callbackLimit;
        const what = request.url.startsWith(DATA_PUSH_PREFIX) ? 'a data-push page' : 'a callback';
        return refuse(reply, 413, 'too-large', `The body is larger than the ${formatBytes(limit)} (${limit} bytes) the bridge takes for ${what}; nothing was stored.`);
      }
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return refuse(reply, 415, 'bad-body', `The bridge takes application/json bodies only (Content-Type was ${request.headers['content-type'] ?? 'missing'}).`);
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return refuse(reply, 400, 'bad-body', 'The body is empty; a JSON object is expected.');
      case 'BRIDGE_BAD_JSON':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return refuse(reply, 400, 'bad-body', error.message);
      default:
        if ((error.statusCode ?? 500) < 500) return refuse(reply, error.statusCode!, 'bad-body', error.message);
        return reply.code(500).header('connection', 'close').send({ error: { code: 'internal', message: 'The bridge failed on this request; nothing was stored.' } });
    }
  });

  // Anything else is a 404 before its body is read.
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return refuse(reply, 404, 'unknown-path', 'There is nothing here.');
  });
  app.setNotFoundHandler(async (_request, reply) => refuse(reply, 404, 'unknown-path', 'There is nothing here.'));

  // ── Gateway callbacks ─────────────────────────────────────────────────────────────────────────
  async function verifyToken(request: FastifyRequest, reply: FastifyReply) {
    const check = await verifier.verify(request.headers.authorization);
    if (check.ok) return;
    if (check.status === 503) reply.header('retry-after', '30');
    else reply.header('www-authenticate', 'Bearer error="invalid_token"');
    return refuse(reply, check.status, check.reason, check.message);
  }

  /** v3: the callback's own id is a header, so a bad one is refused before the body is read. */
  async function checkRequestIdHeader(request: FastifyRequest, reply: FastifyReply) {
    const name = opts.generation.requestIdHeader;
    if (!name) return;
    const value = request.headers[name.toLowerCase()];
    if (value === undefined) return refuse(reply, 400, 'bad-body', `The ${request.routeOptions.url} callback was refused: it has no ${name} header.`);
    if (!isUuid(value)) return refuse(reply, 400, 'bad-body', requestIdRefusal(request.routeOptions.url ?? '', name, value));
  }

  for (const route of opts.routes ?? opts.generation.callbackRoutes) {
    app.post(route.path, { bodyLimit: callbackLimit, onRequest: [verifyToken, checkRequestIdHeader] }, async (request, reply) => {
      const body = request.body as JsonBody | undefined;
      const issues = bodyIssues(body, route.schema);
      if (issues) return refuse(reply, 400, 'bad-body', `The ${route.path} body was refused: ${issues}`);
      const json = body!.value as Record<string, unknown>;
      const ids = opts.generation.callbackIds(request.headers as Record<string, string | undefined>, json);
      // v3 puts a callback's own id in its REQUEST-ID header; without one it cannot be stored or told from a repeat.
      if (!ids.requestId) return refuse(reply, 400, 'bad-body', `The ${route.path} callback was refused: it has no REQUEST-ID header.`);
      // It is the inbox's key and ends up on screens and in logs: a UUID and nothing else (the value is not echoed).
      if (!isUuid(ids.requestId)) return refuse(reply, 400, 'bad-body', requestIdRefusal(route.path, 'REQUEST-ID', ids.requestId));
      const callback: ReceivedCallback = {
        requestId: ids.requestId,
        kind: route.kind,
        path: route.path,
        respRequestId: ids.respRequestId,
        receivedAt: iso(),
        headers: keptHeaders(request),
        body: body!.text,
      };
      let outcome: 'stored' | 'duplicate';
      try {
        outcome = await opts.inbox.store(callback);
      } catch (error) {
        return refuse(reply, 500, 'store-failed', `The callback could not be stored (${(error as Error).message}); it was not acknowledged, send it again.`);
      }
      if (outcome === 'duplicate') counters.duplicate();
      else {
        counters.accepted(callback.receivedAt, 'callback');
        const { listener } = opts;
        if (listener?.callbackStored) afterReply(reply, () => listener.callbackStored!(callback));
      }
      return reply.code(202).send();
    });
  }

  // ── HIP data push ─────────────────────────────────────────────────────────────────────────────
  async function knownSecret(request: FastifyRequest, reply: FastifyReply) {
    const { secret } = request.params as { secret: string };
    let known = false;
    try {
      known = isWellFormedPushSecret(secret) && (await opts.pushes.knows(secret));
    } catch (error) {
      return refuse(reply, 500, 'store-failed', `The push could not be checked (${(error as Error).message}); nothing was stored, send it again.`);
    }
    if (!known) return refuse(reply, 404, 'unknown-path', 'There is nothing here.');
  }

  app.post(`${DATA_PUSH_PREFIX}:secret`, { bodyLimit: pushLimit, onRequest: knownSecret }, async (request, reply) => {
    const body = request.body as JsonBody | undefined;
    const issues = bodyIssues(body, opts.generation.dataPushSchema);
    if (issues) return refuse(reply, 400, 'bad-body', `The data-push page was refused: ${issues}`);
    const json = body!.value as { transactionId: string; pageNumber?: number; pageCount?: number };
    const page: ReceivedPushPage = {
      secret: (request.params as { secret: string }).secret,
      transactionId: json.transactionId,
      pageNumber: json.pageNumber ?? 1,
      pageCount: json.pageCount ?? 1,
      receivedAt: iso(),
      body: body!.text,
    };
    let outcome: 'stored' | 'duplicate';
    try {
      outcome = await opts.pushes.store(page);
    } catch (error) {
      return refuse(reply, 500, 'store-failed', `The page could not be stored (${(error as Error).message}); it was not acknowledged, send it again.`);
    }
    if (outcome === 'duplicate') counters.duplicate();
    else {
      counters.accepted(page.receivedAt, 'page');
      const { listener } = opts;
      if (listener?.pageStored) afterReply(reply, () => listener.pageStored!(page));
    }
    return reply.code(202).send();
  });

  // The gateway may probe an HIU's heartbeat (gateway-v05.md §2.1).
  app.get('/v0.5/heartbeat', async () => ({ timestamp: iso(), status: 'UP' }));
}

/** Says what is wrong without repeating the value: it may be long, markup, or bidi controls meant for a screen. */
function requestIdRefusal(path: string, name: string, value: string | string[]): string {
  const length = Array.isArray(value) ? value.join().length : value.length;
  return `The ${path} callback was refused: its ${name} must be a UUID (8-4-4-4-12 hex digits); it was ${length} characters of something else.`;
}

function bodyIssues(body: JsonBody | undefined, schema: z.ZodType): string | null {
  if (body === undefined) return '(body): required (a JSON object)';
  const parsed = schema.safeParse(body.value, { reportInput: true });
  return parsed.success ? null : describeIssues(parsed.error.issues);
}

function keptHeaders(request: FastifyRequest): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') kept[name] = value;
  }
  return kept;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return Number.isInteger(mib) ? `${mib} MiB` : bytes >= 1024 * 1024 ? `${mib.toFixed(1)} MiB` : `${bytes} bytes`;
}
