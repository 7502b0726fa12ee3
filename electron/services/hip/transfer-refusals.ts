// Why this HIP refuses a health-information request, and the error it answers with (on-request ERRORED) on each
// generation. v0.5 has integer codes: the consent manager's own (reference/spec/gateway-v05.md §5.3), since ABDM
// publishes none for an HIP's refusals. HIE-CM v3 has ABDM-xxxx strings: NHA's published table where it has a fitting
// entry (ABDM-1080 invalid consent artefact id, ABDM-1061 consent artefact expired, ABDM-1058 invalid HI types,
// ABDM-1057 invalid care contexts, ABDM-1407 ABHA deactivated), else ABDM-9999 with our words.
import type { GatewayRefusal } from '../../abdm/gateway/hip/hip-flow-messages';
import type { AbdmApi } from '../../shared/abdm-api';

export const REFUSAL_REASONS = [
  'unknown-consent',
  'consent-expired',
  'date-range',
  'hi-types',
  'care-contexts',
  'patient-deactivated',
  'key-material',
  'push-url',
  'no-records',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

interface RefusalCodes {
  v05: number;
  v3: string;
  message: string;
}

export const REFUSALS: Record<RefusalReason, RefusalCodes> = {
  // Never granted to this HIP, revoked (deleted at once), or granted to another HIP.
  'unknown-consent': { v05: 1416, v3: 'ABDM-1080', message: 'Cannot find the consent artefact' },
  'consent-expired': { v05: 1410, v3: 'ABDM-1061', message: 'Consent artefact expired' },
  'date-range': { v05: 1418, v3: 'ABDM-9999', message: 'Date range given is invalid or outside the consent' },
  'hi-types': { v05: 1419, v3: 'ABDM-1058', message: 'The consent names no HI type this HIP provides' },
  'care-contexts': { v05: 1421, v3: 'ABDM-1057', message: 'The consent names no care context of this HIP' },
  'patient-deactivated': { v05: 1414, v3: 'ABDM-1407', message: 'The ABHA of this patient is deactivated' },
  'key-material': { v05: 1514, v3: 'ABDM-9999', message: 'Unable to parse the key material (or it has expired)' },
  'push-url': { v05: 1510, v3: 'ABDM-9999', message: 'The data push URL is missing or not an http(s) URL' },
  'no-records': { v05: 1421, v3: 'ABDM-1120', message: 'No records for the consent’s care contexts, HI types and dates' },
};

/** The error an on-request carries for `reason` on the generation `api` (v0.5's integer code as text). */
export function refusalOf(reason: RefusalReason, api: AbdmApi): GatewayRefusal {
  const codes = REFUSALS[reason];
  return { code: api === 'v3' ? codes.v3 : String(codes.v05), message: codes.message };
}
