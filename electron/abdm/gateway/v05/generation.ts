// Gateway v0.5 (reference/spec/gateway-v05.md): every call is POST /v0.5/<path> with `requestId` and `timestamp`
// in the body and X-CM-ID in the headers; callbacks come to <bridge>/v0.5/<path> and name what they answer in
// `resp.requestId`.
import { V05_CALLBACK_SCHEMAS, V05_DATA_PUSH_SCHEMA } from './schemas';
import type { CallbackKind, CallbackRoute, GatewayGeneration, HiuOperation } from '../generation';

const REQUEST_PATHS: Record<HiuOperation, string> = {
  'patients.find': '/v0.5/patients/find',
  'auth.fetchModes': '/v0.5/users/auth/fetch-modes',
  'auth.init': '/v0.5/users/auth/init',
  'auth.confirm': '/v0.5/users/auth/confirm',
  'auth.onNotify': '/v0.5/users/auth/on-notify',
  'consentRequests.init': '/v0.5/consent-requests/init',
  'consentRequests.status': '/v0.5/consent-requests/status',
  'consents.fetch': '/v0.5/consents/fetch',
  'consents.onNotify': '/v0.5/consents/hiu/on-notify',
  'healthInformation.request': '/v0.5/health-information/cm/request',
  'healthInformation.notify': '/v0.5/health-information/notify',
  'subscriptionRequests.init': '/v0.5/subscription-requests/cm/init',
  'subscriptionRequests.onNotify': '/v0.5/subscription-requests/hiu/on-notify',
  'subscriptions.onNotify': '/v0.5/subscriptions/hiu/on-notify',
  'patientStatus.onNotify': '/v0.5/patients/status/on-notify',
};

const CALLBACK_PATHS: Record<CallbackKind, string> = {
  'patients.onFind': '/v0.5/patients/on-find',
  'auth.onFetchModes': '/v0.5/users/auth/on-fetch-modes',
  'auth.onInit': '/v0.5/users/auth/on-init',
  'auth.onConfirm': '/v0.5/users/auth/on-confirm',
  'auth.notify': '/v0.5/users/auth/notify',
  'consentRequests.onInit': '/v0.5/consent-requests/on-init',
  'consentRequests.onStatus': '/v0.5/consent-requests/on-status',
  'consents.notify': '/v0.5/consents/hiu/notify',
  'consents.onFetch': '/v0.5/consents/on-fetch',
  'healthInformation.onRequest': '/v0.5/health-information/hiu/on-request',
  'subscriptionRequests.onInit': '/v0.5/subscription-requests/hiu/on-init',
  'subscriptionRequests.notify': '/v0.5/subscription-requests/hiu/notify',
  'subscriptions.notify': '/v0.5/subscriptions/hiu/notify',
  'patientStatus.notify': '/v0.5/patients/status/notify',
};

const routes: CallbackRoute[] = [
  ...(Object.keys(CALLBACK_PATHS) as CallbackKind[]).map((kind) => ({ kind, path: CALLBACK_PATHS[kind], schema: V05_CALLBACK_SCHEMAS[kind] })),
  // One sandbox doc page shows the CM-side name for this callback; accept it too (gateway-v05.md §2.14).
  { kind: 'healthInformation.onRequest', path: '/v0.5/health-information/cm/on-request', schema: V05_CALLBACK_SCHEMAS['healthInformation.onRequest'] },
];

export const GATEWAY_V05: GatewayGeneration = {
  name: 'v0.5',
  callbackRoutes: routes,
  certsPath: '/v0.5/certs',
  certsHeaders: () => ({}),
  callbackToken: { requiredRole: 'gateway' },
  supports: () => true,
  dataPushSchema: V05_DATA_PUSH_SCHEMA,
  request(operation, envelope, payload) {
    return {
      path: REQUEST_PATHS[operation],
      headers: { 'X-CM-ID': envelope.cmId },
      // requestId first: ProjectEKA's gateway reads some bodies as text (gateway-v05.md §2.16).
      body: { requestId: envelope.requestId, timestamp: envelope.timestamp, ...payload },
    };
  },
  callbackIds(_headers, body) {
    const resp = body.resp as { requestId?: unknown } | undefined;
    return {
      requestId: String(body.requestId),
      respRequestId: typeof resp?.requestId === 'string' ? resp.requestId : null,
      timestamp: typeof body.timestamp === 'string' ? body.timestamp : null,
    };
  },
  callbackPayload: (_kind, body) => body,
};
