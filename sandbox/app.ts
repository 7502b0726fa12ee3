import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import type { SandboxContext } from './context';
import { controlRoutes } from './control';
import { guardSandboxControls } from './control-guard';
import { AbdmError, installErrorHandling, isGatewayUrl, validationError } from './errors';
import { gatewayHiuControlRoutes } from './gateway/hiu/sandbox-controls';
import { gatewayHiuRoutes } from './gateway/hiu/index';
import { gatewaySessionRoutes } from './gateway/sessions';
import { healthIdRoutes } from './healthid/index';
import { abhaV3Routes } from './abha-v3/index';
import { hiecmV3Routes } from './gateway/hiecm-v3/index';
import { foreignHiuPushRoutes, hipControlRoutes, hipFlowControlRoutes, hipFlowV05Routes, hipFlowV3Routes, hipOnShareLegacyRoutes, hipOnShareV3Routes } from './hip/index';

/** Latency, 5xx answers and dropped connections on ABDM routes (never on /_sandbox). */
function installFaultInjection(app: FastifyInstance, ctx: SandboxContext): void {
  app.addHook('onRequest', async (request, reply) => {
    // By the route matched, like the controls' guard, so /%5Fsandbox/... is a control too.
    if (request.routeOptions.url?.startsWith('/_sandbox')) return;
    const { latencyMs } = ctx.faults.settings;
    if (latencyMs) await sleep(latencyMs);
    const decision = ctx.faults.decide();
    if (decision === 'drop') {
      reply.hijack();
      request.raw.socket.destroy();
    } else if (decision === 'error') {
      reply.header('x-sandbox-fault', 'error');
      const gateway = isGatewayUrl(request.url);
      throw new AbdmError(gateway ? 503 : 500, 'HIS-500', 'Downstream system(s) is down.', { gatewayCode: 2503 });
    }
  });
}

/**
 * The idle timeout (connectionTimeout) is meant for clients that stop sending. Left to itself Node would
 * also cut a request that has fully arrived and is waiting on the sandbox (a latency fault of up to 60 s,
 * POST /_sandbox/hiu/idle), so such a socket is kept until its answer goes out; any other socket that
 * times out (headers or body still arriving, or idle between requests) is closed, as Node would.
 */
function closeOnlySilentClients(app: FastifyInstance): void {
  const current = new WeakMap<Socket, IncomingMessage>();
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    current.set(req.socket, req);
    res.once('close', () => {
      if (current.get(req.socket) === req) current.delete(req.socket);
    });
  });
  // With a listener here Node leaves timed-out sockets to us.
  app.server.on('timeout', (socket: Socket) => {
    if (!current.get(socket)?.complete) socket.destroy();
  });
}

export function buildSandboxApp(ctx: SandboxContext): FastifyInstance {
  const app = Fastify({
    // No request logging: request bodies carry Aadhaar numbers.
    logger: false,
    bodyLimit: ctx.config.bodyLimitBytes,
    forceCloseConnections: true,
    // Node never times out a request whose body stops arriving; these do (see closeOnlySilentClients).
    connectionTimeout: ctx.config.connectionTimeoutMs,
    requestTimeout: ctx.config.requestTimeoutMs,
    http: { headersTimeout: ctx.config.headersTimeoutMs },
    // Wrong types are errors, as in the real service's strict clients; no silent coercion.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
    schemaErrorFormatter: validationError,
  });
  closeOnlySilentClients(app);
  installErrorHandling(app, ctx.config.bodyLimitBytes);
  installFaultInjection(app, ctx);

  app.register(gatewaySessionRoutes(ctx), { prefix: '/gateway/v0.5' });
  // HIU-facing gateway v0.5, consent manager and demo HIPs (sandbox/gateway/hiu/, docs/sandbox-hiu.md).
  app.register(gatewayHiuRoutes(ctx), { prefix: '/gateway' });
  app.register(healthIdRoutes(ctx), { prefix: '/api/v1' });
  // ABDM v3 beside v1 / v0.5: one world, two wire formats (docs/sandbox.md).
  app.register(abhaV3Routes(ctx), { prefix: '/abha/api/v3' });
  app.register(hiecmV3Routes(ctx), { prefix: '/api/hiecm' });
  // Scan & Share: the desk's on-share with the token, on each generation (sandbox/hip/, docs/sandbox-hip.md).
  app.register(hipOnShareV3Routes(ctx), { prefix: '/api/hiecm' });
  app.register(hipOnShareLegacyRoutes(ctx), { prefix: '/gateway' });
  // The clinic as an HIP: linking, consents and data flow at the gateway, and the foreign HIU's dataPushUrl.
  app.register(hipFlowV3Routes(ctx), { prefix: '/api/hiecm' });
  app.register(hipFlowV05Routes(ctx), { prefix: '/gateway' });
  app.register(foreignHiuPushRoutes(ctx));
  // Every /_sandbox control (Health ID and HIU side) sits in one context behind one guard. The hook
  // belongs to the routes, not to the URL's spelling, so /%5Fsandbox/reset cannot slip past it.
  app.register(
    async (controls) => {
      controls.addHook('onRequest', guardSandboxControls);
      controls.register(gatewayHiuControlRoutes(ctx));
      controls.register(controlRoutes(ctx));
      controls.register(hipControlRoutes(ctx), { prefix: '/hip' });
      controls.register(hipFlowControlRoutes(ctx), { prefix: '/hip' });
    },
    { prefix: '/_sandbox' },
  );
  return app;
}
