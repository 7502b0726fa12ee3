// HIE-CM v3, the HIU side (reference/spec/abdm-v3.md §3; NHA's consent-management-data-flow.yaml and gateway.yaml).
// Paths are relative to the HIE-CM base (`https://dev.abdm.gov.in/api/hiecm`). Every call carries REQUEST-ID,
// TIMESTAMP (UTC, milliseconds, `Z`), X-CM-ID and X-HIU-ID; bodies carry no requestId/timestamp, and an
// acknowledgement names the notification it answers in `response.requestId` where v0.5 said `resp`. Callbacks come
// to <bridge>/api/v3/hiu/...; their own id is the REQUEST-ID header. The services keep speaking v0.5 shapes: this
// file translates both ways. Patient find, user auth (KYC) and patient status have no v3 equivalent; neither do
// subscriptions here (NHA keeps them in a separate subscription.yaml with other paths and callbacks; not built yet).
import { OperationNotOnThisApi, type CallbackIds, type CallbackKind, type CallbackRoute, type Envelope, type GatewayGeneration, type HiuOperation } from '../generation';
import { V05_DATA_PUSH_SCHEMA } from '../v05/schemas';
import { V3_CALLBACK_SCHEMAS } from './schemas';
import { v3Headers, v3Timestamp } from '../../v3-headers';

const REQUEST_PATHS: Partial<Record<HiuOperation, string>> = {
  'consentRequests.init': '/consent/v3/request/init',
  'consentRequests.status': '/consent/v3/request/status',
  'consents.onNotify': '/consent/v3/request/hiu/on-notify',
  'consents.fetch': '/consent/v3/fetch',
  'healthInformation.request': '/data-flow/v3/health-information/request',
  'healthInformation.notify': '/data-flow/v3/health-information/notify',
};

const CALLBACK_PATHS: Partial<Record<CallbackKind, string>> = {
  'consentRequests.onInit': '/api/v3/hiu/consent/request/on-init',
  'consentRequests.onStatus': '/api/v3/hiu/consent/request/on-status',
  'consents.notify': '/api/v3/hiu/consent/request/notify',
  'consents.onFetch': '/api/v3/hiu/consent/on-fetch',
  'healthInformation.onRequest': '/api/v3/hiu/health-information/on-request',
};

const routes: CallbackRoute[] = (Object.keys(CALLBACK_PATHS) as CallbackKind[]).map((kind) => ({
  kind,
  path: CALLBACK_PATHS[kind]!,
  schema: V3_CALLBACK_SCHEMAS[kind]!,
}));

type Json = Record<string, unknown>;

/** The v3 body for a v0.5-shaped payload: `resp` becomes `response`; consent init gets v3's hiu.name. */
function bodyFor(operation: HiuOperation, payload: Json): Json {
  const { resp, ...rest } = payload;
  const body: Json = resp === undefined ? rest : { ...rest, response: resp };
  if (operation === 'consentRequests.init' && isObject(body.consent)) body.consent = withHiuName(body.consent);
  return body;
}

/** v3 lists hiu.name as required (nullable); the services send the id only. */
function withHiuName(consent: Json): Json {
  if (!isObject(consent.hiu)) return consent;
  return { ...consent, hiu: { ...consent.hiu, name: consent.hiu.name ?? null } };
}

/** A timestamp the outbox gave, written as v3 wants it; an unreadable one (a path-only lookup) passes unchanged. */
function timestampHeader(envelope: Envelope): string {
  const ms = Date.parse(envelope.timestamp);
  return Number.isNaN(ms) ? envelope.timestamp : v3Timestamp(ms);
}

function headersFor(envelope: Envelope): Record<string, string> {
  return { 'REQUEST-ID': envelope.requestId, TIMESTAMP: timestampHeader(envelope), 'X-CM-ID': envelope.cmId, 'X-HIU-ID': envelope.hiuId };
}

/** A header by name in any case (Node lowercases what it receives; tests may not). */
function header(headers: Record<string, string | undefined>, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted && typeof value === 'string') return value;
  return null;
}

/** The v0.5 shape of a v3 callback: `response` read as `resp` (v3's stray `resp` string replaced). */
function v05Payload(body: Json): Json {
  if (body.response === undefined) return body;
  const { response, ...rest } = body;
  return { ...rest, resp: response };
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const GATEWAY_V3: GatewayGeneration = {
  name: 'v3',
  callbackRoutes: routes,
  certsPath: '/gateway/v3/certs',
  // The JWKS is asked for with the same headers as every v3 call (abdm-v3.md §1); X-HIU-ID is not among them.
  certsHeaders: (cmId) => ({ ...v3Headers(), 'X-CM-ID': cmId }),
  // Gateway v3 callback tokens are Keycloak tokens for audience `account` (abdm-v3.md §1). Every client's session
  // token is one too, signed by the same keys, so the audience tells nothing: the `gateway` realm role does, as on
  // v0.5 (gateway-v05.md §3.2; docs/bridge.md, "Whose token"). Keycloak always writes `azp`; `clientId` is a mapper.
  callbackToken: { audience: 'account', requiredRole: 'gateway', clientIdClaims: ['clientId', 'azp'] },
  // NHA's HIP data push is unchanged from v0.5 (DataNotification).
  dataPushSchema: V05_DATA_PUSH_SCHEMA,
  supports: (operation) => REQUEST_PATHS[operation] !== undefined,
  request(operation, envelope, payload) {
    const path = REQUEST_PATHS[operation];
    if (path === undefined) throw new OperationNotOnThisApi(operation, 'v3');
    return { path, headers: headersFor(envelope), body: bodyFor(operation, payload) };
  },
  requestIdHeader: 'REQUEST-ID',
  callbackIds(headers, body): CallbackIds {
    const response = body.response as { requestId?: unknown } | undefined;
    return {
      // Empty when the header is missing: the bridge refuses such a callback (it could not be told from another).
      requestId: header(headers, 'REQUEST-ID') ?? '',
      respRequestId: typeof response?.requestId === 'string' ? response.requestId : null,
      timestamp: header(headers, 'TIMESTAMP'),
    };
  },
  callbackPayload: (_kind, body) => v05Payload(body),
};
