import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { SandboxContext } from '../context';
import { AbdmError } from '../errors';
import type { Account } from '../state';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUserToken: the account the X-Token belongs to. */
    account?: Account;
  }
}

export interface UserTokens {
  token: string;
  expiresIn: number;
  refreshToken: string;
  refreshExpiresIn: number;
}

/** RS512 user token with the claims seen on real Health ID tokens (reference/spec/healthid-v1.md §6). */
async function signUserToken(ctx: SandboxContext, account: Account, typ: 'Transaction' | 'Refresh', ttl: number): Promise<string> {
  const iat = Math.floor(ctx.clock.now() / 1000);
  const key = ctx.keys.healthId;
  return new SignJWT({
    typ,
    healthIdNumber: account.healthIdNumber,
    healthId: account.healthId,
    mobile: account.mobile,
    clientId: 'healthid-api',
    system: 'ABHA-N',
  })
    .setProtectedHeader({ alg: key.alg, kid: key.kid })
    .setSubject(account.healthIdNumber.replaceAll('-', ''))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttl)
    .sign(key.privateKey);
}

export async function issueUserTokens(ctx: SandboxContext, account: Account): Promise<UserTokens> {
  const { userTokenTtlSeconds, userRefreshTokenTtlSeconds } = ctx.config;
  return {
    token: await signUserToken(ctx, account, 'Transaction', userTokenTtlSeconds),
    expiresIn: userTokenTtlSeconds,
    refreshToken: await signUserToken(ctx, account, 'Refresh', userRefreshTokenTtlSeconds),
    refreshExpiresIn: userRefreshTokenTtlSeconds,
  };
}

async function accountForToken(ctx: SandboxContext, token: string, invalidMessage: string): Promise<Account> {
  try {
    const { payload } = await jwtVerify(token, ctx.keys.healthId.publicKey, {
      algorithms: ['RS512'],
      currentDate: new Date(ctx.clock.now()),
    });
    const account = typeof payload.healthIdNumber === 'string' ? ctx.state.findByHealthIdNumber(payload.healthIdNumber) : undefined;
    if (payload.typ !== 'Transaction' || !account) throw new Error('not a user token of a known account');
    return account;
  } catch (err) {
    const why = err instanceof joseErrors.JWTExpired ? 'X-Token has expired; log in again.' : 'X-Token is not valid.';
    throw new AbdmError(422, 'HIS-422', `${invalidMessage} ${why}`, { attribute: { key: 'X-Token', value: '' } });
  }
}

/**
 * onRequest hook for /account/*: needs `X-Token: Bearer <user token>`. A missing header is a 400 (a
 * required header, as Spring answers); a bad or expired one is the 422 the official spec lists per op.
 */
export function requireUserToken(ctx: SandboxContext, invalidMessage: string) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers['x-token'];
    const value = Array.isArray(header) ? header[0] : header;
    if (!value) {
      throw new AbdmError(400, 'HIS-400', "Missing request header 'X-Token' (Bearer <user token>).", {
        attribute: { key: 'X-Token', value: '' },
      });
    }
    request.account = await accountForToken(ctx, value.replace(/^Bearer\s+/i, '').trim(), invalidMessage);
  };
}
