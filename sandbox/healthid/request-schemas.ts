// Request bodies of the 13 Health ID v1 operations, after the official definitions in
// reference/spec/official/abdm-abha-service-1_0.yml (names in comments). Deliberate differences:
// - aadhaar: the official pattern `^(\d{12}|\d{16})*$` also accepts "" (a spec defect); required here.
// - otp: 6 digits; txnId: a UUID (a malformed one gets HIS-1012, as the real service answers).
// - optional fields may be null, as Jackson accepts; unknown fields are ignored, as Spring does.

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const txnId = { type: 'string', pattern: UUID } as const;
const otp = { type: 'string', pattern: '^[0-9]{6}$' } as const;
const optionalText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
export const AUTH_METHOD_VALUES = ['AADHAAR_OTP', 'MOBILE_OTP', 'PASSWORD', 'DEMOGRAPHICS', 'AADHAAR_BIO'] as const;
export type AuthMethod = (typeof AUTH_METHOD_VALUES)[number];

/** AadharOtpGenerateRequestPayLoad */
export const generateOtpBody = {
  type: 'object',
  required: ['aadhaar'],
  properties: { aadhaar: { type: 'string', pattern: '^(\\d{12}|\\d{16})$' } },
} as const;
export interface GenerateOtpBody {
  aadhaar: string;
}

/** VerifyAadhaarOtp, VerifyMobileRequest, AuthAccountAadhaarOTPRequest */
export const otpConfirmationBody = {
  type: 'object',
  required: ['otp', 'txnId'],
  properties: { otp, txnId, restrictions: optionalText(256) },
} as const;
export interface OtpConfirmationBody {
  otp: string;
  txnId: string;
}

/** GenerateMobileOTPForTxnRequest: the mobile format is checked by the handler (HIS-1011, a 422). */
export const generateMobileOtpBody = {
  type: 'object',
  required: ['mobile', 'txnId'],
  properties: { mobile: { type: 'string', maxLength: 32 }, txnId },
} as const;
export interface GenerateMobileOtpBody {
  mobile: string;
  txnId: string;
}

/** CreateAccountWithPreVerifiedAadhaar */
export const createHealthIdBody = {
  type: 'object',
  required: ['txnId'],
  properties: {
    txnId,
    healthId: optionalText(64),
    email: { type: ['string', 'null'], maxLength: 254, pattern: '^$|^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' },
    firstName: optionalText(100),
    middleName: optionalText(100),
    lastName: optionalText(100),
    password: optionalText(128),
    profilePhoto: { type: ['string', 'null'], maxLength: 700_000, pattern: '^[A-Za-z0-9+/=\\r\\n]*$' },
  },
} as const;
export interface CreateHealthIdBody {
  txnId: string;
  healthId?: string | null;
  email?: string | null;
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
  password?: string | null;
  profilePhoto?: string | null;
}

/** AuthInitRequest1 (lower-case `healthid`, as in the official file) */
export const authInitBody = {
  type: 'object',
  required: ['authMethod', 'healthid'],
  properties: {
    authMethod: { type: 'string', enum: AUTH_METHOD_VALUES },
    healthid: { type: 'string', minLength: 1, maxLength: 100 },
  },
} as const;
export interface AuthInitBody {
  authMethod: AuthMethod;
  healthid: string;
}

/** ResendOTPRequest */
export const resendAuthOtpBody = {
  type: 'object',
  required: ['txnId'],
  properties: { txnId, authMethod: { type: ['string', 'null'], enum: [...AUTH_METHOD_VALUES, null] } },
} as const;
export interface ResendAuthOtpBody {
  txnId: string;
  authMethod?: AuthMethod | null;
}
