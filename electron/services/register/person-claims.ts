// A person as a registration would hold them, read from what the desk was given: a shared profile (Scan & Share,
// the patient's claim) or a profile ABDM gave after an OTP (Enrol, Verify). One shape, so matching and registering
// need not know where the person came from.
import { formatAbhaNumber } from '../../shared/abha';
import { normaliseMobile, isMobile } from '../../shared/mobile';
import { holdsAadhaar } from '../../shared/aadhaar-in-text';
import type { SharedPatient } from '../counter/counter-types';
import type { PatientView } from '../abha/patient-view';

export interface PersonClaim {
  abhaNumber: string | null;
  abhaAddress: string | null;
  name: string;
  gender: string;
  /** yyyy-mm-dd when day and month are known. */
  dateOfBirth: string | null;
  yearOfBirth: number | null;
  mobile: string | null;
  address: string | null;
}

/** The sharing patient, or null when the share names nobody (no name). */
export function claimFromShare(patient: SharedPatient): PersonClaim | null {
  const name = patient.name?.trim();
  if (!name) return null;
  return {
    abhaNumber: patient.abhaNumber ? formatAbhaNumber(patient.abhaNumber) : null,
    abhaAddress: patient.abhaAddress?.trim().toLowerCase() || null,
    name,
    gender: genderOf(patient.gender),
    dateOfBirth: isoDate(patient.dayOfBirth, patient.monthOfBirth, patient.yearOfBirth),
    yearOfBirth: patient.yearOfBirth,
    mobile: mobileOf(patient.mobile),
    address: joined([patient.addressLine, patient.district, patient.state, patient.pincode]),
  };
}

/** The patient ABDM showed after an OTP; PatientView's date is d/m/yyyy as the card prints it, day or month may be missing. */
export function claimFromProfile(view: PatientView): PersonClaim {
  const parts = view.dateOfBirth.split('/').map((part) => Number.parseInt(part, 10));
  const year = parts.at(-1);
  const yearOfBirth = year !== undefined && Number.isInteger(year) && year > 1800 ? year : null;
  const [day, month] = parts.length === 3 ? parts : [null, null];
  return {
    abhaNumber: formatAbhaNumber(view.abhaNumber),
    abhaAddress: view.abhaAddress.trim().toLowerCase() || null,
    name: view.name.trim(),
    gender: genderOf(view.gender),
    dateOfBirth: isoDate(day ?? null, month ?? null, yearOfBirth),
    yearOfBirth,
    mobile: mobileOf(view.mobile),
    address: joined([view.address, view.district, view.state]),
  };
}

function genderOf(gender: string | null): string {
  const code = gender?.trim().toUpperCase() ?? '';
  return /^[MFODTU]$/.test(code) ? code : 'U';
}

/** Ten digits when the text is a mobile as people write it; anything else is no mobile (it could not be matched exactly). */
function mobileOf(mobile: string | null): string | null {
  return mobile && isMobile(mobile) ? normaliseMobile(mobile) : null;
}

function isoDate(day: number | null, month: number | null, year: number | null): string | null {
  if (!day || !month || !year) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * An address as one line, "-" being ABDM's empty. An address holding an Aadhaar-shaped number (someone typed it into
 * their profile) is left out whole: the register keeps no Aadhaar number, and the clerk's Register must not fail for it.
 */
function joined(parts: readonly (string | null)[]): string | null {
  const text = parts
    .map((part) => part?.trim())
    .filter((part) => part && part !== '-')
    .join(', ');
  return text && !holdsAadhaar(text) ? text : null;
}
