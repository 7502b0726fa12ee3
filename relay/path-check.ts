// The relay's side of "test the callback path" (electron/bridge/path-check.ts, docs/relay.md "Check the callback
// path"): POST <publicUrl>/hiu/<hiuId>/path-check with a check signed with a desk's credential. The relay checks the
// signature against the hash it keeps of that desk's secret, hands the check's nonce to the desk over its WebSocket,
// and answers once the desk has said it has it: 200, or 409 (the desk is not connected here), 504 (no answer in
// time), 401 (signature, desk or time refused). Nothing is stored; a nonce is taken once.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PATH_CHECK_DESK_WAIT_MS, PATH_CHECK_MAX_AGE_MS, PATH_CHECK_PATH, pathCheckSignature } from '../electron/bridge/path-check';
import { PATH_CHECK_NONCE } from '../electron/bridge/relay-protocol';
import type { RelayLog } from './relay-log';
import type { RelayStore } from './store/relay-store';

const checkBody = z.object({ deskId: z.string().min(1).max(100), nonce: z.string().regex(PATH_CHECK_NONCE), at: z.string().min(10).max(40) }).strict();

export interface PathCheckRoute {
  hiuId: string;
  store: RelayStore;
  log: RelayLog;
  now: () => number;
  /** Hands the nonce to the desk's live session and waits for its answer (desk-sessions.ts). */
  checkPath(deskId: string, nonce: string, timeoutMs: number): Promise<'answered' | 'not-connected' | 'timeout'>;
}

/** Adds the route to an HIU's scope (after the bridge routes, whose JSON parser and error handler it shares). */
export function registerPathCheck(scope: FastifyInstance, route: PathCheckRoute): void {
  const used = new Map<string, number>();
  scope.post(PATH_CHECK_PATH, { bodyLimit: 4096 }, async (request, reply) => {
    const refuse = (status: number, code: string, message: string) => reply.code(status).header('cache-control', 'no-store').send({ error: { code, message } });
    const parsed = checkBody.safeParse((request.body as { value?: unknown } | undefined)?.value);
    if (!parsed.success) return refuse(400, 'bad-body', 'A path check is { deskId, nonce, at }.');
    const { deskId, nonce, at } = parsed.data;
    const now = route.now();
    if (!(Math.abs(now - Date.parse(at)) <= PATH_CHECK_MAX_AGE_MS)) return refuse(401, 'bad-token', 'The path check is too old, or the clocks differ by more than five minutes.');
    const desk = await route.store.findDesk(deskId);
    const given = /^PathCheck ([0-9a-f]{64})$/.exec(request.headers.authorization ?? '')?.[1];
    const expected = desk && !desk.revokedAt && desk.hiuId === route.hiuId ? pathCheckSignature(desk.secretHash, { hiuId: route.hiuId, deskId, nonce, at }) : null;
    if (!given || !expected || !timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'))) {
      route.log.warn('path-check-refused', { hiuId: route.hiuId, deskId });
      return refuse(401, 'bad-token', 'The path check is not signed with an active credential of a desk of this HIU.');
    }
    for (const [seen, atMs] of used) if (now - atMs > 2 * PATH_CHECK_MAX_AGE_MS) used.delete(seen);
    if (used.has(nonce)) return refuse(401, 'bad-token', 'This path check was used before.');
    used.set(nonce, now);
    const started = Date.now();
    const outcome = await route.checkPath(deskId, nonce, PATH_CHECK_DESK_WAIT_MS);
    route.log.info('path-check', { hiuId: route.hiuId, deskId, outcome, ms: Date.now() - started });
    if (outcome === 'not-connected') return refuse(409, 'desk-not-connected', 'That desk is not connected to this relay process.');
    if (outcome === 'timeout') return refuse(504, 'desk-timeout', 'The desk did not answer the path check in time.');
    return reply.code(200).header('cache-control', 'no-store').send({ status: 'delivered', deskId, ms: Date.now() - started });
  });
}
