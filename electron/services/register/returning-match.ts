// New vs Returning (abdm-frontdesk.md §1, ABDM's matching guidance): which registrations could be the person at the
// counter when their ABHA is not registered yet. The rule, and why a missing mobile does not rule a patient out, is
// in docs/patient-register.md; the clerk always confirms, nothing is merged by itself.
import { namesSoundAlike } from './name-sounds';
import type { PersonClaim } from './person-claims';
import type { MatchReason, RegisteredPatient } from './register-types';

/** Born within this many years of each other (by year of birth): ABDM's "age within ±2 years". */
export const AGE_TOLERANCE_YEARS = 2;
/** At most this many candidates are offered; more would not be read at a counter. */
export const MAX_CANDIDATES = 10;

export interface RankedCandidate<R extends RegisteredPatient> {
  registration: R;
  matchedBy: MatchReason[];
}

interface Scored<R extends RegisteredPatient> extends RankedCandidate<R> {
  sameMobile: boolean;
  ageGap: number;
  sameSpelling: number;
}

/**
 * The registrations that match `person` on gender (exact, and known), age (±2 years), a name that sounds alike and
 * the mobile (exact) when both have one: a different mobile rules a registration out, a missing one does not (it is
 * then not in `matchedBy`, and ranks below those whose mobile agrees). A registration holding another ABHA number is
 * another person. Ranked: same mobile first, then the nearest age, the name spelled most alike, the latest visit.
 */
export function returningCandidates<R extends RegisteredPatient>(person: PersonClaim, registrations: readonly R[]): RankedCandidate<R>[] {
  const scored: Scored<R>[] = [];
  for (const registration of registrations) {
    const match = score(person, registration);
    if (match) scored.push(match);
  }
  scored.sort(
    (a, b) =>
      Number(b.sameMobile) - Number(a.sameMobile) ||
      a.ageGap - b.ageGap ||
      b.sameSpelling - a.sameSpelling ||
      b.registration.lastVisit.localeCompare(a.registration.lastVisit),
  );
  return scored.slice(0, MAX_CANDIDATES).map(({ registration, matchedBy }) => ({ registration, matchedBy }));
}

function score<R extends RegisteredPatient>(person: PersonClaim, registration: R): Scored<R> | null {
  if (person.abhaNumber && registration.abhaNumber && person.abhaNumber !== registration.abhaNumber) return null;
  if (person.gender === 'U' || person.gender !== registration.gender.toUpperCase()) return null;
  if (person.yearOfBirth === null || registration.yearOfBirth === null) return null;
  const ageGap = Math.abs(person.yearOfBirth - registration.yearOfBirth);
  if (ageGap > AGE_TOLERANCE_YEARS) return null;
  if (person.mobile && registration.mobile && person.mobile !== registration.mobile) return null;
  const name = namesSoundAlike(person.name, registration.name);
  if (!name) return null;
  const sameMobile = person.mobile !== null && person.mobile === registration.mobile;
  const matchedBy: MatchReason[] = [...(sameMobile ? (['mobile'] as const) : []), 'gender', 'age', 'name'];
  return { registration, matchedBy, sameMobile, ageGap, sameSpelling: name.sameSpelling };
}
