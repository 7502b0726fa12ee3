// Gateway v0.5 (reference/spec/gateway-v05.md): every call is POST /v0.5/<path> with `requestId` and `timestamp`
// in the body and X-CM-ID in the headers; callbacks come to <bridge>/v0.5/<path> and name what they answer in
// `resp.requestId`. V05_TRANSPORT is the generation's own part; GATEWAY_V05 adds the HIU's wire for callers that
// only ever see the HIU (the relay, tests); the app joins every registered role (electron/gateway/gateway-roles.ts).
import { generationWithRoles } from '../role-wire';
import { HIU_ROLE } from '../hiu/hiu-role';
import type { GatewayTransport } from '../generation';
import { V05_DATA_PUSH_SCHEMA } from './schemas';

export const V05_TRANSPORT: GatewayTransport = {
  name: 'v0.5',
  certsPath: '/v0.5/certs',
  certsHeaders: () => ({}),
  callbackToken: { requiredRole: 'gateway' },
  dataPushSchema: V05_DATA_PUSH_SCHEMA,
  envelop({ path, body }, envelope) {
    return {
      path,
      headers: { 'X-CM-ID': envelope.cmId },
      // requestId first: ProjectEKA's gateway reads some bodies as text (gateway-v05.md §2.16).
      body: { requestId: envelope.requestId, timestamp: envelope.timestamp, ...body },
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
};

export const GATEWAY_V05 = generationWithRoles(V05_TRANSPORT, [HIU_ROLE]);
