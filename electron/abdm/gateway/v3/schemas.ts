// The bodies of the HIE-CM v3 callbacks an HIU receives (reference/spec/abdm-v3.md §3), after NHA's
// consent-management-data-flow.yaml (callback paths under `<callback_url>/api/v3/hiu/...`). A v3 callback carries no
// requestId or timestamp in its body (they travel as the REQUEST-ID and TIMESTAMP headers) and names the request it
// answers in `response.requestId`. Required fields are required, unknown fields pass. Lenient where the file
// contradicts itself or where refusing would lose a callback for good (the gateway does not retry):
// - `error` may be null or absent although the file lists it as required (it is nullable and the descriptions say
//   "either the payload or error"); what is required is one of the two;
// - on-status and on-fetch list a `resp` string beside `response`: not required, any value;
// - on-status's status may also be GRANTED, and consentArtefacts may come (the HIU's v0.5 reading of it);
// - in a fetched consentDetail, `hip` and `requester` may be null (the file says nullable), and the top-level
//   dataEraseAt/frequency/lastUpdated copies of the permission are optional;
// - ids are any non-empty string of at most 100 characters, timestamps any ISO-like date-time;
// - hiTypes and sessionStatus are any name (ABDM has added HI types before).
import { z } from 'zod';
import type { HiuCallbackKind as CallbackKind } from '../hiu/hiu-kinds';

/** Date, or date and time with optional seconds, 1–9 fraction digits and an optional zone. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

const id = z.string().min(1).max(100);
const timestamp = z.string().max(64).regex(TIMESTAMP, { error: 'expected an ISO 8601 date-time' });
const text = z.string();
const name = z.string().min(1).max(100);
const obj = <T extends z.ZodRawShape>(shape: T) => z.object(shape).loose();

// ── Shared definitions ──────────────────────────────────────────────────────────────────────────
/** `error`: code and message; codes are texts such as "ABDM-1001" (integers tolerated). */
const errorObject = obj({ code: z.union([z.int(), z.string().min(1)]), message: text });
/** `response`: the REQUEST-ID of our request this answers. */
const response = obj({ requestId: id });
const consentStatus = z.enum(['GRANTED', 'EXPIRED', 'DENIED', 'REQUESTED', 'REVOKED']);
const idOnly = obj({ id });
const period = obj({ from: timestamp, to: timestamp });
const permission = obj({
  accessMode: z.enum(['VIEW', 'STORE', 'QUERY', 'STREAM']),
  dateRange: period,
  dataEraseAt: timestamp,
  frequency: obj({ unit: z.enum(['HOUR', 'WEEK', 'DAY', 'MONTH', 'YEAR']), value: z.int(), repeats: z.int().nullish() }),
});
const careContext = obj({ patientReference: text, careContextReference: text });
const party = obj({ id, name: text.nullish(), type: text.nullish() });

/**
 * An answer to one of our requests: `response` names it; the payload (`key`) or an `error` must be there.
 * Every field of the payload is checked when it is there.
 */
function answer(key: string, payload: z.ZodType): z.ZodType {
  return obj({ [key]: payload.nullish(), error: errorObject.nullish(), response }).check((ctx) => {
    const body = ctx.value as Record<string, unknown>;
    if (isAbsent(body[key]) && isAbsent(body.error)) {
      ctx.issues.push({ code: 'custom', path: [key], message: 'required (or an error)', input: undefined });
    }
  });
}

const isAbsent = (value: unknown) => value === undefined || value === null;

// ── The callbacks ───────────────────────────────────────────────────────────────────────────────
/** `/api/v3/hiu/consent/request/on-init` */
const onConsentInit = answer('consentRequest', obj({ id }));
/** `/api/v3/hiu/consent/request/on-status` */
const onConsentStatus = answer('consentRequest', obj({ id, status: consentStatus, consentArtefacts: z.array(idOnly).optional() }));
/** `/api/v3/hiu/consent/request/notify`: a notification, so no `response`. */
const consentNotify = obj({
  notification: obj({
    consentRequestId: id,
    status: consentStatus,
    reason: text.nullish(),
    // The file lets an artefact's id be null; such an entry names nothing and is skipped by the consent service.
    consentArtefacts: z.array(obj({ id: id.nullish() })).optional(),
  }),
});
/** `/api/v3/hiu/consent/on-fetch` */
const onConsentFetch = answer(
  'consent',
  obj({
    status: consentStatus,
    consentDetail: obj({
      schemaVersion: text.nullish(),
      consentId: id,
      createdAt: timestamp,
      patient: idOnly,
      careContexts: z.array(careContext),
      purpose: obj({ text, code: text, refUri: text.nullish() }),
      hip: party.nullish(),
      hiu: party,
      consentManager: idOnly,
      requester: obj({ name: text, identifier: obj({ type: text, value: text, system: text.nullish() }).nullish() }).nullish(),
      hiTypes: z.array(name),
      permission,
      dataEraseAt: timestamp.nullish(),
      lastUpdated: timestamp.nullish(),
    }).nullish(),
    signature: text.nullish(),
  }),
);
/** `/api/v3/hiu/health-information/on-request` */
const onHealthInformationRequest = answer('hiRequest', obj({ transactionId: id, sessionStatus: name }));

/** The v3 callbacks by kind; kinds v3 has no callback for are absent. */
export const V3_CALLBACK_SCHEMAS: Partial<Record<CallbackKind, z.ZodType>> = {
  'consentRequests.onInit': onConsentInit,
  'consentRequests.onStatus': onConsentStatus,
  'consents.notify': consentNotify,
  'consents.onFetch': onConsentFetch,
  'healthInformation.onRequest': onHealthInformationRequest,
};
