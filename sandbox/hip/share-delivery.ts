import { randomUUID } from 'node:crypto';
import type { SandboxContext } from '../context';
import { AbdmError } from '../errors';
import { signCallbackToken } from '../gateway/access-tokens';
import type { Account } from '../state';
import { legacyShareBody, v3ShareBody, type ShareTarget } from './share-bodies';
import type { HipShareLog, SentShare, ShareGeneration } from './share-log';

// Sends one share to the desk's bridge, as ABDM would after a phone scanned the counter's QR, and waits only for the
// bridge's HTTP answer (200 from a desk that stored it), never for the on-share: that comes later, to the gateway.

/** Where each generation's share lands under the registered bridge URL (abdm-frontdesk.md §1). */
export const SHARE_PATHS: Record<ShareGeneration, string> = {
  v3: '/api/v3/hip/patient/share',
  'v0.5': '/v1.0/patients/profile/share',
};

/**
 * The gateway client whose bridge serves `hipId`: the client that linked it as an HIP service, else the simulator's
 * own training client (the desk in training), else the one client that registered a bridge at all.
 */
export function bridgeClientFor(ctx: SandboxContext, hipId: string): string | undefined {
  const { bridges } = ctx.hiu;
  const registered = bridges.clients();
  const linked = registered.find((client) => bridges.servicesOf(client).some((s) => s.type === 'HIP' && s.id === hipId));
  if (linked) return linked;
  if (bridges.urlFor(ctx.config.clientId)) return ctx.config.clientId;
  return registered.length === 1 ? registered[0] : undefined;
}

/**
 * The share is logged before it is posted: a desk may send its on-share before its own 200 reaches us, and that
 * on-share must find the share it answers.
 */
export async function sendShare(ctx: SandboxContext, log: HipShareLog, account: Account, target: ShareTarget, generation: ShareGeneration): Promise<SentShare> {
  const clientId = bridgeClientFor(ctx, target.hipId);
  const base = clientId === undefined ? undefined : ctx.hiu.bridges.urlFor(clientId);
  if (clientId === undefined || base === undefined) {
    throw new AbdmError(409, 'HIS-409', `No bridge URL is registered for HIP ${target.hipId}: the desk registers one when it connects (PATCH /gateway/v3/bridge/url or /gateway/v1/bridges).`);
  }
  const requestId = randomUUID();
  const timestamp = new Date(ctx.clock.now()).toISOString();
  const body = generation === 'v3' ? v3ShareBody(account, target) : legacyShareBody(account, target, { requestId, timestamp });
  const url = `${base}${SHARE_PATHS[generation]}`;
  const share: SentShare = {
    requestId,
    generation,
    hipId: target.hipId,
    counterId: target.counterId,
    abhaAddress: account.healthId,
    clientId,
    url,
    sentAt: timestamp,
    bridgeStatus: null,
    body,
  };
  log.addShare(share);
  Object.assign(share, await post(ctx, url, body, { requestId, timestamp, hipId: target.hipId }));
  return share;
}

async function post(ctx: SandboxContext, url: string, body: unknown, ids: { requestId: string; timestamp: string; hipId: string }) {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${await signCallbackToken(ctx)}`,
        'REQUEST-ID': ids.requestId,
        TIMESTAMP: ids.timestamp,
        'X-HIP-ID': ids.hipId,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(ctx.hiu.settings.callbackTimeoutMs),
    });
    await response.arrayBuffer();
    return { bridgeStatus: response.status };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { bridgeStatus: null, bridgeError: timedOut ? 'the bridge did not answer in time' : `the bridge could not be reached (${cause ?? (error as Error).message})` };
  }
}
