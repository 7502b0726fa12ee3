import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { SandboxContext } from '../../context';
import { consentRequestStatus, initConsentRequest } from '../hiu/consent-requests';
import { requestHealthInformation } from '../hiu/data-flow';
import { parseBody } from '../hiu/gateway-rules';
import type { Caller, HiuWorld } from '../hiu/hiu-world';
import * as bodies from './v3-bodies';
import { fetchArtefactV3 } from './v3-consent-fetch';
import { HiecmError, V3_CODES } from './v3-errors';
import { admitOnce, v3CallOf, v3GatewayCall, type V3Call } from './v3-request-headers';
import { registerIdentityAuthentication } from './v3-identity';
import { recordHiuNotificationV3 } from './v3-transfer-notify';
import { recordHipTransferNotify } from '../../hip/hip-answers';

// The HIU requests of HIE-CM v3 (reference/spec/abdm-v3.md §3), answered by the same consent manager,
// HIPs and records as gateway v0.5 (sandbox/gateway/hiu/). The caller carries wire 'v3', so the answer and
// every later notification about the request go out in v3 form (v3-wire-format.ts).

type Handler<S extends z.ZodType> = (body: z.infer<S>, call: V3Call, caller: Caller) => unknown;

/** Accepted with 202 (once per REQUEST-ID); the answer follows as a callback. */
function v3Request<S extends z.ZodType>(app: FastifyInstance, ctx: SandboxContext, path: string, schema: S, handle: Handler<S>) {
  app.post(path, { preHandler: v3GatewayCall(ctx, { hiu: true }) }, async (request, reply) => {
    const call = v3CallOf(request);
    const body = parseBody(schema, request.body);
    admitOnce(ctx.hiu, call);
    await handle(body, call, { clientId: call.clientId, serviceId: call.hiuId, wire: 'v3' });
    return reply.code(202).send();
  });
}

/** The v0.5 handlers read the envelope from the body; in v3 it comes from the headers. */
const enveloped = <T extends object>(body: T, call: V3Call) => ({ ...body, requestId: call.requestId, timestamp: call.timestamp });

function registerConsentRequests(app: FastifyInstance, ctx: SandboxContext, world: HiuWorld): void {
  v3Request(app, ctx, '/consent/v3/request/init', bodies.v3ConsentInitBody, (body, call, caller) =>
    initConsentRequest(world, caller, enveloped(body, call)),
  );
  v3Request(app, ctx, '/consent/v3/request/status', bodies.v3ConsentStatusBody, (body, call, caller) =>
    consentRequestStatus(world, caller, enveloped(body, call)),
  );
  v3Request(app, ctx, '/consent/v3/fetch', bodies.v3ConsentFetchBody, (body, call, caller) =>
    fetchArtefactV3(world, caller, body.consentId, call.requestId),
  );
}

function registerDataFlow(app: FastifyInstance, ctx: SandboxContext, world: HiuWorld): void {
  v3Request(app, ctx, '/data-flow/v3/health-information/request', bodies.v3HealthInformationRequestBody, (body, call, caller) =>
    requestHealthInformation(world, caller, enveloped(body, call)),
  );
  // The HIU's notify, and an HIP's (X-HIP-ID) about a transfer to the simulator's foreign HIU (sandbox/hip/).
  app.post('/data-flow/v3/health-information/notify', { preHandler: v3GatewayCall(ctx, { hiu: true, hipMayCall: true }) }, async (request, reply) => {
    const call = v3CallOf(request);
    const body = parseBody(bodies.v3HealthInformationNotifyBody, request.body);
    admitOnce(world, call);
    const forForeignHiu = body.notification.notifier.type === 'HIP' ? recordHipTransferNotify(ctx, body.notification.transactionId, body) : 'unknown';
    if (forForeignHiu === 'duplicate') throw new HiecmError(400, V3_CODES.duplicateNotification, 'Duplicate Health Information request');
    if (forForeignHiu === 'unknown') recordHiuNotificationV3(world, body, call);
    return reply.code(202).send();
  });
}

/**
 * consent/v3/request/hiu/on-notify: like v0.5's acknowledgements, checked for token, headers and that
 * response.requestId names a notification the sandbox sent (its REQUEST-ID); no replay check.
 */
function registerAcknowledgement(app: FastifyInstance, ctx: SandboxContext, world: HiuWorld): void {
  const path = '/consent/v3/request/hiu/on-notify';
  app.post(path, { preHandler: v3GatewayCall(ctx, { hiu: true }) }, async (request, reply) => {
    const body = parseBody(bodies.v3ConsentNotifyAckBody, request.body);
    const known = world.notifications.all().some((n) => n.requestId === body.response.requestId);
    if (!known) throw new HiecmError(400, V3_CODES.requestIdNotFound, 'Request id not found');
    world.notifications.acknowledge(body.response.requestId, path, body, world.now());
    return reply.code(202).send();
  });
}

export function v3HiuRoutes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    registerConsentRequests(app, ctx, ctx.hiu);
    registerDataFlow(app, ctx, ctx.hiu);
    registerAcknowledgement(app, ctx, ctx.hiu);
    registerIdentityAuthentication(app, ctx, ctx.hiu);
  };
}
