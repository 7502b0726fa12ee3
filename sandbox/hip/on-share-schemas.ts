import { z } from 'zod';

// The desk's answer to a share, with the token number (abdm-frontdesk.md §1): v3 as NHA's patient-share.yaml
// writes it, legacy as ndhm-gateway-v1.yml's ShareProfileResult1. Which fields are required depends on the outcome,
// so each generation has a SUCCESS body and a failure body and the route picks by what the body says
// (onShareSchemaV3 / onShareSchemaLegacy). Unknown fields pass, as at the real gateway.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

const uuid = z.string().regex(UUID, 'must be a UUID');
/** A failure's `error`, whose absence is worded for the one who forgot it. */
const failureError = <S extends z.ZodRawShape>(shape: S) =>
  z.object(shape, { error: (issue) => (issue.input === undefined || issue.input === null ? 'must not be null: a failed on-share carries error {code, message}' : undefined) }).loose();
const filled = z.string().trim().min(1, 'must not be empty');

// ── v3: POST {hiecm}/patient-share/v3/on-share ─────────────────────────────────────────────────────────────────

const v3Error = z.object({ code: filled, message: filled }).loose();
const v3Response = z.object({ requestId: uuid }).loose();

const v3SuccessBody = z
  .object({
    acknowledgement: z
      .object({
        status: z.literal('SUCCESS'),
        abhaAddress: filled,
        profile: z
          .object({
            context: filled,
            tokenNumber: filled,
            // NHA: "should be only numeric"; its example 180, CARE sends 600 (seconds).
            expiry: z.number().positive('must be a positive number'),
          })
          .loose(),
      })
      .loose(),
    error: v3Error.nullish(),
    response: v3Response,
  })
  .loose();

const v3FailedBody = z
  .object({
    acknowledgement: z
      .object({ status: z.enum(['SUCCESS', 'FAILED']), abhaAddress: filled.optional() })
      .loose()
      .nullish(),
    error: failureError({ code: filled, message: filled }),
    response: v3Response,
  })
  .loose();

export type OnShareV3 = z.infer<typeof v3SuccessBody> | z.infer<typeof v3FailedBody>;

type Json = Record<string, unknown>;
const objectOf = (value: unknown): Json => (value !== null && typeof value === 'object' ? (value as Json) : {});

/** SUCCESS needs the acknowledgement with the token; FAILED (or any body with an error) needs `error`. */
export function onShareSchemaV3(body: unknown): z.ZodType<OnShareV3> {
  const json = objectOf(body);
  const failed = objectOf(json.acknowledgement).status === 'FAILED' || (json.error !== undefined && json.error !== null && json.acknowledgement === undefined);
  return failed ? v3FailedBody : v3SuccessBody;
}

// ── legacy: POST {gateway}/v1.0/patients/profile/on-share ──────────────────────────────────────────────────────

/** The legacy file spells failure FAILURE; FAILED (v3's word) is taken too, since desks share one vocabulary. */
const LEGACY_FAILURES = ['FAILURE', 'FAILED'] as const;

const legacyEnvelope = {
  requestId: uuid,
  timestamp: z.string().regex(DATE_TIME, 'must be an ISO date-time such as 2024-10-06T15:10:00.587Z'),
  resp: z.object({ requestId: uuid }).loose(),
};
// The legacy file's Error has an integer code; some desks send it as text.
const legacyError = z.object({ code: z.union([z.number().int(), filled]), message: filled }).loose();

const legacySuccessBody = z
  .object({
    ...legacyEnvelope,
    acknowledgement: z.object({ status: z.literal('SUCCESS'), healthId: filled, tokenNumber: filled }).loose(),
    error: legacyError.nullish(),
  })
  .loose();

const legacyFailedBody = z
  .object({
    ...legacyEnvelope,
    acknowledgement: z
      .object({ status: z.enum(LEGACY_FAILURES), healthId: filled.optional(), tokenNumber: z.string().optional() })
      .loose()
      .nullish(),
    error: failureError({ code: z.union([z.number().int(), filled]), message: filled }),
  })
  .loose();

export type OnShareLegacy = z.infer<typeof legacySuccessBody> | z.infer<typeof legacyFailedBody>;

export function onShareSchemaLegacy(body: unknown): z.ZodType<OnShareLegacy> {
  const status = objectOf(objectOf(body).acknowledgement).status;
  return typeof status === 'string' && (LEGACY_FAILURES as readonly string[]).includes(status) ? legacyFailedBody : legacySuccessBody;
}
