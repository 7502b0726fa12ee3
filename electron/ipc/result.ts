// The only shape that crosses IPC: handlers never throw across the boundary.

export type ErrorCode =
  | 'INVALID_INPUT'
  | 'UNKNOWN_CHANNEL'
  | 'INTERNAL'
  | (string & {});

export interface AppError {
  code: ErrorCode;
  /** Plain-language message for the operator. */
  message: string;
  /** The original ABDM code (e.g. HIS-1013 or 1414) when ABDM refused the request. */
  abdmCode?: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** Thrown by services for failures the operator should see as they are. */
export class AppFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly abdmCode?: string,
  ) {
    super(message);
    this.name = 'AppFailure';
  }
}
