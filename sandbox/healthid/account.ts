import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { cardPdf } from '../cards/card-pdf';
import { cardPng } from '../cards/card-png';
import { cardSvg } from '../cards/card-svg';
import { abhaQrPng } from '../cards/qr';
import type { SandboxContext } from '../context';
import type { Account } from '../state';
import { profileView } from './account-views';
import { requireUserToken } from './user-tokens';

// /v1/account/*: everything here needs the user's X-Token besides the gateway token.

function accountOf(request: FastifyRequest): Account {
  if (!request.account) throw new Error('requireUserToken did not run');
  return request.account;
}

export function accountRoutes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/account/profile', { onRequest: requireUserToken(ctx, 'Could not Get account information or Invalid Token.') }, async (request) =>
      profileView(accountOf(request)),
    );

    const cardGuard = { onRequest: requireUserToken(ctx, 'Could not generate Card or Invalid Token.') };
    app.get('/account/getCard', cardGuard, async (request, reply) =>
      reply.type('application/pdf').send(await cardPdf(accountOf(request))),
    );
    app.get('/account/getPngCard', cardGuard, async (request, reply) =>
      reply.type('image/png').send(await cardPng(accountOf(request))),
    );
    app.get('/account/getSvgCard', cardGuard, async (request, reply) =>
      reply.type('image/svg+xml').send(await cardSvg(accountOf(request))),
    );

    app.get('/account/qrCode', { onRequest: requireUserToken(ctx, 'Expired or Invalid Token.') }, async (request, reply) =>
      reply.type('image/png').send(await abhaQrPng(accountOf(request))),
    );
  };
}
