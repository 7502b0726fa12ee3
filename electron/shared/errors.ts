// The one error vocabulary of ABHA Desk: every failure main reports, every problem with a field, as codes with
// parameters. Main never words them; the renderer's translations (renderer/lib/i18n.ts) hold the English and
// Hindi text for each code, so a Hindi desk reads every failure in Hindi. Pure: main and renderer import it.

/** Every failure an IPC call can answer, grouped by what the operator does next. */
export const ERROR_CODES = [
  // The call itself
  'INVALID_INPUT',
  'UNKNOWN_CHANNEL',
  'FORBIDDEN',
  'INTERNAL',
  'NOT_CONNECTED',
  // A multi-step flow
  'FLOW_EXPIRED',
  'WRONG_STEP',
  'RESEND_TOO_SOON',
  'RESEND_LIMIT',
  /** ABDM refused the OTP; params `attemptsLeft` (wrong OTPs still allowed before the lock), `reason: 'last-try'` at 1. */
  'OTP_WRONG',
  /** Too many wrong OTPs: ABDM locks this patient's OTPs; params `retryAt` (ISO time it may be tried again). */
  'OTP_LOCKED',
  'VERIFY_AGAIN',
  /** The ABDM API was switched in Settings while a flow was open: its transaction belongs to the other API. */
  'API_CHANGED',
  /** A step the ABDM API chosen in Settings has no request for (patient find, KYC, … on HIE-CM v3). */
  'NOT_ON_THIS_API',
  // Settings and secrets (fixed in Settings)
  'CLIENT_ID_MISSING',
  'CLIENT_SECRET_MISSING',
  'INSECURE_URL',
  'ABDM_CREDENTIALS',
  'SECRET_NOT_STORED',
  /** A connection setting or secret changed without the admin PIN; `reason`: not-set (set one first), locked, unreadable. */
  'ADMIN_PIN_REQUIRED',
  /** Not the admin PIN; params `triesLeft` before a wait of `minutes`. */
  'ADMIN_PIN_WRONG',
  /** Too many wrong admin PINs; params `retryAt` (ISO time it may be tried again), `minutes`. */
  'ADMIN_PIN_LOCKED_OUT',
  // ABDM
  'ABDM_ERROR',
  'ABDM_TIMEOUT',
  'ABDM_UNREACHABLE',
  'ABDM_BAD_ANSWER',
  /** The Aadhaar has no mobile linked, so no Aadhaar OTP can be sent (electron/services/enrolment/enrolment-refusals.ts). */
  'AADHAAR_NO_MOBILE',
  /** The ABHA address chosen at enrolment belongs to someone else; the enrolment waits for another one. */
  'ABHA_ADDRESS_TAKEN',
  /** Verify: ABDM offers no OTP to the mobile chosen for this ABHA (`via`: aadhaar-mobile or abha-mobile); the other may work. */
  'OTP_DESTINATION_UNAVAILABLE',
  // The HIU side of ABDM (consents and records)
  'GATEWAY_NO_ANSWER',
  'HIU_ID_MISSING',
  'REQUESTER_MISSING',
  'PUBLIC_URL_MISSING',
  'PATIENT_INACTIVE',
  'PATIENT_DELETED',
  'NOT_FOUND',
  'CONSENT_NOT_USABLE',
  'AUTH_DENIED',
  /** HIE-CM v3's identity check (HIU_FLOW_101) did not confirm that these details belong to this ABHA; `patientId`. */
  'IDENTITY_NOT_CONFIRMED',
  'RECORD_UNREADABLE',
  // Files
  'EXPORT_FOLDER_UNSAFE',
  'EXPORT_NAME_TAKEN',
  'SAVE_TARGET_UNSAFE',
  /** The system print dialog reported a failure other than a cancel (Electron's failureReason in `reason`). */
  'PRINT_FAILED',
  /** Web mode: the page did not fetch the file or print page offered to it within a minute (`kind`: download or print). */
  'HANDOVER_NOT_TAKEN',
  // The patient register (issue 25)
  /**
   * A registration the register will not make; `reason`: share-failed (the share names no patient or was refused),
   * abha-elsewhere (the share's ABHA is registered under `patientNumber`), other-abha-number (the confirmed
   * registration `patientNumber` holds another ABHA number), already-registered (the share is, as `patientNumber`).
   */
  'REGISTER_REFUSED',
  // The clinic as an HIP (docs/hip.md): the role is off (no HIP id in Settings); a document could not be filed (its
  // file or the bundle built from it failed a check; params.reason says which); a visit could not be linked now
  // (ABDM refused the link token or blocked the patient for 24 hours; abdmCode kept).
  'HIP_OFF',
  'DOCUMENT_REFUSED',
  'LINK_REFUSED',
  /** The registration counter (issue 25): no HIP id in Settings, so no counter QR and no share can name this clinic. */
  'HIP_ID_MISSING',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** What can be wrong with one field; the renderer has words for each. */
export const FIELD_ISSUE_CODES = [
  'required',
  'wrong-type',
  'unknown-field',
  'too-long',
  'too-short',
  'out-of-range',
  'not-allowed',
  'wrong-format',
  'control-character',
  'broken-character',
  'aadhaar.not-digits',
  'aadhaar.wrong-length',
  'aadhaar.starts-with-0-or-1',
  'aadhaar.check-digit',
  'otp',
  'mobile',
  'abha-number',
  'abha-identifier',
  'abha-address.too-short',
  'abha-address.bad-characters',
  'abha-address.bad-start-or-end',
  'email',
  'url',
  'cm-id',
  'consent-required',
  /** Not a relay credential as the relay issues it (`desk-<id>.<secret>`, electron/bridge/relay-protocol.ts). */
  'relay-credential',
  /** Not 6 to 12 digits (electron/shared/admin-pin-rule.ts). */
  'admin-pin',
  /** Not a whole number from `min` to `max` (both in params): out of range, a fraction, text or nothing. */
  'whole-number',
  /** A counter id: 1 to 20 letters, digits, space, dot, dash, underscore, starting with a letter or digit (settings-schema.ts). */
  'counter-id',
  /** The patient number prefix: up to 12 letters, digits, "-" and "/". */
  'patient-number-prefix',
  /** An HTTP header name: letters, digits and "-" (the SMS gateway's key header). */
  'header-name',
  /** A document file larger than the desk files (DOCUMENT_MAX_BYTES, 20 MB). */
  'document-too-large',
] as const;
export type FieldIssueCode = (typeof FIELD_ISSUE_CODES)[number];

export type MessageParams = Record<string, string | number>;

/** One problem with one field: `path` is dotted (`bridge.port`), `params` fill the words (`{ max: 100 }`). */
export interface FieldIssue {
  path: string;
  code: FieldIssueCode;
  params?: MessageParams;
}

/** The only failure shape that crosses IPC. */
export interface AppError {
  code: ErrorCode;
  params?: MessageParams;
  /** With INVALID_INPUT: every field that was refused. */
  fields?: FieldIssue[];
  /** ABDM's own code (HIS-1013, gateway 1414) when ABDM refused, kept for support. */
  abdmCode?: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export function isFieldIssueCode(value: unknown): value is FieldIssueCode {
  return typeof value === 'string' && (FIELD_ISSUE_CODES as readonly string[]).includes(value);
}

/** Thrown anywhere in main for a failure the operator should see; the IPC layer answers it as its AppError. */
export class AppFailure extends Error {
  readonly code: ErrorCode;
  readonly params: MessageParams | undefined;
  readonly fields: FieldIssue[] | undefined;
  readonly abdmCode: string | undefined;

  constructor(code: ErrorCode, details: { params?: MessageParams; fields?: FieldIssue[]; abdmCode?: string | undefined } = {}, options?: ErrorOptions) {
    // The message is for logs and developers only; the screen words the code itself.
    super(describeFailure(code, details), options);
    this.name = 'AppFailure';
    this.code = code;
    this.params = details.params;
    this.fields = details.fields;
    this.abdmCode = details.abdmCode;
  }

  toAppError(): AppError {
    return {
      code: this.code,
      ...(this.params ? { params: this.params } : {}),
      ...(this.fields ? { fields: this.fields } : {}),
      ...(this.abdmCode ? { abdmCode: this.abdmCode } : {}),
    };
  }
}

/** "INVALID_INPUT bridge.port:wrong-type" — a one-line summary for logs and test failures, never shown. */
export function describeFailure(code: ErrorCode, details: Omit<AppError, 'code'>): string {
  const fields = details.fields?.map((issue) => `${issue.path}:${issue.code}`).join(' ');
  const params = details.params ? JSON.stringify(details.params) : '';
  return [code, details.abdmCode, fields, params].filter(Boolean).join(' ');
}
