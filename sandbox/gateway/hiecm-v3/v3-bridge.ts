import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../../context';
import { parseBody } from '../hiu/gateway-rules';
import { HiecmError, V3_CODES } from './v3-errors';
import { admitOnce, v3CallOf, v3GatewayCall } from './v3-request-headers';

// PATCH /gateway/v3/bridge/url {url} → 202 (reference/spec/abdm-v3.md §1): the same registry as the
// v0.5 devservice's PATCH /gateway/v1/bridges, so one URL serves both generations — v0.5 callbacks go
// to <url>/v0.5/..., v3 ones to <url>/api/v3/hiu/....

const bridgeUrlBody = z.object({ url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }) });

export function v3BridgeRoutes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    app.patch('/bridge/url', { preHandler: v3GatewayCall(ctx, { hiu: false }) }, async (request, reply) => {
      const call = v3CallOf(request);
      const { url } = parseBody(bridgeUrlBody, request.body);
      admitOnce(ctx.hiu, call);
      try {
        ctx.hiu.bridges.setUrl(call.clientId, url);
      } catch (error) {
        throw new HiecmError(400, V3_CODES.badBody, `url: ${(error as Error).message}`);
      }
      return reply.code(202).send();
    });
  };
}
