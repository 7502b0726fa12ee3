// The clinic's own patient register as the screens see it (services/register/). A registration is the clinic's
// record of a patient: its own number, and what ABDM or the patient told it. `verified` says whether the ABHA on it
// was confirmed (an OTP at Enrol or Verify) or is the patient's claim (a shared profile, a scanned QR).
import type { RegistrationFields } from '../../store/register/patient-register-store';

/** A registration as the screens see it: what the register keeps (its fields are told once, in the store), with the
 * clinic's own number, Settings' prefix and a sequence (OPD-000123). */
export interface RegisteredPatient extends RegistrationFields {
  patientNumber: string;
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
