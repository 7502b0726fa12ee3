import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import type { SandboxContext } from '../context';
import { AbdmError } from '../errors';
import { HiecmError, renderV3Error, V3_CODES } from '../gateway/hiecm-v3/v3-errors';
import { admitOnce, v3CallOf, v3GatewayCall } from '../gateway/hiecm-v3/v3-request-headers';
import { gatewayCaller, parseBody } from '../gateway/hiu/gateway-rules';
import { acceptAnswer, type AnswerKind } from './hip-answers';
import { hipFlowStateOf, nowIso, type HipGeneration } from './hip-flow-state';
import * as schemas from './hip-gateway-schemas';
import { acknowledgeContextNotify, addContextsV05, generateLinkToken, linkCareContextsV3, sendSmsDeepLink } from './hip-linking';

// The gateway's doors for the clinic as an HIP (docs/sandbox-hip.md §9–§12), on each generation: the requests an HIP
// makes (link token, linking, context notify, SMS deep link), answered 202 and later by a callback, and its answers
// to news from ABDM (on-discover, link on-init / on-confirm, consent on-notify, hi on-request), checked against the
// message they answer. Everything accepted is recorded (GET /_sandbox/hip/received).

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function requireHipRole(refuse: () => Error): preHandlerAsyncHookHandler {
  return async (request) => {
    const roles = request.gatewayClient?.roles.map((role) => role.toLowerCase()) ?? [];
    if (!roles.includes('hip')) throw refuse();
  };
}

/** Token, REQUEST-ID, TIMESTAMP, X-CM-ID, then the hip role and X-HIP-ID. */
function v3HipCall(ctx: SandboxContext): preHandlerAsyncHookHandler[] {
  const hipId: preHandlerAsyncHookHandler = async (request) => {
    if (!header(request, 'x-hip-id')) throw new HiecmError(400, V3_CODES.badBody, 'X-HIP-ID missing on headers');
  };
  return [...v3GatewayCall(ctx, { hiu: false }), requireHipRole(() => new HiecmError(403, V3_CODES.unknown, 'Access Denied')), hipId];
}

const V3_BASE = '/api/hiecm';
const V05_BASE = '/gateway';

function record(ctx: SandboxContext, request: FastifyRequest, path: string, generation: HipGeneration, requestId: string): void {
  const linkToken = header(request, 'x-link-token');
  const hipId = header(request, 'x-hip-id');
  hipFlowStateOf(ctx).record({
    path,
    generation,
    requestId,
    receivedAt: nowIso(ctx),
    headers: { ...(hipId ? { hipId } : {}), ...(linkToken ? { linkToken } : {}) },
    body: request.body,
  });
}

type V3Handler<S extends z.ZodType> = (body: z.infer<S>, ids: { requestId: string; hipId: string; request: FastifyRequest }) => void;

/** A v3 request of the HIP: checked, admitted once per REQUEST-ID, recorded, 202; the handler sends the callback. */
function v3Request<S extends z.ZodType>(app: FastifyInstance, ctx: SandboxContext, path: string, schema: S, handle: V3Handler<S>, options: { linkToken?: boolean } = {}): void {
  app.post(path, { preHandler: v3HipCall(ctx) }, async (request, reply) => {
    const call = v3CallOf(request);
    // Whether the token fits is the consent manager's answer (on_carecontext); a missing one is refused at the door.
    if (options.linkToken && !header(request, 'x-link-token')) throw new HiecmError(400, V3_CODES.badBody, 'X-LINK-TOKEN missing on headers');
    const body = parseBody(schema, request.body);
    admitOnce(ctx.hiu, call);
    record(ctx, request, `${V3_BASE}${path}`, 'v3', call.requestId);
    handle(body, { requestId: call.requestId, hipId: header(request, 'x-hip-id') ?? '', request });
    return reply.code(202).send();
  });
}

/** A v3 answer of the HIP to news from ABDM: it must name a message the gateway sent (response.requestId). */
function v3Answer<S extends z.ZodType<{ response: { requestId: string } }>>(app: FastifyInstance, ctx: SandboxContext, path: string, schema: S, kind: AnswerKind): void {
  app.post(path, { preHandler: v3HipCall(ctx) }, async (request, reply) => {
    const call = v3CallOf(request);
    const body = parseBody(schema, request.body);
    const problem = acceptAnswer(ctx, kind, body.response.requestId, body);
    if (problem) throw new HiecmError(400, V3_CODES.requestIdNotFound, `response.requestId: ${problem}`);
    record(ctx, request, `${V3_BASE}${path}`, 'v3', call.requestId);
    return reply.code(202).send();
  });
}

export function hipFlowV3Routes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    app.setErrorHandler((error: unknown, _request: FastifyRequest, reply: FastifyReply) => {
      const { status, body } = renderV3Error(error);
      if (typeof body === 'string') return reply.status(status).type('text/plain').send(body);
      return reply.status(status).send(body);
    });
    v3Request(app, ctx, '/v3/token/generate-token', schemas.generateTokenBody, (body, ids) => generateLinkToken(ctx, ids.hipId, ids.requestId, body));
    v3Request(app, ctx, '/hip/v3/link/carecontext', schemas.linkCareContextBody, (body, ids) =>
      linkCareContextsV3(ctx, ids.hipId, ids.requestId, header(ids.request, 'x-link-token') ?? '', body),
      { linkToken: true },
    );
    v3Request(app, ctx, '/hip/v3/link/context/notify', schemas.contextNotifyV3Body, (_body, ids) => acknowledgeContextNotify(ctx, 'v3', ids.hipId, ids.requestId));
    v3Request(app, ctx, '/hip/v3/link/patient/links/sms/notify2', schemas.smsNotifyV3Body, (body, ids) => sendSmsDeepLink(ctx, 'v3', ids.requestId, body.notification));
    v3Answer(app, ctx, '/user-initiated-linking/v3/patient/care-context/on-discover', schemas.onDiscoverV3Body, 'discover');
    v3Answer(app, ctx, '/user-initiated-linking/v3/link/care-context/on-init', schemas.onLinkInitV3Body, 'link-init');
    v3Answer(app, ctx, '/user-initiated-linking/v3/link/care-context/on-confirm', schemas.onLinkConfirmV3Body, 'link-confirm');
    v3Answer(app, ctx, '/consent/v3/request/hip/on-notify', schemas.consentOnNotifyV3Body, 'consent-notify');
    v3Answer(app, ctx, '/data-flow/v3/health-information/hip/on-request', schemas.hipOnRequestV3Body, 'hi-request');
  };
}

const v05Refusal = (message: string) => new AbdmError(400, 'HIS-400', message, { gatewayCode: 2500 });

/** The HIP id a v0.5 call is for: X-HIP-ID when sent, else the HIP the caller's bridge serves (may be empty). */
function v05HipId(ctx: SandboxContext, request: FastifyRequest): string {
  const clientId = request.gatewayClient?.clientId ?? '';
  return header(request, 'x-hip-id') ?? ctx.hiu.bridges.servicesOf(clientId).find((service) => service.type === 'HIP')?.id ?? '';
}

type V05Body = { requestId: string; timestamp: string };

function v05Request<S extends z.ZodType<V05Body>>(app: FastifyInstance, ctx: SandboxContext, path: string, schema: S, handle: (body: z.infer<S>, hipId: string) => void): void {
  app.post(path, { preHandler: gatewayCaller(ctx, 'hip') }, async (request, reply) => {
    const body = parseBody(schema, request.body);
    ctx.hiu.replay.admit(body.requestId, body.timestamp);
    record(ctx, request, `${V05_BASE}${path}`, 'v0.5', body.requestId);
    handle(body, v05HipId(ctx, request));
    return reply.code(202).send();
  });
}

function v05Answer<S extends z.ZodType<V05Body & { resp: { requestId: string } }>>(app: FastifyInstance, ctx: SandboxContext, path: string, schema: S, kind: AnswerKind): void {
  app.post(path, { preHandler: gatewayCaller(ctx, 'hip') }, async (request, reply) => {
    const body = parseBody(schema, request.body);
    const problem = acceptAnswer(ctx, kind, body.resp.requestId, body);
    if (problem) throw v05Refusal(`resp.requestId: ${problem}`);
    record(ctx, request, `${V05_BASE}${path}`, 'v0.5', body.requestId);
    return reply.code(202).send();
  });
}

export function hipFlowV05Routes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    v05Request(app, ctx, '/v0.5/links/link/add-contexts', schemas.addContextsBody, (body, hipId) => addContextsV05(ctx, hipId, body));
    v05Request(app, ctx, '/v0.5/links/context/notify', schemas.contextNotifyV05Body, (body) =>
      acknowledgeContextNotify(ctx, 'v0.5', body.notification.hip.id, body.requestId),
    );
    // ndhm-gateway-v1.yml names it sms/notify; desks that took v3's name send sms/notify2. Both are taken.
    for (const path of ['/v0.5/patients/sms/notify', '/v0.5/patients/sms/notify2']) {
      v05Request(app, ctx, path, schemas.smsNotifyV05Body, (body) => sendSmsDeepLink(ctx, 'v0.5', body.requestId, body.notification));
    }
    v05Answer(app, ctx, '/v0.5/care-contexts/on-discover', schemas.onDiscoverV05Body, 'discover');
    v05Answer(app, ctx, '/v0.5/links/link/on-init', schemas.onLinkInitV05Body, 'link-init');
    v05Answer(app, ctx, '/v0.5/links/link/on-confirm', schemas.onLinkConfirmV05Body, 'link-confirm');
    v05Answer(app, ctx, '/v0.5/consents/hip/on-notify', schemas.consentOnNotifyV05Body, 'consent-notify');
    v05Answer(app, ctx, '/v0.5/health-information/hip/on-request', schemas.hipOnRequestV05Body, 'hi-request');
  };
}
