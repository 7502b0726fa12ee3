// Consent-manager error codes (ProjectEKA consent-manager ErrorCode, gateway-v05.md §5.3).

export interface CmError {
  code: number;
  message: string;
}

/** Thrown by consent-manager logic; becomes `error` in the callback, never an HTTP error. */
export class CmRefusal extends Error {
  constructor(readonly error: CmError) {
    super(error.message);
  }
}

export const refuse = (code: number, message: string): never => {
  throw new CmRefusal({ code, message });
};

export const CM = {
  otpInvalid: 1405,
  otpExpired: 1406,
  otpAttemptsExceeded: 1408,
  noPatientFound: 1404,
  artefactExpired: 1410,
  invalidState: 1411,
  userNotFound: 1414,
  consentRequestNotFound: 1415,
  artefactNotFound: 1416,
  invalidDateRange: 1418,
  invalidHiType: 1419,
  invalidPurpose: 1420,
  invalidProviderOrCareContext: 1421,
  transactionNotFound: 1427,
  consentNotGranted: 1428,
  invalidScope: 1431,
  invalidRequest: 1513,
  unableToParseKey: 1514,
} as const;
