// Patient-initiated discovery (abdm-frontdesk.md §3, docs/hip-patient-link.md): the patient's ABHA app asks whether
// this clinic holds their records, and the register answers. The strongest key decides: the ABHA number, then an
// ABHA address the patient was ever registered under, then the mobile ABDM verified together with the name, gender
// and year of birth, matched by the register's own New vs Returning rule (services/register/returning-match.ts). One
// patient is an answer; none or several is not, and several is never guessed.
import type { DiscoveryRequest, PatientIdentifier } from '../../abdm/gateway/hip/hip-flow-messages';
import { formatAbhaNumber } from '../../shared/abha';
import { isMobile, normaliseMobile } from '../../shared/mobile';
import type { PatientRegisterStore, StoredRegistration } from '../../store/register/patient-register-store';
import { returningCandidates } from '../register/returning-match';
import type { PersonClaim } from '../register/person-claims';

/** How the patient was found, in HIE-CM v3's words (the v0.5 wire writes NDHM_HEALTH_NUMBER / HEALTH_ID). */
export type MatchedBy = 'ABHA_NUMBER' | 'ABHA_ADDRESS' | 'MOBILE' | 'MR';

export type DiscoveryMatch =
  | { outcome: 'found'; patient: StoredRegistration; matchedBy: MatchedBy[] }
  | { outcome: 'none' }
  | { outcome: 'several'; count: number };

/** At most this many registrations share one mobile in a family clinic; more are read but never guessed among. */
const SAME_MOBILE_LIMIT = 50;

// Both generations' identifier names: v3 ABHA_NUMBER / ABHA_ADDRESS, v0.5 NDHM_HEALTH_NUMBER / HEALTH_ID.
const ABHA_NUMBER_TYPES = new Set(['ABHA_NUMBER', 'NDHM_HEALTH_NUMBER', 'HEALTH_NUMBER']);
const ABHA_ADDRESS_TYPES = new Set(['ABHA_ADDRESS', 'HEALTH_ID', 'PHR_ADDRESS']);

export function discoverPatient(request: DiscoveryRequest, register: PatientRegisterStore): DiscoveryMatch {
  const abhaNumber = formatAbhaNumber(request.abhaNumber ?? identifier(request.verified, ABHA_NUMBER_TYPES) ?? '');
  const abhaAddress = (request.abhaAddress ?? identifier(request.verified, ABHA_ADDRESS_TYPES))?.trim().toLowerCase() || null;
  const mobileText = identifier(request.verified, new Set(['MOBILE']));
  const mobile = mobileText && isMobile(mobileText) ? normaliseMobile(mobileText) : null;

  const byNumber = abhaNumber ? register.byAbhaNumber(abhaNumber) : null;
  if (byNumber) return found(byNumber, 'ABHA_NUMBER', abhaAddress, mobile);
  const byAddress = abhaAddress ? register.byAbhaAddress(abhaAddress) : null;
  // A registration under that address that holds another ABHA number is another person's (an address re-used).
  if (byAddress && !(abhaNumber && byAddress.abhaNumber && byAddress.abhaNumber !== abhaNumber)) {
    return found(byAddress, 'ABHA_ADDRESS', abhaAddress, mobile);
  }
  if (!mobile) return { outcome: 'none' };
  return byMobile(request, register, mobile, abhaNumber);
}

/** The verified mobile with the name, gender and year of birth; a hospital number the patient typed may pick one. */
function byMobile(request: DiscoveryRequest, register: PatientRegisterStore, mobile: string, abhaNumber: string | null): DiscoveryMatch {
  const name = request.name?.trim();
  if (!name || request.yearOfBirth === null) return { outcome: 'none' };
  const person: PersonClaim = {
    abhaNumber,
    abhaAddress: null,
    name,
    gender: (request.gender ?? 'U').trim().toUpperCase(),
    dateOfBirth: null,
    yearOfBirth: request.yearOfBirth,
    mobile,
    address: null,
  };
  const sameMobile = register.byMobileDigits(mobile, SAME_MOBILE_LIMIT).filter((r) => r.mobile === mobile);
  const candidates = returningCandidates(person, sameMobile).map((c) => c.registration);
  if (candidates.length === 1) return { outcome: 'found', patient: candidates[0]!, matchedBy: ['MOBILE'] };
  if (candidates.length === 0) return { outcome: 'none' };
  const mr = identifier(request.unverified, new Set(['MR']))?.trim().toUpperCase();
  const named = mr ? candidates.filter((c) => c.patientNumber.toUpperCase() === mr) : [];
  if (named.length === 1) return { outcome: 'found', patient: named[0]!, matchedBy: ['MOBILE', 'MR'] };
  return { outcome: 'several', count: candidates.length };
}

function found(patient: StoredRegistration, first: MatchedBy, abhaAddress: string | null, mobile: string | null): DiscoveryMatch {
  const matchedBy: MatchedBy[] = [first];
  if (first !== 'ABHA_ADDRESS' && abhaAddress && patient.abhaAddress === abhaAddress) matchedBy.push('ABHA_ADDRESS');
  if (mobile && patient.mobile === mobile) matchedBy.push('MOBILE');
  return { outcome: 'found', patient, matchedBy };
}

function identifier(list: readonly PatientIdentifier[], types: ReadonlySet<string>): string | null {
  return list.find((entry) => types.has(entry.type.trim().toUpperCase()) && entry.value.trim())?.value.trim() ?? null;
}
