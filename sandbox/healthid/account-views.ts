import { photoPng } from '../residents/photo';
import { fullName } from '../residents/synthetic-resident';
import type { Account } from '../state';
import type { UserTokens } from './user-tokens';

// Response bodies built from an account. The real service sends null for absent values, but the
// official schemas do not allow null, so absent values are left out instead (docs/sandbox.md §7).

function withoutAbsent<T extends Record<string, unknown>>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null && value !== undefined)) as Partial<T>;
}

export function kycPhoto(account: Account): string {
  return photoPng(account.photoSeed).toString('base64');
}

function demographics(account: Account) {
  return {
    healthIdNumber: account.healthIdNumber,
    healthId: account.healthId,
    name: fullName(account),
    firstName: account.firstName,
    middleName: account.middleName,
    lastName: account.lastName,
    gender: account.gender,
    yearOfBirth: account.yearOfBirth,
    monthOfBirth: account.monthOfBirth,
    dayOfBirth: account.dayOfBirth,
    stateCode: account.district.stateCode,
    stateName: account.district.stateName,
    districtCode: account.district.districtCode,
    districtName: account.district.districtName,
    pincode: account.district.pincode,
    mobile: account.mobile,
    email: account.email ?? undefined,
    kycPhoto: kycPhoto(account),
    authMethods: account.authMethods,
    tags: {} as Record<string, string>,
  };
}

/** UserDTO, answered by GET /v1/account/profile. */
export function profileView(account: Account) {
  // Sub-district, town, village and ward are unknown for synthetic residents, so they are absent.
  return withoutAbsent({
    ...demographics(account),
    address: account.address,
    profilePhoto: account.profilePhoto ?? undefined,
    emailVerified: false,
    kycVerified: true,
    verificationStatus: 'VERIFIED',
    verificationType: 'AADHAAR',
    phrAddress: [account.healthId],
    new: false,
  });
}

/** CreateAccountJwtResponse, answered by createHealthIdWithPreVerified. */
export function createdAccountView(account: Account, tokens: UserTokens, isNew: boolean) {
  return withoutAbsent({
    ...demographics(account),
    profilePhoto: account.profilePhoto ?? '',
    token: tokens.token,
    refreshToken: tokens.refreshToken,
    new: isNew,
  });
}
