// Requests and answers of the 13 Health ID v1 operations, with the field names of the official
// "ABHA Service" swagger (reference/spec/official/abdm-abha-service-1_0.yml; healthid-v1.md §3).
// Answers are checked only for the fields the app cannot work without; everything else is optional
// and may be null, because the real service leaves out or nulls fields freely (healthid-v1.md §3.9).
import { z } from 'zod';

export const AUTH_METHODS = ['AADHAAR_OTP', 'MOBILE_OTP', 'PASSWORD', 'DEMOGRAPHICS', 'AADHAAR_BIO'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

/** AadharOtpGenerateRequestPayLoad: 12-digit Aadhaar number or 16-digit Virtual ID, sent as typed (v1 is plain text). */
export interface GenerateAadhaarOtpRequest {
  aadhaar: string;
}

/** VerifyAadhaarOtp, VerifyMobileRequest, AuthAccountAadhaarOTPRequest. */
export interface OtpRequest {
  otp: string;
  txnId: string;
}
export type VerifyAadhaarOtpRequest = OtpRequest;
export type VerifyMobileOtpRequest = OtpRequest;
export type ConfirmWithAadhaarOtpRequest = OtpRequest;

/** GenerateMobileOTPForTxnRequest. */
export interface GenerateMobileOtpRequest {
  mobile: string;
  txnId: string;
}

/** CreateAccountWithPreVerifiedAadhaar: only txnId is required; `healthId` is the address without `@sbx`. */
export interface CreateHealthIdWithPreVerifiedRequest {
  txnId: string;
  healthId?: string;
  email?: string;
  firstName?: string;
  middleName?: string;
  lastName?: string;
  password?: string;
  /** Base64 JPEG without a data: prefix. */
  profilePhoto?: string;
}

/** AuthInitRequest: note the lower-case `healthid` (ABHA number or ABHA address). */
export interface AuthInitRequest {
  authMethod: AuthMethod;
  healthid: string;
}

/** ResendOTPRequest. */
export interface ResendAuthOtpRequest {
  txnId: string;
  authMethod?: AuthMethod;
}

const text = z.string().nullish();
const authMethodList = z.array(z.string()).nullish();

/** TxnResponse (generateOtp, verifyOTP, generateMobileOTP, verifyMobileOTP, auth/init). */
export const TxnResponseSchema = z.looseObject({
  txnId: z.string().min(1),
  /** Masked, e.g. `XXXXXX2125`; only generateMobileOTP sends it. */
  mobileNumber: text,
});
export type TxnResponse = z.infer<typeof TxnResponseSchema>;

/** JwtResponse of confirmWithAadhaarOtp: `token` is the user token sent as X-Token on /account/*. */
export const JwtResponseSchema = z.looseObject({
  token: z.string().min(1),
  expiresIn: z.number().nullish(),
  refreshToken: text,
  refreshExpiresIn: z.number().nullish(),
});
export type JwtResponse = z.infer<typeof JwtResponseSchema>;

const personFields = {
  healthIdNumber: z.string().min(1),
  healthId: text,
  name: text,
  firstName: text,
  middleName: text,
  lastName: text,
  /** `M`, `F`, `O` or `U`. */
  gender: text,
  yearOfBirth: text,
  monthOfBirth: text,
  dayOfBirth: text,
  stateCode: text,
  stateName: text,
  districtCode: text,
  districtName: text,
  mobile: text,
  email: text,
  /** Base64 JPEG from Aadhaar KYC. */
  kycPhoto: text,
  profilePhoto: text,
  pincode: text,
  authMethods: authMethodList,
  tags: z.record(z.string(), z.unknown()).nullish(),
  new: z.boolean().nullish(),
};

/** CreateAccountJwtResponse: the new (or, with `new: false`, the existing) account and its user token. */
export const CreateAccountResponseSchema = z.looseObject({
  ...personFields,
  token: z.string().min(1),
  refreshToken: text,
});
export type CreateAccountResponse = z.infer<typeof CreateAccountResponseSchema>;

/** UserDTO of /account/profile. Note `subdistrictName` vs `subDistrictCode`: the official spelling. */
export const HealthIdProfileSchema = z.looseObject({
  ...personFields,
  address: text,
  subDistrictCode: text,
  subdistrictName: text,
  townCode: text,
  townName: text,
  villageCode: text,
  villageName: text,
  wardCode: text,
  wardName: text,
  emailVerified: z.boolean().nullish(),
  kycVerified: z.boolean().nullish(),
  verificationStatus: text,
  verificationType: text,
  phrAddress: z.array(z.string()).nullish(),
});
export type HealthIdProfile = z.infer<typeof HealthIdProfileSchema>;

/** A card or QR image exactly as ABDM sent it. */
export interface BinaryDocument {
  contentType: string;
  data: Buffer;
}

export interface HealthIdClient {
  /** POST /registration/aadhaar/generateOtp: OTP to the Aadhaar-linked mobile. */
  generateAadhaarOtp(request: GenerateAadhaarOtpRequest): Promise<TxnResponse>;
  /** POST /registration/aadhaar/verifyOTP. */
  verifyAadhaarOtp(request: VerifyAadhaarOtpRequest): Promise<TxnResponse>;
  /** POST /registration/aadhaar/generateMobileOTP: OTP to the mobile the patient wants on the ABHA. */
  generateMobileOtp(request: GenerateMobileOtpRequest): Promise<TxnResponse>;
  /** POST /registration/aadhaar/verifyMobileOTP. */
  verifyMobileOtp(request: VerifyMobileOtpRequest): Promise<TxnResponse>;
  /** POST /registration/aadhaar/createHealthIdWithPreVerified. */
  createHealthIdWithPreVerified(request: CreateHealthIdWithPreVerifiedRequest): Promise<CreateAccountResponse>;
  /** POST /auth/init. */
  authInit(request: AuthInitRequest): Promise<TxnResponse>;
  /** POST /auth/resendAuthOTP: the service answers a bare `true`. */
  resendAuthOtp(request: ResendAuthOtpRequest): Promise<boolean>;
  /** POST /auth/confirmWithAadhaarOtp. */
  confirmWithAadhaarOtp(request: ConfirmWithAadhaarOtpRequest): Promise<JwtResponse>;
  /** GET /account/profile. */
  profile(userToken: string): Promise<HealthIdProfile>;
  /** GET /account/getCard (PDF). */
  pdfCard(userToken: string): Promise<BinaryDocument>;
  /** GET /account/getPngCard. */
  pngCard(userToken: string): Promise<BinaryDocument>;
  /** GET /account/getSvgCard. */
  svgCard(userToken: string): Promise<BinaryDocument>;
  /** GET /account/qrCode (PNG). */
  qrCode(userToken: string): Promise<BinaryDocument>;
}
