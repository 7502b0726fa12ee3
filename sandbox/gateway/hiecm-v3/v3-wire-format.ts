import type { Recipient, WireFormat } from '../hiu/callback-sender';

// Callbacks and notifications to a v3 HIU (reference/spec/abdm-v3.md §3): POST <bridge>/api/v3/hiu/<name>,
// `response: {requestId}` where v0.5 said `resp`, no requestId/timestamp in the body (the message's own
// id is the REQUEST-ID header, its time the TIMESTAMP header), error codes as "ABDM-…" strings.

/** v0.5 callback name (what the consent-manager code sends) → v3 name under /api/v3/hiu. */
export const V3_CALLBACK_PATHS: Record<string, string> = {
  '/consent-requests/on-init': '/consent/request/on-init',
  '/consent-requests/on-status': '/consent/request/on-status',
  '/consents/hiu/notify': '/consent/request/notify',
  '/consents/on-fetch': '/consent/on-fetch',
  '/health-information/hiu/on-request': '/health-information/on-request',
};

/**
 * Consent-manager refusal codes (sandbox/gateway/hiu/cm-errors.ts) in v3 spelling. NHA's file names
 * ABDM-1039 "Invalid Consent request id" and ABDM-1080 "Invalid Consent artefact id"; everything else
 * is its catch-all ABDM-9999, with the consent manager's message.
 */
const V3_CM_CODES: Record<number, string> = { 1415: 'ABDM-1039', 1416: 'ABDM-1080' };

export function v3ErrorCode(code: unknown): string {
  return typeof code === 'number' ? (V3_CM_CODES[code] ?? 'ABDM-9999') : String(code);
}

function v3Path(path: string): string {
  return V3_CALLBACK_PATHS[path] ?? path;
}

/** NHA lists consentArtefacts as required on notify: a DENIED or EXPIRED request gets an empty list. */
function adjust(path: string, body: Record<string, unknown>): Record<string, unknown> {
  if (path !== '/consents/hiu/notify') return body;
  const notification = body.notification as Record<string, unknown>;
  return { ...body, notification: { ...notification, consentArtefacts: notification.consentArtefacts ?? [] } };
}

function v3Body(path: string, payload: Record<string, unknown>): Record<string, unknown> {
  const { resp, error, ...rest } = payload;
  const body: Record<string, unknown> = { ...rest };
  if (error) {
    const { code, message } = error as { code: unknown; message: string };
    body.error = { code: v3ErrorCode(code), message };
  }
  if (resp) body.response = resp;
  return adjust(path, body);
}

function v3Headers(requestId: string, timestamp: string, recipient: Recipient): Record<string, string> {
  return { 'REQUEST-ID': requestId, TIMESTAMP: timestamp, ...(recipient.role === 'HIP' ? {} : { 'X-HIU-ID': recipient.serviceId }) };
}

export const V3_WIRE_FORMAT: WireFormat = {
  path: (path) => `/api/v3/hiu${v3Path(path)}`,
  url: (base, path) => `${base}/api/v3/hiu${v3Path(path)}`,
  body: v3Body,
  headers: v3Headers,
};
