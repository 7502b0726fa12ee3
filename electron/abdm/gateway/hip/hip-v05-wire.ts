// The HIP on the legacy generation (gateway v0.5 with ABDM's v1.0 profile-share paths: Bahmni, older CARE;
// reference/spec/abdm-frontdesk.md §1, confidence M). The counter travels as `profile.hipCode`.
import { z } from 'zod';
import type { RoleWire } from '../role-wire';
import { onShareV05Body } from './on-share';
import { readShareV05 } from './hip-messages';

export const HIP_V05_WIRE: RoleWire = {
  callbacks: [{ kind: 'profile.share', path: '/v1.0/patients/profile/share', schema: z.object({}).loose(), read: readShareV05 }],
  operations: { 'profile.onShare': { path: '/v1.0/patients/profile/on-share', body: onShareV05Body } },
};
