import type { FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { bearerToken, verifyGatewayAccessToken } from '../gateway/access-tokens';
import { AbhaV3Error } from './errors';

// Headers every ABHA v3 call carries (reference/spec/abdm-v3.md §1): `Authorization: Bearer <gateway session>`,
// `REQUEST-ID` (a UUID) and `TIMESTAMP` (UTC, milliseconds, `Z`). Checked in that order, before the body is read,
// the gateway token first because the real API gateway stands in front of the service.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** `2024-10-06T15:10:00.587Z`: exactly what Date#toISOString writes. An offset or no milliseconds is refused. */
const UTC_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** How far TIMESTAMP may be from the sandbox clock, either way (sandbox choice; the real limit is unknown). */
export const TIMESTAMP_TOLERANCE_MS = 5 * 60 * 1000;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function checkAuthorization(ctx: SandboxContext, request: FastifyRequest): Promise<void> {
  const value = header(request, 'authorization');
  if (!value) throw new AbhaV3Error(401, 'ABDM-2500', 'Authorization header is missing', 'wrapped', { colonSuffix: true });
  const token = bearerToken(value);
  try {
    if (!token) throw new Error('not a bearer token');
    request.gatewayClient = await verifyGatewayAccessToken(ctx, token);
  } catch {
    // What the API gateway in front of ABHA answers for a bad or expired session token.
    throw new AbhaV3Error(401, '900901', 'Invalid Credentials', 'flat');
  }
}

function checkRequestId(request: FastifyRequest): void {
  const value = header(request, 'request-id');
  if (!value || !UUID.test(value.trim())) {
    throw new AbhaV3Error(400, 'ABDM-2404', value ? 'Invalid REQUEST-ID: it must be a UUID' : 'REQUEST-ID header is missing', 'wrapped', {
      colonSuffix: true,
    });
  }
}

function checkTimestamp(ctx: SandboxContext, request: FastifyRequest): void {
  const value = header(request, 'timestamp');
  if (!value) throw new AbhaV3Error(400, 'ABDM-2402', 'TIMESTAMP header is missing', 'wrapped', { colonSuffix: true });
  const at = Date.parse(value);
  const wellFormed = UTC_TIMESTAMP.test(value) && Number.isFinite(at);
  // Wrong form and clock drift get the same answer, inside a 404 as the real sandbox gives it.
  if (!wellFormed || Math.abs(at - ctx.clock.now()) > TIMESTAMP_TOLERANCE_MS) {
    throw new AbhaV3Error(404, 'ABDM-1016', 'Invalid Timestamp', 'wrapped', { colonSuffix: true });
  }
}

/** onRequest hook for every /abha/api/v3 route. */
export function checkV3Headers(ctx: SandboxContext) {
  return async (request: FastifyRequest): Promise<void> => {
    await checkAuthorization(ctx, request);
    checkRequestId(request);
    checkTimestamp(ctx, request);
  };
}
