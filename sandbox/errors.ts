import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';

// Two error shapes, as the real services answer:
//  - Health ID (`/api/...`): ApiError `{ code, message, details: [{ code, message, attribute }] }`
//    (reference/spec/healthid-v1.md §5); the real cause is details[0].code.
//  - Gateway (`/gateway/...`): `{ error: { code: <int>, message } }` (reference/spec/gateway-v05.md §5).

export interface ErrorAttribute {
  key: string;
  value: string;
}

export interface ApiErrorBody {
  code: string;
  message: string;
  /** `attribute` is left out when no single field is at fault (the real service sends null; the official schema has no nullable). */
  details: Array<{ code: string; message: string; attribute?: ErrorAttribute }>;
}

export interface GatewayErrorBody {
  error: { code: number; message: string };
}

const TOP_MESSAGES: Record<string, string> = {
  'HIS-400': 'Request is invalid. Please enter the correct data.',
  'HIS-401': 'User is not authorized.',
  'HIS-403': 'Access is forbidden.',
  'HIS-404': 'Requested resource not found.',
  'HIS-422': 'Unable to process the current request due to incorrect data entered.',
  'HIS-500': 'Downstream system(s) is down.',
};

const GATEWAY_CODE_BY_STATUS: Record<number, number> = { 400: 2500, 401: 2401, 404: 2404, 413: 2500, 429: 2429, 500: 2500, 503: 2503 };

export interface AbdmErrorOptions {
  attribute?: ErrorAttribute;
  /** Top-level HIS code when it differs from HIS-<status> (the real service answers e.g. 422 with HIS-400). */
  topCode?: string;
  gatewayCode?: number;
}

/** An error the sandbox means to answer with; rendered in the shape of the service the URL belongs to. */
export class AbdmError extends Error {
  readonly statusCode: number;
  constructor(
    status: number,
    readonly detailCode: string,
    message: string,
    readonly options: AbdmErrorOptions = {},
  ) {
    super(message);
    this.statusCode = status;
  }
}

export function apiErrorBody(err: AbdmError): ApiErrorBody {
  const topCode = err.options.topCode ?? `HIS-${err.statusCode}`;
  return {
    code: topCode,
    message: TOP_MESSAGES[topCode] ?? TOP_MESSAGES['HIS-500']!,
    details: [{ code: err.detailCode, message: err.message, ...(err.options.attribute ? { attribute: err.options.attribute } : {}) }],
  };
}

export function gatewayErrorBody(err: AbdmError): GatewayErrorBody {
  return { error: { code: err.options.gatewayCode ?? GATEWAY_CODE_BY_STATUS[err.statusCode] ?? 2500, message: err.message } };
}

export function isGatewayUrl(url: string): boolean {
  return url.startsWith('/gateway/');
}

export function renderError(err: AbdmError, url: string): ApiErrorBody | GatewayErrorBody {
  return isGatewayUrl(url) ? gatewayErrorBody(err) : apiErrorBody(err);
}

export function badRequest(message: string, attribute?: ErrorAttribute, detailCode = 'HIS-400'): AbdmError {
  return new AbdmError(400, detailCode, message, attribute ? { attribute } : {});
}

const FIELD_MESSAGES: Record<string, string> = {
  aadhaar: 'Aadhaar number must be 12 digits (or a 16-digit Virtual ID).',
  txnId: 'Invalid transaction id; it must be the UUID returned by the previous step.',
  otp: 'OTP must be a string of 6 digits.',
};

function fieldOf(issue: FastifySchemaValidationError): string {
  if (issue.keyword === 'required') return String((issue.params as { missingProperty?: string }).missingProperty ?? '');
  return issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
}

/** Turns the first schema violation into a specific 400 that names the field. */
export function validationError(issues: FastifySchemaValidationError[], dataVar: string): AbdmError {
  const issue = issues[0];
  if (!issue) return badRequest(`Invalid ${dataVar}.`);
  const field = fieldOf(issue);
  if (field === '') return badRequest(`Request ${dataVar} must be a JSON object.`);
  if (issue.keyword === 'required') return badRequest(`${field} is required.`, { key: field, value: '' });
  if (issue.keyword === 'type') return badRequest(`${field} ${issue.message ?? 'has the wrong type'}.`, { key: field, value: '' });
  if (issue.keyword === 'enum') {
    const allowed = (issue.params as { allowedValues?: unknown[] }).allowedValues ?? [];
    return badRequest(`${field} must be one of ${allowed.join(', ')}.`, { key: field, value: '' });
  }
  const message = FIELD_MESSAGES[field] ?? `${field} ${issue.message ?? 'is invalid'}.`;
  return badRequest(message, { key: field, value: '' }, field === 'txnId' ? 'HIS-1012' : 'HIS-400');
}

/** Maps Fastify's own failures (bad JSON, oversize body, wrong content type...) to ABDM-shaped 400s. */
function fromFastifyError(error: FastifyError, bodyLimit: number): AbdmError {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return badRequest('Malformed JSON request body.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return badRequest('Request body is missing.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return badRequest(`Request body is larger than ${bodyLimit} bytes.`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return badRequest('Content-Type must be application/json.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return badRequest('Content-Length does not match the request body.');
  }
  if (error instanceof SyntaxError) return badRequest('Malformed JSON request body.');
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return new AbdmError(400, 'HIS-400', error.message);
  return new AbdmError(500, 'HIS-500', 'Unhandled exception in the sandbox.');
}

export function installErrorHandling(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: FastifyError | AbdmError, request: FastifyRequest, reply: FastifyReply) => {
    const abdm = error instanceof AbdmError ? error : fromFastifyError(error, bodyLimit);
    if (abdm.statusCode >= 500) request.log.error({ err: error }, 'sandbox error');
    return reply.status(abdm.statusCode).send(renderError(abdm, request.url));
  });
  app.setNotFoundHandler((request, reply) => {
    const err = new AbdmError(404, 'HIS-404', `No such operation: ${request.method} ${request.url.split('?')[0]}`);
    return reply.status(404).send(renderError(err, request.url));
  });
}
