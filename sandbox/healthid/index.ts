import type { FastifyPluginAsync } from 'fastify';
import type { SandboxContext } from '../context';
import { requireGatewayToken } from '../gateway/access-tokens';
import { accountRoutes } from './account';
import { loginRoutes } from './login';
import { registrationRoutes } from './registration';

/** Health ID v1, mounted at /api/v1. Every operation needs a gateway bearer token, checked before the body is read. */
export function healthIdRoutes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', requireGatewayToken(ctx));
    await app.register(registrationRoutes(ctx));
    await app.register(loginRoutes(ctx));
    await app.register(accountRoutes(ctx));
  };
}
