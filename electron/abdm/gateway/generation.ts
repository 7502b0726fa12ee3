// The seam between the desk's roles (HIU today, HIP next) and one generation of the ABDM gateway interface. A
// generation is two things: its transport (where `requestId` and `timestamp` travel: body fields in v0.5, headers in
// v3; how an answer names the request it answers; how callbacks are signed; where the keys are) and the wire of each
// role on it (electron/abdm/gateway/role-wire.ts: paths, body shapes and the reading of each callback into the desk's
// own message). `generationWithRoles` joins them into the GatewayGeneration the pipeline (electron/gateway/) uses.
// Adding a generation adds a transport and each role's wire for it; the services do not change.
import type { z } from 'zod';

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
  /** The sending role's id as the gateway knows it, sent in the role's id header (X-HIU-ID, X-HIP-ID) on v3. */
  roleId?: string;
  /** The HIU's name for roleId (callers that only ever speak as the HIU). */
  hiuId?: string;
}

/**
 * Thrown by `request()` for an operation the generation has no path for (patient find, user auth and patient status
 * on v3). services/call-abdm.ts turns it into the NOT_ON_THIS_API failure.
 */
export class OperationNotOnThisApi extends Error {
  constructor(
    readonly operation: string,
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
  /** The kind, named by the role that owns it (`consents.notify`). */
  kind: string;
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

/** One generation's transport: everything about a call that no role decides. */
export interface GatewayTransport {
  readonly name: string;
  /** Wraps a role's request (path and body) in this generation's envelope, the role's id in `idHeader` where sent. */
  envelop(request: { path: string; body: Record<string, unknown> }, envelope: Envelope, idHeader: string): GatewayRequest;
  /** The header a callback's own id travels in (v3: REQUEST-ID), checked before the body is read; absent: the body's. */
  readonly requestIdHeader?: string;
  /** Reads the ids of a callback whose body already passed its route's schema. */
  callbackIds(headers: Record<string, string | undefined>, body: Record<string, unknown>): CallbackIds;
  /** Where the gateway's JWKS lives, relative to the gateway base URL. */
  readonly certsPath: string;
  /** Headers for a fetch of the JWKS (fresh per call: v3 wants REQUEST-ID and TIMESTAMP there too). */
  certsHeaders(cmId: string): Record<string, string>;
  /** What a callback's bearer token must say beyond a valid RS256 signature by a key of the JWKS. */
  readonly callbackToken: CallbackTokenRules;
  /** The body of a HIP's data push (health-information transfer) to the push URL we hand out. */
  readonly dataPushSchema: z.ZodType;
}

/** A generation with the wire of every role it serves: what the outbox, the bridge and the processor use. */
export interface GatewayGeneration extends GatewayTransport {
  /** Every role's callback routes on this generation. */
  readonly callbackRoutes: readonly CallbackRoute[];
  /** Builds the request for an operation from the role's payload (no requestId/timestamp in it). */
  request(operation: string, envelope: Envelope, payload: Record<string, unknown>): GatewayRequest;
  /** False for operations `request()` refuses with OperationNotOnThisApi, so a screen can say so before trying. */
  supports(operation: string): boolean;
  /** True for an operation that answers a notification: it expects no callback of its own. */
  isAcknowledgement(operation: string): boolean;
  /**
   * The desk's typed message for a callback that arrived on `path` (one of this generation's routes) and passed its
   * schema, every string cleaned of control characters and direction marks; null for a path no role serves here.
   */
  callbackMessage(path: string, body: Record<string, unknown>, headers: Record<string, string | undefined>): CallbackMessage | null;
}

/** A callback read into its role's words. */
export interface CallbackMessage {
  /** The role whose callback it is (`hiu`). */
  role: string;
  kind: string;
  /** The message in the desk's words; its type is the role's (HiuMessages for the HIU). */
  message: unknown;
  /** `error.code` as text, when the callback carries an error. */
  errorCode: string | null;
}

// The HIU's own lists, named here as before for callers that only ever see the HIU (the relay's routing).
export type { HiuCallbackKind as CallbackKind, HiuOperation } from './hiu/hiu-kinds';
export { HIU_CALLBACK_KINDS as CALLBACK_KINDS, HIU_OPERATIONS, HIU_ACKNOWLEDGEMENTS as ACKNOWLEDGEMENTS } from './hiu/hiu-kinds';
