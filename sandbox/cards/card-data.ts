import { photoPng } from '../residents/photo';
import { fullName } from '../residents/synthetic-resident';
import type { Account } from '../state';

// What an ABHA card shows (M1 test case CRT_ABHA_114): ABHA number, photo, QR, date of birth,
// gender, ABHA address; the name too.

export interface CardData {
  name: string;
  healthIdNumber: string;
  healthId: string;
  gender: string;
  dateOfBirth: string;
  mobile: string;
  photoPng: Buffer;
}

const GENDER_LABEL: Record<string, string> = { M: 'Male', F: 'Female', O: 'Other', U: 'Undisclosed' };

function pad2(value: string): string {
  return value.padStart(2, '0');
}

export function cardData(account: Account): CardData {
  return {
    name: fullName(account),
    healthIdNumber: account.healthIdNumber,
    healthId: account.healthId,
    gender: GENDER_LABEL[account.gender] ?? account.gender,
    dateOfBirth: `${pad2(account.dayOfBirth)}-${pad2(account.monthOfBirth)}-${account.yearOfBirth}`,
    mobile: account.mobile,
    photoPng: photoPng(account.photoSeed),
  };
}

/** The ABHA card QR payload (keys as on real cards, reference/spec/healthid-v1.md §8). */
export function abhaQrPayload(account: Account): Record<string, string> {
  return {
    hidn: account.healthIdNumber,
    hid: account.healthId,
    name: fullName(account),
    gender: account.gender,
    statelgd: account.district.stateCode,
    distlgd: account.district.districtCode,
    dob: `${account.dayOfBirth}/${account.monthOfBirth}/${account.yearOfBirth}`,
    address: account.address,
    mobile: account.mobile,
    'state name': account.district.stateName,
    'dist name': account.district.districtName,
  };
}
