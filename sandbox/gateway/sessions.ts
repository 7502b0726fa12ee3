import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { SandboxContext } from '../context';
import { AbdmError } from '../errors';
import { issuer, issueSession, refreshTokenClient, type SessionResponse } from './access-tokens';

// Gateway session endpoints (reference/spec/gateway-v05.md §2.1–2.4), mounted at /gateway/v0.5.

const sessionBody = {
  type: 'object',
  required: ['clientId', 'clientSecret'],
  properties: {
    clientId: { type: 'string', minLength: 1, maxLength: 256 },
    clientSecret: { type: 'string', minLength: 1, maxLength: 512 },
    // Required by the official spec, yet real clients omit it and the real gateway then assumes client_credentials.
    grantType: { type: 'string', enum: ['client_credentials', 'refresh_token'] },
    refreshToken: { type: 'string', minLength: 1, maxLength: 8192 },
  },
} as const;

export interface SessionBody {
  clientId: string;
  clientSecret: string;
  grantType?: 'client_credentials' | 'refresh_token';
  refreshToken?: string;
}

/** Compares digests so the time taken does not reveal how much of the secret matched. */
function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** Checks the client and (for refresh_token) the refresh token; v0.5 and v3 sessions share it. */
export async function openSession(ctx: SandboxContext, body: SessionBody): Promise<SessionResponse> {
  const { clientId, clientSecret, grantType, refreshToken } = body;
  if (!grantType && refreshToken) throw new AbdmError(400, 'HIS-400', 'Please mention grant type', { gatewayCode: 2500 });
  if (!sameSecret(clientId, ctx.config.clientId) || !sameSecret(clientSecret, ctx.config.clientSecret)) {
    throw new AbdmError(401, 'HIS-401', 'Invalid client Id or secret.', { gatewayCode: 2500 });
  }
  if (grantType === 'refresh_token') {
    if (!refreshToken) throw new AbdmError(400, 'HIS-400', 'refreshToken is required when grantType is refresh_token.', { gatewayCode: 2500 });
    if ((await refreshTokenClient(ctx, refreshToken)) !== clientId) {
      throw new AbdmError(401, 'HIS-401', 'Invalid or expired refresh token.', { gatewayCode: 2401 });
    }
  }
  return issueSession(ctx, clientId);
}

export function gatewaySessionRoutes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    app.post<{ Body: SessionBody }>('/sessions', { schema: { body: sessionBody } }, async (request) => openSession(ctx, request.body));

    app.get('/certs', async () => ({ keys: [ctx.keys.gateway.publicJwk] }));

    app.get('/.well-known/openid-configuration', async () => ({
      issuer: issuer(ctx),
      jwks_uri: `${ctx.publicUrl}/gateway/v0.5/certs`,
      token_endpoint: `${ctx.publicUrl}/gateway/v0.5/sessions`,
      grant_types_supported: ['client_credentials', 'refresh_token'],
      id_token_signing_alg_values_supported: [ctx.keys.gateway.alg],
    }));

    app.get('/heartbeat', async () => ({ timestamp: new Date(ctx.clock.now()).toISOString(), status: 'UP' }));
  };
}
