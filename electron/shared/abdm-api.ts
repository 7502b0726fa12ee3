// ABDM's API generations (reference/spec/abdm-v3.md): `v3`, current, and `v1`, the legacy Health ID v1 with
// gateway v0.5 that the seeds describe. Screens are the same on both; the clients differ. Pure: main and
// renderer import it.
export const ABDM_APIS = ['v3', 'v1'] as const;
export type AbdmApi = (typeof ABDM_APIS)[number];
