// The clinic as an HIP: a role of the gateway pipeline like the HIU (abdm/gateway/hiu/hiu-role.ts), on when Settings
// name the facility's HIP id. Its services register their handlers for these kinds (electron/services/counter/).
import type { RoleDescription } from '../role-wire';
import { HIP_ACKNOWLEDGEMENTS, HIP_CALLBACK_KINDS, HIP_OPERATIONS } from './hip-kinds';
import { HIP_V05_WIRE } from './hip-v05-wire';
import { HIP_V3_WIRE } from './hip-v3-wire';

export const HIP_ROLE: RoleDescription = {
  name: 'hip',
  idHeader: 'X-HIP-ID',
  operations: HIP_OPERATIONS,
  kinds: HIP_CALLBACK_KINDS,
  acknowledgements: HIP_ACKNOWLEDGEMENTS,
  wires: { 'v0.5': HIP_V05_WIRE, v3: HIP_V3_WIRE },
};
