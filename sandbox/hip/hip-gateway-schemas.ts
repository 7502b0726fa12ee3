import { z } from 'zod';
import { HI_TYPES, V05_HI_TYPES } from '../fhir/ig-catalog';

// What the gateway accepts from an HIP (abdm-frontdesk.md §3; NHA's link-token.yaml, hip-initiated-linking.yaml,
// user-initiated-linking.yaml, consent-management-data-flow.yaml; ndhm-gateway-v1.yml for v0.5). Unknown fields
// pass, as at the real gateway; a missing or wrongly typed one is a 400 naming it (gateway-rules.ts parseBody).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

const filled = z.string().trim().min(1, 'must not be empty');
const uuid = z.string().regex(UUID, 'must be a UUID');
const dateTime = z.string().regex(DATE_TIME, 'must be an ISO date-time such as 2024-10-06T15:10:00.587Z');
/** NHA: "Allows M, F, O, D, T, U". */
const gender = z.enum(['M', 'F', 'O', 'D', 'T', 'U'], { error: 'must be one of M, F, O, D, T, U' });
/** NHA's files write abhaNumber as a number; desks send the 14 digits as text too (with or without dashes). */
const abhaNumber = z.union([z.number().int(), z.string().regex(/^\d{2}-?\d{4}-?\d{4}-?\d{4}$/, 'must be 14 digits')]).nullish();
const abhaAddress = z.string().trim().regex(/^[a-zA-Z0-9][a-zA-Z0-9_.]*[a-zA-Z0-9]@[a-z0-9-]+$/i, 'must be an ABHA address such as abc@sbx');
const hiTypeV3 = z.enum(HI_TYPES, { error: `must be one of ${HI_TYPES.join(', ')}` });
const hiTypeV05 = z.enum(V05_HI_TYPES as [string, ...string[]], { error: `must be one of ${V05_HI_TYPES.join(', ')}` });
const careContextEntry = z.object({ referenceNumber: filled, display: filled }).loose();
const v3Response = z.object({ requestId: uuid }).loose();
const v05Resp = z.object({ requestId: uuid }).loose();
const v3Error = z.object({ code: filled, message: filled }).loose();
const v05Error = z.object({ code: z.union([z.number().int(), filled]), message: filled }).loose();
const v05Envelope = { requestId: uuid, timestamp: dateTime };

// ── requests the HIP makes ─────────────────────────────────────────────────────────────────────────────────────

export const generateTokenBody = z
  .object({
    abhaNumber,
    abhaAddress,
    name: filled,
    gender,
    yearOfBirth: z.number().int().min(1900, 'must be a 4-digit year from 1900').max(2200, 'must be a 4-digit year up to 2200'),
  })
  .loose();

/** NHA's file says `hiTypes` (one value), the notes `hiType`; either is taken. */
const linkedPatient = z
  .object({
    referenceNumber: filled,
    display: filled,
    careContexts: z.array(careContextEntry).min(1, 'must name at least one care context'),
    hiType: hiTypeV3.optional(),
    hiTypes: hiTypeV3.optional(),
    count: z.number().int().min(1, 'must be at least 1'),
  })
  .loose()
  .refine((p) => p.hiType !== undefined || p.hiTypes !== undefined, { message: 'hiType: must not be null', path: ['hiType'] });

export const linkCareContextBody = z
  .object({ abhaNumber, abhaAddress, patient: z.array(linkedPatient).min(1, 'must name at least one patient') })
  .loose();

export const addContextsBody = z
  .object({
    ...v05Envelope,
    link: z
      .object({
        accessToken: filled,
        patient: z.object({ referenceNumber: filled, display: filled, careContexts: z.array(careContextEntry).min(1, 'must name at least one care context') }).loose(),
      })
      .loose(),
  })
  .loose();

const contextNotification = (hiType: z.ZodType<string>) =>
  z
    .object({
      patient: z.object({ id: filled }).loose(),
      careContext: z.object({ patientReference: filled, careContextReference: filled }).loose(),
      hiTypes: z.array(hiType).min(1, 'must name at least one HI type'),
      date: dateTime,
      hip: z.object({ id: filled }).loose(),
    })
    .loose();

export const contextNotifyV3Body = z.object({ notification: contextNotification(hiTypeV3) }).loose();
export const contextNotifyV05Body = z.object({ ...v05Envelope, notification: contextNotification(hiTypeV05) }).loose();

const phoneNo = z.string().regex(/^(\+?91-?)?\d{10}$/, 'must be a 10-digit mobile number');
export const smsNotifyV3Body = z
  .object({ notification: z.object({ phoneNo, hip: z.object({ id: filled, name: z.string().nullish() }).loose() }).loose() })
  .loose();
/** ndhm-gateway-v1.yml also lists careContextInfo as required; desks on the legacy path often leave it out. */
export const smsNotifyV05Body = z
  .object({
    ...v05Envelope,
    notification: z
      .object({ phoneNo, receiverName: z.string().optional(), careContextInfo: z.string().optional(), hip: z.object({ id: filled, name: z.string().nullish() }).loose() })
      .loose(),
  })
  .loose();

// ── the HIP's answers to news from ABDM ────────────────────────────────────────────────────────────────────────

/** A v3 answer either carries its content or an error; both name the message answered in response.requestId. */
const answeredV3 = <S extends z.ZodRawShape>(shape: S) => z.object({ ...shape, error: v3Error.nullish(), response: v3Response }).loose();
const answeredV05 = <S extends z.ZodRawShape>(shape: S) => z.object({ ...v05Envelope, ...shape, error: v05Error.nullish(), resp: v05Resp }).loose();

const discoveredPatientV3 = z
  .object({ referenceNumber: filled, display: filled, careContexts: z.array(careContextEntry), hiType: z.string().optional(), count: z.number().optional() })
  .loose();
export const onDiscoverV3Body = answeredV3({ transactionId: uuid, patient: z.array(discoveredPatientV3).nullish(), matchedBy: z.array(z.string()).nullish() });
export const onDiscoverV05Body = answeredV05({
  transactionId: uuid,
  patient: z.object({ referenceNumber: filled, display: filled, careContexts: z.array(careContextEntry).optional(), matchedBy: z.array(z.string()).optional() }).loose().nullish(),
});

const linkReference = z
  .object({
    referenceNumber: filled,
    authenticationType: z.enum(['DIRECT', 'MEDIATED']),
    meta: z.object({ communicationMedium: z.enum(['MOBILE', 'EMAIL']), communicationHint: z.string(), communicationExpiry: dateTime }).loose(),
  })
  .loose();
export const onLinkInitV3Body = answeredV3({ transactionId: uuid, link: linkReference.nullish() });
export const onLinkInitV05Body = answeredV05({ transactionId: uuid, link: linkReference.nullish() });

const confirmedPatient = z.object({ referenceNumber: filled, display: filled, careContexts: z.array(careContextEntry) }).loose();
export const onLinkConfirmV3Body = answeredV3({ patient: z.array(confirmedPatient.extend({ hiType: z.string().optional(), count: z.number().optional() })).nullish() });
export const onLinkConfirmV05Body = answeredV05({ patient: confirmedPatient.nullish() });

const consentAck = z.object({ status: z.string().regex(/^(ok|OK|UNKNOWN)$/, 'must be OK (or UNKNOWN)'), consentId: filled }).loose();
export const consentOnNotifyV3Body = answeredV3({ acknowledgement: consentAck.nullish() });
export const consentOnNotifyV05Body = answeredV05({ acknowledgement: consentAck.nullish() });

const hiRequestAck = z.object({ transactionId: uuid, sessionStatus: z.enum(['ACKNOWLEDGED', 'ERRORED']) }).loose();
export const hipOnRequestV3Body = answeredV3({ hiRequest: hiRequestAck.nullish() });
export const hipOnRequestV05Body = answeredV05({ hiRequest: hiRequestAck.nullish() });

/** The HIP's end-of-transfer notification (the same path as the HIU's, told apart by notifier.type). */
export const hipTransferNotifyShape = z
  .object({
    consentId: filled,
    transactionId: filled,
    doneAt: dateTime,
    notifier: z.object({ type: z.literal('HIP'), id: filled }).loose(),
    statusNotification: z
      .object({
        sessionStatus: z.enum(['TRANSFERRED', 'FAILED']),
        hipId: filled,
        statusResponses: z.array(z.object({ careContextReference: filled, hiStatus: z.enum(['DELIVERED', 'OK', 'ERRORED']), description: z.string().optional() }).loose()),
      })
      .loose(),
  })
  .loose();
