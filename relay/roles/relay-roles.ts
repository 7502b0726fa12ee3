// The roles every relay knows. The HIP joins here when the desk side has its callbacks (issue 24's next steps);
// until then a clinic's `roles.hip` names a role the relay does not know, and the relay refuses to start.
import { HIU_ROLE } from './hiu-role';
import type { RelayRole } from './relay-role';

export const RELAY_ROLES: readonly RelayRole[] = [HIU_ROLE];
