import { describe, expect, it } from 'vitest';
import { AbdmError, AbdmUnreachableError } from '../../../electron/abdm/errors';
import { AbdmHttp, type AbdmRequest } from '../../../electron/abdm/http';
import { fakeFetch, hang, json, networkError } from './fake-fetch';

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
