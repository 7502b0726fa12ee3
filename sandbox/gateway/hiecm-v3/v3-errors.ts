import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AbdmError } from '../../errors';

// How HIE-CM v3 refuses a call (docs/sandbox-hiecm-v3.md §4). The body shape follows what the notes
// (reference/spec/abdm-v3.md §1, §2 "Errors") and NHA's hiecm OpenAPI show: `{ error: { code, message } }`
// with a string code, except a bad session token (flat `{ code: "900901", message, description }`),
// a missing role (text "Access Denied") and a downstream outage (flat `{ code: "ABDM-1024", message }`).

/** The codes, spelled as the notes and NHA's files spell them (some with a trailing ": "). */
export const V3_CODES = {
  badBody: 'ABDM-1006: ',
  timestampOffset: 'ABDM-1016: ',
  requestIdNotFound: 'ABDM-1030',
  duplicateNotification: 'ABDM-1101',
  badTimestamp: 'ABDM-2402',
  badCmId: 'ABDM-2403',
  badRequestId: 'ABDM-2404',
  unknown: 'ABDM-9999: ',
} as const;

/** A refusal the v3 routes mean to send as is. */
export class HiecmError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface Rendered {
  status: number;
  body: unknown;
}

/** Errors of the code v3 shares with v0.5 (token check, body parsing, fault injection) in v3 form. */
function fromShared(error: AbdmError): Rendered {
  if (error.statusCode === 401) {
    return { status: 401, body: { code: '900901', message: 'Invalid Credentials', description: error.message } };
  }
  if (error.statusCode === 403) return { status: 403, body: 'Access Denied' };
  if (error.statusCode === 503) return { status: 503, body: { code: 'ABDM-1024', message: 'Dependent service unavailable' } };
  if (error.statusCode === 400) return wrapped(400, V3_CODES.badBody, error.message);
  return wrapped(500, V3_CODES.unknown, 'Unknown exception');
}

function wrapped(status: number, code: string, message: string): Rendered {
  return { status, body: { error: { code, message } } };
}

export function renderV3Error(error: unknown): Rendered {
  if (error instanceof HiecmError) return wrapped(error.status, error.code, error.message);
  if (error instanceof AbdmError) return fromShared(error);
  // Fastify's own refusals: bad JSON, wrong content type, oversize body.
  const status = (error as FastifyError).statusCode ?? 500;
  if (status >= 400 && status < 500) return wrapped(400, V3_CODES.unknown, (error as Error).message);
  return wrapped(500, V3_CODES.unknown, 'Unknown exception');
}

/** Every route under /api/hiecm answers in v3 form, unknown paths included. */
export function installV3Errors(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, _request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = renderV3Error(error);
    if (typeof body === 'string') return reply.status(status).type('text/plain').send(body);
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ error: { code: 'ABDM-1001: ', message: `No such operation: ${request.method} ${request.url.split('?')[0]}` } }),
  );
}
