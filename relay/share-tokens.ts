// What the relay asks its store for when a profile share comes in (docs/relay.md, "Token numbers"): a token at the
// share's counter, on the clinic's local day, for the patient known only by a hash. The rules themselves (30 minutes,
// the local day) are the desk's and the relay's alike: electron/shared/share-tokens.ts.
import { createHash } from 'node:crypto';
import { tokenDay } from '../electron/shared/share-tokens';
import type { ShareTokenClaim } from './roles/relay-role';
import type { TokenRequest } from './store/relay-store';

/** What routing knows of the clinic a share came to. */
export interface ShareClinic {
  hiuId: string;
  /** The clinic's id in the share's role (its HIP id); a share naming another gets no token. */
  roleId?: string;
  /** IANA time zone of the clinic's local day (`hius[].timeZone`); undefined: the server's. */
  timeZone?: string;
}

/** ABDM's `metaData.context` is at most 250 characters; a longer counter is not one the clinic printed. */
const COUNTER_MAX = 250;

/** The token request for a share, or null when it may not have one (another HIP's share, an unusable counter). */
export function tokenRequestOf(claim: ShareTokenClaim, clinic: ShareClinic, receivedAt: string): TokenRequest | null {
  if (claim.hipId !== null && clinic.roleId !== undefined && claim.hipId !== clinic.roleId) return null;
  if (claim.counterId.length === 0 || claim.counterId.length > COUNTER_MAX || claim.abhaAddress.length === 0) return null;
  return {
    counterId: claim.counterId,
    patientHash: patientHash(clinic.hiuId, claim.counterId, claim.abhaAddress),
    day: tokenDay(Date.parse(receivedAt), clinic.timeZone),
  };
}

/**
 * The repeat rule's key: SHA-256 over the clinic, the counter and the ABHA address (lower case, as the share reader
 * gives it), so the relay's database holds no address. Salted by clinic and counter, a hash found in one clinic's
 * rows matches nothing in another's; it is erased when the token's validity ends (store purge and each allocation).
 */
export function patientHash(hiuId: string, counterId: string, abhaAddress: string): string {
  return createHash('sha256').update(`abha-desk-relay-token\n${hiuId}\n${counterId}\n${abhaAddress.toLowerCase()}`).digest('hex');
}
