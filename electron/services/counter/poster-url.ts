// What the counter's QR says: ABDM's Scan & Share address for one counter of one facility
// (abdm-frontdesk.md §1): `https://<PHR host>/share-profile?hip-id=<HIP id>&counter-id=<counter>`. The patient's
// ABHA app opens it, shows their profile and shares it with the facility, naming the counter.
import type { Environment } from '../../store/settings/settings-schema';

/**
 * The PHR host of each real environment. Sandbox: `phrsbx.abdm.gov.in`, as ABDM's sandbox documents it (high
 * confidence). Production: `phr.abdm.gov.in`, the sandbox host without its `sbx` (medium confidence: ABDM tells a
 * production facility to take its QR from HFR's generator, whose address we have not seen written down).
 */
export const PHR_HOSTS: Readonly<Record<Exclude<Environment, 'training'>, string>> = {
  'abdm-sandbox': 'https://phrsbx.abdm.gov.in',
  production: 'https://phr.abdm.gov.in',
};

/** `phrBase`: where the share-profile page is; in training the simulator's own address, so the QR points at it. */
export function shareProfileUrl(phrBase: string, hipId: string, counterId: string): string {
  const url = new URL('/share-profile', phrBase);
  url.searchParams.set('hip-id', hipId);
  url.searchParams.set('counter-id', counterId);
  return url.toString();
}
