// The answer to a profile share (on-share), from ONE neutral payload the counter's service queues, written as each
// generation spells it (abdm-frontdesk.md §1). The payload says what the desk decided: the token (SUCCESS) or why
// there is none (FAILED, with an error); the wire decides the words on the wire. Acknowledgements, so no callback is
// awaited: the gateway's 202 ends them.
import { isObject } from '../../../shared/is-object';

type Json = Record<string, unknown>;

/** What the counter's service queues for `profile.onShare`. A type, not an interface: the outbox takes plain JSON. */
export type OnSharePayload = {
  /** The share's own id (v3 REQUEST-ID header; legacy body requestId): the answer names it. */
  shareRequestId: string;
  abhaAddress: string | null;
  /** The counter the token is for (v3 `profile.context`). */
  counterId: string | null;
  /** The token handed out; null when the share is answered FAILED. */
  tokenNumber: number | null;
  /** How long the token holds, in seconds (TOKEN_EXPIRY_SECONDS for a new one; what is left of it for a repeat). */
  expirySeconds: number | null;
  /** Why there is no token: a short code and a plain English message for the patient's app. */
  error: { code: string; message: string } | null;
};

/** The legacy gateway's error codes are integers; ABDM's interface file lists only 1000 for a generic refusal. */
const LEGACY_ERROR_CODE = 1000;

function payloadOf(json: Json): OnSharePayload {
  const error = isObject(json.error) ? { code: String(json.error.code), message: String(json.error.message) } : null;
  return {
    shareRequestId: String(json.shareRequestId),
    abhaAddress: typeof json.abhaAddress === 'string' ? json.abhaAddress : null,
    counterId: typeof json.counterId === 'string' ? json.counterId : null,
    tokenNumber: typeof json.tokenNumber === 'number' ? json.tokenNumber : null,
    expirySeconds: typeof json.expirySeconds === 'number' ? json.expirySeconds : null,
    error,
  };
}

/**
 * HIE-CM v3 `patient-share/v3/on-share`: SUCCESS carries `profile {context, tokenNumber (text), expiry}`; FAILED
 * carries `error`, and an acknowledgement only when the share named an ABHA address (NHA requires one inside it).
 */
export function onShareV3Body(json: Json): Json {
  const payload = payloadOf(json);
  const response = { requestId: payload.shareRequestId };
  if (payload.tokenNumber !== null && !payload.error) {
    return {
      acknowledgement: {
        status: 'SUCCESS',
        abhaAddress: payload.abhaAddress,
        profile: { context: payload.counterId, tokenNumber: String(payload.tokenNumber), expiry: payload.expirySeconds },
      },
      response,
    };
  }
  return {
    ...(payload.abhaAddress ? { acknowledgement: { status: 'FAILED', abhaAddress: payload.abhaAddress } } : {}),
    error: payload.error ?? { code: 'FAILED', message: 'The share could not be answered with a token.' },
    response,
  };
}

/** The legacy `/v1.0/patients/profile/on-share` (Bahmni, older CARE): `acknowledgement {healthId, tokenNumber, status}`, `resp`. */
export function onShareV05Body(json: Json): Json {
  const payload = payloadOf(json);
  const ok = payload.tokenNumber !== null && !payload.error;
  return {
    acknowledgement: { healthId: payload.abhaAddress, tokenNumber: ok ? String(payload.tokenNumber) : null, status: ok ? 'SUCCESS' : 'FAILED' },
    error: ok ? null : { code: LEGACY_ERROR_CODE, message: payload.error?.message ?? 'The share could not be answered with a token.' },
    resp: { requestId: payload.shareRequestId },
  };
}
