import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../../context';
import { parseBody } from '../hiu/gateway-rules';
import { issuer } from '../access-tokens';
import { openSession } from '../sessions';
import { admitOnce, checkCmId, checkRequestId, checkTimestamp } from './v3-request-headers';

// Gateway v3 session and discovery (reference/spec/abdm-v3.md §1), mounted at /api/hiecm/gateway/v3.
// The tokens are the v0.5 ones (sandbox/gateway/access-tokens.ts): one gateway, two generations.

const sessionBody = z.object({
  clientId: z.string().min(1).max(256),
  clientSecret: z.string().min(1).max(512),
  grantType: z.enum(['client_credentials', 'refresh_token']),
  refreshToken: z.string().min(1).max(8192).optional(),
});

function sessionHeaders(ctx: SandboxContext, request: FastifyRequest) {
  const requestId = checkRequestId(request);
  const timestamp = checkTimestamp(request, ctx.clock.now());
  checkCmId(request);
  return { requestId, timestamp };
}

export function v3SessionRoutes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    app.post('/sessions', async (request, reply) => {
      const headers = sessionHeaders(ctx, request);
      const body = parseBody(sessionBody, request.body);
      admitOnce(ctx.hiu, { clientId: body.clientId, hiuId: '', ...headers });
      return reply.code(202).send(await openSession(ctx, body));
    });

    // Discovery answers without the v3 headers: JWKS clients (jose, Keycloak adapters) do not send them.
    app.get('/certs', async () => ({ keys: [ctx.keys.gateway.publicJwk] }));

    app.get('/.well-known/openid-configuration', async () => ({
      issuer: issuer(ctx),
      jwks_uri: `${ctx.publicUrl}/api/hiecm/gateway/v3/certs`,
      token_endpoint: `${ctx.publicUrl}/api/hiecm/gateway/v3/sessions`,
      grant_types_supported: ['client_credentials', 'refresh_token'],
      id_token_signing_alg_values_supported: [ctx.keys.gateway.alg],
    }));
  };
}
