// Shared set-up for the Scan & Share conformance tests (docs/sandbox-hip.md): a sandbox, a test HTTP server standing
// in for the desk's bridge (registered with PATCH /gateway/v3/bridge/url, checking each call's JWT against
// /gateway/v3/certs), a v3 session token and a v0.5 one. Expected shapes are written by hand in the tests from
// ../shared/spec/abdm-frontdesk.md §1, NHA's patient-share.yaml and ndhm-gateway-v1.yml, never read from the sandbox.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index';
import { IMMEDIATE_HIU_SETTINGS } from '../../sandbox/gateway/hiu/hiu-settings';
import { startMiniBridge, type MiniBridge } from '../support/mini-bridge';
import { gatewayToken, getJson, postJson, startTestSandbox, type HttpResult } from '../support/sandbox-http';
import { patchJson, v3Headers, v3Session } from './hiecm-v3-harness';

export const HIP_ID = 'IN2710000123';
export const COUNTER = '6';

export interface ShareHarness {
  sandbox: RunningSandbox;
  bridge: MiniBridge;
  /** A v3 session token (the desk's, with the hip role). */
  v3Token: string;
  /** A gateway v0.5 session token. */
  v05Token: string;
  /** POST /_sandbox/hip/share. */
  share(body: Record<string, unknown>): Promise<HttpResult>;
  /** POSTs a v3 on-share with fresh REQUEST-ID and TIMESTAMP; overrides replace or (undefined) drop headers. */
  onShareV3(body: unknown, overrides?: Record<string, string | undefined>): Promise<HttpResult & { requestId: string }>;
  /** POSTs a legacy on-share with Authorization and X-CM-ID. */
  onShareLegacy(body: unknown, headers?: Record<string, string>): Promise<HttpResult>;
  control(path: string): Promise<HttpResult>;
  close(): Promise<void>;
}

export async function startShareHarness(options: { registerBridge?: boolean } = {}): Promise<ShareHarness> {
  const sandbox = await startTestSandbox({ hiu: IMMEDIATE_HIU_SETTINGS });
  const base = sandbox.hiecmBaseUrl;
  const bridge = await startMiniBridge(`${base}/gateway/v3/certs`);
  // NHA lists 200 as the bridge's answer to a share.
  bridge.respondWith(() => ({ status: 200 }));
  const session = await v3Session(base);
  expect(session.status, session.text).toBe(202);
  const v3Token = (session.json as { accessToken: string }).accessToken;
  if (options.registerBridge !== false) {
    const registered = await patchJson(`${base}/gateway/v3/bridge/url`, { url: bridge.url }, { Authorization: `Bearer ${v3Token}`, ...v3Headers() });
    expect(registered.status, registered.text).toBe(202);
  }
  const v05Token = await gatewayToken(sandbox);
  return {
    sandbox,
    bridge,
    v3Token,
    v05Token,
    share: (body) => postJson(`${sandbox.url}/_sandbox/hip/share`, body),
    async onShareV3(body, overrides = {}) {
      const headers = v3Headers({ Authorization: `Bearer ${v3Token}`, ...overrides });
      const result = await postJson(`${base}/patient-share/v3/on-share`, body, headers);
      return { ...result, requestId: headers['REQUEST-ID'] ?? '' };
    },
    onShareLegacy: (body, headers = { Authorization: `Bearer ${v05Token}`, 'X-CM-ID': 'sbx' }) =>
      postJson(`${sandbox.gatewayBaseUrl}/v1.0/patients/profile/on-share`, body, headers),
    control: (path) => getJson(`${sandbox.url}/_sandbox/hip${path}`),
    async close() {
      await sandbox.close();
      await bridge.close();
    },
  };
}

/** A share sent through the control, and the call the bridge received for it. */
export async function shareAndReceive(h: ShareHarness, abhaAddress: string, generation: 'v3' | 'v0.5' = 'v3') {
  const sent = await h.share({ hipId: HIP_ID, counterId: COUNTER, abhaAddress, generation });
  expect(sent.status, sent.text).toBe(200);
  const { requestId } = sent.json as { requestId: string };
  const path = generation === 'v3' ? '/api/v3/hip/patient/share' : '/v1.0/patients/profile/share';
  const call = await h.bridge.waitFor(path, (c) => c.headers['request-id'] === requestId);
  return { requestId, call, answer: sent.json as { requestId: string; bridgeStatus: number | null } };
}

/** The spec's SUCCESS on-share (abdm-frontdesk.md §1), answering `shareRequestId`. */
export function v3SuccessOnShare(shareRequestId: string, abhaAddress: string, tokenNumber = '3') {
  return {
    acknowledgement: { status: 'SUCCESS', abhaAddress, profile: { context: COUNTER, tokenNumber, expiry: 1800 } },
    response: { requestId: shareRequestId },
  };
}

/** The legacy SUCCESS on-share as Bahmni and older CARE send it (ndhm-gateway-v1.yml ShareProfileResult1). */
export function legacySuccessOnShare(shareRequestId: string, healthId: string, tokenNumber = '3') {
  return {
    requestId: randomUUID(),
    timestamp: new Date().toISOString(),
    acknowledgement: { status: 'SUCCESS', healthId, tokenNumber },
    resp: { requestId: shareRequestId },
  };
}
