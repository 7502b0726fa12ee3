import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { SandboxContext } from '../../context';
import { requireGatewayToken } from '../access-tokens';
import { CONSENT_MANAGER_ID } from '../hiu/demo-directory';
import { timestampMillis } from '../hiu/gateway-rules';
import { HiecmError, V3_CODES } from './v3-errors';

// The headers every HIE-CM v3 call carries (reference/spec/abdm-v3.md §1, §3): REQUEST-ID (UUID),
// TIMESTAMP (UTC, `Z`), X-CM-ID and, on HIU calls, X-HIU-ID. Checked in that order after the token.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UTC_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?([+-]\d{2}:?\d{2})?$/;
/** Same tolerance as the v0.5 gateway (sandbox/gateway/hiu/gateway-rules.ts): 1 min late, 9 min early. */
const WINDOW_PAST_MS = 60_000;
const WINDOW_FUTURE_MS = 9 * 60_000;

/** What the headers said, for the route handler. */
export interface V3Call {
  clientId: string;
  requestId: string;
  timestamp: string;
  /** X-HIU-ID; empty on gateway-only calls (sessions, bridge url). */
  hiuId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    v3Call?: V3Call;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function checkRequestId(request: FastifyRequest): string {
  const requestId = header(request, 'request-id');
  if (!requestId) throw new HiecmError(400, V3_CODES.badRequestId, 'REQUEST-ID missing on headers');
  if (!UUID.test(requestId)) throw new HiecmError(400, V3_CODES.badRequestId, 'REQUEST-ID must be a UUID');
  return requestId;
}

/** UTC with `Z` only; an offset (or no zone) is ABDM-1016 in a 404, as the notes record. */
export function checkTimestamp(request: FastifyRequest, now: number): string {
  const timestamp = header(request, 'timestamp');
  if (!timestamp) throw new HiecmError(400, V3_CODES.badTimestamp, 'TIMESTAMP missing on headers');
  if (!UTC_Z.test(timestamp)) {
    if (DATE_TIME.test(timestamp)) throw new HiecmError(404, V3_CODES.timestampOffset, 'Invalid TimeStamp: must be UTC ending in Z');
    throw new HiecmError(400, V3_CODES.badTimestamp, 'TIMESTAMP must be an ISO date-time such as 2024-10-06T15:10:00.587Z');
  }
  const sent = timestampMillis(timestamp);
  if (!(sent > now - WINDOW_PAST_MS && sent < now + WINDOW_FUTURE_MS)) {
    throw new HiecmError(400, V3_CODES.badTimestamp, 'TIMESTAMP is too far from the gateway clock');
  }
  return timestamp;
}

export function checkCmId(request: FastifyRequest): void {
  const cmId = header(request, 'x-cm-id');
  if (!cmId) throw new HiecmError(400, V3_CODES.badCmId, 'X-CM-ID missing on headers');
  if (cmId !== CONSENT_MANAGER_ID) throw new HiecmError(400, V3_CODES.badCmId, `No consent manager ${cmId}; use ${CONSENT_MANAGER_ID}`);
}

function checkHiuId(request: FastifyRequest): string {
  const hiuId = header(request, 'x-hiu-id');
  if (!hiuId) throw new HiecmError(400, V3_CODES.unknown, 'X-HIU-ID missing on headers');
  return hiuId;
}

function requireHiuRole(): preHandlerAsyncHookHandler {
  return async (request) => {
    const roles = request.gatewayClient?.roles.map((r) => r.toLowerCase()) ?? [];
    if (!roles.includes('hiu')) throw new HiecmError(403, V3_CODES.unknown, 'Access Denied');
  };
}

/** `hipMayCall`: an HIP's X-HIP-ID stands in for X-HIU-ID (the transfer notify serves both roles). */
type CallOptions = { hiu: boolean; hipMayCall?: boolean };

function readHeaders(ctx: SandboxContext, options: CallOptions): preHandlerAsyncHookHandler {
  return async (request) => {
    const requestId = checkRequestId(request);
    const timestamp = checkTimestamp(request, ctx.clock.now());
    checkCmId(request);
    const asHip = options.hipMayCall === true && !header(request, 'x-hiu-id') && header(request, 'x-hip-id') !== undefined;
    const hiuId = options.hiu && !asHip ? checkHiuId(request) : '';
    request.v3Call = { clientId: request.gatewayClient?.clientId ?? '', requestId, timestamp, hiuId };
  };
}

/** Token, then (for HIU calls) the hiu role, then the v3 headers. */
export function v3GatewayCall(ctx: SandboxContext, options: CallOptions): preHandlerAsyncHookHandler[] {
  const token = requireGatewayToken(ctx);
  return options.hiu ? [token, requireHiuRole(), readHeaders(ctx, options)] : [token, readHeaders(ctx, options)];
}

export function v3CallOf(request: FastifyRequest): V3Call {
  if (!request.v3Call) throw new Error('v3GatewayCall did not run');
  return request.v3Call;
}

/** A REQUEST-ID the gateway saw in the last 10 minutes (v0.5 requestIds included) is refused. */
export function admitOnce(world: { replay: { admit(requestId: string, timestamp: string): void } }, call: V3Call): void {
  try {
    world.replay.admit(call.requestId, call.timestamp);
  } catch {
    throw new HiecmError(400, V3_CODES.badRequestId, 'REQUEST-ID was used already');
  }
}
