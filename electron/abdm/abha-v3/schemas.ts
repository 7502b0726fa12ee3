// ABHA v3 answers as this client reads them (reference/spec/abdm-v3.md §2). Only what the desk cannot work without
// is required (a txnId, a token, the ABHA number); everything else may be missing or null, and unknown fields are
// kept (loose objects), because the service leaves fields out freely.
import { z } from 'zod';

const text = z.string().nullish();
const number = z.number().nullish();
const texts = z.array(z.string()).nullish();

export const TxnAnswer = z.looseObject({ txnId: z.string().min(1), message: text });

export const TokenAnswer = z.looseObject({
  token: z.string().min(1),
  expiresIn: number,
  refreshToken: text,
  refreshExpiresIn: number,
});
export type TokenAnswer = z.infer<typeof TokenAnswer>;

/** A person as enrolment (`ABHAProfile`) or `GET /profile/account` describes them; both spellings of each field. */
export const ProfileAnswer = z.looseObject({
  ABHANumber: z.string().min(1),
  preferredAbhaAddress: text,
  phrAddress: texts,
  name: text,
  firstName: text,
  middleName: text,
  lastName: text,
  /** dd-mm-yyyy in enrolment; the profile splits it into the three parts below. */
  dob: text,
  dayOfBirth: z.union([z.string(), z.number()]).nullish(),
  monthOfBirth: z.union([z.string(), z.number()]).nullish(),
  yearOfBirth: z.union([z.string(), z.number()]).nullish(),
  gender: text,
  mobile: text,
  email: text,
  address: text,
  stateCode: text,
  stateName: text,
  districtCode: text,
  districtName: text,
  subDistrictCode: text,
  subdistrictName: text,
  townCode: text,
  townName: text,
  pinCode: text,
  pincode: text,
  photo: text,
  profilePhoto: text,
  kycPhoto: text,
  kycVerified: z.boolean().nullish(),
  authMethods: texts,
  abhaStatus: text,
  status: text,
});
export type ProfileAnswer = z.infer<typeof ProfileAnswer>;

export const EnrolAnswer = z.looseObject({
  txnId: z.string().min(1),
  message: text,
  isNew: z.boolean(),
  tokens: TokenAnswer,
  ABHAProfile: ProfileAnswer,
});

/** One account in `accounts[]` (login, mobile verification) or `users[]` (ABHA address login). */
export const AccountAnswer = z.looseObject({
  ABHANumber: text,
  abhaNumber: text,
  preferredAbhaAddress: text,
  abhaAddress: text,
  name: text,
  fullName: text,
  gender: text,
  dob: text,
  status: text,
});
export type AccountAnswer = z.infer<typeof AccountAnswer>;

const accounts = z.array(AccountAnswer).nullish();

/** `enrollment/auth/byAbdm`: authResult `success` or `failed`. */
export const AuthResultAnswer = z.looseObject({ txnId: z.string().min(1), authResult: text, message: text, accounts });

export const LoginVerifyAnswer = z.looseObject({
  txnId: text,
  authResult: text,
  message: text,
  token: text,
  expiresIn: number,
  refreshToken: text,
  accounts,
});

/** `phr/web/login/abha/verify`: the tokens under `tokens` (some answers put `token` at the top, as login/verify does). */
export const AddressVerifyAnswer = z.looseObject({
  txnId: text,
  authResult: text,
  message: text,
  tokens: TokenAnswer.nullish(),
  token: text,
  expiresIn: number,
  refreshToken: text,
  users: accounts,
  accounts,
});

export const SuggestionAnswer = z.looseObject({ txnId: text, abhaAddressList: z.array(z.string()) });

export const AbhaAddressAnswer = z.looseObject({
  txnId: z.string().min(1),
  healthIdNumber: z.string().min(1),
  preferredAbhaAddress: z.string().min(1),
});

export const AddressSearchAnswer = z.looseObject({
  healthIdNumber: z.string().min(1),
  abhaAddress: text,
  authMethods: texts,
  blockedAuthMethods: texts,
  status: text,
  fullName: text,
  mobile: text,
});

export const CertificateAnswer = z.looseObject({ publicKey: z.string().min(1) });
