// What can go wrong when talking to ABDM, as classes the services and explainAbdmError can tell apart.
// None of them ever carries a request body: bodies hold Aadhaar numbers and OTPs.
import type { FieldIssueCode } from '../shared/errors';

/** `abha` is ABHA v3 (`/abha/api/v3`, electron/abdm/abha-v3/client.ts). */
export type AbdmService = 'healthid' | 'gateway' | 'abha';

export interface AbdmErrorInit {
  status: number;
  code: string;
  message: string;
  detailCode?: string | undefined;
  details?: unknown;
  service: AbdmService;
  operation: string;
  cause?: unknown;
}

/**
 * ABDM answered with an error status. `code` is the top-level code (`HIS-422`, or the gateway's
 * numeric `error.code` as a string such as `1414`); `detailCode` is `details[0].code` (`HIS-1013`),
 * where Health ID puts the real reason (reference/spec/healthid-v1.md §5.1).
 */
export class AbdmError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detailCode: string | undefined;
  readonly details: unknown;
  readonly service: AbdmService;
  /** Which call failed, e.g. `generateAadhaarOtp` or `sessions`. */
  readonly operation: string;

  constructor(init: AbdmErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'AbdmError';
    this.status = init.status;
    this.code = init.code;
    this.detailCode = init.detailCode;
    this.details = init.details;
    this.service = init.service;
    this.operation = init.operation;
  }

  /** The code that says most about the failure: the detail code when there is one. */
  get specificCode(): string {
    return this.detailCode ?? this.code;
  }
}

/** No answer from ABDM: it took longer than the time limit, or the connection failed. */
export class AbdmUnreachableError extends Error {
  readonly kind: 'timeout' | 'network';
  readonly service: AbdmService;
  readonly operation: string;

  constructor(kind: 'timeout' | 'network', service: AbdmService, operation: string, cause: unknown) {
    super(
      kind === 'timeout'
        ? `ABDM ${service} did not answer ${operation} in time`
        : `Could not reach ABDM ${service} for ${operation}: ${describeCause(cause)}`,
      { cause },
    );
    this.name = 'AbdmUnreachableError';
    this.kind = kind;
    this.service = service;
    this.operation = operation;
  }
}

/** ABDM answered 2xx but with a body this client cannot use (not JSON, missing txnId, not a PNG...). */
export class AbdmBadResponseError extends Error {
  readonly status: number;
  readonly service: AbdmService;
  readonly operation: string;

  constructor(service: AbdmService, operation: string, status: number, problem: string) {
    super(`ABDM ${service} sent an unusable answer to ${operation}: ${problem}`);
    this.name = 'AbdmBadResponseError';
    this.status = status;
    this.service = service;
    this.operation = operation;
  }
}

/**
 * The patient's user token (the `X-Token` from confirmWithAadhaarOtp or createHealthIdWithPreVerified)
 * was refused: it expired (30 minutes) or is no longer valid. The fix is to verify the patient again.
 * It keeps the status and codes of ABDM's answer, which is also its `cause`.
 */
export class UserTokenExpiredError extends AbdmError {
  constructor(refusal: AbdmError) {
    super({
      ...refusal,
      message: `The patient's user token was refused by ${refusal.operation} (${refusal.specificCode}): verify the patient again`,
      cause: refusal,
    });
    this.name = 'UserTokenExpiredError';
  }
}

export type InputField = 'aadhaar' | 'otp' | 'mobile' | 'txnId' | 'healthid' | 'healthId' | 'authMethod' | 'userToken';

/** A request was refused before anything was sent, because one field is not what ABDM accepts. */
export class AbdmInputError extends Error {
  readonly field: InputField;
  readonly issue: FieldIssueCode;

  constructor(field: InputField, issue: FieldIssueCode) {
    super(`${field}: ${issue}`);
    this.name = 'AbdmInputError';
    this.field = field;
    this.issue = issue;
  }
}

function describeCause(cause: unknown): string {
  const inner = cause instanceof Error && cause.cause instanceof Error ? cause.cause : cause;
  if (inner instanceof Error) {
    const code = (inner as NodeJS.ErrnoException).code;
    return code ? `${code} ${inner.message}` : inner.message;
  }
  return String(inner);
}
