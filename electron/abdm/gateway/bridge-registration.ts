// The ABDM sandbox's way to tell the gateway where a client's callbacks go: PATCH {gateway}/v1/bridges with
// { url } and the gateway token (reference/spec/gateway-v05.md §3.4, official/ndhm-devservice.yml); on HIE-CM v3,
// PATCH {hiecm}/gateway/v3/bridge/url with REQUEST-ID, TIMESTAMP and X-CM-ID (reference/spec/abdm-v3.md §1).
// Production takes the URL through the Health Facility Registry instead, so the app only calls this for its
// training simulator. Each generation's call is an entry of BRIDGE_URL_CALLS, chosen by the generation's name.
import { AbdmHttp } from '../http';
import { withGatewayToken, type GatewaySession } from '../session';
import { v3Headers } from '../v3-headers';

interface BridgeUrlCall {
  path: string;
  headers(cmId: string | undefined, now: () => number): Record<string, string>;
}

export const BRIDGE_URL_CALLS = {
  'v0.5': { path: '/v1/bridges', headers: () => ({}) },
  v3: { path: '/gateway/v3/bridge/url', headers: (cmId, now) => ({ ...v3Headers(now), 'X-CM-ID': cmId ?? '' }) },
} as const satisfies Record<string, BridgeUrlCall>;

export interface BridgeRegistration {
  /** The gateway base URL of the generation (HIE-CM's base on v3). */
  gatewayBaseUrl: string;
  session: GatewaySession;
  url: string;
  /** The gateway generation to register with, by its name (GatewayGeneration.name: 'v0.5', 'v3'); v0.5 when absent. */
  generation?: string;
  /** X-CM-ID, for a generation that sends it (v3); the others leave it out. */
  cmId?: string;
  /** Main's clock, for TIMESTAMP (the gateway refuses one far from its own); Date.now when absent. */
  now?: () => number;
}

export async function registerBridgeUrl(opts: BridgeRegistration): Promise<void> {
  const http = new AbdmHttp({ service: 'gateway', baseUrl: opts.gatewayBaseUrl });
  const name = opts.generation ?? 'v0.5';
  const call = (BRIDGE_URL_CALLS as Record<string, BridgeUrlCall | undefined>)[name];
  if (!call) throw new TypeError(`No bridge URL call for the gateway generation ${name}`);
  await withGatewayToken(opts.session, (token) =>
    http.send({
      operation: 'bridges',
      method: 'PATCH',
      path: call.path,
      headers: { Authorization: `Bearer ${token}`, ...call.headers(opts.cmId, opts.now ?? Date.now) },
      body: { url: opts.url },
      idempotent: true,
    }),
  );
}
