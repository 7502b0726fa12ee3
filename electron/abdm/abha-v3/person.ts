// ABHA v3 answers in the app's vocabulary (electron/abdm/abha-v3/types.ts): a person is v1-shaped
// (healthIdNumber, healthId, dayOfBirth/monthOfBirth/yearOfBirth, pincode, profilePhoto/kycPhoto as bare base64),
// an account a login found is a V3Account, a token a V3UserToken.
import type { AccountAnswer, ProfileAnswer, TokenAnswer } from './schemas';
import type { AbhaPerson, V3Account, V3UserToken } from './types';

export interface BirthDate {
  dayOfBirth: string;
  monthOfBirth: string;
  yearOfBirth: string;
}

/** `dd-mm-yyyy` (enrolment) or `yyyy-mm-dd` (NHA's validation rule), `/` accepted too; parts without leading zeros, as v1 sent them. */
export function birthDateOf(dob: string | null | undefined): BirthDate | undefined {
  const text = dob?.trim() ?? '';
  const dayFirst = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(text);
  const yearFirst = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text);
  const [day, month, year] = dayFirst ? [dayFirst[1], dayFirst[2], dayFirst[3]] : yearFirst ? [yearFirst[3], yearFirst[2], yearFirst[1]] : [];
  if (day === undefined || month === undefined || year === undefined) return undefined;
  return { dayOfBirth: String(Number(day)), monthOfBirth: String(Number(month)), yearOfBirth: year };
}

/** A photo as the bare base64 the rest of the app stores (a `data:` prefix removed). */
export function bareBase64(photo: string | null | undefined): string | null {
  if (typeof photo !== 'string' || photo.trim() === '') return null;
  return photo.trim().replace(/^data:[\w/+.-]+;base64,/, '');
}

const part = (value: string | number | null | undefined): string | null =>
  value === null || value === undefined || String(value).trim() === '' ? null : String(Number(value));

const joinedName = (...parts: (string | null | undefined)[]): string | null =>
  parts.filter((piece): piece is string => typeof piece === 'string' && piece.trim() !== '').join(' ').trim() || null;

function birthParts(profile: ProfileAnswer): Partial<BirthDate> {
  const fromDob = birthDateOf(profile.dob);
  if (fromDob) return fromDob;
  const day = part(profile.dayOfBirth);
  const month = part(profile.monthOfBirth);
  const year = profile.yearOfBirth === null || profile.yearOfBirth === undefined ? null : String(profile.yearOfBirth);
  return { ...(day ? { dayOfBirth: day } : {}), ...(month ? { monthOfBirth: month } : {}), ...(year ? { yearOfBirth: year } : {}) };
}

/** `ABHAProfile` (enrolment) or the `profile/account` answer → AbhaPerson. */
export function personOf(profile: ProfileAnswer): AbhaPerson {
  const addresses = profile.phrAddress ?? [];
  return {
    healthIdNumber: profile.ABHANumber,
    healthId: profile.preferredAbhaAddress ?? addresses[0] ?? null,
    name: profile.name ?? joinedName(profile.firstName, profile.middleName, profile.lastName),
    firstName: profile.firstName ?? null,
    middleName: profile.middleName ?? null,
    lastName: profile.lastName ?? null,
    ...birthParts(profile),
    gender: profile.gender ?? null,
    mobile: profile.mobile ?? null,
    email: profile.email ?? null,
    address: profile.address ?? null,
    stateCode: profile.stateCode ?? null,
    stateName: profile.stateName ?? null,
    districtCode: profile.districtCode ?? null,
    districtName: profile.districtName ?? null,
    subDistrictCode: profile.subDistrictCode ?? null,
    subdistrictName: profile.subdistrictName ?? null,
    townCode: profile.townCode ?? null,
    townName: profile.townName ?? null,
    pincode: profile.pincode ?? profile.pinCode ?? null,
    profilePhoto: bareBase64(profile.profilePhoto ?? profile.photo),
    kycPhoto: bareBase64(profile.kycPhoto ?? profile.photo),
    kycVerified: profile.kycVerified ?? null,
    authMethods: profile.authMethods ?? null,
    phrAddress: addresses,
  };
}

/** One entry of `accounts[]`/`users[]`, or undefined when it names no ABHA number. */
export function accountOf(answer: AccountAnswer): V3Account | undefined {
  const abhaNumber = answer.ABHANumber ?? answer.abhaNumber;
  if (!abhaNumber) return undefined;
  return {
    abhaNumber,
    name: answer.name ?? answer.fullName ?? '',
    preferredAbhaAddress: answer.preferredAbhaAddress ?? answer.abhaAddress ?? null,
    gender: answer.gender ?? null,
    dob: answer.dob ?? null,
    status: answer.status ?? null,
  };
}

export function accountsOf(answers: readonly AccountAnswer[] | null | undefined): V3Account[] {
  return (answers ?? []).map(accountOf).filter((account): account is V3Account => account !== undefined);
}

export function userTokenOf(answer: Pick<TokenAnswer, 'token' | 'expiresIn' | 'refreshToken'>): V3UserToken {
  return { token: answer.token, expiresIn: answer.expiresIn ?? null, refreshToken: answer.refreshToken ?? null };
}
