// The ABDM sandbox's way to tell the gateway where a client's callbacks go: PATCH {gateway}/v1/bridges with
// { url } and the gateway token (reference/spec/gateway-v05.md §3.4, official/ndhm-devservice.yml); on HIE-CM v3,
// PATCH {hiecm}/gateway/v3/bridge/url with REQUEST-ID, TIMESTAMP and X-CM-ID (reference/spec/abdm-v3.md §1).
// Production takes the URL through the Health Facility Registry instead, so the app only calls this for its
// training simulator.
import { AbdmHttp } from '../http';
import { withGatewayToken, type GatewaySession } from '../session';
import { v3Headers } from '../v3-headers';

export interface BridgeRegistration {
  gatewayBaseUrl: string;
  session: GatewaySession;
  url: string;
  /** Register on HIE-CM v3 (gatewayBaseUrl is then the HIE-CM base) for this consent manager. */
  v3?: { cmId: string };
}

export async function registerBridgeUrl(opts: BridgeRegistration): Promise<void> {
  const http = new AbdmHttp({ service: 'gateway', baseUrl: opts.gatewayBaseUrl });
  const { v3 } = opts;
  await withGatewayToken(opts.session, (token) =>
    http.send({
      operation: 'bridges',
      method: 'PATCH',
      path: v3 ? '/gateway/v3/bridge/url' : '/v1/bridges',
      headers: { Authorization: `Bearer ${token}`, ...(v3 ? { ...v3Headers(), 'X-CM-ID': v3.cmId } : {}) },
      body: { url: opts.url },
      idempotent: true,
    }),
  );
}
