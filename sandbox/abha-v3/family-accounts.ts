import { AUTH_METHODS } from '../healthid/accounts';
import { remembered } from '../remembered';
import { aadhaarKey } from '../residents/identity';
import { LGD_DISTRICTS } from '../residents/lgd';
import { syntheticResident, type Resident } from '../residents/synthetic-resident';
import type { Account } from '../state';

// A family whose one mobile holds three ABHAs, for ABHA v3's "choose which ABHA" step after a mobile OTP login
// (reference/spec/abdm-v3.md §2 item 6). Fictional Aadhaar numbers, Verhoeff-valid; Luhn-valid ABHA numbers
// starting 91. They are ordinary accounts, so v1 sees them too (docs/sandbox-abha-v3.md §3).

export const SHARED_FAMILY_MOBILE = '9123400006';

interface FamilyMember {
  aadhaar: string;
  healthIdNumber: string;
  healthId: string;
  firstName: string;
  middleName: string;
  lastName: string;
  gender: 'M' | 'F';
  dayOfBirth: string;
  monthOfBirth: string;
  yearOfBirth: string;
}

export const MOBILE_FAMILY: readonly FamilyMember[] = [
  {
    aadhaar: '678901234560',
    healthIdNumber: '91-3057-2046-1238',
    healthId: 'meena.joshi@sbx',
    firstName: 'Meena',
    middleName: 'Kumari',
    lastName: 'Joshi',
    gender: 'F',
    dayOfBirth: '9',
    monthOfBirth: '8',
    yearOfBirth: '1976',
  },
  {
    aadhaar: '678901234573',
    healthIdNumber: '91-6381-5902-1234',
    healthId: 'rohan.joshi@sbx',
    firstName: 'Rohan',
    middleName: '',
    lastName: 'Joshi',
    gender: 'M',
    dayOfBirth: '21',
    monthOfBirth: '4',
    yearOfBirth: '2001',
  },
  {
    aadhaar: '678901234587',
    healthIdNumber: '91-7724-0318-1237',
    healthId: 'anaya.joshi@sbx',
    firstName: 'Anaya',
    middleName: '',
    lastName: 'Joshi',
    gender: 'F',
    dayOfBirth: '3',
    monthOfBirth: '12',
    yearOfBirth: '2012',
  },
];

const NAGPUR = LGD_DISTRICTS.find((d) => d.districtCode === '484')!;

function residentOf(member: FamilyMember, key: string): Resident {
  const { firstName, middleName, lastName, gender, dayOfBirth, monthOfBirth, yearOfBirth } = member;
  return {
    firstName,
    middleName,
    lastName,
    gender,
    dayOfBirth,
    monthOfBirth,
    yearOfBirth,
    address: '17, Civil Lines, Nagpur',
    district: NAGPUR,
    aadhaarMobile: SHARED_FAMILY_MOBILE,
    photoSeed: syntheticResident(key).photoSeed,
  };
}

/** The resident UIDAI would return for a family member's Aadhaar, or undefined for anyone else. */
export function familyResident(aadhaar: string, key: string): Resident | undefined {
  const member = MOBILE_FAMILY.find((m) => m.aadhaar === aadhaar);
  return member && residentOf(member, key);
}

// The Aadhaar key is slow on purpose; computed once per seed per process.
const accountsOfSeed = remembered<Array<Omit<Account, 'createdAt'>>>();

async function build(seed: string): Promise<Array<Omit<Account, 'createdAt'>>> {
  return Promise.all(
    MOBILE_FAMILY.map(async (member) => {
      const key = await aadhaarKey(member.aadhaar, seed);
      const { aadhaarMobile: _mobile, ...resident } = residentOf(member, key);
      return {
        ...resident,
        healthIdNumber: member.healthIdNumber,
        healthId: member.healthId,
        aadhaarKey: key,
        aadhaarLast4: member.aadhaar.slice(-4),
        mobile: SHARED_FAMILY_MOBILE,
        email: null,
        profilePhoto: null,
        authMethods: AUTH_METHODS,
      };
    }),
  );
}

/** Accounts present before anyone enrols (joined to the v1 training accounts in sandbox/context.ts). */
export async function abhaV3TrainingAccounts(seed: string, now: number): Promise<Account[]> {
  const accounts = await accountsOfSeed(seed, () => build(seed));
  return accounts.map((account) => ({ ...account, createdAt: now }));
}
