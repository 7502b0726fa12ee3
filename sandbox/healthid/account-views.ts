import { photoPng } from '../residents/photo';
import { fullName } from '../residents/synthetic-resident';
import type { Account } from '../state';
import type { UserTokens } from './user-tokens';

// Response bodies built from an account. Absent values are null, as the real service sends them
// (the official schemas omit `nullable`; the tests patch that, see docs/sandbox.md).

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
    email: account.email,
    kycPhoto: kycPhoto(account),
    authMethods: account.authMethods,
    tags: {} as Record<string, string>,
  };
}

/** UserDTO, answered by GET /v1/account/profile. */
export function profileView(account: Account) {
  return {
    ...demographics(account),
    address: account.address,
    subDistrictCode: null,
    subdistrictName: null,
    townCode: null,
    townName: null,
    villageCode: null,
    villageName: null,
    wardCode: null,
    wardName: null,
    profilePhoto: account.profilePhoto,
    emailVerified: false,
    kycVerified: true,
    verificationStatus: 'VERIFIED',
    verificationType: 'AADHAAR',
    phrAddress: [account.healthId],
    new: false,
  };
}

/** CreateAccountJwtResponse, answered by createHealthIdWithPreVerified. */
export function createdAccountView(account: Account, tokens: UserTokens, isNew: boolean) {
  return {
    ...demographics(account),
    profilePhoto: account.profilePhoto ?? '',
    token: tokens.token,
    refreshToken: tokens.refreshToken,
    new: isNew,
  };
}
