import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { AbhaV3Error, ERROR_SHAPES, isErrorShape, type ErrorShape } from './errors';

// Lets tests see every v3 error body shape on demand (docs/sandbox-abha-v3.md §6). Two ways:
//  - per request: header `X-Sandbox-Error-Shape: <shape>`;
//  - for every later error of one sandbox: POST /_sandbox/abha-v3/error-shape {"shape": <shape> | null}.
// The header wins. Neither changes which error is answered, only how its body is written.

const sticky = new WeakMap<SandboxContext, ErrorShape>();

export const ERROR_SHAPE_HEADER = 'x-sandbox-error-shape';

/** The shape forced for this request, if any; an unknown header value is refused so a typo is not silent. */
export function forcedShape(ctx: SandboxContext, request: FastifyRequest): ErrorShape | null {
  const header = request.headers[ERROR_SHAPE_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (value !== undefined && value !== '') {
    if (isErrorShape(value)) return value;
    return null;
  }
  return sticky.get(ctx) ?? null;
}

/** onRequest check: an X-Sandbox-Error-Shape the sandbox does not know is a 400 naming the valid ones. */
export function checkShapeHeader(request: FastifyRequest): void {
  const header = request.headers[ERROR_SHAPE_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (value !== undefined && value !== '' && !isErrorShape(value)) {
    throw new AbhaV3Error(400, 'SANDBOX-400', `X-Sandbox-Error-Shape must be one of ${ERROR_SHAPES.join(', ')}.`, 'wrapped');
  }
}

/** Registered inside the guarded /_sandbox context (sandbox/control.ts), so only local tools can use it. */
export function abhaV3ControlRoutes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/abha-v3/error-shape', async () => ({ shape: sticky.get(ctx) ?? null, shapes: ERROR_SHAPES }));

    app.post<{ Body: unknown }>('/abha-v3/error-shape', async (request, reply) => {
      const shape = (request.body as { shape?: unknown } | null)?.shape;
      if (shape === null || shape === undefined) sticky.delete(ctx);
      else if (isErrorShape(shape)) sticky.set(ctx, shape);
      else return reply.status(400).send({ message: `shape must be null or one of ${ERROR_SHAPES.join(', ')}` });
      return { shape: sticky.get(ctx) ?? null };
    });
  };
}
