import type { FastifyPluginAsync, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { SandboxContext } from '../context';
import { AbdmError } from '../errors';
import { HiecmError, renderV3Error, V3_CODES } from '../gateway/hiecm-v3/v3-errors';
import { v3CallOf, v3GatewayCall } from '../gateway/hiecm-v3/v3-request-headers';
import { gatewayCaller, parseBody } from '../gateway/hiu/gateway-rules';
import { onShareSchemaLegacy, onShareSchemaV3 } from './on-share-schemas';
import { hipShareLogOf, type SentShare, type ShareGeneration } from './share-log';

// The gateway's side of a counter's answer (docs/sandbox-hip.md §2): the desk posts its on-share with the token
// number; the gateway checks the caller, the headers and the body, and that it answers a share the simulator sent,
// then records it with its receive time and answers 202. Like the HIU side's acknowledgements there is no replay
// check: a desk retrying its on-share under the same REQUEST-ID is recorded twice, not refused.

/** What each generation calls the field that names the share, and the acknowledgement's ABHA address. */
const FIELDS: Record<ShareGeneration, { answers: string; address: string }> = {
  v3: { answers: 'response.requestId', address: 'acknowledgement.abhaAddress' },
  'v0.5': { answers: 'resp.requestId', address: 'acknowledgement.healthId' },
};

const ON_SHARE_PATHS: Record<ShareGeneration, string> = {
  v3: '/api/hiecm/patient-share/v3/on-share',
  'v0.5': '/gateway/v1.0/patients/profile/on-share',
};

interface Answer {
  shareRequestId: string;
  abhaAddress?: string | undefined;
  /** v3 only: the counter the token is for. */
  context?: string | undefined;
}

/** The share the on-share names, on the same generation, for the same patient and counter; else a 400 naming the field. */
function answeredShare(ctx: SandboxContext, generation: ShareGeneration, answer: Answer, refuse: (message: string) => Error): SentShare {
  const fields = FIELDS[generation];
  const share = hipShareLogOf(ctx).share(answer.shareRequestId);
  if (!share) throw refuse(`${fields.answers}: names no share the gateway sent`);
  if (share.generation !== generation) {
    throw refuse(`${fields.answers}: names a ${share.generation} share; answer it at ${ON_SHARE_PATHS[share.generation]}`);
  }
  if (answer.abhaAddress !== undefined && answer.abhaAddress.toLowerCase() !== share.abhaAddress.toLowerCase()) {
    throw refuse(`${fields.address}: is not the ABHA address of the share it answers (${share.abhaAddress})`);
  }
  if (answer.context !== undefined && answer.context !== share.counterId) {
    throw refuse(`acknowledgement.profile.context: is not the counter of the share it answers (${share.counterId})`);
  }
  return share;
}

function requireHipRole(): preHandlerAsyncHookHandler {
  return async (request) => {
    const roles = request.gatewayClient?.roles.map((role) => role.toLowerCase()) ?? [];
    if (!roles.includes('hip')) throw new HiecmError(403, V3_CODES.unknown, 'Access Denied');
  };
}

/** POST /patient-share/v3/on-share under /api/hiecm: token, REQUEST-ID, TIMESTAMP, X-CM-ID, the hip role, the body. */
export function hipOnShareV3Routes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    // Refusals in HIE-CM v3's shape, like the rest of /api/hiecm (sandbox/gateway/hiecm-v3/v3-errors.ts).
    app.setErrorHandler((error: unknown, _request: FastifyRequest, reply: FastifyReply) => {
      const { status, body } = renderV3Error(error);
      if (typeof body === 'string') return reply.status(status).type('text/plain').send(body);
      return reply.status(status).send(body);
    });
    app.post('/patient-share/v3/on-share', { preHandler: [...v3GatewayCall(ctx, { hiu: false }), requireHipRole()] }, async (request, reply) => {
      const call = v3CallOf(request);
      const body = parseBody(onShareSchemaV3(request.body), request.body);
      const ack = body.acknowledgement ?? undefined;
      const profile = ack && 'profile' in ack ? (ack.profile as { context: string }) : undefined;
      const share = answeredShare(
        ctx,
        'v3',
        { shareRequestId: body.response.requestId, abhaAddress: ack?.abhaAddress, context: profile?.context },
        (message) => new HiecmError(400, V3_CODES.requestIdNotFound, message),
      );
      hipShareLogOf(ctx).addOnShare({ requestId: call.requestId, shareRequestId: share.requestId, generation: 'v3', receivedAt: now(ctx), body: request.body });
      return reply.code(202).send();
    });
  };
}

/** POST /v1.0/patients/profile/on-share under /gateway: token, the hip role, X-CM-ID, then the body's envelope. */
export function hipOnShareLegacyRoutes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    app.post('/v1.0/patients/profile/on-share', { preHandler: gatewayCaller(ctx, 'hip') }, async (request, reply) => {
      const body = parseBody(onShareSchemaLegacy(request.body), request.body);
      const share = answeredShare(
        ctx,
        'v0.5',
        { shareRequestId: body.resp.requestId, abhaAddress: body.acknowledgement?.healthId },
        (message) => new AbdmError(400, 'HIS-400', message, { gatewayCode: 2500 }),
      );
      hipShareLogOf(ctx).addOnShare({ requestId: body.requestId, shareRequestId: share.requestId, generation: 'v0.5', receivedAt: now(ctx), body: request.body });
      return reply.code(202).send();
    });
  };
}

function now(ctx: SandboxContext): string {
  return new Date(ctx.clock.now()).toISOString();
}
