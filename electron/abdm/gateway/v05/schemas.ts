// The bodies of the gateway v0.5 callbacks an HIU receives, and of a HIP's data push, after
// reference/spec/official/ndhm-hiu.yml (definition names in the comments). Required fields are required; unknown
// fields pass (the gateway and the CM add some). Lenient where real peers differ from the file
// (reference/spec/gateway-v05.md §1.2, §2.15, §2.18, §2.20, §5.3):
// - timestamps are ISO-like strings with or without a zone and with 1–9 fraction digits (Java's LocalDateTime);
// - ids are any non-empty string of at most 100 characters (the file says uuid for some; not every peer sends one),
//   except the callback's own `requestId`, which the gateway always makes a fresh UUID (§1.2) and the inbox keys on;
// - `error` may be null or absent, and a callback carrying an `error` may lack `timestamp` (the gateway's own
//   error relay, §5.3);
// - a data push may omit pageNumber/pageCount (page 1 of 1);
// - subscription notifications may say REVOKED or EXPIRED, patient status may say ACTIVE (= REACTIVATED).
import { z } from 'zod';
import type { HiuCallbackKind as CallbackKind } from '../hiu/hiu-kinds';
import { UUID_PATTERN } from '../../request-id';

/** Date, or date and time with optional seconds, 1–9 fraction digits and an optional zone. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

const id = z.string().min(1).max(100);
/** The callback's own id: a UUID (issue 23: it is stored and shown, so it may carry nothing else). */
const requestId = z.string().regex(UUID_PATTERN, { error: 'must be a UUID' });
const timestamp = z.string().max(64).regex(TIMESTAMP, { error: 'expected an ISO 8601 date-time' });
const text = z.string();
const obj = <T extends z.ZodRawShape>(shape: T) => z.object(shape).loose();

// ── Shared definitions ──────────────────────────────────────────────────────────────────────────
/** Error: code and message required; a real gateway uses 14xx/25xx integers (the file's enum is a placeholder). */
const errorObject = obj({ code: z.union([z.int(), z.string().min(1)]), message: text });
/** RequestReference */
const resp = obj({ requestId: id });
const consentStatus = z.enum(['GRANTED', 'EXPIRED', 'DENIED', 'REQUESTED', 'REVOKED']);
const authPurpose = z.enum(['LINK', 'KYC', 'KYC_AND_LINK']);
const authMode = z.enum(['MOBILE_OTP', 'DIRECT', 'DEMOGRAPHICS', 'AADHAAR_OTP']);
// Any name, not only the seven of the spec: ABDM has added HI types before (Invoice in IG 6), and a callback the
// bridge refuses is lost for good (the gateway does not retry). What we asked for is checked where it matters.
const hiType = z.string().min(1).max(100);
const subscriptionCategory = z.enum(['LINK', 'DATA']);
/** OrganizationRepresentation, ConsentManagerPatientID */
const idOnly = obj({ id });
const period = obj({ from: timestamp, to: timestamp });
/** AccessTokenValidity */
const accessTokenValidity = obj({
  purpose: authPurpose,
  requester: obj({ type: z.enum(['HIP', 'HIU']), id }),
  expiry: timestamp,
  limit: z.int(),
});
/** PatientDemographicResponse */
const patientDemographics = obj({
  id,
  name: text,
  gender: z.enum(['M', 'F', 'O', 'U']),
  yearOfBirth: z.int(),
  address: obj({ line: text.optional(), district: text.optional(), state: text.optional(), pincode: text.optional() }).optional(),
  identifiers: z.array(obj({ type: z.enum(['MOBILE', 'MR', 'NDHM_HEALTH_NUMBER', 'HEALTH_ID']).optional(), value: text.optional() })).optional(),
});
/** Permission */
const permission = obj({
  accessMode: z.enum(['VIEW', 'STORE', 'QUERY', 'STREAM']),
  dateRange: period,
  dataEraseAt: timestamp,
  frequency: obj({ unit: z.enum(['HOUR', 'WEEK', 'DAY', 'MONTH', 'YEAR']), value: z.int(), repeats: z.int() }),
});
const careContext = obj({ patientReference: text, careContextReference: text });

// ── Envelopes ───────────────────────────────────────────────────────────────────────────────────
const envelope = { requestId, timestamp: timestamp.optional(), error: errorObject.nullish() };

/** A timestamp is required, unless the body carries an error (the gateway relays CM failures without one). */
function timestamped<T extends z.ZodType>(schema: T): T {
  return schema.check((ctx) => {
    const body = ctx.value as { timestamp?: unknown; error?: unknown };
    if (body.timestamp === undefined && (body.error === undefined || body.error === null)) {
      ctx.issues.push({ code: 'custom', path: ['timestamp'], message: 'required (only a callback carrying an error may omit it)', input: undefined });
    }
  });
}
/** An answer to one of our requests: `resp.requestId` names it. */
const answer = <T extends z.ZodRawShape>(payload: T) => timestamped(obj({ ...envelope, resp, ...payload }));
/** A notification the gateway starts: no `resp`. */
const notification = <T extends z.ZodRawShape>(payload: T) => timestamped(obj({ ...envelope, ...payload }));

// ── The callbacks ───────────────────────────────────────────────────────────────────────────────
/** PatientIdentificationResponse */
const onFind = answer({ patient: obj({ id, name: text }).optional() });
/** PatientAuthModeQueryResponse */
const onFetchModes = answer({ auth: obj({ purpose: authPurpose, modes: z.array(authMode) }).optional() });
/** PatientAuthInitResponse */
const onAuthInit = answer({
  auth: obj({ transactionId: id, mode: authMode, meta: obj({ hint: text.optional(), expiry: text.optional() }).optional() }).optional(),
});
/** PatientAuthConfirmResponse */
const onAuthConfirm = answer({
  auth: obj({ accessToken: text.optional(), validity: accessTokenValidity.optional(), patient: patientDemographics.optional() }).optional(),
});
/** PatientAuthNotification (the file's top-level `transactionId` is a defect: the field is auth.transactionId) */
const authNotify = notification({
  auth: obj({
    transactionId: id,
    status: z.enum(['GRANTED', 'DENIED']),
    accessToken: text.optional(),
    validity: accessTokenValidity.optional(),
    patient: patientDemographics.optional(),
  }).optional(),
});
/** ConsentRequestInitResponse */
const onConsentInit = answer({ consentRequest: obj({ id }).optional() });
/** HIUConsentRequestStatus */
const onConsentStatus = answer({
  consentRequest: obj({ id, status: consentStatus, consentArtefacts: z.array(idOnly) }).optional(),
});
/** HIUConsentNotificationEvent */
const consentNotify = notification({
  notification: obj({ consentRequestId: id, status: consentStatus, consentArtefacts: z.array(idOnly).optional() }),
});
/** ConsentArtefactResponse */
const onConsentFetch = answer({
  consent: obj({
    status: consentStatus,
    consentDetail: obj({
      schemaVersion: text.nullish(),
      consentId: id,
      createdAt: timestamp,
      patient: idOnly,
      careContexts: z.array(careContext),
      purpose: obj({ text, code: text, refUri: text.optional() }),
      hip: idOnly,
      hiu: idOnly,
      consentManager: idOnly,
      requester: obj({ name: text, identifier: obj({ type: text, value: text, system: text.optional() }).optional() }),
      hiTypes: z.array(hiType),
      permission,
    }),
    signature: text,
  }).optional(),
});
/** HIUHealthInformationRequestResponse */
const onHealthInformationRequest = answer({
  hiRequest: obj({ transactionId: id, sessionStatus: z.enum(['REQUESTED', 'ACKNOWLEDGED']) }).optional(),
});
/** HIUSubscriptionRequestReceipt */
const onSubscriptionInit = answer({ subscriptionRequest: obj({ id }).optional() });
/** SubscriptionApprovalNotification (+ REVOKED, EXPIRED: revocation and expiry come here too) */
const subscriptionRequestNotify = notification({
  notification: obj({
    subscriptionRequestId: id.optional(),
    status: z.enum(['GRANTED', 'DENIED', 'REVOKED', 'EXPIRED']),
    subscription: obj({
      id,
      patient: idOnly,
      hiu: idOnly,
      sources: z.array(obj({ hip: idOnly.optional(), categories: z.array(subscriptionCategory), period })),
    }).optional(),
  }),
});
/** HIUSubscriptionNotification */
const subscriptionNotify = notification({
  event: obj({
    id,
    published: timestamp,
    subscriptionId: id,
    category: subscriptionCategory,
    content: obj({
      patient: idOnly,
      hip: idOnly,
      context: z.array(obj({ careContext, hiTypes: z.array(hiType) })),
    }),
  }),
});
/** HiuPatientStatusNotification (+ ACTIVE, which the descriptions use for REACTIVATED) */
const patientStatusNotify = notification({
  notification: obj({ status: z.enum(['DEACTIVATED', 'REACTIVATED', 'DELETED', 'ACTIVE']), patient: idOnly }),
});

export const V05_CALLBACK_SCHEMAS: Record<CallbackKind, z.ZodType> = {
  'patients.onFind': onFind,
  'auth.onFetchModes': onFetchModes,
  'auth.onInit': onAuthInit,
  'auth.onConfirm': onAuthConfirm,
  'auth.notify': authNotify,
  'consentRequests.onInit': onConsentInit,
  'consentRequests.onStatus': onConsentStatus,
  'consents.notify': consentNotify,
  'consents.onFetch': onConsentFetch,
  'healthInformation.onRequest': onHealthInformationRequest,
  'subscriptionRequests.onInit': onSubscriptionInit,
  'subscriptionRequests.notify': subscriptionRequestNotify,
  'subscriptions.notify': subscriptionNotify,
  'patientStatus.notify': patientStatusNotify,
};

// ── The data push (DataNotification) ───────────────────────────────────────────────────────────
const media = z.enum(['application/fhir+json']);
/** EntryContent: the encrypted FHIR bundle itself. */
const entryContent = obj({ content: text, media, checksum: text, careContextReference: text });
/** EntryLink: where to fetch it ("for version 1, entry content is preferred"). */
const entryLink = obj({ link: text, media, checksum: text, careContextReference: text });
/** KeyMaterial: the HIP's ephemeral key and nonce. */
const keyMaterial = obj({
  cryptoAlg: text,
  curve: text,
  dhPublicKey: obj({ expiry: timestamp, parameters: text, keyValue: text }),
  nonce: text,
});

/** DataNotification; pageNumber/pageCount may be missing (ProjectEKA's HIP sends neither): read them as 1 of 1. */
export const V05_DATA_PUSH_SCHEMA = obj({
  pageNumber: z.int().min(1).optional(),
  pageCount: z.int().min(1).optional(),
  transactionId: id,
  entries: z.array(z.union([entryContent, entryLink])),
  keyMaterial,
}).superRefine((body, ctx) => {
  if ((body.pageNumber ?? 1) > (body.pageCount ?? 1)) {
    ctx.addIssue({ code: 'custom', path: ['pageNumber'], message: `page ${body.pageNumber ?? 1} is beyond pageCount ${body.pageCount ?? 1}`, input: body.pageNumber });
  }
});
export type V05DataPush = z.infer<typeof V05_DATA_PUSH_SCHEMA>;
