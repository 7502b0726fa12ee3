// The HIP's Milestone 2 requests as HIE-CM v3 spells them (reference/spec/abdm-frontdesk.md §3; NHA's link-token,
// hip-initiated-linking, user-initiated-linking and consent-management-data-flow files), from the neutral payloads of
// hip-payloads.ts. The transport adds REQUEST-ID, TIMESTAMP, X-CM-ID and X-HIP-ID and turns an acknowledgement's
// `resp` into `response` (v3/generation.ts), so a body here keeps `resp` as the payload has it.
import type {
  AddCareContextsPayload,
  CareContextEntry,
  ConsentHipOnNotifyPayload,
  ContextNotifyPayload,
  GenerateLinkTokenPayload,
  HipOnRequestPayload,
  HipTransferNotifyPayload,
  OnDiscoverPayload,
  OnLinkConfirmPayload,
  OnLinkInitPayload,
  SmsNotifyPayload,
} from './hip-payloads';

type Json = Record<string, unknown>;

/**
 * The payload as its service queued it (the outbox stores plain JSON). The outbox also builds a request from an empty
 * payload to learn its path (outbox.ts pathOf), so no body here may throw on a missing field.
 */
const as = <T>(payload: Json) => payload as unknown as T;

/** Care contexts as the wire names them; none when the payload has none. */
export const careContextsOnWire = (entries: CareContextEntry[] | undefined) => (entries ?? []).map(({ referenceNumber, display }) => ({ referenceNumber, display }));

/** NHA's files type the ABHA number as a 14-digit number; any other spelling is sent as none. */
export function abhaNumberOf(value: string | null): number | null {
  const digits = value?.replace(/-/g, '') ?? '';
  return /^\d{14}$/.test(digits) ? Number(digits) : null;
}

/** What a care context holds when its entry does not say (a visit at the desk is an outpatient consultation). */
export const DEFAULT_HI_TYPE = 'OPConsultation';

/** v3's `patient[]`: one entry per HI type, each with its care contexts and their count (NHA: "count should match"). */
export function patientEntriesByHiType(patient: { referenceNumber: string; display: string; careContexts: CareContextEntry[] }): Json[] {
  const groups = new Map<string, CareContextEntry[]>();
  for (const careContext of patient.careContexts ?? []) {
    const hiType = careContext.hiType ?? DEFAULT_HI_TYPE;
    groups.set(hiType, [...(groups.get(hiType) ?? []), careContext]);
  }
  return [...groups].map(([hiType, careContexts]) => ({
    referenceNumber: patient.referenceNumber,
    display: patient.display,
    careContexts: careContextsOnWire(careContexts),
    hiType,
    count: careContexts.length,
  }));
}

/** `/v3/token/generate-token`: `{abhaNumber, abhaAddress, name, gender, yearOfBirth}`. */
export function generateTokenV3Body(json: Json): Json {
  const payload = as<GenerateLinkTokenPayload>(json);
  return {
    abhaNumber: abhaNumberOf(payload.abhaNumber),
    abhaAddress: payload.abhaAddress,
    name: payload.name,
    gender: payload.gender,
    yearOfBirth: payload.yearOfBirth,
  };
}

/** The X-LINK-TOKEN header of `/hip/v3/link/carecontext` (the token never travels in the body). */
export function linkTokenHeader(json: Json): Record<string, string> {
  const token = as<AddCareContextsPayload>(json).linkToken;
  return typeof token === 'string' ? { 'X-LINK-TOKEN': token } : {};
}

/** `/hip/v3/link/carecontext`: `{abhaNumber, abhaAddress, patient[{referenceNumber, display, careContexts, hiType, count}]}`. */
export function addCareContextsV3Body(json: Json): Json {
  const payload = as<AddCareContextsPayload>(json);
  return {
    abhaNumber: abhaNumberOf(payload.abhaNumber),
    abhaAddress: payload.abhaAddress,
    patient: [
      {
        referenceNumber: payload.patientReference,
        display: payload.patientDisplay,
        careContexts: careContextsOnWire(payload.careContexts),
        hiType: payload.hiType,
        count: payload.count,
      },
    ],
  };
}

/** `/hip/v3/link/context/notify` (the same body on v0.5's `/v0.5/links/context/notify`). */
export function contextNotifyBody(json: Json): Json {
  const payload = as<ContextNotifyPayload>(json);
  return {
    notification: {
      patient: { id: payload.abhaAddress },
      careContext: { patientReference: payload.patientReference, careContextReference: payload.careContextReference },
      hiTypes: payload.hiTypes,
      date: payload.date,
      hip: { id: payload.hipId },
    },
  };
}

/** `/hip/v3/link/patient/links/sms/notify2` (the same body on v0.5's `sms/notify2`): `{notification{phoneNo, hip{id, name}}}`. */
export function smsNotifyBody(json: Json): Json {
  const payload = as<SmsNotifyPayload>(json);
  return { notification: { phoneNo: payload.phoneNo, hip: { id: payload.hipId, name: payload.hipName } } };
}

/**
 * `/user-initiated-linking/v3/patient/care-context/on-discover`: `{transactionId, patient[], matchedBy[], error?,
 * response}`. NHA lists patient and matchedBy as required even when the answer is an error: then both are empty.
 */
export function onDiscoverV3Body(json: Json): Json {
  const payload = as<OnDiscoverPayload>(json);
  if (!payload.patient) return { transactionId: payload.transactionId, patient: [], matchedBy: [], error: payload.error, resp: payload.resp };
  return {
    transactionId: payload.transactionId,
    patient: patientEntriesByHiType(payload.patient),
    matchedBy: payload.patient.matchedBy ?? [],
    resp: payload.resp,
  };
}

/**
 * `/user-initiated-linking/v3/link/care-context/on-init` (the same body on v0.5's `links/link/on-init`); with an
 * error, `link` is null (NHA: "error is mandatory and [link] should be null").
 */
export function onLinkInitBody(json: Json): Json {
  const payload = as<OnLinkInitPayload>(json);
  if (!payload.link) return { transactionId: payload.transactionId, link: null, error: payload.error, resp: payload.resp };
  return {
    transactionId: payload.transactionId,
    link: {
      referenceNumber: payload.link.referenceNumber,
      // The HIP checks its own OTP: DIRECT (MEDIATED is the CM's OTP, which v3 no longer offers here).
      authenticationType: 'DIRECT',
      meta: { communicationMedium: 'MOBILE', communicationHint: payload.link.communicationHint, communicationExpiry: payload.link.communicationExpiry },
    },
    resp: payload.resp,
  };
}

/** `/user-initiated-linking/v3/link/care-context/on-confirm`: `{patient[], error?, response}`; patient[] empty with an error (it is required). */
export function onLinkConfirmV3Body(json: Json): Json {
  const payload = as<OnLinkConfirmPayload>(json);
  if (!payload.patient) return { patient: [], error: payload.error, resp: payload.resp };
  return { patient: patientEntriesByHiType(payload.patient), resp: payload.resp };
}

/** `/consent/v3/request/hip/on-notify` (the same body on v0.5): `{acknowledgement{status, consentId}, response}`. */
export function consentOnNotifyBody(json: Json): Json {
  const payload = as<ConsentHipOnNotifyPayload>(json);
  return { acknowledgement: { status: payload.status, consentId: payload.consentId }, resp: payload.resp };
}

/** `/data-flow/v3/health-information/hip/on-request`: `{hiRequest{transactionId, sessionStatus}, error?, response}`. */
export function hipOnRequestV3Body(json: Json): Json {
  const payload = as<HipOnRequestPayload>(json);
  return {
    hiRequest: { transactionId: payload.transactionId, sessionStatus: payload.sessionStatus },
    ...(payload.error ? { error: payload.error } : {}),
    resp: payload.resp,
  };
}

/**
 * `/data-flow/v3/health-information/notify` (the same body on v0.5): the notifier first and `type` first inside it,
 * compact: ProjectEKA's gateway tells HIU from HIP by the raw text `"notifier":{"type":"HI…` (gateway-v05.md §2.16).
 */
export function hipTransferNotifyBody(json: Json): Json {
  const payload = as<HipTransferNotifyPayload>(json);
  return {
    notification: {
      notifier: { type: 'HIP', id: payload.hipId },
      consentId: payload.consentId,
      transactionId: payload.transactionId,
      doneAt: payload.doneAt,
      statusNotification: {
        sessionStatus: payload.sessionStatus,
        hipId: payload.hipId,
        statusResponses: (payload.statusResponses ?? []).map(({ careContextReference, hiStatus, description }) => ({ careContextReference, hiStatus, description })),
      },
    },
  };
}
