// The HIU on HIE-CM v3 (reference/spec/abdm-v3.md §3; NHA's consent-management-data-flow.yaml). Paths are relative
// to the HIE-CM base; callbacks come to <bridge>/api/v3/hiu/.... Patient find and user auth (KYC) have no v3
// equivalent; neither do subscriptions here (NHA keeps them in a separate subscription.yaml with other paths and
// callbacks; not built yet). Patient status has none either, yet a deactivated patient must stop every push of the
// clinic as an HIP: the desk takes v0.5's patients/status/notify, in v0.5's envelope, on v3 too (docs/decisions.md).
import { isObject } from '../../../shared/is-object';
import type { RoleCallback, RoleWire } from '../role-wire';
import { V05_CALLBACK_SCHEMAS } from '../v05/schemas';
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

/** ABDM's v0.5 patient status notify, which has no v3 twin, taken as it comes (its acknowledgement has no v3 path: left out). */
const PATIENT_STATUS_V05: RoleCallback = {
  kind: 'patientStatus.notify',
  path: '/v0.5/patients/status/notify',
  schema: V05_CALLBACK_SCHEMAS['patientStatus.notify']!,
  bodyEnvelope: true,
  read: HIU_READERS['patientStatus.notify'],
};

export const HIU_V3_WIRE: RoleWire = {
  callbacks: [
    ...(Object.keys(CALLBACK_PATHS) as HiuCallbackKind[]).map(
      (kind): RoleCallback => ({ kind, path: CALLBACK_PATHS[kind]!, schema: V3_CALLBACK_SCHEMAS[kind]!, read: HIU_READERS[kind] }),
    ),
    PATIENT_STATUS_V05,
  ],
  operations: Object.fromEntries(
    Object.entries(REQUEST_PATHS).map(([operation, path]) => [operation, operation === 'consentRequests.init' ? { path: path!, body: withHiuName } : { path: path! }]),
  ),
};
