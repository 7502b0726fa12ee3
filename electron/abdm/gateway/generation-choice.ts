// Which gateway generation speaks for the ABDM API chosen in Settings, and which one wrote a stored callback.
// A callback stored before the API was switched is still read in its own generation's shape. The roles default to
// the HIU alone (the relay, tests); the desk passes every role it registered (electron/gateway/gateway-roles.ts).
import type { AbdmApi } from '../../shared/abdm-api';
import type { GatewayGeneration, GatewayTransport } from './generation';
import { HIU_ROLE } from './hiu/hiu-role';
import { generationWithRoles, type RoleDescription, type RoleOnGeneration } from './role-wire';
import { GATEWAY_V05, V05_TRANSPORT } from './v05/generation';
import { GATEWAY_V3, V3_TRANSPORT } from './v3/generation';

type Roles = readonly (RoleDescription | RoleOnGeneration)[];

/** Every generation's transport, v0.5 first (a path no generation claims is read as v0.5's). */
export const GATEWAY_TRANSPORTS: readonly GatewayTransport[] = [V05_TRANSPORT, V3_TRANSPORT];

export function gatewayTransportFor(api: AbdmApi): GatewayTransport {
  return api === 'v3' ? V3_TRANSPORT : V05_TRANSPORT;
}

export function gatewayGenerationFor(api: AbdmApi, roles?: Roles): GatewayGeneration {
  if (!roles) return api === 'v3' ? GATEWAY_V3 : GATEWAY_V05;
  return generationWithRoles(gatewayTransportFor(api), roles);
}

/** The generation whose bridge route a callback arrived on (v3 routes live under /api/v3/, v0.5 under /v0.5/). */
export function gatewayGenerationOfPath(path: string, roles: Roles = [HIU_ROLE]): GatewayGeneration {
  const v3 = generationWithRoles(V3_TRANSPORT, roles);
  return v3.callbackRoutes.some((route) => route.path === path) ? v3 : generationWithRoles(V05_TRANSPORT, roles);
}

/**
 * The desk's typed message for a callback as the bridge stored it (its path, body and headers), read by the
 * generation whose route it came on (the relay reads a role's message by kind instead: relay/routing.ts, messageOf).
 */
export function callbackMessageOf(callback: { path: string; body: Record<string, unknown>; headers: Record<string, string | undefined> }, roles: Roles = [HIU_ROLE]) {
  return gatewayGenerationOfPath(callback.path, roles).callbackMessage(callback.path, callback.body, callback.headers);
}
