// The roles every relay knows: the HIU (answers to its desks' requests) and the HIP (Scan & Share). A clinic plays a
// role other than the HIU when its configuration gives it an id (`roles: { "hip": "<HFR id>" }`).
import { HIP_ROLE } from './hip-role';
import { HIU_ROLE } from './hiu-role';
import type { RelayRole } from './relay-role';

export const RELAY_ROLES: readonly RelayRole[] = [HIU_ROLE, HIP_ROLE];
