// Shared set-up for the HIE-CM v3 conformance tests: a sandbox with every delay at zero, a v3 session,
// the mini bridge registered with PATCH /gateway/v3/bridge/url and checking each callback's JWT against
// /gateway/v3/certs. Expected shapes come from reference/spec/abdm-v3.md §1, §3 and NHA's hiecm OpenAPI.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index';
import { hiuWorldOf } from '../../sandbox/gateway/hiu/index';
import type { HiuWorld } from '../../sandbox/gateway/hiu/hiu-world';
import { IMMEDIATE_HIU_SETTINGS, type HiuSettings } from '../../sandbox/gateway/hiu/hiu-settings';
import { startMiniBridge, type MiniBridge, type ReceivedCall } from '../support/mini-bridge';
import { consentRequest } from './hiu-harness';
import { CLIENT, postJson, sendRaw, startTestSandbox, type HttpResult } from '../support/sandbox-http';

export const V3_HIU_ID = 'HIU-ABHADESK-V3';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** `2024-10-06T15:10:00.587Z` (notes §1). */
const UTC_MILLIS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** REQUEST-ID, TIMESTAMP, X-CM-ID: what every v3 gateway call carries. */
export function v3Headers(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const headers: Record<string, string | undefined> = { 'REQUEST-ID': randomUUID(), TIMESTAMP: new Date().toISOString(), 'X-CM-ID': 'sbx', ...overrides };
  return Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

export async function v3Session(baseUrl: string, body: Record<string, unknown> = { ...CLIENT, grantType: 'client_credentials' }): Promise<HttpResult> {
  return postJson(`${baseUrl}/gateway/v3/sessions`, body, v3Headers());
}

export async function patchJson(url: string, body: unknown, headers: Record<string, string>): Promise<HttpResult> {
  return sendRaw(url, { method: 'PATCH', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

export interface V3Harness {
  sandbox: RunningSandbox;
  base: string;
  bridge: MiniBridge;
  world: HiuWorld;
  token: string;
  /** All v3 headers for an HIU call (fresh REQUEST-ID and TIMESTAMP), with overrides; undefined drops one. */
  headers(overrides?: Record<string, string | undefined>): Record<string, string>;
  /** POSTs `body` to `<base><path>`; returns the REQUEST-ID it used. */
  send(path: string, body: unknown, overrides?: Record<string, string | undefined>): Promise<HttpResult & { requestId: string }>;
  /** The callback at `<bridge>/api/v3/hiu<name>` whose response.requestId is `requestId`, checked. */
  callback(name: string, requestId: string): Promise<ReceivedCall>;
  /** The next notification at `<bridge>/api/v3/hiu<name>` that matches, checked. */
  notification(name: string, match?: (call: ReceivedCall) => boolean): Promise<ReceivedCall>;
  close(): Promise<void>;
}

export async function startV3Harness(settings: Partial<HiuSettings> = {}): Promise<V3Harness> {
  const sandbox = await startTestSandbox({ hiu: { ...IMMEDIATE_HIU_SETTINGS, ...settings } });
  const base = sandbox.hiecmBaseUrl;
  const bridge = await startMiniBridge(`${base}/gateway/v3/certs`);
  const session = await v3Session(base);
  expect(session.status, session.text).toBe(202);
  const token = (session.json as { accessToken: string }).accessToken;
  const registered = await patchJson(`${base}/gateway/v3/bridge/url`, { url: bridge.url }, { Authorization: `Bearer ${token}`, ...v3Headers() });
  expect(registered.status, registered.text).toBe(202);
  const headers = (overrides: Record<string, string | undefined> = {}) =>
    v3Headers({ Authorization: `Bearer ${token}`, 'X-HIU-ID': V3_HIU_ID, ...overrides });
  return {
    sandbox,
    base,
    bridge,
    world: hiuWorldOf(sandbox.context),
    token,
    headers,
    async send(path, body, overrides = {}) {
      const sent = headers(overrides);
      const result = await postJson(`${base}${path}`, body, sent);
      return { ...result, requestId: sent['REQUEST-ID'] ?? '' };
    },
    async callback(name, requestId) {
      const call = await bridge.waitFor(`/api/v3/hiu${name}`, (c) => c.body?.response?.requestId === requestId);
      expectV3Callback(call, requestId);
      return call;
    },
    async notification(name, match = () => true) {
      const call = await bridge.waitFor(`/api/v3/hiu${name}`, match);
      expectV3Callback(call);
      return call;
    },
    async close() {
      await sandbox.close();
      await bridge.close();
    },
  };
}

/** Signed by the gateway key (checked against /gateway/v3/certs), v3 headers, no envelope in the body. */
export function expectV3Callback(call: ReceivedCall, callerRequestId?: string): void {
  expect(call.token.valid, call.token.error).toBe(true);
  expect(call.token.claims?.aud).toBe('account');
  expect(call.headers['request-id']).toMatch(UUID);
  expect(call.headers.timestamp).toMatch(UTC_MILLIS_Z);
  expect(call.headers['x-cm-id']).toBe('sbx');
  expect(call.headers['x-hiu-id']).toBeTruthy();
  expect(call.body).not.toHaveProperty('requestId');
  expect(call.body).not.toHaveProperty('timestamp');
  expect(call.body).not.toHaveProperty('resp');
  if (callerRequestId) {
    expect(call.body.response).toEqual({ requestId: callerRequestId });
    expect(call.headers['request-id']).not.toBe(callerRequestId);
  }
}

/** A consent request body per notes §3 / NHA consent/v3/request/init: v0.5's body, for the v3 HIU. */
export function v3ConsentRequest(overrides: Record<string, unknown> = {}) {
  return consentRequest({ purpose: { text: 'Care Management', code: 'CAREMGT', refUri: 'www.abdm.gov.in' }, hiu: { id: V3_HIU_ID }, ...overrides });
}

/** consent init → on-init → notify GRANTED; returns the ids. */
export async function grantedV3Consent(h: V3Harness, overrides: Record<string, unknown> = {}) {
  const init = await h.send('/consent/v3/request/init', v3ConsentRequest(overrides));
  expect(init.status, init.text).toBe(202);
  const onInit = await h.callback('/consent/request/on-init', init.requestId);
  const consentRequestId = onInit.body.consentRequest.id as string;
  const notify = await h.notification('/consent/request/notify', (c) => c.body.notification?.consentRequestId === consentRequestId);
  expect(notify.body.notification.status).toBe('GRANTED');
  const artefactIds = notify.body.notification.consentArtefacts.map((a: { id: string }) => a.id) as string[];
  return { consentRequestId, onInit, notify, artefactIds };
}
