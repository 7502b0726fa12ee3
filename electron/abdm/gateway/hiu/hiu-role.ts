// The HIU as a role of the gateway pipeline: its lists, its id header and its wire on each generation. The HIU
// services register their handlers for these kinds (electron/services/hiu/); a HIP role is described the same way.
import type { RoleDescription } from '../role-wire';
import { HIU_ACKNOWLEDGEMENTS, HIU_CALLBACK_KINDS, HIU_OPERATIONS } from './hiu-kinds';
import { HIU_V05_WIRE } from './hiu-v05-wire';
import { HIU_V3_WIRE } from './hiu-v3-wire';

export const HIU_ROLE: RoleDescription = {
  name: 'hiu',
  idHeader: 'X-HIU-ID',
  operations: HIU_OPERATIONS,
  kinds: HIU_CALLBACK_KINDS,
  acknowledgements: HIU_ACKNOWLEDGEMENTS,
  wires: { 'v0.5': HIU_V05_WIRE, v3: HIU_V3_WIRE },
};
