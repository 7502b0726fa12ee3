import { createHash } from 'node:crypto';
import { LGD_DISTRICTS, type LgdDistrict } from './lgd';

export type Gender = 'M' | 'F' | 'O';

/** What UIDAI would hand back for an Aadhaar number (eKYC), reduced to what ABHA uses. */
export interface Resident {
  firstName: string;
  middleName: string;
  lastName: string;
  gender: Gender;
  yearOfBirth: string;
  monthOfBirth: string;
  dayOfBirth: string;
  address: string;
  district: LgdDistrict;
  /** null when the Aadhaar has no mobile number linked (generateOtp then fails with HIS-3005). */
  aadhaarMobile: string | null;
  /** Seed of the generated photo, so the photo can be redrawn without storing the image. */
  photoSeed: string;
}

const FEMALE_FIRST = ['Asha', 'Priya', 'Sunita', 'Kavya', 'Meera', 'Anjali', 'Lakshmi', 'Fatima', 'Neha', 'Pooja', 'Deepa', 'Ritu'];
const MALE_FIRST = ['Ravi', 'Arjun', 'Suresh', 'Imran', 'Vikram', 'Rahul', 'Manoj', 'Karthik', 'Amit', 'Gurpreet', 'Sanjay', 'Anil'];
const OTHER_FIRST = ['Noor', 'Kiran', 'Sagar', 'Jyoti'];
const FEMALE_MIDDLE = ['Devi', 'Kumari', 'Rani', 'Bai', 'Lata'];
const MALE_MIDDLE = ['Kumar', 'Prasad', 'Chand', 'Lal', 'Nath'];
const LAST = ['Verma', 'Sharma', 'Patil', 'Reddy', 'Das', 'Khan', 'Singh', 'Iyer', 'Nair', 'Yadav', 'Mishra', 'Gowda', 'Bose', 'Joshi', 'Kaur'];
const STREETS = ['Gandhi Road', 'Station Road', 'Nehru Nagar', 'Shivaji Chowk', 'MG Road', 'Tilak Marg', 'Lake View Colony', 'Sector 4'];

/** Deterministic bytes: the same Aadhaar key always gives the same person. */
function residentBytes(key: string): Buffer {
  return createHash('sha256').update(`abha-sandbox-resident:${key}`).digest();
}

function pick<T>(list: readonly T[], byte: number): T {
  return list[byte % list.length]!;
}

/** `key` is the Aadhaar key from identity.ts, so the person depends on the Aadhaar number and the seed. */
export function syntheticResident(key: string): Resident {
  const b = residentBytes(key);
  const at = (i: number) => b[i]!;
  const gender: Gender = at(0) % 25 === 0 ? 'O' : at(0) % 2 === 0 ? 'F' : 'M';
  const firstNames = gender === 'F' ? FEMALE_FIRST : gender === 'M' ? MALE_FIRST : OTHER_FIRST;
  const middleNames = gender === 'F' ? FEMALE_MIDDLE : MALE_MIDDLE;
  const district = pick(LGD_DISTRICTS, at(4));
  // 10-digit Indian mobile numbers start with 6-9.
  const mobileDigits = b.readUInt32BE(8).toString().padStart(10, '0').slice(-9);
  return {
    firstName: pick(firstNames, at(1)),
    middleName: pick(middleNames, at(2)),
    lastName: pick(LAST, at(3)),
    gender,
    yearOfBirth: String(1950 + (b.readUInt16BE(5) % 56)),
    monthOfBirth: String(1 + (at(7) % 12)),
    dayOfBirth: String(1 + (at(12) % 28)),
    address: `${1 + (at(13) % 250)}, ${pick(STREETS, at(14))}, ${district.town}`,
    district,
    aadhaarMobile: `${6 + (at(15) % 4)}${mobileDigits}`,
    photoSeed: b.subarray(16, 24).toString('hex'),
  };
}

export function fullName(r: Pick<Resident, 'firstName' | 'middleName' | 'lastName'>): string {
  return [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' ');
}
