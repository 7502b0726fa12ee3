// Shared set-up for the HIU-side conformance tests: a sandbox with every delay at zero, the
// mini bridge registered as callback URL, and helpers that speak raw HTTP with the spec's
// field names. Every body sent or received is checked against official/ndhm-hiu.yml.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index';
import { hiuWorldOf } from '../../sandbox/gateway/hiu/index';
import type { HiuWorld } from '../../sandbox/gateway/hiu/hiu-world';
import { IMMEDIATE_HIU_SETTINGS, type HiuSettings } from '../../sandbox/gateway/hiu/hiu-settings';
import { startMiniBridge, type MiniBridge, type ReceivedCall } from '../support/mini-bridge';
import { assertMatchesOfficial, GATEWAY_PATCHES, patch, type SchemaPatch } from '../support/official-spec';
import { bearer, gatewayToken, postJson, startTestSandbox, type HttpResult } from '../support/sandbox-http';

export const HIU_SPEC = 'ndhm-hiu.yml';
export const HIU_ID = 'HIU-ABHADESK-TEST';

/** Defects of ndhm-hiu.yml patched before validating (gateway-v05.md §0, §2.18); listed in docs/sandbox-hiu.md. */
export const HIU_SPEC_PATCHES: SchemaPatch[] = [
  GATEWAY_PATCHES.errorCode,
  patch.dropRequired('ConsentRequest', 'consentNotificationUrl', 'required but never defined; real HIUs do not send it', ['consent']),
  patch.dropRequired('PatientAuthNotification', 'transactionId', 'required at top level but undefined; the real field is auth.transactionId'),
  {
    description: 'SubscriptionStatus: REVOKED added — the text says revocations are notified too, the enum lacks the value',
    apply(definitions) {
      (definitions.SubscriptionStatus!.enum as string[]).push('REVOKED');
    },
  },
];

/** The official schema of each body the sandbox sends to the bridge (gateway paths) … */
export const CALLBACK_SCHEMAS: Record<string, string> = {
  '/v0.5/patients/on-find': 'PatientIdentificationResponse',
  '/v0.5/users/auth/on-fetch-modes': 'PatientAuthModeQueryResponse',
  '/v0.5/users/auth/on-init': 'PatientAuthInitResponse',
  '/v0.5/users/auth/on-confirm': 'PatientAuthConfirmResponse',
  '/v0.5/users/auth/notify': 'PatientAuthNotification',
  '/v0.5/consent-requests/on-init': 'ConsentRequestInitResponse',
  '/v0.5/consent-requests/on-status': 'HIUConsentRequestStatus',
  '/v0.5/consents/hiu/notify': 'HIUConsentNotificationEvent',
  '/v0.5/consents/on-fetch': 'ConsentArtefactResponse',
  '/v0.5/health-information/hiu/on-request': 'HIUHealthInformationRequestResponse',
  '/v0.5/subscription-requests/hiu/on-init': 'HIUSubscriptionRequestReceipt',
  '/v0.5/subscription-requests/hiu/notify': 'SubscriptionApprovalNotification',
  '/v0.5/subscriptions/hiu/notify': 'HIUSubscriptionNotification',
  '/v0.5/patients/status/notify': 'HiuPatientStatusNotification',
  '/data-push': 'DataNotification',
};

/** … and of each body an HIU sends to the gateway. */
export const REQUEST_SCHEMAS: Record<string, string> = {
  '/patients/find': 'PatientIdentificationRequest',
  '/users/auth/fetch-modes': 'PatientAuthModeQueryRequest',
  '/users/auth/init': 'PatientAuthInitRequest',
  '/users/auth/confirm': 'PatientAuthConfirmRequest',
  '/users/auth/on-notify': 'PatientAuthNotificationAcknowledgement',
  '/consent-requests/init': 'ConsentRequest',
  '/consent-requests/status': 'ConsentRequestStatusRequest',
  '/consents/fetch': 'ConsentFetchRequest',
  '/consents/hiu/on-notify': 'HIUConsentNotificationResponse',
  '/health-information/cm/request': 'HIRequest',
  '/health-information/notify': 'HealthInformationNotification',
  '/subscription-requests/cm/init': 'SubscriptionRequest',
  '/subscription-requests/hiu/on-notify': 'HIUSubscriptionRequestNotificationAcknowledgement',
  '/subscriptions/hiu/on-notify': 'HIUSubscriptionNotificationAcknowledgment',
  '/patients/status/on-notify': 'PatientStatusNotification',
};

export function assertHiuSchema(schemaName: string, body: unknown): void {
  assertMatchesOfficial(HIU_SPEC, schemaName, body, { patches: HIU_SPEC_PATCHES });
}

export const envelope = () => ({ requestId: randomUUID(), timestamp: new Date().toISOString() });

export interface HiuHarness {
  sandbox: RunningSandbox;
  bridge: MiniBridge;
  world: HiuWorld;
  token: string;
  headers: Record<string, string>;
  /** POSTs `{requestId, timestamp, ...payload}` to /gateway/v0.5<path> after checking it against the spec. */
  send(path: string, payload: Record<string, unknown>, options?: { headers?: Record<string, string>; raw?: boolean }): Promise<HttpResult & { requestId: string }>;
  /** Waits for the callback on `path` answering `requestId`, and checks it conforms. */
  callback(path: string, requestId: string): Promise<ReceivedCall>;
  /** Waits for the next notification on `path` matching `match`, and checks it conforms. */
  notification(path: string, match?: (call: ReceivedCall) => boolean): Promise<ReceivedCall>;
  control(path: string, body?: unknown): Promise<HttpResult>;
  close(): Promise<void>;
}

export async function startHiuHarness(settings: Partial<HiuSettings> = {}): Promise<HiuHarness> {
  const sandbox = await startTestSandbox({ hiu: { ...IMMEDIATE_HIU_SETTINGS, ...settings } });
  const bridge = await startMiniBridge(`${sandbox.gatewayBaseUrl}/v0.5/certs`);
  const token = await gatewayToken(sandbox);
  const headers = { ...bearer(token), 'x-cm-id': 'sbx' };
  const registered = await sendPatch(`${sandbox.gatewayBaseUrl}/v1/bridges`, { url: bridge.url }, bearer(token));
  expect(registered).toBe(200);
  return {
    sandbox,
    bridge,
    world: hiuWorldOf(sandbox.context),
    token,
    headers,
    async send(path, payload, options = {}) {
      const body = { ...envelope(), ...payload };
      const schema = REQUEST_SCHEMAS[path];
      if (!options.raw && schema) assertHiuSchema(schema, body);
      const result = await postJson(`${sandbox.gatewayBaseUrl}/v0.5${path}`, body, options.headers ?? headers);
      return { ...result, requestId: body.requestId as string };
    },
    async callback(path, requestId) {
      const call = await bridge.waitFor(`/v0.5${path}`, (c) => c.body?.resp?.requestId === requestId);
      expectConformingCallback(call, requestId);
      return call;
    },
    async notification(path, match = () => true) {
      const call = await bridge.waitFor(`/v0.5${path}`, match);
      expectConformingCallback(call);
      return call;
    },
    control: (path, body = {}) => postJson(`${sandbox.url}/_sandbox${path}`, body),
    async close() {
      await sandbox.close();
      await bridge.close();
    },
  };
}

async function sendPatch(url: string, body: unknown, headers: Record<string, string>): Promise<number> {
  const response = await fetch(url, { method: 'PATCH', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return response.status;
}

/** Signed by the gateway key, routed with X-HIU-ID and X-CM-ID, fresh requestId, official shape. */
export function expectConformingCallback(call: ReceivedCall, callerRequestId?: string): void {
  expect(call.token.valid, call.token.error).toBe(true);
  expect(call.token.claims?.clientId).toBe('gateway');
  expect(call.headers['x-cm-id']).toBe('sbx');
  expect(call.headers['x-hiu-id'] ?? call.headers['x-hip-id']).toBeTruthy();
  expect(call.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  if (callerRequestId) {
    expect(call.body.resp.requestId).toBe(callerRequestId);
    expect(call.body.requestId).not.toBe(callerRequestId);
  }
  const schema = CALLBACK_SCHEMAS[call.path];
  if (!schema) throw new Error(`no official schema known for ${call.path}`);
  assertHiuSchema(schema, call.body);
}

// ── Request bodies with the spec's field names ───────────────────────────────────────────────

export function consentRequest(overrides: Record<string, unknown> = {}, permission: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    consent: {
      purpose: { text: 'Care Management', code: 'CAREMGT', refUri: 'http://terminology.hl7.org/ValueSet/v3-PurposeOfUse' },
      patient: { id: 'asha.verma@sbx' },
      hiu: { id: HIU_ID },
      requester: { name: 'Dr. R. Iyer', identifier: { type: 'REGNO', value: 'MH-45821', system: 'https://www.mciindia.org' } },
      hiTypes: ['OPConsultation', 'Prescription', 'DiagnosticReport', 'DischargeSummary'],
      permission: {
        accessMode: 'VIEW',
        dateRange: { from: '2019-01-01T00:00:00.000Z', to: new Date(now).toISOString() },
        dataEraseAt: new Date(now + 30 * 86_400_000).toISOString(),
        frequency: { unit: 'HOUR', value: 1, repeats: 0 },
        ...permission,
      },
      ...overrides,
    },
  };
}

/** Runs consent-requests/init for `asha.verma@sbx` and waits for the GRANTED notification. */
export async function grantedConsent(h: HiuHarness, overrides: Record<string, unknown> = {}) {
  const init = await h.send('/consent-requests/init', consentRequest(overrides));
  expect(init.status, init.text).toBe(202);
  const onInit = await h.callback('/consent-requests/on-init', init.requestId);
  const consentRequestId = onInit.body.consentRequest.id as string;
  const notify = await h.notification('/consents/hiu/notify', (c) => c.body.notification.consentRequestId === consentRequestId);
  expect(notify.body.notification.status).toBe('GRANTED');
  return { consentRequestId, notify, artefactIds: notify.body.notification.consentArtefacts.map((a: { id: string }) => a.id) as string[] };
}

export function keyMaterialFor(keys: { publicKey: string; nonce: string }) {
  return {
    cryptoAlg: 'ECDH',
    curve: 'Curve25519',
    dhPublicKey: { expiry: new Date(Date.now() + 3600_000).toISOString(), parameters: 'Curve25519/32byte random key', keyValue: keys.publicKey },
    nonce: keys.nonce,
  };
}
