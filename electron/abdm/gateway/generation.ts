// The seam between the HIU services and one generation of the ABDM gateway interface. The services speak in
// operations and callback kinds with v0.5-shaped payloads; a generation decides the paths, where `requestId` and
// `timestamp` travel (body fields in v0.5, headers in v3), how the answer names the request it answers, and which
// paths the bridge must serve. Adding a generation adds a file like gateway-v05.ts; the services do not change.
import type { z } from 'zod';

/** Every request an HIU sends to the gateway, acknowledgements included. */
export const HIU_OPERATIONS = [
  'patients.find',
  'auth.fetchModes',
  'auth.init',
  'auth.confirm',
  'auth.onNotify',
  'consentRequests.init',
  'consentRequests.status',
  'consents.fetch',
  'consents.onNotify',
  'healthInformation.request',
  'healthInformation.notify',
  'subscriptionRequests.init',
  'subscriptionRequests.onNotify',
  'subscriptions.onNotify',
  'patientStatus.onNotify',
] as const;
export type HiuOperation = (typeof HIU_OPERATIONS)[number];

/** Every callback the gateway sends an HIU. */
export const CALLBACK_KINDS = [
  'patients.onFind',
  'auth.onFetchModes',
  'auth.onInit',
  'auth.onConfirm',
  'auth.notify',
  'consentRequests.onInit',
  'consentRequests.onStatus',
  'consents.notify',
  'consents.onFetch',
  'healthInformation.onRequest',
  'subscriptionRequests.onInit',
  'subscriptionRequests.notify',
  'subscriptions.notify',
  'patientStatus.notify',
] as const;
export type CallbackKind = (typeof CALLBACK_KINDS)[number];

/** Operations that answer a notification: they expect no callback of their own. */
export const ACKNOWLEDGEMENTS: ReadonlySet<HiuOperation> = new Set([
  'auth.onNotify',
  'consents.onNotify',
  'healthInformation.notify',
  'subscriptionRequests.onNotify',
  'subscriptions.onNotify',
  'patientStatus.onNotify',
]);

/** An HTTP request ready to send to the gateway (path relative to the gateway base URL). */
export interface GatewayRequest {
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

export interface Envelope {
  requestId: string;
  /** ISO 8601, UTC. */
  timestamp: string;
  /** X-CM-ID: the consent manager (`sbx`, `abdm`). */
  cmId: string;
  /** X-HIU-ID: our HIU id as the gateway knows it (v3 sends it on every call; v0.5 puts ids in bodies only). */
  hiuId: string;
}

/**
 * Thrown by `request()` for an operation the generation has no path for (patient find, user auth and patient status
 * on v3). services/call-abdm.ts turns it into the NOT_ON_THIS_API failure.
 */
export class OperationNotOnThisApi extends Error {
  constructor(
    readonly operation: HiuOperation,
    readonly generation: string,
  ) {
    super(`${operation} has no equivalent on the ABDM gateway ${generation}`);
    this.name = 'OperationNotOnThisApi';
  }
}

/** How the bridge checks the bearer token on a callback (bridge/gateway-token.ts, docs/bridge.md). */
export interface CallbackTokenRules {
  /** The `aud` the token must name; not checked when absent. */
  audience?: string;
  /**
   * The realm role the token must carry. Only the gateway's own token has `gateway`; a client's session token from
   * the same gateway (same keys, same issuer, same audience) has hiu, hip, healthId… and must never pass.
   */
  requiredRole: string;
  /** The claims that may name the calling client, the first present wins; one is required. Default `clientId`. */
  clientIdClaims?: readonly string[];
}

/** What the bridge serves for one callback kind. */
export interface CallbackRoute {
  kind: CallbackKind;
  /** Path on the bridge, e.g. `/v0.5/consents/hiu/notify`. */
  path: string;
  /** The body's shape, from the official interface file; anything else is a 400. */
  schema: z.ZodType;
}

/** The ids a received callback carries, wherever this generation puts them. */
export interface CallbackIds {
  requestId: string;
  /** The requestId of our request this answers (`resp.requestId`); null for notifications. */
  respRequestId: string | null;
  timestamp: string | null;
}

export interface GatewayGeneration {
  readonly name: string;
  readonly callbackRoutes: readonly CallbackRoute[];
  /** Builds the request for an operation from a v0.5-shaped payload (no requestId/timestamp in it). */
  request(operation: HiuOperation, envelope: Envelope, payload: Record<string, unknown>): GatewayRequest;
  /** The header a callback's own id travels in (v3: REQUEST-ID), checked before the body is read; absent: the body's. */
  readonly requestIdHeader?: string;
  /** Reads the ids of a callback whose body already passed its route's schema. */
  callbackIds(headers: Record<string, string | undefined>, body: Record<string, unknown>): CallbackIds;
  /** The v0.5-shaped payload of a callback (for v0.5 the body itself). */
  callbackPayload(kind: CallbackKind, body: Record<string, unknown>): Record<string, unknown>;
  /** Where the gateway's JWKS lives, relative to the gateway base URL. */
  readonly certsPath: string;
  /** Headers for a fetch of the JWKS (fresh per call: v3 wants REQUEST-ID and TIMESTAMP there too). */
  certsHeaders(cmId: string): Record<string, string>;
  /** What a callback's bearer token must say beyond a valid RS256 signature by a key of the JWKS. */
  readonly callbackToken: CallbackTokenRules;
  /** False for operations `request()` refuses with OperationNotOnThisApi, so a screen can say so before trying. */
  supports(operation: HiuOperation): boolean;
  /** The body of a HIP's data push (health-information transfer) to the push URL we hand out. */
  readonly dataPushSchema: z.ZodType;
}
