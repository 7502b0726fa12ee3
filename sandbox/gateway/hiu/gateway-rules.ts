import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import type { SandboxContext } from '../../context';
import { AbdmError } from '../../errors';
import { requireGatewayToken } from '../access-tokens';
import { CONSENT_MANAGER_ID } from './demo-directory';

// The checks the gateway makes before it answers 202 (reference/spec/gateway-v05.md §1.2, §3.1,
// §5.2; ProjectEKA gateway Validator / RedundantRequestValidator).

const REPLAY_MEMORY_MS = 10 * 60_000;
const WINDOW_PAST_MS = 60_000;
const WINDOW_FUTURE_MS = 9 * 60_000;

const tooManyRequests = () => new AbdmError(429, 'HIS-429', 'Too many requests found', { gatewayCode: 2429 });

/** Token valid, token carries the HIU role, X-CM-ID names the sandbox consent manager. */
export function gatewayCaller(ctx: SandboxContext, role = 'hiu'): preHandlerAsyncHookHandler[] {
  return [requireGatewayToken(ctx), requireRoleAndConsentManager(role)];
}

function requireRoleAndConsentManager(role: string): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const roles = request.gatewayClient?.roles.map((r) => r.toLowerCase()) ?? [];
    if (!roles.includes(role)) throw new AbdmError(403, 'HIS-403', 'Access Denied', { gatewayCode: 2403 });
    const cmId = request.headers['x-cm-id'];
    if (typeof cmId !== 'string' || cmId.trim() === '') {
      throw new AbdmError(400, 'HIS-400', 'X-CM-ID missing on headers', { gatewayCode: 2500 });
    }
    if (cmId !== CONSENT_MANAGER_ID) {
      throw new AbdmError(500, 'HIS-500', 'No mapping found for X-CM-ID', { gatewayCode: 2500 });
    }
  };
}

/** Parses a body with its schema; the first problem becomes a 400 naming the field. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  if (field === 'requestId') {
    throw new AbdmError(400, 'HIS-400', 'Empty/Invalid requestId found on the payload', { gatewayCode: 2500 });
  }
  const missing = issue?.code === 'invalid_type' && /received undefined/.test(issue.message);
  const reason = missing ? 'must not be null' : (issue?.message ?? 'is invalid');
  throw new AbdmError(400, 'HIS-400', field ? `${field}: ${reason}` : `Invalid request body: ${reason}`, { gatewayCode: 2500 });
}

/**
 * The gateway reads the timestamp as a local date-time, ignoring any offset, and wants it in
 * (now − 1 min, now + 9 min) UTC.
 */
export function timestampMillis(timestamp: string): number {
  const local = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)/.exec(timestamp)?.[1];
  if (!local) return Number.NaN;
  const [date = '', time = ''] = local.split('T');
  const [whole = '', fraction = ''] = time.split('.');
  const millis = fraction ? `.${fraction.padEnd(3, '0').slice(0, 3)}` : '';
  return Date.parse(`${date}T${whole.length === 5 ? `${whole}:00` : whole}${millis}Z`);
}

export class ReplayGuard {
  private readonly seen = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  /** Rejects a stale or future timestamp and a requestId seen before (both 429, code 2429). */
  admit(requestId: string, timestamp: string): void {
    const now = this.now();
    const sent = timestampMillis(timestamp);
    if (!(sent > now - WINDOW_PAST_MS && sent < now + WINDOW_FUTURE_MS)) throw tooManyRequests();
    this.forgetOld(now);
    if (this.seen.has(requestId)) throw tooManyRequests();
    this.seen.set(requestId, now);
  }

  clear(): void {
    this.seen.clear();
  }

  private forgetOld(now: number): void {
    for (const [id, at] of this.seen) {
      if (at > now - REPLAY_MEMORY_MS) break;
      this.seen.delete(id);
    }
  }
}
