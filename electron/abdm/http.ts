// One HTTP exchange with an ABDM service: time limit, a cap on the answer's size, retries only where
// repeating cannot do harm, and every error status turned into an AbdmError. Shared by the Health ID
// client and the gateway.
import { maskAadhaarDeep, maskAadhaarInText } from '../shared/aadhaar-in-text';
import { isObject } from '../shared/is-object';
import { AbdmBadResponseError, AbdmError, AbdmUnreachableError, type AbdmService } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface AbdmHttpOptions {
  service: AbdmService;
  /** e.g. `https://healthidsbx.abdm.gov.in/api/v1` or `https://dev.abdm.gov.in/gateway`. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Per attempt, covering the answer's body too. */
  timeoutMs?: number;
  /** Pause before each retry; the list's length is the number of retries. */
  retryDelaysMs?: readonly number[];
  /** How an error answer becomes an AbdmError; defaults to errorFromResponse (ABHA v3 passes abha-v3/errors.ts). */
  errorFromResponse?: (service: AbdmService, operation: string, response: AbdmResponse) => AbdmError;
}

export interface AbdmRequest {
  /** Name used in errors, e.g. `generateAadhaarOtp`. */
  operation: string;
  method: HttpMethod;
  /** Appended to the base URL, starting with `/`. */
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON. Never logged: it can hold an Aadhaar number or an OTP. */
  body?: unknown;
  /** Sending the request twice does no harm. GETs are; a POST only when the caller says so. */
  idempotent?: boolean;
  /**
   * The largest answer body accepted, error answers included; anything larger is an AbdmBadResponseError
   * and is never read whole. Defaults to MAX_JSON_ANSWER_BYTES; card documents pass their own cap.
   */
  maxAnswerBytes?: number;
}

export interface AbdmResponse {
  status: number;
  contentType: string;
  data: Buffer;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
/** ABDM's JSON answers (tokens, txnIds, profiles with a small photo) are a few KiB; 1 MiB is ample. */
export const MAX_JSON_ANSWER_BYTES = 1024 * 1024;
const DEFAULT_RETRY_DELAYS_MS = [250, 1_000];
// Server-side failures ("Downstream system(s) is down") may pass; 501 Not Implemented will not.
const isTransient = (status: number) => status >= 500 && status !== 501;
// Failures while opening the connection: the request never left this machine.
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

export class AbdmHttp {
  readonly service: AbdmService;
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;
  private readonly retryDelaysMs: readonly number[];
  private readonly toError: NonNullable<AbdmHttpOptions['errorFromResponse']>;

  constructor(opts: AbdmHttpOptions) {
    if (!/^https?:\/\//.test(opts.baseUrl)) throw new TypeError(`ABDM ${opts.service} base URL must start with http:// or https://, got "${opts.baseUrl}"`);
    this.service = opts.service;
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.fetch = opts.fetch ?? globalThis.fetch;
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retryDelaysMs = opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.toError = opts.errorFromResponse ?? errorFromResponse;
  }

  /** Sends the request; resolves with a 2xx answer, otherwise throws AbdmError or AbdmUnreachableError. */
  async send(request: AbdmRequest): Promise<AbdmResponse> {
    const repeatable = request.idempotent ?? request.method === 'GET';
    for (let attempt = 0; ; attempt += 1) {
      const canRetry = attempt < this.retryDelaysMs.length;
      let response: AbdmResponse;
      try {
        response = await this.attempt(request);
      } catch (error) {
        // Too large an answer: asking again would bring the same one.
        if (error instanceof AbdmBadResponseError) throw error;
        const failure = this.unreachable(request, error);
        // A timeout is not retried: the operator has already waited the whole limit.
        if (canRetry && failure.kind === 'network' && (repeatable || wasNeverSent(error))) {
          await sleep(this.retryDelaysMs[attempt]!);
          continue;
        }
        throw failure;
      }
      if (response.status >= 200 && response.status < 300) return response;
      if (canRetry && repeatable && isTransient(response.status)) {
        await sleep(this.retryDelaysMs[attempt]!);
        continue;
      }
      throw this.toError(this.service, request.operation, response);
    }
  }

  /** Sends the request and parses the 2xx answer as JSON. */
  async json(request: AbdmRequest): Promise<unknown> {
    const response = await this.send({ ...request, headers: { Accept: 'application/json', ...request.headers } });
    try {
      return JSON.parse(response.data.toString('utf8')) as unknown;
    } catch {
      throw new AbdmBadResponseError(this.service, request.operation, response.status, 'the body is not JSON');
    }
  }

  private async attempt(request: AbdmRequest): Promise<AbdmResponse> {
    const headers: Record<string, string> = { Accept: '*/*', ...request.headers };
    // Aborted to drop the connection as soon as an answer proves too large.
    const tooLarge = new AbortController();
    const signal = AbortSignal.any([AbortSignal.timeout(this.timeoutMs), tooLarge.signal]);
    const init: RequestInit = { method: request.method, headers, signal };
    if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(request.body);
    }
    const response = await this.fetch(`${this.baseUrl}${request.path}`, init);
    const limit = request.maxAnswerBytes ?? MAX_JSON_ANSWER_BYTES;
    const refuse = () => {
      tooLarge.abort();
      return new AbdmBadResponseError(this.service, request.operation, response.status, `the answer was larger than ${limit} bytes`);
    };
    const lengthHeader = response.headers.get('content-length');
    const declared = lengthHeader === null ? Number.NaN : Number(lengthHeader);
    if (Number.isFinite(declared) && declared > limit) {
      response.body?.cancel().catch(() => undefined);
      throw refuse();
    }
    // A declared length within the limit bounds the body (HTTP/1.1 reads exactly that many bytes), so the body is
    // taken in one call rather than read chunk by chunk through a stream reader; an answer without one is counted as
    // it comes.
    const data = Number.isFinite(declared) ? await wholeBodyWithin(response, limit) : await readAtMost(response.body, limit);
    if (data === undefined) throw refuse();
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', data };
  }

  private unreachable(request: AbdmRequest, error: unknown): AbdmUnreachableError {
    const isTimeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return new AbdmUnreachableError(isTimeout ? 'timeout' : 'network', this.service, request.operation, error);
  }
}

/** The whole body of an answer that declared its length, or undefined when it still came out larger than `limit`. */
async function wholeBodyWithin(response: Response, limit: number): Promise<Buffer | undefined> {
  const data = Buffer.from(await response.arrayBuffer());
  return data.byteLength > limit ? undefined : data;
}

/** The whole body, or undefined (and the stream cancelled) as soon as it passes `limit` bytes. */
async function readAtMost(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Buffer | undefined> {
  if (body === null) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, total);
    total += value.byteLength;
    if (total > limit) {
      reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
}

function wasNeverSent(error: unknown): boolean {
  return errorCodes(error).some((code) => NOT_SENT_CODES.has(code));
}

/** Error codes anywhere in fetch's cause chain (undici wraps them, sometimes in an AggregateError). */
function errorCodes(error: unknown, depth = 0): string[] {
  if (!(error instanceof Error) || depth > 4) return [];
  const own = typeof (error as NodeJS.ErrnoException).code === 'string' ? [(error as NodeJS.ErrnoException).code!] : [];
  const nested = error instanceof AggregateError ? error.errors.flatMap((inner) => errorCodes(inner, depth + 1)) : [];
  return [...own, ...nested, ...errorCodes(error.cause, depth + 1)];
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Reads the three error bodies ABDM services send: Health ID's ApiError `{ code, message, details }`,
 * the gateway's `{ error: { code, message } }`, and Spring's default `{ status, error, message }`
 * (what a 401 from the security filter looks like). Anything else keeps `HTTP-<status>` as its code.
 */
export function errorFromResponse(service: AbdmService, operation: string, response: AbdmResponse): AbdmError {
  const body = parseJsonOrUndefined(response.data);
  const base = { status: response.status, service, operation };
  const gatewayError = objectAt(body, 'error');
  if (gatewayError && (typeof gatewayError.code === 'number' || typeof gatewayError.code === 'string')) {
    return new AbdmError({ ...base, code: String(gatewayError.code), message: textOr(gatewayError.message, response), details: maskAadhaarDeep(body) });
  }
  if (isObject(body) && typeof body.code === 'string') {
    const details = Array.isArray(body.details) ? maskAadhaarDeep(body.details) : undefined;
    const first = Array.isArray(details) && isObject(details[0]) ? details[0] : undefined;
    const detailCode = typeof first?.code === 'string' ? first.code : undefined;
    // The detail message names the real reason; the top message is generic ("incorrect data entered").
    const message = typeof first?.message === 'string' ? maskAadhaarInText(first.message) : textOr(body.message, response);
    return new AbdmError({ ...base, code: body.code, message, detailCode, details });
  }
  const springMessage = isObject(body) ? (body.message ?? body.error) : undefined;
  return new AbdmError({ ...base, code: `HTTP-${response.status}`, message: textOr(springMessage, response), details: undefined });
}

function parseJsonOrUndefined(data: Buffer): unknown {
  try {
    return JSON.parse(data.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function objectAt(value: unknown, key: string): Record<string, unknown> | undefined {
  if (!isObject(value)) return undefined;
  const inner = value[key];
  return isObject(inner) ? inner : undefined;
}

function textOr(value: unknown, response: AbdmResponse): string {
  return typeof value === 'string' && value.trim() !== '' ? maskAadhaarInText(value) : `HTTP ${response.status} with no error message`;
}
