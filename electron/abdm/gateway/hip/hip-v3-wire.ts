// The HIP on HIE-CM v3 (reference/spec/abdm-frontdesk.md §1; NHA's patient-share.yaml). Callbacks come to
// <bridge>/api/v3/hip/...; requests go to the HIE-CM base. The share's schema takes any JSON object: a body the desk
// cannot read is answered FAILED by the handler (and kept for the timeline), never refused at the door, since a
// refused share leaves the patient at the counter with a spinner.
import { z } from 'zod';
import type { RoleWire } from '../role-wire';
import { onShareV3Body } from './on-share';
import { readShareV3 } from './hip-messages';

export const HIP_V3_WIRE: RoleWire = {
  callbacks: [{ kind: 'profile.share', path: '/api/v3/hip/patient/share', schema: z.object({}).loose(), read: readShareV3 }],
  operations: { 'profile.onShare': { path: '/patient-share/v3/on-share', body: onShareV3Body } },
};
