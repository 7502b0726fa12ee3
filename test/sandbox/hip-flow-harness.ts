// Shared set-up for the tests of the simulator's side of the clinic as an HIP (docs/sandbox-hip.md §8–§18): a sandbox
// with no delays, a test HTTP server standing in for the desk's bridge (registered with PATCH /gateway/v3/bridge/url,
// checking each call's JWT), v3 and v0.5 session tokens, and helpers to call the gateway as an HIP. Expected shapes
// are written by hand in the tests from abdm-frontdesk.md §3, NHA's hiecm files and ndhm-gateway-v1.yml.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index';
import { IMMEDIATE_HIU_SETTINGS } from '../../sandbox/gateway/hiu/hiu-settings';
import { startMiniBridge, type MiniBridge } from '../support/mini-bridge';
import { gatewayToken, getJson, postJson, startTestSandbox, type HttpResult } from '../support/sandbox-http';
import { patchJson, v3Headers, v3Session } from './hiecm-v3-harness';

export const HIP_ID = 'IN2710000123';
/** A demo patient of the simulator's consent manager (docs/sandbox-hiu.md): Asha Devi Verma, F, 1988. */
export const ASHA = { abhaAddress: 'asha.verma@sbx', name: 'Asha Devi Verma', gender: 'F', yearOfBirth: 1988 };

export interface HipFlowHarness {
  sandbox: RunningSandbox;
  bridge: MiniBridge;
  v05Token: string;
  /** POST {hiecm}<path> as the desk (HIP): token, REQUEST-ID, TIMESTAMP, X-CM-ID, X-HIP-ID, plus `headers`. */
  v3(path: string, body: unknown, headers?: Record<string, string | undefined>): Promise<HttpResult & { requestId: string }>;
  /** POST {gateway}<path> with a v0.5 envelope added to the body. */
  v05(path: string, body: Record<string, unknown>): Promise<HttpResult & { requestId: string }>;
  control(method: 'GET' | 'POST', path: string, body?: unknown): Promise<HttpResult>;
  close(): Promise<void>;
}

export async function startHipFlowHarness(): Promise<HipFlowHarness> {
  const sandbox = await startTestSandbox({ hiu: IMMEDIATE_HIU_SETTINGS });
  const base = sandbox.hiecmBaseUrl;
  const bridge = await startMiniBridge(`${base}/gateway/v3/certs`);
  const session = await v3Session(base);
  expect(session.status, session.text).toBe(202);
  const v3Token = (session.json as { accessToken: string }).accessToken;
  const registered = await patchJson(`${base}/gateway/v3/bridge/url`, { url: bridge.url }, { Authorization: `Bearer ${v3Token}`, ...v3Headers() });
  expect(registered.status, registered.text).toBe(202);
  const v05Token = await gatewayToken(sandbox);
  return {
    sandbox,
    bridge,
    v05Token,
    async v3(path, body, headers = {}) {
      const sent = v3Headers({ Authorization: `Bearer ${v3Token}`, 'X-HIP-ID': HIP_ID, ...headers });
      const result = await postJson(`${base}${path}`, body, sent);
      return { ...result, requestId: sent['REQUEST-ID'] ?? '' };
    },
    async v05(path, body) {
      const requestId = randomUUID();
      const result = await postJson(
        `${sandbox.gatewayBaseUrl}${path}`,
        { requestId, timestamp: new Date().toISOString(), ...body },
        { Authorization: `Bearer ${v05Token}`, 'X-CM-ID': 'sbx', 'X-HIP-ID': HIP_ID },
      );
      return { ...result, requestId };
    },
    control: (method, path, body) => (method === 'GET' ? getJson(`${sandbox.url}/_sandbox/hip${path}`) : postJson(`${sandbox.url}/_sandbox/hip${path}`, body ?? {})),
    async close() {
      await sandbox.close();
      await bridge.close();
    },
  };
}

/** A link token for Asha from the simulator, through generate-token and its callback. */
export async function linkTokenFor(h: HipFlowHarness, who = ASHA): Promise<string> {
  const asked = await h.v3('/v3/token/generate-token', { abhaNumber: null, ...who });
  expect(asked.status, asked.text).toBe(202);
  const call = await h.bridge.waitFor('/api/v3/hip/token/on-generate-token', (c) => c.body?.response?.requestId === asked.requestId);
  expect(call.body.linkToken, JSON.stringify(call.body)).toEqual(expect.any(String));
  return call.body.linkToken as string;
}

/** The care-context body of abdm-frontdesk.md §3 for one visit. */
export function oneVisit(visitId: string, hiType = 'OPConsultation') {
  return {
    abhaNumber: null,
    abhaAddress: ASHA.abhaAddress,
    patient: [{ referenceNumber: 'PN-0042', display: 'Asha Devi Verma', careContexts: [{ referenceNumber: visitId, display: 'OPD visit, 27-11-2026, Dr. Rao' }], hiType, count: 1 }],
  };
}
