import type { FastifyPluginAsync } from 'fastify';
import type { SandboxContext } from '../context';
import { abhaAddressRoutes } from './abha-address';
import { accountRoutes } from './account';
import { enrolmentRoutes } from './enrolment';
import { AbhaV3Error, sendV3Error, toV3Error } from './errors';
import { checkShapeHeader, forcedShape } from './error-shape-control';
import { checkV3Headers } from './headers';
import { loginRoutes } from './login';
import { phrLoginRoutes } from './phr-login';

export { abhaV3PrivateKey, abhaV3KeyPair } from './rsa-key';
export { abhaV3ControlRoutes } from './error-shape-control';
export { MOBILE_FAMILY, SHARED_FAMILY_MOBILE } from './family-accounts';

/**
 * ABHA v3, mounted at /abha/api/v3 (reference/spec/abdm-v3.md §1–2; docs/sandbox-abha-v3.md). The same accounts,
 * residents, OTP rules and clock as Health ID v1; its own RSA key, header rules and error bodies.
 */
export function abhaV3Routes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    // Errors of this prefix, the fault injector's included, are written in v3's shapes, not v1's ApiError.
    app.setErrorHandler((error, request, reply) => sendV3Error(ctx, reply, toV3Error(error), forcedShape(ctx, request)));
    app.setNotFoundHandler((request, reply) => {
      // The stale /auth/cert of NHA's text lands here too: the key is at /profile/public/certificate.
      const err = new AbhaV3Error(404, 'ABDM-9999', `No such operation: ${request.method} ${request.url.split('?')[0]}`, 'wrapped');
      return sendV3Error(ctx, reply, err, forcedShape(ctx, request));
    });
    app.addHook('onRequest', async (request) => checkShapeHeader(request));
    app.addHook('onRequest', checkV3Headers(ctx));
    await app.register(enrolmentRoutes(ctx));
    await app.register(abhaAddressRoutes(ctx));
    await app.register(loginRoutes(ctx));
    await app.register(phrLoginRoutes(ctx));
    await app.register(accountRoutes(ctx));
  };
}
