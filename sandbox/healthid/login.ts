import type { FastifyPluginAsync } from 'fastify';
import type { SandboxContext } from '../context';
import { AbdmError } from '../errors';
import { normaliseAbhaNumber } from '../residents/identity';
import type { LoginTransaction } from '../state';
import { findAccountByLoginId } from './accounts';
import { newChallenge, sendAgain, verifyOtp } from './otp-policy';
import {
  authInitBody,
  otpConfirmationBody,
  resendAuthOtpBody,
  type AuthInitBody,
  type OtpConfirmationBody,
  type ResendAuthOtpBody,
} from './request-schemas';
import { loginAt, newTxnId, recordOtpTransaction } from './transactions';
import { issueUserTokens } from './user-tokens';

// Login with Aadhaar OTP (v1): auth/init → [resendAuthOTP] → confirmWithAadhaarOtp → user token.

export function loginRoutes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    app.post<{ Body: AuthInitBody }>('/auth/init', { schema: { body: authInitBody } }, async (request) => {
      const { authMethod, healthid } = request.body;
      const account = findAccountByLoginId(ctx, healthid, normaliseAbhaNumber(healthid));
      if (!account) {
        throw new AbdmError(422, 'HIS-1008', `Please enter valid ABHA Number or ABHA Address: no account found for "${healthid}".`, {
          attribute: { key: 'healthid', value: healthid },
        });
      }
      if (authMethod !== 'AADHAAR_OTP') {
        throw new AbdmError(422, 'HIS-422', `The sandbox offers only AADHAAR_OTP login; ${authMethod} is not available.`, {
          attribute: { key: 'authMethod', value: authMethod },
        });
      }
      recordOtpTransaction(ctx, account.healthIdNumber);
      const now = ctx.clock.now();
      const txn: LoginTransaction = {
        kind: 'login',
        txnId: newTxnId(),
        createdAt: now,
        step: 'OTP_SENT',
        healthIdNumber: account.healthIdNumber,
        otp: newChallenge(now, ctx.config),
      };
      ctx.state.transactions.set(txn.txnId, txn);
      return { txnId: txn.txnId };
    });

    app.post<{ Body: ResendAuthOtpBody }>('/auth/resendAuthOTP', { schema: { body: resendAuthOtpBody } }, async (request, reply) => {
      const txn = loginAt(ctx, request.body.txnId);
      sendAgain(txn.otp, ctx.clock.now(), ctx.config, true);
      // The real service answers with a bare JSON boolean.
      return reply.type('application/json').send('true');
    });

    app.post<{ Body: OtpConfirmationBody }>(
      '/auth/confirmWithAadhaarOtp',
      { schema: { body: otpConfirmationBody } },
      async (request) => {
        const txn = loginAt(ctx, request.body.txnId);
        verifyOtp(txn.otp, request.body.otp, ctx.clock.now(), ctx.config, 'HIS-2022');
        const account = ctx.state.findByHealthIdNumber(txn.healthIdNumber);
        if (!account) throw new AbdmError(422, 'HIS-1008', 'The account of this login no longer exists.');
        txn.step = 'COMPLETED';
        return issueUserTokens(ctx, account);
      },
    );
  };
}
