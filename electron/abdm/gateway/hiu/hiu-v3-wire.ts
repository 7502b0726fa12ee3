// The HIU on HIE-CM v3 (reference/spec/abdm-v3.md §3; NHA's consent-management-data-flow.yaml). Paths are relative
// to the HIE-CM base; callbacks come to <bridge>/api/v3/hiu/.... Patient find, user auth (KYC) and patient status
// have no v3 equivalent; neither do subscriptions here (NHA keeps them in a separate subscription.yaml with other
// paths and callbacks; not built yet).
import { isObject } from '../../../shared/is-object';
import type { RoleCallback, RoleWire } from '../role-wire';
import { V3_CALLBACK_SCHEMAS } from '../v3/schemas';
import type { HiuCallbackKind, HiuOperation } from './hiu-kinds';
import { HIU_READERS } from './hiu-messages';

type Json = Record<string, unknown>;

const REQUEST_PATHS: Partial<Record<HiuOperation, string>> = {
  'consentRequests.init': '/consent/v3/request/init',
  'consentRequests.status': '/consent/v3/request/status',
  'consents.onNotify': '/consent/v3/request/hiu/on-notify',
  'consents.fetch': '/consent/v3/fetch',
  'healthInformation.request': '/data-flow/v3/health-information/request',
  'healthInformation.notify': '/data-flow/v3/health-information/notify',
};

const CALLBACK_PATHS: Partial<Record<HiuCallbackKind, string>> = {
  'consentRequests.onInit': '/api/v3/hiu/consent/request/on-init',
  'consentRequests.onStatus': '/api/v3/hiu/consent/request/on-status',
  'consents.notify': '/api/v3/hiu/consent/request/notify',
  'consents.onFetch': '/api/v3/hiu/consent/on-fetch',
  'healthInformation.onRequest': '/api/v3/hiu/health-information/on-request',
};

/** v3 lists hiu.name as required (nullable); the services send the id only. */
function withHiuName(payload: Json): Json {
  const consent = payload.consent;
  if (!isObject(consent) || !isObject(consent.hiu)) return payload;
  return { ...payload, consent: { ...consent, hiu: { ...consent.hiu, name: consent.hiu.name ?? null } } };
}

export const HIU_V3_WIRE: RoleWire = {
  callbacks: (Object.keys(CALLBACK_PATHS) as HiuCallbackKind[]).map(
    (kind): RoleCallback => ({ kind, path: CALLBACK_PATHS[kind]!, schema: V3_CALLBACK_SCHEMAS[kind]!, read: HIU_READERS[kind] }),
  ),
  operations: Object.fromEntries(
    Object.entries(REQUEST_PATHS).map(([operation, path]) => [operation, operation === 'consentRequests.init' ? { path: path!, body: withHiuName } : { path: path! }]),
  ),
};
