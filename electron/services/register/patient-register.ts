// The clinic's patient register: its own patient numbers, New vs Returning, and registering a patient from a shared
// profile (the Counter screen's Register) or from a profile ABDM gave after an OTP (Enrol, Verify). A shared profile
// is the patient's claim: registered from it, shown verified only after an OTP. docs/patient-register.md.
import { AppFailure } from '../../shared/errors';
import { formatAbhaNumber } from '../../shared/abha';
import { normaliseMobile } from '../../shared/mobile';
import type { PatientRegisterStore, RegistrationFields, StoredRegistration } from '../../store/register/patient-register-store';
import type { CounterSharesPort } from '../counter/counter-types';
import type { PatientView } from '../abha/patient-view';
import type { RegisteredPatient, ReturningCheck } from './register-types';
import { formatPatientNumber } from './patient-numbers';
import { claimFromProfile, claimFromShare, type PersonClaim } from './person-claims';
import { nameParts, querySoundsLike, soundCodes } from './name-sounds';
import { AGE_TOLERANCE_YEARS, returningCandidates } from './returning-match';

/** At most this many registrations answer a search. */
export const SEARCH_LIMIT = 50;

export interface PatientRegisterDeps {
  store: PatientRegisterStore;
  /** The shares at the counters (the counter's service). */
  shares: CounterSharesPort;
  /** Settings' patientNumberPrefix (undefined: OPD-). */
  prefix: () => string | undefined;
  now?: () => number;
  /**
   * Told of every registration once it is committed (a new patient or a returning one): the clinic as an HIP opens
   * the day's visit and links it (services/hip/visits.ts). A failure there never undoes the registration.
   */
  registered?: (patient: RegisteredPatient) => void;
}

export class PatientRegister {
  private readonly now: () => number;

  constructor(private readonly deps: PatientRegisterDeps) {
    this.now = deps.now ?? Date.now;
  }

  get(input: { patientNumber: string }): RegisteredPatient {
    const found = this.deps.store.byNumber(input.patientNumber);
    if (!found) throw new AppFailure('NOT_FOUND', { params: { reason: 'patient-number', patientNumber: input.patientNumber.trim() } });
    return view(found);
  }

  /**
   * The register search: by patient number, ABHA number or address, mobile digits, or name (as written, or as it
   * sounds). An empty query gives the latest visits. Exact keys come first, then the latest visits.
   */
  search(input: { query: string }): RegisteredPatient[] {
    const query = input.query.trim();
    const { store } = this.deps;
    if (!query) return store.recent(SEARCH_LIMIT).map(view);
    const found: (StoredRegistration | null)[] = [store.byNumber(query)];
    const abhaNumber = formatAbhaNumber(query);
    if (abhaNumber) found.push(store.byAbhaNumber(abhaNumber));
    if (query.includes('@')) {
      found.push(store.byAbhaAddress(query), ...store.byAbhaAddressStart(query, SEARCH_LIMIT));
    } else if (/^\+?[\d\s-]+$/.test(query)) {
      const digits = normaliseMobile(query).replace(/\D/g, '');
      // A patient number's digits alone ("123", "000123") find it whatever the prefix.
      if (digits.length <= 7) found.push(store.bySeq(Number(digits)));
      if (digits.length >= 3 && !abhaNumber) found.push(...store.byMobileDigits(digits, SEARCH_LIMIT));
    } else if (/\d/.test(query)) {
      // Letters and digits: a patient number (found above) or the start of an ABHA address ("ravi.sharma85"); never a name.
      if (/^[a-z0-9.]{4,}$/i.test(query)) found.push(...store.byAbhaAddressStart(query, SEARCH_LIMIT));
    } else {
      const codeGroups = nameParts(query)
        .filter((part) => !part.initial)
        .map((part) => part.codes);
      const bySound = store.bySounds(codeGroups, SEARCH_LIMIT * 4).filter((row) => querySoundsLike(query, row.name));
      const byText = store.byNameText(query, SEARCH_LIMIT);
      const byAddress = /^[a-z0-9.]{4,}$/i.test(query) ? store.byAbhaAddressStart(query, SEARCH_LIMIT) : [];
      found.push(...[...byText, ...bySound, ...byAddress].sort((a, b) => b.lastVisit.localeCompare(a.lastVisit)));
    }
    const seen = new Set<number>();
    const unique = found.filter((row): row is StoredRegistration => row !== null && !seen.has(row.seq) && seen.add(row.seq) !== undefined);
    return unique.slice(0, SEARCH_LIMIT).map(view);
  }

  /** New or returning for any person the desk was given (a share, a scanned QR): the same ABHA, else candidates. */
  check(person: PersonClaim): ReturningCheck {
    const same = this.sameAbha(person);
    if (same) return { same: view(same), candidates: [] };
    const codes = soundCodes(person.name);
    if (person.yearOfBirth === null || codes.length === 0) return { same: null, candidates: [] };
    const rows = this.deps.store.matchCandidates(person.gender, person.yearOfBirth - AGE_TOLERANCE_YEARS, person.yearOfBirth + AGE_TOLERANCE_YEARS, codes);
    return {
      same: null,
      candidates: returningCandidates(person, rows).map(({ registration, matchedBy }) => ({ patient: view(registration), matchedBy })),
    };
  }

  checkShare(input: { shareId: string }): ReturningCheck {
    const share = this.share(input.shareId);
    const person = claimFromShare(share.patient);
    if (!person) return { same: null, candidates: [] };
    return this.check(person);
  }

  /**
   * Registers the sharing patient: on the registration the clerk confirmed (`patientNumber`), else on the one that
   * already holds this ABHA, else as a new one. The share's ABHA is saved there as the patient's claim, the visit
   * counted, and the counter told the share is registered, all in one transaction.
   */
  fromShare(input: { shareId: string; patientNumber?: string }): RegisteredPatient {
    const share = this.share(input.shareId);
    if (share.registeredAs) {
      if (input.patientNumber && input.patientNumber.trim().toUpperCase() !== share.registeredAs.toUpperCase()) {
        throw new AppFailure('REGISTER_REFUSED', { params: { reason: 'already-registered', patientNumber: share.registeredAs } });
      }
      const registered = this.deps.store.byNumber(share.registeredAs);
      if (registered) return view(registered);
    }
    const person = share.status === 'failed' ? null : claimFromShare(share.patient);
    if (!person) throw new AppFailure('REGISTER_REFUSED', { params: { reason: 'share-failed' } });
    const { store } = this.deps;
    return this.told(store.inTransaction(() => {
      const same = this.sameAbha(person);
      const confirmed = input.patientNumber ? store.byNumber(input.patientNumber) : null;
      if (input.patientNumber && !confirmed) {
        throw new AppFailure('NOT_FOUND', { params: { reason: 'patient-number', patientNumber: input.patientNumber.trim() } });
      }
      if (confirmed && same && same.seq !== confirmed.seq) {
        throw new AppFailure('REGISTER_REFUSED', { params: { reason: 'abha-elsewhere', patientNumber: same.patientNumber } });
      }
      const target = confirmed ?? same;
      if (target && person.abhaNumber && target.abhaNumber && target.abhaNumber !== person.abhaNumber) {
        throw new AppFailure('REGISTER_REFUSED', { params: { reason: 'other-abha-number', patientNumber: target.patientNumber } });
      }
      const registered = target ? this.claimOnto(target, person, same !== null) : this.add(person, false);
      this.deps.shares.markRegistered(share.id, registered.patientNumber);
      return view(registered);
    }));
  }

  /**
   * Enrol and Verify register their patient, verified by the OTP just confirmed: the registration holding this ABHA
   * number (else address) takes ABDM's profile and turns verified; a patient not registered yet gets a new number.
   */
  registerVerified(profile: PatientView): RegisteredPatient {
    const person = claimFromProfile(profile);
    const { store } = this.deps;
    return this.told(store.inTransaction(() => {
      const target = this.sameAbha(person);
      if (!target) return view(this.add(person, true));
      const fields: RegistrationFields = {
        abhaNumber: person.abhaNumber ?? target.abhaNumber,
        abhaAddress: person.abhaAddress ?? target.abhaAddress,
        name: person.name || target.name,
        gender: person.gender === 'U' ? target.gender : person.gender,
        dateOfBirth: person.dateOfBirth ?? (target.yearOfBirth === (person.yearOfBirth ?? target.yearOfBirth) ? target.dateOfBirth : null),
        yearOfBirth: person.yearOfBirth ?? target.yearOfBirth,
        mobile: person.mobile ?? target.mobile,
        address: person.address ?? target.address,
        firstVisit: target.firstVisit,
        lastVisit: this.isoNow(),
        verified: true,
      };
      store.update(target.seq, fields, soundCodes(fields.name));
      return view({ ...target, ...fields, abhaAddress: fields.abhaAddress?.toLowerCase() ?? null });
    }));
  }

  /** Tells `registered` of a committed registration; what it does after is its own affair. */
  private told(patient: RegisteredPatient): RegisteredPatient {
    this.deps.registered?.(patient);
    return patient;
  }

  private share(shareId: string) {
    const share = this.deps.shares.share(shareId);
    if (!share) throw new AppFailure('NOT_FOUND', { params: { reason: 'share' } });
    return share;
  }

  /** ABDM's rule: the same ABHA number, else the same ABHA address, is the same patient. */
  private sameAbha(person: PersonClaim): StoredRegistration | null {
    const { store } = this.deps;
    return (person.abhaNumber ? store.byAbhaNumber(person.abhaNumber) : null) ?? (person.abhaAddress ? store.byAbhaAddress(person.abhaAddress) : null);
  }

  private add(person: PersonClaim, verified: boolean): StoredRegistration {
    const at = this.isoNow();
    const prefix = this.deps.prefix();
    return this.deps.store.add({ ...person, firstVisit: at, lastVisit: at, verified }, (seq) => formatPatientNumber(prefix, seq), soundCodes(person.name));
  }

  /**
   * A claim saved on an existing registration: its ABHA number and address are saved, its gaps filled; what the
   * clinic already holds stays. It stays verified only when the claim's ABHA was already on it (`sameAbha`): an ABHA
   * the registration did not hold is the patient's claim until an OTP.
   */
  private claimOnto(target: StoredRegistration, person: PersonClaim, sameAbha: boolean): StoredRegistration {
    const fields: RegistrationFields = {
      abhaNumber: target.abhaNumber ?? person.abhaNumber,
      abhaAddress: person.abhaAddress ?? target.abhaAddress,
      name: target.name,
      gender: target.gender,
      dateOfBirth: target.dateOfBirth ?? (target.yearOfBirth === null || target.yearOfBirth === person.yearOfBirth ? person.dateOfBirth : null),
      yearOfBirth: target.yearOfBirth ?? person.yearOfBirth,
      mobile: target.mobile ?? person.mobile,
      address: target.address ?? person.address,
      firstVisit: target.firstVisit,
      lastVisit: this.isoNow(),
      verified: target.verified && sameAbha,
    };
    this.deps.store.update(target.seq, fields, soundCodes(fields.name));
    return { ...target, ...fields, abhaAddress: fields.abhaAddress?.toLowerCase() ?? null };
  }

  private isoNow(): string {
    return new Date(this.now()).toISOString();
  }
}

function view(row: StoredRegistration): RegisteredPatient {
  const { seq: _seq, ...patient } = row;
  return patient;
}
