// What the screens show of an ABHA account, built from Health ID's profile or create-account answer.
import type { HealthIdProfile } from '../../abdm/healthid-v1/types';

export interface PatientView {
  abhaNumber: string;
  abhaAddress: string;
  name: string;
  gender: string;
  /** d/m/yyyy as printed on the ABHA card. */
  dateOfBirth: string;
  mobile: string | null;
  email: string | null;
  address: string | null;
  district: string | null;
  state: string | null;
  /** A data: URL the renderer can show under its CSP, or null. */
  photo: string | null;
}

type ProfileLike = Partial<HealthIdProfile> & { healthIdNumber: string };

export function toPatientView(profile: ProfileLike): PatientView {
  const name = profile.name || [profile.firstName, profile.middleName, profile.lastName].filter(Boolean).join(' ');
  const dob = [profile.dayOfBirth, profile.monthOfBirth, profile.yearOfBirth].filter(Boolean).join('/');
  const photo = profile.profilePhoto || profile.kycPhoto || null;
  return {
    abhaNumber: profile.healthIdNumber,
    abhaAddress: profile.healthId ?? '',
    name,
    gender: profile.gender ?? 'U',
    dateOfBirth: dob,
    mobile: profile.mobile ?? null,
    email: profile.email ?? null,
    address: profile.address ?? null,
    district: profile.districtName ?? null,
    state: profile.stateName ?? null,
    photo: photo ? `data:${sniffImageType(photo)};base64,${photo}` : null,
  };
}

// ABDM sends bare base64 with no type; JPEG starts "/9j/", PNG "iVBOR".
function sniffImageType(base64: string): string {
  return base64.startsWith('iVBOR') ? 'image/png' : 'image/jpeg';
}
