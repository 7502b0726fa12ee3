import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { SandboxContext } from '../context';
import { AbdmError } from '../errors';

/** Roles a sandbox client gets: everything an HIU/HIP bridge with Health ID access may call. Never `gateway`. */
export const CLIENT_ROLES = ['hiu', 'hip', 'healthId', 'OIDC', 'offline_access'];
/**
 * Who the gateway's own callbacks and pushes come from: its own client id and the one realm role no client's session
 * has (ProjectEKA's GatewayTokenVerifier requires it, gateway-v05.md §3.2). The same keys sign both kinds of token,
 * so this role is all a bridge can tell them apart by (docs/bridge.md, "Whose token").
 */
export const GATEWAY_CLIENT_ID = 'gateway';
export const GATEWAY_ROLES = ['gateway'];

export interface GatewayClient {
  clientId: string;
  roles: string[];
  subject: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireGatewayToken: who called, according to the bearer token. */
    gatewayClient?: GatewayClient;
  }
}

export interface SessionResponse {
  accessToken: string;
  expiresIn: number;
  refreshExpiresIn: number;
  refreshToken: string;
  tokenType: 'bearer';
}

export function issuer(ctx: SandboxContext): string {
  return `${ctx.publicUrl}/auth/realms/central-registry`;
}

function nowSeconds(ctx: SandboxContext): number {
  return Math.floor(ctx.clock.now() / 1000);
}

/**
 * An RS256 access token shaped like the Keycloak tokens the real gateway issues (claims seen in
 * reference/spec/gateway-v05.md §3.1). The HIU-facing gateway signs its callbacks and HIP data pushes with this
 * too (roles ['gateway']; sandbox/gateway/hiu/callback-sender.ts, hip-data-push.ts).
 */
export async function signGatewayAccessToken(ctx: SandboxContext, clientId: string, roles: string[]): Promise<string> {
  const iat = nowSeconds(ctx);
  const key = ctx.keys.gateway;
  return new SignJWT({
    typ: 'Bearer',
    azp: clientId,
    clientId,
    scope: 'openid email profile',
    realm_access: { roles },
    preferred_username: `service-account-${clientId}`,
  })
    .setProtectedHeader({ alg: key.alg, typ: 'JWT', kid: key.kid })
    .setIssuer(issuer(ctx))
    .setSubject(`service-account:${clientId}`)
    .setAudience('account')
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + ctx.config.accessTokenTtlSeconds)
    .sign(key.privateKey);
}

/** The token on the gateway's own callbacks and data pushes. */
export function signCallbackToken(ctx: SandboxContext): Promise<string> {
  return signGatewayAccessToken(ctx, GATEWAY_CLIENT_ID, GATEWAY_ROLES);
}

async function signRefreshToken(ctx: SandboxContext, clientId: string): Promise<string> {
  const iat = nowSeconds(ctx);
  return new SignJWT({ typ: 'Refresh', azp: clientId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer(ctx))
    .setSubject(`service-account:${clientId}`)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + ctx.config.refreshTokenTtlSeconds)
    .sign(ctx.keys.refreshSecret);
}

export async function issueSession(ctx: SandboxContext, clientId: string): Promise<SessionResponse> {
  return {
    accessToken: await signGatewayAccessToken(ctx, clientId, CLIENT_ROLES),
    expiresIn: ctx.config.accessTokenTtlSeconds,
    refreshExpiresIn: ctx.config.refreshTokenTtlSeconds,
    refreshToken: await signRefreshToken(ctx, clientId),
    tokenType: 'bearer',
  };
}

/** Returns the client id a refresh token was issued to, or null when it is not a valid, live one. */
export async function refreshTokenClient(ctx: SandboxContext, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, ctx.keys.refreshSecret, {
      algorithms: ['HS256'],
      currentDate: new Date(ctx.clock.now()),
    });
    return payload.typ === 'Refresh' && typeof payload.azp === 'string' ? payload.azp : null;
  } catch {
    return null;
  }
}

export async function verifyGatewayAccessToken(ctx: SandboxContext, token: string): Promise<GatewayClient> {
  try {
    const { payload } = await jwtVerify(token, ctx.keys.gateway.publicKey, {
      algorithms: ['RS256'],
      currentDate: new Date(ctx.clock.now()),
      typ: 'JWT',
    });
    const roles = (payload.realm_access as { roles?: unknown } | undefined)?.roles;
    if (payload.typ !== 'Bearer' || typeof payload.clientId !== 'string' || !Array.isArray(roles)) {
      throw new AbdmError(401, 'HIS-401', 'Access token is not a gateway access token.');
    }
    return { clientId: payload.clientId, roles: roles.map(String), subject: String(payload.sub) };
  } catch (err) {
    if (err instanceof AbdmError) throw err;
    const expired = err instanceof joseErrors.JWTExpired;
    throw new AbdmError(401, 'HIS-401', expired ? 'Access token has expired; get a new one from /sessions.' : 'Access token is invalid.');
  }
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** preHandler for every route that needs `Authorization: Bearer <gateway access token>`. */
export function requireGatewayToken(ctx: SandboxContext): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      throw new AbdmError(401, 'HIS-401', 'Authorization header with "Bearer <access token>" is required.');
    }
    request.gatewayClient = await verifyGatewayAccessToken(ctx, token);
  };
}
