// The ABDM sandbox's way to tell the gateway where a client's callbacks go: PATCH {gateway}/v1/bridges with
// { url } and the gateway token (reference/spec/gateway-v05.md §3.4, official/ndhm-devservice.yml). Production
// takes the URL through the Health Facility Registry instead, so the app only calls this for its training simulator.
import { AbdmHttp } from './http';
import { withGatewayToken, type GatewaySession } from './session';

export async function registerBridgeUrl(opts: { gatewayBaseUrl: string; session: GatewaySession; url: string }): Promise<void> {
  const http = new AbdmHttp({ service: 'gateway', baseUrl: opts.gatewayBaseUrl });
  await withGatewayToken(opts.session, (token) =>
    http.send({ operation: 'bridges', method: 'PATCH', path: '/v1/bridges', headers: { Authorization: `Bearer ${token}` }, body: { url: opts.url }, idempotent: true }),
  );
}
