// One ABHA v3 exchange (reference/spec/abdm-v3.md §1–2): the gateway token as `Authorization: Bearer …`, a fresh
// REQUEST-ID and TIMESTAMP per attempt (v3-headers.ts), the patient's token where the call needs one
// (`X-token`/`T-token`/`R-token: Bearer …`), and error bodies read by errors.ts.
// The gateway token is renewed once when v3 says it is invalid (`900901`); a refused patient token becomes
// UserTokenExpiredError, so the desk asks to verify the patient again.
import { abhaV3ErrorFromResponse } from './errors';
import { AbdmBadResponseError, AbdmError, UserTokenExpiredError } from '../errors';
import { AbdmHttp, type AbdmRequest, type AbdmResponse } from '../http';
import { withGatewayToken, type GatewaySession } from '../session';
import { v3Headers } from '../v3-headers';

export interface AbhaV3TransportOptions {
  /** Ends with `/abha/api/v3`. */
  baseUrl: string;
  session: GatewaySession;
  fetch?: typeof fetch;
  timeoutMs?: number;
  retryDelaysMs?: readonly number[];
  now?: () => number;
}

export type PatientTokenHeader = 'X-token' | 'T-token' | 'R-token';

export interface V3Call extends Omit<AbdmRequest, 'headers'> {
  headers?: Record<string, string>;
  /** The patient's token and the header it travels in, without "Bearer ". */
  patientToken?: { header: PatientTokenHeader; token: string };
}

/** The session-invalid code of the API manager in front of ABHA v3. */
export const GATEWAY_TOKEN_INVALID = '900901';
// ABDM-1094 X-token expired; ABDM-2401 invalid X-token (abdm-v3.md §2 "Errors").
const PATIENT_TOKEN_CODES = new Set(['ABDM-1094', 'ABDM-2401']);

/** The refusal names the patient's token: by its code, or by the header's name in the words. */
export function blamesPatientToken(error: AbdmError): boolean {
  if (error.code === GATEWAY_TOKEN_INVALID) return false;
  return PATIENT_TOKEN_CODES.has(error.specificCode) || /\b[xtr]-token\b/i.test(error.message);
}

/**
 * The gateway token was refused: `900901`, or a bare 401 that does not blame the patient's token (a 401 that
 * survives a freshly issued gateway token is then the patient token's fault, as in v1: docs/abdm-client.md).
 */
export function blamesGatewayToken(error: AbdmError): boolean {
  return error.code === GATEWAY_TOKEN_INVALID || (error.status === 401 && !blamesPatientToken(error));
}

export class AbhaV3Transport {
  private readonly http: AbdmHttp;
  private readonly session: GatewaySession;
  private readonly now: () => number;

  constructor(opts: AbhaV3TransportOptions) {
    this.http = new AbdmHttp({
      service: 'abha',
      baseUrl: opts.baseUrl,
      fetch: opts.fetch,
      timeoutMs: opts.timeoutMs,
      retryDelaysMs: opts.retryDelaysMs,
      errorFromResponse: abhaV3ErrorFromResponse,
    });
    this.session = opts.session;
    this.now = opts.now ?? Date.now;
  }

  async send(call: V3Call): Promise<AbdmResponse> {
    const { patientToken, headers, ...request } = call;
    const own = patientToken ? { [patientToken.header]: `Bearer ${patientToken.token}` } : {};
    try {
      return await withGatewayToken(
        this.session,
        (accessToken) => this.http.send({ ...request, headers: { ...headers, ...own, ...v3Headers(this.now), Authorization: `Bearer ${accessToken}` } }),
        blamesGatewayToken,
      );
    } catch (error) {
      if (patientToken && error instanceof AbdmError && refusesPatientToken(error)) throw new UserTokenExpiredError(error);
      throw error;
    }
  }

  async json(call: V3Call): Promise<unknown> {
    const response = await this.send({ ...call, headers: { Accept: 'application/json', ...call.headers } });
    try {
      return JSON.parse(response.data.toString('utf8')) as unknown;
    } catch {
      throw new AbdmBadResponseError('abha', call.operation, response.status, 'the body is not JSON');
    }
  }
}

function refusesPatientToken(error: AbdmError): boolean {
  if (error.code === GATEWAY_TOKEN_INVALID) return false;
  return blamesPatientToken(error) || error.status === 401;
}
