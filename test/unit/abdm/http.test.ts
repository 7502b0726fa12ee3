import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AbdmBadResponseError, AbdmError, AbdmUnreachableError } from '../../../electron/abdm/errors';
import { createHealthIdClient } from '../../../electron/abdm/healthid-v1/client';
import { AbdmHttp, type AbdmRequest } from '../../../electron/abdm/http';
import { explainAbdmError } from '../../support/desk-words';
import { GatewaySession } from '../../../electron/abdm/session';
import { toAppFailure } from '../../../electron/services/call-abdm';
import { fakeFetch, hang, json, networkError, session as sessionAnswer } from './fake-fetch';

const BASE = 'https://abdm.example/api/v1';
const get: AbdmRequest = { operation: 'profile', method: 'GET', path: '/account/profile' };
const post: AbdmRequest = { operation: 'generateAadhaarOtp', method: 'POST', path: '/registration/aadhaar/generateOtp', body: { aadhaar: '234567890124' } };

function client(fetch: typeof globalThis.fetch, extra: { timeoutMs?: number } = {}) {
  return new AbdmHttp({ service: 'healthid', baseUrl: `${BASE}/`, fetch, retryDelaysMs: [1, 1], ...extra });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('AbdmHttp requests', () => {
  it('joins the base URL, sends JSON and parses JSON', async () => {
    const fake = fakeFetch(json(200, { txnId: 't-1' }));
    await expect(client(fake.fetch).json(post)).resolves.toEqual({ txnId: 't-1' });
    expect(fake.calls[0]).toMatchObject({
      url: `${BASE}/registration/aadhaar/generateOtp`,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: { aadhaar: '234567890124' },
    });
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() => new AbdmHttp({ service: 'gateway', baseUrl: 'dev.abdm.gov.in/gateway' })).toThrow(/must start with http/);
  });
});

describe('ABDM error bodies', () => {
  it('reads the Health ID ApiError: top code, detail code and the specific message', async () => {
    const body = {
      code: 'HIS-422',
      message: 'Unable to process the current request due to incorrect data entered.',
      details: [{ code: 'HIS-2022', message: 'Invalid OTP value.', attribute: { key: 'otp', value: '' } }],
    };
    const error = await failure(client(fakeFetch(json(422, body)).fetch).json(post));
    expect(error).toBeInstanceOf(AbdmError);
    expect(error).toMatchObject({ status: 422, code: 'HIS-422', detailCode: 'HIS-2022', message: 'Invalid OTP value.', service: 'healthid', operation: 'generateAadhaarOtp' });
    expect((error as AbdmError).details).toEqual(body.details);
  });

  it('reads the gateway shape { error: { code, message } }', async () => {
    const error = await failure(client(fakeFetch(json(500, { error: { code: 1414, message: 'Cannot find the user' } })).fetch).json(post));
    expect(error).toMatchObject({ status: 500, code: '1414', detailCode: undefined, message: 'Cannot find the user' });
  });

  it("reads Spring's default error body and bodies that are not JSON", async () => {
    const spring = await failure(client(fakeFetch(json(401, { status: 401, error: 'Unauthorized', path: '/x' })).fetch).json(get));
    expect(spring).toMatchObject({ status: 401, code: 'HTTP-401', message: 'Unauthorized' });
    const html = await failure(client(fakeFetch(new Response('<html>bad gateway</html>', { status: 403 })).fetch).json(post));
    expect(html).toMatchObject({ status: 403, code: 'HTTP-403', message: 'HTTP 403 with no error message' });
  });

  it('never keeps an Aadhaar number the server echoed back', async () => {
    const body = {
      code: 'HIS-400',
      message: 'Request is invalid.',
      details: [{ code: 'HIS-2016', message: 'Aadhaar 234567890124 is invalid', attribute: { key: 'aadhaar', value: '234567890124' } }],
    };
    const error = (await failure(client(fakeFetch(json(400, body)).fetch).json(post))) as AbdmError;
    expect(error.message).toBe('Aadhaar XXXX XXXX 0124 is invalid');
    expect(JSON.stringify(error.details)).not.toContain('234567890124');
  });

  it('calls a 2xx body that is not JSON a bad response', async () => {
    const error = await failure(client(fakeFetch(new Response('<html>', { status: 200 })).fetch).json(post));
    expect(error).toMatchObject({ name: 'AbdmBadResponseError', operation: 'generateAadhaarOtp' });
  });
});

describe('retries only where repeating is harmless', () => {
  it('retries a GET after a dropped connection', async () => {
    const fake = fakeFetch(networkError('ECONNRESET'), json(200, { ok: 1 }));
    await expect(client(fake.fetch).json(get)).resolves.toEqual({ ok: 1 });
    expect(fake.calls).toHaveLength(2);
  });

  it('retries a GET on a 5xx but gives up after the configured retries', async () => {
    const fake = fakeFetch(json(503, {}), json(500, {}), json(504, { code: 'HIS-500', message: 'down', details: [] }));
    const error = await failure(client(fake.fetch).json(get));
    expect(fake.calls).toHaveLength(3);
    expect(error).toMatchObject({ status: 504, code: 'HIS-500' });
  });

  it('never repeats a POST once it may have been sent', async () => {
    const dropped = fakeFetch(networkError('ECONNRESET'), json(200, { txnId: 'x' }));
    const error = await failure(client(dropped.fetch).json(post));
    expect(error).toBeInstanceOf(AbdmUnreachableError);
    expect(error).toMatchObject({ kind: 'network', operation: 'generateAadhaarOtp' });
    expect(dropped.calls).toHaveLength(1);

    const unavailable = fakeFetch(json(503, {}), json(200, { txnId: 'x' }));
    await expect(client(unavailable.fetch).json(post)).rejects.toMatchObject({ status: 503 });
    expect(unavailable.calls).toHaveLength(1);
  });

  it('does not retry a GET on 4xx or 501', async () => {
    const unavailable = fakeFetch(json(501, {}), json(200, {}));
    await expect(client(unavailable.fetch).json(get)).rejects.toMatchObject({ status: 501 });
    expect(unavailable.calls).toHaveLength(1);
    const refused = fakeFetch(json(422, { code: 'HIS-422', message: 'x', details: [] }), json(200, {}));
    await expect(client(refused.fetch).json(get)).rejects.toMatchObject({ status: 422 });
    expect(refused.calls).toHaveLength(1);
  });

  it('repeats a POST when the connection was refused, because nothing was sent', async () => {
    const fake = fakeFetch(networkError('ECONNREFUSED'), json(200, { txnId: 'x' }));
    await expect(client(fake.fetch).json(post)).resolves.toEqual({ txnId: 'x' });
    expect(fake.calls).toHaveLength(2);
  });

  it('finds the refused connection inside an AggregateError (several addresses tried)', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:80'), { code: 'ECONNREFUSED' });
    const aggregate = new TypeError('fetch failed', { cause: new AggregateError([refused, refused]) });
    const fake = fakeFetch(aggregate, json(200, { txnId: 'x' }));
    await expect(client(fake.fetch).json(post)).resolves.toEqual({ txnId: 'x' });
  });

  it('reports a repeated network failure as unreachable after the last retry', async () => {
    const fake = fakeFetch(networkError('ECONNREFUSED'), networkError('ECONNREFUSED'), networkError('ECONNREFUSED'));
    const error = await failure(client(fake.fetch).json(post));
    expect(fake.calls).toHaveLength(3);
    expect(error).toMatchObject({ name: 'AbdmUnreachableError', kind: 'network' });
    expect((error as Error).message).toContain('ECONNREFUSED');
  });

  it('stops waiting at the time limit and does not retry a timeout, even for a GET', async () => {
    const fake = fakeFetch(hang(), json(200, {}));
    const error = await failure(client(fake.fetch, { timeoutMs: 50 }).json(get));
    expect(error).toBeInstanceOf(AbdmUnreachableError);
    expect(error).toMatchObject({ kind: 'timeout', operation: 'profile' });
    expect(fake.calls).toHaveLength(1);
  });
});

const MiB = 1024 * 1024;

interface Streamed {
  /** Bytes handed to the socket before it closed or the whole body was written. */
  written: number;
  /** The client hung up before the whole body was written. */
  cutShort: boolean;
}

/**
 * A real server on 127.0.0.1 that answers every request with `total` bytes of JSON-looking filler,
 * written in 64 KiB chunks as fast as the client takes them, with or without a Content-Length.
 */
async function bigAnswerServer(total: number, withLength: boolean) {
  const answers: Promise<Streamed>[] = [];
  const server = createServer((req, res) => {
    req.resume();
    answers.push(stream(res, total, withLength));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function stream(res: ServerResponse, total: number, withLength: boolean): Promise<Streamed> {
  const headers: Record<string, string | number> = { 'content-type': 'application/json' };
  if (withLength) headers['content-length'] = total;
  res.writeHead(200, headers);
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let written = 0;
  let closed = false;
  res.on('close', () => {
    closed = true;
  });
  while (written < total && !closed) {
    const piece = chunk.subarray(0, Math.min(chunk.length, total - written));
    written += piece.length;
    if (!res.write(piece)) await drainedOrClosed(res);
  }
  if (!closed) await new Promise<void>((resolve) => res.end(resolve));
  return { written, cutShort: closed && !res.writableFinished };
}

function drainedOrClosed(res: ServerResponse): Promise<void> {
  if (res.destroyed) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

describe('answer size caps', () => {
  let server: Awaited<ReturnType<typeof bigAnswerServer>> | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const TOTAL = 64 * MiB;

  it.each([
    ['with a Content-Length', true],
    ['without a Content-Length (chunked)', false],
  ])('refuses a JSON answer over 1 MiB %s and stops reading early', async (_label, withLength) => {
    server = await bigAnswerServer(TOTAL, withLength);
    const http = new AbdmHttp({ service: 'healthid', baseUrl: server.baseUrl, retryDelaysMs: [1, 1] });
    const error = await failure(http.json(get));
    expect.soft(error).toBeInstanceOf(AbdmBadResponseError);
    expect.soft((error as Error).message).toBe('ABDM healthid sent an unusable answer to profile: the answer was larger than 1048576 bytes');
    expect.soft(error).toMatchObject({ status: 200, operation: 'profile', service: 'healthid' });
    // Not retried although a GET is repeatable: the same answer would come back.
    expect(server.answers).toHaveLength(1);
    const streamed = await server.answers[0]!;
    expect.soft(streamed.cutShort).toBe(true);
    expect.soft(streamed.written).toBeLessThan(TOTAL / 4);
  });

  it('refuses on the Content-Length alone, without reading the body', async () => {
    let pulled = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 80) controller.close();
        else controller.enqueue(new Uint8Array(64 * 1024));
      },
      cancel() {
        cancelled = true;
      },
    });
    const declared = new Response(body, { status: 200, headers: { 'content-type': 'application/json', 'content-length': String(5 * MiB) } });
    const error = await failure(client(fakeFetch(declared).fetch).json(get));
    expect(error).toMatchObject({ name: 'AbdmBadResponseError', message: 'ABDM healthid sent an unusable answer to profile: the answer was larger than 1048576 bytes' });
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it('lets a caller set its own cap', async () => {
    server = await bigAnswerServer(3 * MiB, false);
    const http = new AbdmHttp({ service: 'gateway', baseUrl: server.baseUrl, retryDelaysMs: [] });
    const error = await failure(http.send({ ...get, maxAnswerBytes: 2 * MiB }));
    expect((error as Error).message).toMatch(/the answer was larger than 2097152 bytes$/);
    const whole = await http.send({ ...get, maxAnswerBytes: 4 * MiB });
    expect(whole.data).toHaveLength(3 * MiB);
  });

  it('reads a card up to 10 MiB but not beyond', async () => {
    const png = (size: number) => {
      const data = Buffer.alloc(size);
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(data);
      return new Response(data, { status: 200, headers: { 'content-type': 'image/png' } });
    };
    const fake = fakeFetch(sessionAnswer('GW1'), png(2 * MiB), png(11 * MiB));
    const gateway = new GatewaySession({ gatewayBaseUrl: 'https://gw.example/gateway', clientId: 'c', clientSecret: async () => 's', fetch: fake.fetch });
    const client = createHealthIdClient({ baseUrl: BASE, session: gateway, fetch: fake.fetch, retryDelaysMs: [1] });
    await expect(client.pngCard('U1')).resolves.toMatchObject({ contentType: 'image/png', data: { length: 2 * MiB } });
    const error = await failure(client.pngCard('U1'));
    expect(error).toBeInstanceOf(AbdmBadResponseError);
    expect((error as Error).message).toBe('ABDM healthid sent an unusable answer to pngCard: the answer was larger than 10485760 bytes');
    expect(fake.calls).toHaveLength(3);
  });

  it('shows the operator the plain "could not read" message, not the byte count', () => {
    const error = new AbdmBadResponseError('healthid', 'profile', 200, 'the answer was larger than 1048576 bytes');
    expect(explainAbdmError(error, 'en').message).toBe('ABDM sent an answer this app could not read. Try again; if it repeats, tell your support contact.');
    expect(toAppFailure(error)).toMatchObject({ code: 'ABDM_BAD_ANSWER' });
  });
});
