// The clinic's own patient register as the screens see it (services/register/). A registration is the clinic's
// record of a patient: its own number, and what ABDM or the patient told it. `verified` says whether the ABHA on it
// was confirmed (an OTP at Enrol or Verify) or is the patient's claim (a shared profile, a scanned QR).

export interface RegisteredPatient {
  /** The clinic's own number: Settings' prefix and a sequence (OPD-000123). */
  patientNumber: string;
  abhaNumber: string | null;
  abhaAddress: string | null;
  name: string;
  /** M, F, O, U (and ABDM's D, T as sent). */
  gender: string;
  /** yyyy-mm-dd when day and month are known; else null and `yearOfBirth` alone. */
  dateOfBirth: string | null;
  yearOfBirth: number | null;
  mobile: string | null;
  address: string | null;
  /** ISO times of the first and the latest visit. */
  firstVisit: string;
  lastVisit: string;
  verified: boolean;
}

/** Why a registration is offered as the same person (ABDM's New vs Returning guidance). */
export type MatchReason = 'abha-number' | 'abha-address' | 'mobile' | 'gender' | 'age' | 'name';

export interface MatchCandidate {
  patient: RegisteredPatient;
  matchedBy: MatchReason[];
}

/** New or returning: `same` when the ABHA number or address is already registered; else candidates for the clerk. */
export interface ReturningCheck {
  same: RegisteredPatient | null;
  candidates: MatchCandidate[];
}
