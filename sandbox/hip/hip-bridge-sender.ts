import { randomUUID } from 'node:crypto';
import type { SandboxContext } from '../context';
import { AbdmError } from '../errors';
import { signCallbackToken } from '../gateway/access-tokens';
import { CONSENT_MANAGER_ID } from '../gateway/hiu/demo-directory';
import { bridgeClientFor } from './share-delivery';
import { nowIso, type HipGeneration, type SentToBridge } from './hip-flow-state';

// Messages from ABDM to the desk as an HIP (abdm-frontdesk.md §3): POST <bridge><path>, signed with the gateway's
// token, X-HIP-ID and X-CM-ID. v3 carries its id and time in REQUEST-ID / TIMESTAMP headers; v0.5 in the body's
// requestId / timestamp. Sent once; the bridge's HTTP answer is recorded, never retried (the test or trainer sees it).

/** The bridge URL serving `hipId`, or a 409 saying the desk has not registered one. */
export function bridgeBaseFor(ctx: SandboxContext, hipId: string): string {
  const clientId = bridgeClientFor(ctx, hipId);
  const base = clientId === undefined ? undefined : ctx.hiu.bridges.urlFor(clientId);
  if (base === undefined) {
    throw new AbdmError(409, 'HIS-409', `No bridge URL is registered for HIP ${hipId}: the desk registers one when it connects (PATCH /gateway/v3/bridge/url or /gateway/v1/bridges).`);
  }
  return base;
}

/**
 * Builds the message (with a fresh request id) and returns it at once; the POST happens in the HIU world's work
 * queue, so POST /_sandbox/hiu/idle waits for it and the caller's answer never waits for the desk.
 */
export function sendToBridge(ctx: SandboxContext, generation: HipGeneration, hipId: string, path: string, payload: Record<string, unknown>): SentToBridge {
  const requestId = randomUUID();
  const sentAt = nowIso(ctx);
  const body = generation === 'v3' ? payload : { requestId, timestamp: sentAt, ...payload };
  const sent: SentToBridge = { requestId, path, url: null, sentAt, bridgeStatus: null, body };
  let base: string;
  try {
    base = bridgeBaseFor(ctx, hipId);
  } catch (error) {
    sent.bridgeError = (error as Error).message;
    return sent;
  }
  sent.url = `${base}${path}`;
  const headers: Record<string, string> = { 'X-HIP-ID': hipId, 'X-CM-ID': CONSENT_MANAGER_ID };
  if (generation === 'v3') Object.assign(headers, { 'REQUEST-ID': requestId, TIMESTAMP: sentAt });
  ctx.hiu.later(ctx.hiu.settings.callbackDelayMs, async () => Object.assign(sent, await post(ctx, sent.url!, body, headers)));
  return sent;
}

async function post(ctx: SandboxContext, url: string, body: unknown, headers: Record<string, string>): Promise<Pick<SentToBridge, 'bridgeStatus' | 'bridgeError'>> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await signCallbackToken(ctx)}`, ...headers },
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
