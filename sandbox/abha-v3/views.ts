import { photoPng } from '../residents/photo';
import { fullName } from '../residents/synthetic-resident';
import { maskMobile } from '../residents/identity';
import type { Account } from '../state';

// v3 answer bodies built from the one account model v1 uses too. Field names follow NHA's v3 examples
// (reference/spec/abdm-v3.md §2): ABHANumber rather than healthIdNumber, dob as dd-mm-yyyy. Unlike v1, v3
// answers send null for an absent value (e.g. ABHAProfile.mobile before the mobile is verified).

function pad2(value: string): string {
  return value.padStart(2, '0');
}

export function dob(account: Account): string {
  return `${pad2(account.dayOfBirth)}-${pad2(account.monthOfBirth)}-${account.yearOfBirth}`;
}

function photo(account: Account): string {
  return account.profilePhoto ?? photoPng(account.photoSeed).toString('base64');
}

/** ABHAProfile of enrollment/enrol/byAadhaar. */
export function abhaProfile(account: Account) {
  return {
    ABHANumber: account.healthIdNumber,
    phrAddress: [account.healthId],
    firstName: account.firstName,
    middleName: account.middleName,
    lastName: account.lastName,
    dob: dob(account),
    gender: account.gender,
    mobile: account.mobile || null,
    photo: photo(account),
    address: account.address,
    stateCode: account.district.stateCode,
    stateName: account.district.stateName,
    districtCode: account.district.districtCode,
    districtName: account.district.districtName,
    pinCode: account.district.pincode,
    abhaType: 'STANDARD',
    abhaStatus: 'ACTIVE',
  };
}

/** One entry of `accounts[]` after a login OTP: enough to tell accounts apart and choose one. */
export function accountSummary(account: Account) {
  return {
    ABHANumber: account.healthIdNumber,
    preferredAbhaAddress: account.healthId,
    name: fullName(account),
    gender: account.gender,
    dob: dob(account),
    verifiedStatus: 'VERIFIED',
    verificationType: 'AADHAAR',
    status: 'ACTIVE',
    kycVerified: true,
    profilePhoto: photo(account),
  };
}

/** GET /profile/account. */
export function accountProfile(account: Account) {
  return {
    ABHANumber: account.healthIdNumber,
    preferredAbhaAddress: account.healthId,
    phrAddress: [account.healthId],
    name: fullName(account),
    firstName: account.firstName,
    middleName: account.middleName,
    lastName: account.lastName,
    gender: account.gender,
    dateOfBirth: dob(account),
    dayOfBirth: account.dayOfBirth,
    monthOfBirth: account.monthOfBirth,
    yearOfBirth: account.yearOfBirth,
    mobile: account.mobile || null,
    mobileVerified: Boolean(account.mobile),
    email: account.email,
    emailVerified: false,
    address: account.address,
    stateCode: account.district.stateCode,
    stateName: account.district.stateName,
    districtCode: account.district.districtCode,
    districtName: account.district.districtName,
    pincode: account.district.pincode,
    profilePhoto: photo(account),
    authMethods: account.authMethods,
    kycVerified: true,
    verificationStatus: 'VERIFIED',
    verificationType: 'AADHAAR',
    abhaType: 'STANDARD',
    status: 'ACTIVE',
  };
}

/** phr/web/login/abha/search. */
export function addressSearchView(account: Account) {
  return {
    healthIdNumber: account.healthIdNumber,
    abhaAddress: account.healthId,
    authMethods: account.mobile ? ['AADHAAR_OTP', 'MOBILE_OTP'] : ['AADHAAR_OTP'],
    blockedAuthMethods: [] as string[],
    status: 'ACTIVE',
    message: null,
    fullName: fullName(account),
    mobile: account.mobile ? maskMobile(account.mobile) : null,
  };
}

/** `users[]` of phr/web/login/abha/verify. */
export function phrUser(account: Account) {
  return {
    abhaAddress: account.healthId,
    fullName: fullName(account),
    abhaNumber: account.healthIdNumber,
    status: 'ACTIVE',
    kycStatus: 'VERIFIED',
  };
}

export function otpSentMessage(mobile: string, aadhaar: boolean): string {
  const ending = `******${mobile.slice(-4)}`;
  return aadhaar ? `OTP sent to Aadhaar registered mobile number ending with ${ending}` : `OTP sent to mobile number ending with ${ending}`;
}
