// Which gateway generation speaks for the ABDM API chosen in Settings, and which one wrote a stored callback.
// A callback stored before the API was switched is still read in its own generation's shape.
import type { AbdmApi } from '../../shared/abdm-api';
import type { GatewayGeneration } from './generation';
import { GATEWAY_V05 } from './v05/generation';
import { GATEWAY_V3 } from './v3/generation';

export function gatewayGenerationFor(api: AbdmApi): GatewayGeneration {
  return api === 'v3' ? GATEWAY_V3 : GATEWAY_V05;
}

/** The generation whose bridge route a callback arrived on (v3 routes live under /api/v3/, v0.5 under /v0.5/). */
export function gatewayGenerationOfPath(path: string): GatewayGeneration {
  return GATEWAY_V3.callbackRoutes.some((route) => route.path === path) ? GATEWAY_V3 : GATEWAY_V05;
}
