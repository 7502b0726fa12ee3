import type { FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { SandboxContext } from '../context';
import type { Account } from '../state';
import { AbhaV3Error } from './errors';

// The three user tokens of ABHA v3 (reference/spec/abdm-v3.md §2 items 6, 8):
//  - X-token: the patient's token for /profile/account/*. The same RS512 token v1 calls X-Token
//    (sandbox/healthid/user-tokens.ts), so one login serves both generations.
//  - T-token: a 300 s transfer token after a mobile OTP, exchanged for the chosen account's X-token.
//  - R-token: the refresh token that came with an X-token.

export const TRANSFER_TOKEN_TTL_SECONDS = 300;

type TokenTyp = 'Transaction' | 'Refresh' | 'Transfer';

async function verified(ctx: SandboxContext, token: string, typ: TokenTyp): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, ctx.keys.healthId.publicKey, {
    algorithms: ['RS512'],
    currentDate: new Date(ctx.clock.now()),
  });
  if (payload.typ !== typ) throw new Error(`not a ${typ} token`);
  return payload;
}

/** The token of `Name: Bearer <token>`; null when the header is absent or lacks the "Bearer " prefix. */
function bearerHeader(request: FastifyRequest, name: string): string | null {
  const raw = request.headers[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  const match = /^Bearer\s+(\S+)\s*$/.exec(value ?? '');
  return match?.[1] ?? null;
}

function accountOf(ctx: SandboxContext, payload: JWTPayload): Account | undefined {
  return typeof payload.healthIdNumber === 'string' ? ctx.state.findByHealthIdNumber(payload.healthIdNumber) : undefined;
}

/** The account behind `X-token: Bearer <token>`: 400 without "Bearer ", 401 ABDM-1094 once expired. */
export async function accountForXToken(ctx: SandboxContext, request: FastifyRequest): Promise<Account> {
  const token = bearerHeader(request, 'x-token');
  if (!token) throw new AbhaV3Error(400, 'ABDM-2401', 'Invalid X-token', 'message', { field: 'X-token' });
  let payload: JWTPayload;
  try {
    payload = await verified(ctx, token, 'Transaction');
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new AbhaV3Error(401, 'ABDM-1094', 'X-token expired', 'flat', { field: 'X-token' });
    throw new AbhaV3Error(401, 'ABDM-2401', 'Invalid X-token', 'wrapped', { field: 'X-token' });
  }
  const account = accountOf(ctx, payload);
  if (!account) throw new AbhaV3Error(401, 'ABDM-2401', 'Invalid X-token: the account no longer exists', 'wrapped', { field: 'X-token' });
  return account;
}

/** The account behind `R-token: Bearer <refresh token>` (GET /profile/account/request/token). */
export async function accountForRToken(ctx: SandboxContext, request: FastifyRequest): Promise<Account> {
  const token = bearerHeader(request, 'r-token');
  if (!token) throw new AbhaV3Error(400, 'ABDM-2401', 'Invalid R-token', 'message', { field: 'R-token' });
  let payload: JWTPayload;
  try {
    payload = await verified(ctx, token, 'Refresh');
  } catch (err) {
    const expired = err instanceof joseErrors.JWTExpired;
    throw new AbhaV3Error(401, 'ABDM-2401', expired ? 'R-token expired' : 'Invalid R-token', 'wrapped', { field: 'R-token' });
  }
  const account = accountOf(ctx, payload);
  if (!account) throw new AbhaV3Error(401, 'ABDM-2401', 'Invalid R-token: the account no longer exists', 'wrapped', { field: 'R-token' });
  return account;
}

export async function signTransferToken(ctx: SandboxContext, txnId: string, mobile: string): Promise<string> {
  const iat = Math.floor(ctx.clock.now() / 1000);
  const key = ctx.keys.healthId;
  return new SignJWT({ typ: 'Transfer', mobile, txnId, clientId: 'abha-profile-app-api', system: 'ABHA-N' })
    .setProtectedHeader({ alg: key.alg, kid: key.kid })
    .setSubject(mobile)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TRANSFER_TOKEN_TTL_SECONDS)
    .sign(key.privateKey);
}

/** The txnId a `T-token: Bearer <token>` was issued for; 401 when missing, forged or expired. */
export async function transferTokenTxn(ctx: SandboxContext, request: FastifyRequest): Promise<string> {
  const token = bearerHeader(request, 't-token');
  if (!token) throw new AbhaV3Error(400, 'ABDM-2401', 'Invalid T-token', 'message', { field: 'T-token' });
  try {
    const payload = await verified(ctx, token, 'Transfer');
    if (typeof payload.txnId !== 'string') throw new Error('no txnId');
    return payload.txnId;
  } catch (err) {
    const expired = err instanceof joseErrors.JWTExpired;
    throw new AbhaV3Error(401, 'ABDM-2401', expired ? 'T-token expired' : 'Invalid T-token', 'wrapped', { field: 'T-token' });
  }
}
