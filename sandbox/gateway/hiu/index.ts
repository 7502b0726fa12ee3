import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SandboxContext } from '../../context';
import * as bodies from './body-schemas';
import { bridgeRoutes } from './bridge-routes';
import { consentRequestStatus, initConsentRequest } from './consent-requests';
import { fetchArtefact } from './consent-artefacts';
import { recordHiuNotification, requestHealthInformation } from './data-flow';
import { gatewayCaller, parseBody } from './gateway-rules';
import type { HiuWorld, Caller } from './hiu-world';
import { recordHipTransferNotify } from '../../hip/hip-answers';
import { findPatient } from './patient-identification';
import { initSubscriptionRequest } from './subscriptions';
import { confirmAuth, fetchAuthModes, initAuth } from './user-auth';

// The HIU-facing side of gateway v0.5 (mounted at /gateway): every request an HIU makes,
// every acknowledgement it sends, and the sandbox bridge registration (PATCH /v1/bridges).

/** The HIU world of one sandbox: settings, records and the work queue (tests and bench use it). */
export function hiuWorldOf(ctx: SandboxContext): HiuWorld {
  return ctx.hiu;
}

export function gatewayHiuRoutes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    const world = ctx.hiu;
    app.addHook('onClose', async () => world.close());
    registerRequests(app, ctx, world);
    registerAcknowledgements(app, ctx, world);
    await app.register(bridgeRoutes(ctx, world.bridges), { prefix: '/v1/bridges' });
  };
}

type Handler<S extends z.ZodType> = (body: z.infer<S>, clientId: string) => void;

/** A request the gateway accepts with 202 and answers later with a callback. */
function hiuRequest<S extends z.ZodType>(app: FastifyInstance, ctx: SandboxContext, world: HiuWorld, path: string, schema: S, handle: Handler<S>) {
  app.post(`/v0.5${path}`, { preHandler: gatewayCaller(ctx) }, async (request, reply) => {
    const body = parseBody(schema, request.body) as z.infer<S> & { requestId: string; timestamp: string };
    world.replay.admit(body.requestId, body.timestamp);
    handle(body, clientOf(request));
    return reply.code(202).send();
  });
}

function registerRequests(app: FastifyInstance, ctx: SandboxContext, world: HiuWorld): void {
  const requester = (clientId: string, r: { type: 'HIU' | 'HIP'; id: string }): Caller => ({ clientId, serviceId: r.id, role: r.type });
  const hiu = (clientId: string, id: string): Caller => ({ clientId, serviceId: id });
  const fallback = (clientId: string): Caller => ({ clientId, serviceId: defaultServiceId(world, clientId) });

  hiuRequest(app, ctx, world, '/patients/find', bodies.patientFindBody, (body, clientId) =>
    findPatient(world, requester(clientId, body.query.requester), body),
  );
  hiuRequest(app, ctx, world, '/users/auth/fetch-modes', bodies.authFetchModesBody, (body, clientId) =>
    fetchAuthModes(world, requester(clientId, body.query.requester), body),
  );
  hiuRequest(app, ctx, world, '/users/auth/init', bodies.authInitBody, (body, clientId) =>
    initAuth(world, requester(clientId, body.query.requester), body),
  );
  hiuRequest(app, ctx, world, '/users/auth/confirm', bodies.authConfirmBody, (body, clientId) => {
    const txn = world.authTransactions.get(body.transactionId);
    confirmAuth(world, txn?.caller.clientId === clientId ? txn.caller : fallback(clientId), body);
  });
  hiuRequest(app, ctx, world, '/consent-requests/init', bodies.consentInitBody, (body, clientId) =>
    initConsentRequest(world, hiu(clientId, body.consent.hiu.id), body),
  );
  hiuRequest(app, ctx, world, '/consent-requests/status', bodies.consentStatusBody, (body, clientId) => {
    const record = world.consentRequests.get(body.consentRequestId);
    consentRequestStatus(world, record ? hiu(clientId, record.consent.hiu.id) : fallback(clientId), body);
  });
  hiuRequest(app, ctx, world, '/consents/fetch', bodies.consentFetchBody, (body, clientId) => {
    const artefact = world.artefacts.get(body.consentId);
    fetchArtefact(world, artefact ? hiu(clientId, artefact.detail.hiu.id) : fallback(clientId), body);
  });
  hiuRequest(app, ctx, world, '/health-information/cm/request', bodies.healthInformationRequestBody, (body, clientId) =>
    requestHealthInformation(world, fallback(clientId), body),
  );
  // The same path carries an HIP's notify about a transfer to the simulator's foreign HIU (sandbox/hip/).
  hiuRequest(app, ctx, world, '/health-information/notify', bodies.healthInformationNotifyBody, (body) => {
    const forForeignHiu = body.notification.notifier.type === 'HIP' && recordHipTransferNotify(ctx, body.notification.transactionId, body) !== 'unknown';
    if (!forForeignHiu) recordHiuNotification(world, body);
  });
  hiuRequest(app, ctx, world, '/subscription-requests/cm/init', bodies.subscriptionInitBody, (body, clientId) =>
    initSubscriptionRequest(world, hiu(clientId, body.subscription.hiu.id), body),
  );
}

/**
 * Acknowledgements (on-notify): the gateway checks only the caller, X-CM-ID and that
 * resp.requestId names a notification it sent; no timestamp window, no replay check.
 */
function registerAcknowledgements(app: FastifyInstance, ctx: SandboxContext, world: HiuWorld): void {
  const acks: Array<[string, z.ZodType<{ resp?: { requestId: string } | undefined }>]> = [
    ['/consents/hiu/on-notify', bodies.consentNotifyAckBody],
    ['/users/auth/on-notify', bodies.authNotifyAckBody],
    ['/subscription-requests/hiu/on-notify', bodies.subscriptionRequestNotifyAckBody],
    ['/subscriptions/hiu/on-notify', bodies.subscriptionEventAckBody],
    ['/patients/status/on-notify', bodies.patientStatusAckBody],
  ];
  for (const [path, schema] of acks) {
    app.post(`/v0.5${path}`, { preHandler: gatewayCaller(ctx) }, async (request, reply) => {
      const body = parseBody(schema, request.body);
      world.notifications.acknowledge(body.resp?.requestId, path, body, world.now());
      return reply.code(202).send();
    });
  }
}

function clientOf(request: FastifyRequest): string {
  return request.gatewayClient?.clientId ?? '';
}

/** The HIU id a bridge answers to when a message names none: its registered HIU service, or the default. */
function defaultServiceId(world: HiuWorld, clientId: string): string {
  return world.bridges.servicesOf(clientId).find((service) => service.type === 'HIU')?.id ?? world.settings.defaultHiuId;
}
