import type { FastifyPluginAsync } from 'fastify';
import { cardPng } from '../cards/card-png';
import { abhaQrPng } from '../cards/qr';
import type { SandboxContext } from '../context';
import { issueUserTokens } from '../healthid/user-tokens';
import { abhaV3KeyPair } from './rsa-key';
import { accountForRToken, accountForXToken } from './tokens';
import { accountProfile } from './views';

// The patient's own calls, with `X-token: Bearer <token>` (reference/spec/abdm-v3.md §2 item 8), and the key
// inputs are encrypted to (§1). The card is the sandbox's card (sandbox/cards/), as a PNG: v3 has one card call.

export function accountRoutes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/profile/public/certificate', async () => ({ publicKey: (await abhaV3KeyPair()).publicKeyBase64 }));

    app.get('/profile/account', async (request) => accountProfile(await accountForXToken(ctx, request)));

    // 202, the status CARE's client checks for (reference/spec/abdm-v3.md §2 item 8).
    app.get('/profile/account/abha-card', async (request, reply) => {
      const account = await accountForXToken(ctx, request);
      return reply.status(202).type('image/png').send(await cardPng(account));
    });

    app.get('/profile/account/qrCode', async (request, reply) => {
      const account = await accountForXToken(ctx, request);
      return reply.type('image/png').send(await abhaQrPng(account));
    });

    // Refresh (L in the notes): `R-token: Bearer <refreshToken>` gives a fresh X-token and refresh token.
    app.get('/profile/account/request/token', async (request) => issueUserTokens(ctx, await accountForRToken(ctx, request)));
  };
}
