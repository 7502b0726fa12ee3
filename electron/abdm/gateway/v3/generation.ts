// HIE-CM v3 (reference/spec/abdm-v3.md §1, §3; NHA's consent-management-data-flow.yaml and gateway.yaml). Paths are
// relative to the HIE-CM base (`https://dev.abdm.gov.in/api/hiecm`). Every call carries REQUEST-ID, TIMESTAMP (UTC,
// milliseconds, `Z`), X-CM-ID and the sending role's id header (X-HIU-ID, X-HIP-ID); bodies carry no
// requestId/timestamp, and an acknowledgement names the notification it answers in `response.requestId` where v0.5
// said `resp`. Callbacks come to <bridge>/api/v3/<role>/...; their own id is the REQUEST-ID header. V3_TRANSPORT is
// the generation's own part; GATEWAY_V3 adds the HIU's wire (abdm/gateway/hiu/hiu-v3-wire.ts).
import { generationWithRoles } from '../role-wire';
import { HIU_ROLE } from '../hiu/hiu-role';
import type { CallbackIds, Envelope, GatewayTransport } from '../generation';
import { V05_DATA_PUSH_SCHEMA } from '../v05/schemas';
import { v3Headers, v3Timestamp } from '../../v3-headers';

type Json = Record<string, unknown>;

/** The v3 body for a role's payload: an acknowledgement's `resp` becomes `response`. */
function bodyFor(payload: Json): Json {
  const { resp, ...rest } = payload;
  return resp === undefined ? rest : { ...rest, response: resp };
}

/** A timestamp the outbox gave, written as v3 wants it; an unreadable one (a path-only lookup) passes unchanged. */
function timestampHeader(envelope: Envelope): string {
  const ms = Date.parse(envelope.timestamp);
  return Number.isNaN(ms) ? envelope.timestamp : v3Timestamp(ms);
}

/** A header by name in any case (Node lowercases what it receives; tests may not). */
function header(headers: Record<string, string | undefined>, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted && typeof value === 'string') return value;
  return null;
}

export const V3_TRANSPORT: GatewayTransport = {
  name: 'v3',
  certsPath: '/gateway/v3/certs',
  // The JWKS is asked for with the same headers as every v3 call (abdm-v3.md §1); no role's id header is among them.
  certsHeaders: (cmId) => ({ ...v3Headers(), 'X-CM-ID': cmId }),
  // Gateway v3 callback tokens are Keycloak tokens for audience `account` (abdm-v3.md §1). Every client's session
  // token is one too, signed by the same keys, so the audience tells nothing: the `gateway` realm role does, as on
  // v0.5 (gateway-v05.md §3.2; docs/bridge.md, "Whose token"). Keycloak always writes `azp`; `clientId` is a mapper.
  callbackToken: { audience: 'account', requiredRole: 'gateway', clientIdClaims: ['clientId', 'azp'] },
  // NHA's HIP data push is unchanged from v0.5 (DataNotification).
  dataPushSchema: V05_DATA_PUSH_SCHEMA,
  envelop({ path, body }, envelope, idHeader) {
    const headers = { 'REQUEST-ID': envelope.requestId, TIMESTAMP: timestampHeader(envelope), 'X-CM-ID': envelope.cmId, [idHeader]: envelope.roleId ?? '' };
    return { path, headers, body: bodyFor(body) };
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
};

export const GATEWAY_V3 = generationWithRoles(V3_TRANSPORT, [HIU_ROLE]);
