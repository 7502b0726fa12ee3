import type { Gender } from './residents/synthetic-resident';
import { LGD_DISTRICTS, type LgdDistrict } from './residents/lgd';

// Fixed people for training and tests. Every Aadhaar number here is fictional but Verhoeff-valid,
// so it passes the same checks a real one would. docs/sandbox.md lists them for trainers.

export interface TrainingIdentity {
  aadhaar: string;
  /** What a trainer uses this identity to show. */
  purpose: string;
  firstName: string;
  middleName: string;
  lastName: string;
  gender: Gender;
  dayOfBirth: string;
  monthOfBirth: string;
  yearOfBirth: string;
  address: string;
  district: LgdDistrict;
  /** Mobile linked to the Aadhaar; null = none linked (generateOtp answers HIS-3005). */
  aadhaarMobile: string | null;
  /** Present when the resident already holds an ABHA before the sandbox starts. */
  existingAbha?: { healthIdNumber: string; healthId: string };
}

function district(code: string): LgdDistrict {
  const found = LGD_DISTRICTS.find((d) => d.districtCode === code);
  if (!found) throw new Error(`no LGD district ${code} in the sandbox table`);
  return found;
}

export const TRAINING_IDENTITIES = {
  newResident: {
    aadhaar: '234567890124',
    purpose: 'Enrol a new ABHA from start to end.',
    firstName: 'Ravi',
    middleName: 'Kumar',
    lastName: 'Sharma',
    gender: 'M',
    dayOfBirth: '12',
    monthOfBirth: '3',
    yearOfBirth: '1985',
    address: '42, Shivaji Chowk, Pune',
    district: district('490'),
    aadhaarMobile: '9876500001',
  },
  existingAbha: {
    aadhaar: '345678901238',
    purpose: 'Already has an ABHA: enrolling again returns the same account with new=false; log in with asha.verma@sbx.',
    firstName: 'Asha',
    middleName: 'Devi',
    lastName: 'Verma',
    gender: 'F',
    dayOfBirth: '14',
    monthOfBirth: '7',
    yearOfBirth: '1988',
    address: '12, Gandhi Road, Lucknow',
    district: district('162'),
    aadhaarMobile: '9812345670',
    existingAbha: { healthIdNumber: '91-4820-1736-5529', healthId: 'asha.verma@sbx' },
  },
  noMobile: {
    aadhaar: '456789012341',
    purpose: 'No mobile linked to the Aadhaar: generateOtp fails with HIS-3005 (ABHA v3: 422 ABDM-9999).',
    firstName: 'Suresh',
    middleName: 'Prasad',
    lastName: 'Yadav',
    gender: 'M',
    dayOfBirth: '2',
    monthOfBirth: '11',
    yearOfBirth: '1962',
    address: '7, Station Road, Patna',
    district: district('212'),
    aadhaarMobile: null,
  },
  secondResident: {
    aadhaar: '567890123458',
    purpose: 'A second new resident, e.g. to show an ABHA address that is already taken.',
    firstName: 'Priya',
    middleName: 'Rani',
    lastName: 'Reddy',
    gender: 'F',
    dayOfBirth: '25',
    monthOfBirth: '1',
    yearOfBirth: '1999',
    address: '88, MG Road, Bengaluru',
    district: district('525'),
    aadhaarMobile: '9845000002',
  },
  virtualId: {
    aadhaar: '9123456789012346',
    purpose: 'A 16-digit Aadhaar Virtual ID (VID) instead of the Aadhaar number.',
    firstName: 'Kiran',
    middleName: '',
    lastName: 'Das',
    gender: 'O',
    dayOfBirth: '30',
    monthOfBirth: '5',
    yearOfBirth: '1990',
    address: '5, Lake View Colony, Howrah',
    district: district('313'),
    aadhaarMobile: '9830000003',
  },
} as const satisfies Record<string, TrainingIdentity>;

/** Fails the Verhoeff check (last digit changed): generateOtp answers 400 with HIS-2016. */
export const INVALID_AADHAAR_EXAMPLE = '234567890125';

export function findTrainingIdentity(aadhaar: string): TrainingIdentity | undefined {
  return Object.values(TRAINING_IDENTITIES).find((identity) => identity.aadhaar === aadhaar);
}
