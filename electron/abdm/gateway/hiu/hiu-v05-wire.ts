// The HIU on gateway v0.5 (reference/spec/gateway-v05.md): every call is POST /v0.5/<path>; callbacks come to
// <bridge>/v0.5/<path>. The bodies are the services' payloads as they are.
import type { RoleCallback, RoleWire } from '../role-wire';
import { V05_CALLBACK_SCHEMAS } from '../v05/schemas';
import type { HiuCallbackKind, HiuOperation } from './hiu-kinds';
import { HIU_READERS } from './hiu-messages';

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

const CALLBACK_PATHS: Record<HiuCallbackKind, string> = {
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

const callback = (kind: HiuCallbackKind, path: string): RoleCallback => ({ kind, path, schema: V05_CALLBACK_SCHEMAS[kind], read: HIU_READERS[kind] });

export const HIU_V05_WIRE: RoleWire = {
  callbacks: [
    ...(Object.keys(CALLBACK_PATHS) as HiuCallbackKind[]).map((kind) => callback(kind, CALLBACK_PATHS[kind])),
    // One sandbox doc page shows the CM-side name for this callback; accept it too (gateway-v05.md §2.14).
    callback('healthInformation.onRequest', '/v0.5/health-information/cm/on-request'),
  ],
  operations: Object.fromEntries(Object.entries(REQUEST_PATHS).map(([operation, path]) => [operation, { path }])),
};
