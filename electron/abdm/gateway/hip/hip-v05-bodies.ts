// The HIP's Milestone 2 requests as gateway v0.5 spells them (reference/spec/official/ndhm-gateway-v1.yml), where they
// differ from v3 (hip-v3-bodies.ts has the bodies both share). The transport puts `requestId` and `timestamp` first.
// v0.5 differs in three ways: the link token travels in the body (`link.accessToken`, from `users/auth/on-confirm`),
// the answers to the patient's app name ONE patient object with `matchedBy` inside it, and error codes are integers.
import { careContextsOnWire as careContextsOf, onLinkInitBody } from './hip-v3-bodies';
import type { AddCareContextsPayload, HipOnRequestPayload, OnDiscoverPayload, OnLinkConfirmPayload } from './hip-payloads';

type Json = Record<string, unknown>;

const as = <T>(payload: Json) => payload as unknown as T;

/** The legacy gateway's error codes are integers; ABDM's interface file lists only 1000 for a generic refusal. */
const LEGACY_ERROR_CODE = 1000;

/** An error in v0.5's words: a numeric code as it is, any other code as 1000 (the message says what happened). */
export function legacyError(error: { code: string; message: string } | null): { code: number; message: string } | null {
  if (!error) return null;
  return { code: /^\d+$/.test(error.code) ? Number(error.code) : LEGACY_ERROR_CODE, message: error.message };
}

/** v3's matchedBy names in v0.5's IdentifierType. */
const V05_MATCHED_BY: Record<string, string> = { ABHA_NUMBER: 'NDHM_HEALTH_NUMBER', ABHA_ADDRESS: 'HEALTH_ID' };


/** `/v0.5/links/link/add-contexts` (PatientCareContextLinkRequest): `{link{accessToken, patient{referenceNumber, display, careContexts}}}`. */
export function addContextsV05Body(json: Json): Json {
  const payload = as<AddCareContextsPayload>(json);
  return {
    link: {
      accessToken: payload.linkToken,
      patient: { referenceNumber: payload.patientReference, display: payload.patientDisplay, careContexts: careContextsOf(payload.careContexts) },
    },
  };
}

/** `/v0.5/care-contexts/on-discover` (PatientDiscoveryResult): `{transactionId, patient{…, matchedBy}, error, resp}`. */
export function onDiscoverV05Body(json: Json): Json {
  const payload = as<OnDiscoverPayload>(json);
  const patient = payload.patient
    ? {
        referenceNumber: payload.patient.referenceNumber,
        display: payload.patient.display,
        careContexts: careContextsOf(payload.patient.careContexts),
        matchedBy: (payload.patient.matchedBy ?? []).map((by) => V05_MATCHED_BY[by] ?? by),
      }
    : null;
  return { transactionId: payload.transactionId, patient, error: legacyError(payload.error), resp: payload.resp };
}

/** `/v0.5/links/link/on-init` (PatientLinkReferenceResult): v3's body with an integer error code. */
export function onLinkInitV05Body(json: Json): Json {
  const body = onLinkInitBody(json);
  return body.error ? { ...body, error: legacyError(body.error as { code: string; message: string }) } : body;
}

/** `/v0.5/links/link/on-confirm` (PatientLinkResult): `{patient{referenceNumber, display, careContexts}, error, resp}`. */
export function onLinkConfirmV05Body(json: Json): Json {
  const payload = as<OnLinkConfirmPayload>(json);
  const patient = payload.patient
    ? { referenceNumber: payload.patient.referenceNumber, display: payload.patient.display, careContexts: careContextsOf(payload.patient.careContexts) }
    : null;
  return { patient, error: legacyError(payload.error), resp: payload.resp };
}

/**
 * `/v0.5/health-information/hip/on-request` (HIPHealthInformationRequestAcknowledgement): the file knows only
 * ACKNOWLEDGED, so a refusal is sent as the error alone.
 */
export function hipOnRequestV05Body(json: Json): Json {
  const payload = as<HipOnRequestPayload>(json);
  if (payload.sessionStatus !== 'ACKNOWLEDGED' || payload.error) return { error: legacyError(payload.error) ?? { code: LEGACY_ERROR_CODE, message: 'The request was refused.' }, resp: payload.resp };
  return { hiRequest: { transactionId: payload.transactionId, sessionStatus: 'ACKNOWLEDGED' }, resp: payload.resp };
}
