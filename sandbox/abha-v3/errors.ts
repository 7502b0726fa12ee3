import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { AbdmError } from '../errors';

// ABHA v3 errors come in several body shapes, often more than one for the same service
// (reference/spec/abdm-v3.md §2 "Errors"). Each error here has a default shape (the one the real service is
// believed to use for it; docs/sandbox-abha-v3.md §5 lists them), and a test may force any other one with the
// request header X-Sandbox-Error-Shape or the control POST /_sandbox/abha-v3/error-shape (error-shape-control.ts).

export const ERROR_SHAPES = ['wrapped', 'array', 'flat', 'message', 'field', 'empty'] as const;
export type ErrorShape = (typeof ERROR_SHAPES)[number];

export function isErrorShape(value: unknown): value is ErrorShape {
  return typeof value === 'string' && (ERROR_SHAPES as readonly string[]).includes(value);
}

export interface V3ErrorOptions {
  /** The body key of the `field` shape, e.g. `loginId` for `{"loginId":"Invalid LoginId"}`. */
  field?: string;
  /** The raw code carries a trailing ": " (seen on header errors such as `ABDM-1016: `). */
  colonSuffix?: boolean;
}

/** An error the v3 service answers with: HTTP status, ABDM code, message and the shape it normally takes. */
export class AbhaV3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly shape: ErrorShape,
    readonly options: V3ErrorOptions = {},
  ) {
    super(message);
  }
}

/** A field-keyed 400, e.g. `{"loginId":"Invalid LoginId","timestamp":…}`, the answer to a malformed field. */
export function invalidField(field: string, message: string): AbhaV3Error {
  return new AbhaV3Error(400, 'ABDM-1001', message, 'field', { field });
}

/** Spring-style `yyyy-MM-dd HH:mm:ss` (UTC here), as in the service's `{message, timestamp}` bodies. */
function errorTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
}

export function errorBody(err: AbhaV3Error, shape: ErrorShape, now: number): unknown {
  const code = err.options.colonSuffix ? `${err.code}: ` : err.code;
  switch (shape) {
    case 'wrapped':
      return { error: { code, message: err.message } };
    case 'array':
      return [{ code, message: err.message }];
    case 'flat':
      return { code, message: err.message };
    case 'message':
      return { message: err.message, timestamp: errorTimestamp(now) };
    case 'field':
      return { [err.options.field ?? 'request']: err.message, timestamp: errorTimestamp(now) };
    case 'empty':
      return undefined;
  }
}

/** Errors thrown by the shared v1 helpers (OTP policy, rate limits) and by fault injection, in v3 terms. */
function fromAbdmError(err: AbdmError): AbhaV3Error {
  switch (err.detailCode) {
    case 'HIS-2022':
    case 'HIS-1013':
    case 'HIS-1039':
    case 'HIS-1056':
      // Wrong, expired or too often wrong OTP: ABDM-1204 (reference/spec/abdm-v3.md §2), v1's wording.
      return new AbhaV3Error(422, 'ABDM-1204', err.message, 'wrapped');
    case 'HIS-2017':
    case 'HIS-1023':
      // The v3 code for OTP rate limits was not found; 429 with the generic code.
      return new AbhaV3Error(429, 'ABDM-9999', err.message, 'message');
  }
  if (err.statusCode >= 500) return new AbhaV3Error(500, 'ABDM-9999', err.message, 'flat');
  return new AbhaV3Error(err.statusCode, 'ABDM-9999', err.message, 'wrapped');
}

/** Fastify's own failures (unreadable JSON, wrong content type, oversize body) get an empty 400, as Spring gives. */
function fromFastifyError(error: FastifyError): AbhaV3Error {
  const status = error.statusCode ?? 500;
  if (error.code?.startsWith('FST_ERR_CTP_') || error instanceof SyntaxError || (status >= 400 && status < 500)) {
    return new AbhaV3Error(400, 'ABDM-1001', error.message, 'empty');
  }
  return new AbhaV3Error(500, 'ABDM-9999', 'Unhandled exception in the sandbox.', 'flat');
}

export function toV3Error(error: unknown): AbhaV3Error {
  if (error instanceof AbhaV3Error) return error;
  if (error instanceof AbdmError) return fromAbdmError(error);
  return fromFastifyError(error as FastifyError);
}

export type ShapeOverride = (request: FastifyRequest) => ErrorShape | null;

/** Sends `err` in the forced shape if any, else its own; `empty` is always a bare 400. */
export function sendV3Error(ctx: SandboxContext, reply: FastifyReply, err: AbhaV3Error, forced: ErrorShape | null): FastifyReply {
  const shape = forced ?? err.shape;
  if (shape === 'empty') return reply.status(400).send();
  return reply.status(err.status).type('application/json').send(JSON.stringify(errorBody(err, shape, ctx.clock.now())));
}
