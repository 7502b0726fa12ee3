// Typed client for the 13 Health ID v1 operations (reference/spec/healthid-v1.md §3). Every call
// carries the gateway token (`Authorization: Bearer …`); /account/* calls add the patient's user token
// (`X-Token: Bearer …`). Inputs are checked before sending; answers are checked before returning.
import type { z } from 'zod';
import { binaryDocument, MAX_DOCUMENT_ANSWER_BYTES, type DocumentKind } from '../binary-document';
import { AbdmBadResponseError, AbdmError, UserTokenExpiredError } from '../errors';
import {
  checkAadhaar,
  checkAuthMethod,
  checkLoginId,
  checkMobile,
  checkNewAbhaAddress,
  checkOtp,
  checkTxnId,
  checkUserToken,
} from './inputs';
import {
  CreateAccountResponseSchema,
  JwtResponseSchema,
  HealthIdProfileSchema,
  TxnResponseSchema,
  type CreateHealthIdWithPreVerifiedRequest,
  type HealthIdClient,
} from './types';
import { AbdmHttp, type AbdmRequest } from '../http';
import { withGatewayToken, type GatewaySession } from '../session';

export type { HealthIdClient } from './types';

export interface HealthIdClientOptions {
  /** Ends with `/api/v1`, e.g. `https://healthidsbx.abdm.gov.in/api/v1`. */
  baseUrl: string;
  session: GatewaySession;
  fetch?: typeof fetch;
  timeoutMs?: number;
  retryDelaysMs?: readonly number[];
}

type Call = Omit<AbdmRequest, 'headers'>;

/**
 * How a refused user token is told from a refused gateway token: the official spec answers a bad or
 * expired X-Token with 422 ("Invalid Token"); a 401 that names X-Token in its body, or that survives a
 * freshly issued gateway token, is the user token's fault too. Everything else 401 is the gateway token.
 */
function blamesUserToken(error: AbdmError): boolean {
  const details = Array.isArray(error.details) ? error.details : [];
  const namesXToken = details.some((detail) => (detail as { attribute?: { key?: unknown } } | null)?.attribute?.key === 'X-Token');
  return namesXToken || /x-token/i.test(error.message);
}

function parsed<T>(schema: z.ZodType<T>, answer: unknown, operation: string): T {
  const result = schema.safeParse(answer);
  if (result.success) return result.data;
  const field = result.error.issues[0]?.path.join('.') || 'body';
  throw new AbdmBadResponseError('healthid', operation, 200, `"${field}" is missing or has the wrong type`);
}

function withoutEmpty(body: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== ''));
}

export function createHealthIdClient(opts: HealthIdClientOptions): HealthIdClient {
  const { session } = opts;
  const http = new AbdmHttp({ service: 'healthid', baseUrl: opts.baseUrl, fetch: opts.fetch, timeoutMs: opts.timeoutMs, retryDelaysMs: opts.retryDelaysMs });

  const postJson = (operation: string, path: string, body: unknown): Promise<unknown> =>
    withGatewayToken(session, (accessToken) =>
      http.json({ operation, method: 'POST', path, body, headers: { Authorization: `Bearer ${accessToken}` } }),
    );

  async function withUserToken<T>(call: Call, userToken: string, send: (request: AbdmRequest) => Promise<T>): Promise<T> {
    const xToken = `Bearer ${checkUserToken(userToken)}`;
    try {
      return await withGatewayToken(
        session,
        (accessToken) => send({ ...call, headers: { Authorization: `Bearer ${accessToken}`, 'X-Token': xToken } }),
        (error) => error.status === 401 && !blamesUserToken(error),
      );
    } catch (error) {
      if (error instanceof AbdmError && (error.status === 401 || error.status === 422 || (error.status < 500 && blamesUserToken(error)))) {
        throw new UserTokenExpiredError(error);
      }
      throw error;
    }
  }

  const accountDocument = (operation: string, path: string, kind: DocumentKind) => async (userToken: string) => {
    const call: Call = { operation, method: 'GET', path, maxAnswerBytes: MAX_DOCUMENT_ANSWER_BYTES };
    const response = await withUserToken(call, userToken, (request) => http.send({ ...request, headers: { ...request.headers, Accept: `${kind}, */*` } }));
    return binaryDocument(response, kind, operation);
  };

  return {
    async generateAadhaarOtp(request) {
      const body = { aadhaar: checkAadhaar(request.aadhaar) };
      return parsed(TxnResponseSchema, await postJson('generateAadhaarOtp', '/registration/aadhaar/generateOtp', body), 'generateAadhaarOtp');
    },
    async verifyAadhaarOtp(request) {
      const body = { otp: checkOtp(request.otp), txnId: checkTxnId(request.txnId) };
      return parsed(TxnResponseSchema, await postJson('verifyAadhaarOtp', '/registration/aadhaar/verifyOTP', body), 'verifyAadhaarOtp');
    },
    async generateMobileOtp(request) {
      const body = { mobile: checkMobile(request.mobile), txnId: checkTxnId(request.txnId) };
      return parsed(TxnResponseSchema, await postJson('generateMobileOtp', '/registration/aadhaar/generateMobileOTP', body), 'generateMobileOtp');
    },
    async verifyMobileOtp(request) {
      const body = { otp: checkOtp(request.otp), txnId: checkTxnId(request.txnId) };
      return parsed(TxnResponseSchema, await postJson('verifyMobileOtp', '/registration/aadhaar/verifyMobileOTP', body), 'verifyMobileOtp');
    },
    async createHealthIdWithPreVerified(request) {
      const body = createAccountBody(request);
      const answer = await postJson('createHealthIdWithPreVerified', '/registration/aadhaar/createHealthIdWithPreVerified', body);
      return parsed(CreateAccountResponseSchema, answer, 'createHealthIdWithPreVerified');
    },
    async authInit(request) {
      const body = { authMethod: checkAuthMethod(request.authMethod), healthid: checkLoginId(request.healthid) };
      return parsed(TxnResponseSchema, await postJson('authInit', '/auth/init', body), 'authInit');
    },
    async resendAuthOtp(request) {
      const body = { txnId: checkTxnId(request.txnId), authMethod: checkAuthMethod(request.authMethod ?? 'AADHAAR_OTP') };
      const answer = await postJson('resendAuthOtp', '/auth/resendAuthOTP', body);
      if (typeof answer !== 'boolean') throw new AbdmBadResponseError('healthid', 'resendAuthOtp', 200, 'expected a bare true/false');
      return answer;
    },
    async confirmWithAadhaarOtp(request) {
      const body = { otp: checkOtp(request.otp), txnId: checkTxnId(request.txnId) };
      return parsed(JwtResponseSchema, await postJson('confirmWithAadhaarOtp', '/auth/confirmWithAadhaarOtp', body), 'confirmWithAadhaarOtp');
    },
    async profile(userToken) {
      const call: Call = { operation: 'profile', method: 'GET', path: '/account/profile' };
      return parsed(HealthIdProfileSchema, await withUserToken(call, userToken, (request) => http.json(request)), 'profile');
    },
    pdfCard: accountDocument('pdfCard', '/account/getCard', 'application/pdf'),
    pngCard: accountDocument('pngCard', '/account/getPngCard', 'image/png'),
    svgCard: accountDocument('svgCard', '/account/getSvgCard', 'image/svg+xml'),
    qrCode: accountDocument('qrCode', '/account/qrCode', 'image/png'),
  };
}

function createAccountBody(request: CreateHealthIdWithPreVerifiedRequest): Record<string, string> {
  const { txnId, healthId, profilePhoto, ...rest } = request;
  return withoutEmpty({
    ...rest,
    txnId: checkTxnId(txnId),
    healthId: healthId?.trim() ? checkNewAbhaAddress(healthId) : undefined,
    // Photos are often pasted as data: URLs; the service wants the bare base64.
    profilePhoto: profilePhoto?.replace(/^data:image\/\w+;base64,/, ''),
  });
}
