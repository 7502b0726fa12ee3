// What the ABHA v3 client offers the services (reference/spec/abdm-v3.md §2). Inputs are given in clear; the
// client encrypts what v3 wants encrypted (Aadhaar, mobile login ids, OTPs, ABHA numbers) and never logs them.
// Answers are mapped to the app's internal vocabulary: a person is a v1-shaped HealthIdProfile (healthIdNumber,
// healthId, name parts, dayOfBirth/monthOfBirth/yearOfBirth, mobile, photo…), so screens and storage need no
// second shape.
import type { DocumentKind } from '../binary-document';
import type { HealthIdProfile } from '../healthid-v1/types';

export type AbhaPerson = Partial<HealthIdProfile> & { healthIdNumber: string };

/** A patient's token for /profile/account calls (the X-token), with what v3 says about its life. */
export interface V3UserToken {
  token: string;
  /** Seconds; null when the answer did not say. */
  expiresIn: number | null;
  refreshToken: string | null;
}

export interface V3Txn {
  txnId: string;
  /** ABDM's own words, e.g. "OTP sent to Aadhaar registered mobile number ending with ******1234". */
  message: string | null;
}

export interface V3Enrolled {
  txnId: string;
  /** false: this Aadhaar already had an ABHA; the answer is that account. */
  isNew: boolean;
  person: AbhaPerson;
  /** The ABHA addresses the account already has (phrAddress). */
  abhaAddresses: string[];
  /** null when the mobile typed is not the Aadhaar-linked one: it must be verified by OTP (enrollment/auth/byAbdm). */
  verifiedMobile: string | null;
  token: V3UserToken;
}

/** One ABHA a login found: a mobile may hold several (up to 6). */
export interface V3Account {
  abhaNumber: string;
  name: string;
  preferredAbhaAddress: string | null;
  gender: string | null;
  /** As ABDM wrote it (dd-mm-yyyy or similar); for telling accounts apart on screen only. */
  dob: string | null;
  status: string | null;
}

export type V3LoginHint = 'abha-number' | 'mobile' | 'aadhaar';
export type V3OtpSystem = 'aadhaar' | 'abdm';

/** The outcome of a login OTP: an X-token straight away, or a short transfer token and the accounts to pick from. */
export type V3LoginResult =
  | { kind: 'token'; txnId: string; token: V3UserToken; accounts: V3Account[] }
  | { kind: 'choose'; txnId: string; tToken: string; accounts: V3Account[] };

export interface V3AddressLookup {
  abhaNumber: string;
  authMethods: string[];
  blockedAuthMethods: string[];
  status: string | null;
  fullName: string | null;
}

export interface AbhaV3Client {
  // Enrolment (enrollment/…)
  enrolRequestAadhaarOtp(input: { aadhaar: string }): Promise<V3Txn>;
  /** Verifies the Aadhaar OTP and creates (or finds) the account in one call; `mobile` is the 10-digit number typed. */
  enrolByAadhaar(input: { txnId: string; otp: string; mobile: string }): Promise<V3Enrolled>;
  enrolRequestMobileOtp(input: { txnId: string; mobile: string }): Promise<V3Txn>;
  enrolVerifyMobileOtp(input: { txnId: string; otp: string }): Promise<V3Txn>;
  addressSuggestions(input: { txnId: string }): Promise<string[]>;
  /** Sets the chosen ABHA address (without or with the @cm suffix) as preferred. */
  enrolAbhaAddress(input: { txnId: string; abhaAddress: string }): Promise<{ txnId: string; abhaNumber: string; abhaAddress: string }>;

  // Login (profile/login/… and phr/web/login/abha/…)
  loginRequestOtp(input: { loginHint: V3LoginHint; value: string; otpSystem: V3OtpSystem }): Promise<V3Txn>;
  loginVerifyOtp(input: { txnId: string; otp: string; loginHint: V3LoginHint; otpSystem: V3OtpSystem }): Promise<V3LoginResult>;
  /** Turns a transfer token into the chosen account's X-token (profile/login/verify/user). */
  loginChooseAccount(input: { txnId: string; tToken: string; abhaNumber: string }): Promise<V3UserToken>;
  addressSearch(input: { abhaAddress: string }): Promise<V3AddressLookup>;
  addressRequestOtp(input: { abhaAddress: string; otpSystem: V3OtpSystem }): Promise<V3Txn>;
  addressVerifyOtp(input: { txnId: string; otp: string; otpSystem: V3OtpSystem }): Promise<V3LoginResult>;

  // With the patient's X-token (profile/account/…)
  profile(xToken: string): Promise<AbhaPerson>;
  /** The ABHA card as ABDM renders it (an image; kind from its bytes). */
  card(xToken: string): Promise<{ data: Buffer; kind: DocumentKind }>;
  qrCode(xToken: string): Promise<{ data: Buffer; kind: DocumentKind }>;
  /** A fresh X-token from a refresh token, where the service allows it; throws UserTokenExpiredError otherwise. */
  refreshUserToken(refreshToken: string): Promise<V3UserToken>;
}
