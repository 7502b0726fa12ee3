// The relay (docs/relay.md): ABDM's callbacks and HIPs' data pushes come in under /hiu/<hiuId>/, one URL per clinic
// for every role it plays (relay/roles/), on exactly the desk bridge's routes and rules
// (electron/bridge/callback-bridge.ts: gateway JWT, size limits, schemas, store-then-202, duplicates as no-ops); each
// is kept in the relay's store with the desks it belongs to, and the desks take them over their WebSockets
// (desk-sessions.ts). The relay holds no private key and decrypts nothing.
import Fastify, { type FastifyInstance } from 'fastify';
import type { CallbackKind } from '../electron/abdm/gateway/generation';
import { gatewayGenerationFor } from '../electron/abdm/gateway/generation-choice';
import { connectionLimits, serverOptions } from '../electron/bridge/connection-limits';
import { CounterBoard } from '../electron/bridge/bridge-counters';
import { registerBridgeRoutes } from '../electron/bridge/callback-bridge';
import { pushSecretHash } from '../electron/bridge/push-secret';
import type { CallbackInbox, DataPushInbox } from '../electron/bridge/ports';
import { keyOf } from '../electron/bridge/relay-protocol';
import { hiuCallbackUrl, type HiuConfig, type RelayConfig } from './config';
import { DeskSessions } from './desk-sessions';
import { isOperator } from './operator-access';
import { jsonLinesLog, type RelayLog } from './relay-log';
import { checkRoleNames, refuseOtherRoleIds, servedRoutes } from './roles/clinic-roles';
import type { RelayRole } from './roles/relay-role';
import { RELAY_ROLES } from './roles/relay-roles';
import { routeOfCallback, routeOfPage } from './routing';
import { withoutRelayHeaders } from './share-headers';
import type { RelayStore } from './store/relay-store';
import { TrainingKeys } from './training-keys';
import { registerPathCheck } from './path-check';

const PURGE_INTERVAL_MS = 3600_000;
const DAY_MS = 86_400_000;

export interface StartRelayOptions {
  config: RelayConfig;
  store: RelayStore;
  log?: RelayLog;
  /** Clock for token expiry, receivedAt and retention. */
  now?: () => number;
  /** Roles beside the relay's own (RELAY_ROLES), served at clinics whose configuration gives them an id. */
  roles?: readonly RelayRole[];
}

export interface RunningRelay {
  /** http://host:port where this process listens. */
  url: string;
  port: number;
  /** Callbacks and pages accepted and refused, per HIU (this process only). */
  counters(): Record<string, ReturnType<CounterBoard['snapshot']>>;
  close(): Promise<void>;
}

export async function startRelay(opts: StartRelayOptions): Promise<RunningRelay> {
  const { config, store } = opts;
  const log = opts.log ?? jsonLinesLog();
  const now = opts.now ?? Date.now;
  const roles = [...RELAY_ROLES, ...(opts.roles ?? [])];
  checkRoleNames(config, roles);
  // The bridge's request and header timeouts, so a trickled body cannot hold a connection (docs/bridge.md). Not its idle
  // timeout, which would cut a desk's quiet WebSocket, nor its per-address cap: behind the proxy every caller is one address.
  const { requestTimeout, http } = serverOptions(connectionLimits());
  const app = Fastify({ logger: false, bodyLimit: config.limits.callbackBytes, routerOptions: { maxParamLength: 200 }, return503OnClosing: true, requestTimeout, http });
  const boards = new Map<string, CounterBoard>();
  const trainingKeys = new TrainingKeys();
  for (const hiu of config.hius) {
    const counters = new CounterBoard();
    boards.set(hiu.id, counters);
    await app.register(async (scope) => registerClinic(scope, hiu, counters), { prefix: `/hiu/${hiu.id}` });
  }
  const sessions = new DeskSessions(store, config, log, trainingKeys, now);
  // Liveness for anyone (a load balancer, a monitor); which desks there are and what waits for each, only for the
  // operator's monitoring credential: desk ids and their backlogs tell an outsider how a clinic works.
  app.get('/healthz', async (_request, reply) => health(reply, false));
  app.get('/healthz/desks', async (request, reply) => {
    if (!isOperator(config.monitoring.tokenSha256, request.headers.authorization)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ error: { code: 'monitoring-credential', message: 'This needs the relay operator’s monitoring credential.' } });
    }
    return health(reply, true);
  });
  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ error: { code: 'unknown-path', message: 'There is nothing here.' } }));

  /** A clinic's URL: the callback routes of every role it plays, its data pushes, and the path check. */
  function registerClinic(scope: FastifyInstance, hiu: HiuConfig, counters: CounterBoard): void {
    const generation = gatewayGenerationFor(hiu.api);
    const served = servedRoutes(hiu, roles, generation);
    scope.addHook('onRequest', refuseOtherRoleIds(`/hiu/${hiu.id}`, served));
    const inbox: CallbackInbox = {
      async store(received) {
        const { role, roleId } = served.get(received.path)!;
        // Token headers are the relay's word to its desks (share-headers.ts): nobody calling in may say them.
        const callback = { ...received, headers: withoutRelayHeaders(received.headers) };
        const outcome = await store.ingest({
          hiuId: hiu.id,
          dedupeKey: `callback:${callback.requestId}`,
          kind: 'callback',
          receivedAt: callback.receivedAt,
          payload: JSON.stringify(callback),
          ...routeOfCallback(generation, callback, role, { hiuId: hiu.id, roleId, timeZone: hiu.timeZone }),
        });
        log.info(outcome === 'stored' ? 'callback-stored' : 'callback-duplicate', { hiuId: hiu.id, kind: callback.kind, requestId: callback.requestId });
        return outcome;
      },
    };
    const pushes: DataPushInbox = {
      knows: (secret) => store.isClaimed(hiu.id, keyOf('push', pushSecretHash(secret))),
      async store(page) {
        const secretHash = pushSecretHash(page.secret);
        const { secret: _, ...rest } = page;
        const outcome = await store.ingest({
          hiuId: hiu.id,
          dedupeKey: `page:${secretHash}/${page.pageNumber}`,
          kind: 'page',
          receivedAt: page.receivedAt,
          payload: JSON.stringify({ secretHash, ...rest }),
          ...routeOfPage(secretHash),
        });
        log.info(outcome === 'stored' ? 'page-stored' : 'page-duplicate', { hiuId: hiu.id, transactionId: page.transactionId, pageNumber: page.pageNumber, bytes: page.body.length });
        return outcome;
      },
    };
    registerBridgeRoutes(
      scope,
      {
        generation,
        routes: [...served.values()].map(({ route }) => ({ ...route, kind: route.kind as CallbackKind })),
        inbox,
        pushes,
        jwksUrl: async () => hiu.gatewayCertsUrl ?? '',
        // A training HIU's callbacks come from its desks' simulators, signed with the keys those desks announced.
        ...(hiu.training ? { localKeys: { describe: 'the keys its training desks announced', resolver: trainingKeys.resolver(hiu.id) } } : {}),
        jwksHeaders: () => generation.certsHeaders(hiu.cmId),
        now,
        callbackLimitBytes: config.limits.callbackBytes,
        dataPushLimitBytes: config.limits.dataPushBytes,
      },
      counters,
    );
    // "Test the callback path" (relay/path-check.ts): in at this HIU's public URL, out at the desk's WebSocket.
    registerPathCheck(scope, { hiuId: hiu.id, store, log, now, checkPath: (deskId, nonce, ms) => sessions.checkPath(deskId, nonce, ms) });
  }

  async function health(reply: import('fastify').FastifyReply, detail: boolean) {
    try {
      await store.ping();
      return reply.send(detail ? { status: 'ok', desksConnected: sessions.connected(), backlog: await store.backlog() } : { status: 'ok' });
    } catch (error) {
      log.error('storage-unreachable', { reason: (error as Error).message });
      return reply.code(503).send(detail ? { status: 'storage-unreachable', desksConnected: sessions.connected() } : { status: 'storage-unreachable' });
    }
  }

  const purge = async () => {
    const at = now();
    const cutoffs = {
      messagesBefore: new Date(at - config.retention.messageDays * DAY_MS).toISOString(),
      expectationsBefore: new Date(at - config.retention.expectationDays * DAY_MS).toISOString(),
      tokensBefore: new Date(at).toISOString(),
    };
    try {
      const purged = await store.purge(cutoffs);
      if (purged.messages || purged.expectations) log.info('purged', { ...purged });
    } catch (error) {
      log.error('purge-failed', { reason: (error as Error).message });
    }
  };
  await purge();
  const purger = setInterval(() => void purge(), PURGE_INTERVAL_MS);
  purger.unref();

  sessions.attach(app.server);
  await app.listen({ host: config.listen.host, port: config.listen.port });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The relay did not get a TCP port.');
  const host = config.listen.host === '0.0.0.0' ? '127.0.0.1' : config.listen.host;
  log.info('listening', { url: `http://${host}:${address.port}`, hius: config.hius.map((h) => ({ id: h.id, callbackUrl: hiuCallbackUrl(config, h.id), roles: roles.filter((role) => role.idAt(h) !== undefined).map((role) => role.name) })) });
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    counters: () => Object.fromEntries([...boards].map(([id, board]) => [id, board.snapshot()])),
    close: async () => {
      clearInterval(purger);
      await sessions.close();
      await app.close();
    },
  };
}
