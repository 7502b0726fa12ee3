// The ABHA v3 client (reference/spec/abdm-v3.md §2): enrolment by Aadhaar OTP, login by ABHA number, mobile,
// Aadhaar or ABHA address, and the patient's profile, card and QR with their X-token. Inputs arrive in clear and are
// checked, then encrypted where v3 wants them encrypted (public-key.ts); answers are checked (schemas.ts)
// and put in the app's vocabulary (person.ts). Transport, tokens and errors: transport.ts.
import type { z } from 'zod';
import { checkAbhaAddressLogin, checkChosenAddress, checkLoginValue } from './inputs';
import { AbhaV3Key, type Encrypt } from './public-key';
import { accountsOf, personOf, userTokenOf } from './person';
import {
  AbhaAddressAnswer,
  AddressSearchAnswer,
  AddressVerifyAnswer,
  AuthResultAnswer,
  EnrolAnswer,
  LoginVerifyAnswer,
  ProfileAnswer,
  SuggestionAnswer,
  TokenAnswer,
  TxnAnswer,
} from './schemas';
import { AbhaV3Transport, GATEWAY_TOKEN_INVALID, type AbhaV3TransportOptions, type PatientTokenHeader } from './transport';
import type { AbhaV3Client, V3LoginHint, V3LoginResult, V3OtpSystem, V3Txn, V3UserToken } from './types';
import { MAX_DOCUMENT_ANSWER_BYTES, sniffDocument, type DocumentKind } from '../binary-document';
import { AbdmBadResponseError, AbdmError, AbdmInputError, UserTokenExpiredError } from '../errors';
import { checkAadhaar, checkMobile, checkOtp, checkTxnId, checkUserToken } from '../healthid-v1/inputs';
import { v3Timestamp } from '../v3-headers';

export type { AbhaV3Client } from './types';
export type AbhaV3ClientOptions = AbhaV3TransportOptions;

/** What the card and QR may be: the format of v3's card is not published (docs/abdm-client.md). */
const DOCUMENT_KINDS: readonly DocumentKind[] = ['image/png', 'image/jpeg', 'application/pdf', 'image/svg+xml'];

function parsed<T>(schema: z.ZodType<T>, answer: unknown, operation: string): T {
  const result = schema.safeParse(answer);
  if (result.success) return result.data;
  const field = result.error.issues[0]?.path.join('.') || 'body';
  throw new AbdmBadResponseError('abha', operation, 200, `"${field}" is missing or has the wrong type`);
}

/** A 200 whose `authResult` says the OTP was not accepted: an error the desk words as "check the OTP". */
function refuseFailedAuth(answer: { authResult?: string | null; message?: string | null }, operation: string): void {
  if (answer.authResult === undefined || answer.authResult === null || answer.authResult.toLowerCase() === 'success') return;
  const message = answer.message?.trim() || `authResult ${answer.authResult}`;
  throw new AbdmError({ status: 200, code: AUTH_FAILED, message, service: 'abha', operation });
}

/** A 4xx other than the gateway's own session refusal. */
const isRefusal = (error: AbdmError) => error.status >= 400 && error.status < 500 && error.code !== GATEWAY_TOKEN_INVALID;

/** The client's own code for `authResult: failed` in a 200 answer (ABDM gives no code there). */
export const AUTH_FAILED = 'AUTH_FAILED';

const txn = (answer: z.infer<typeof TxnAnswer>): V3Txn => ({ txnId: answer.txnId, message: answer.message ?? null });
const verifyScope = (otpSystem: V3OtpSystem) => (otpSystem === 'aadhaar' ? 'aadhaar-verify' : 'mobile-verify');
const otpAuth = (txnId: string, otpValue: string, extra: Record<string, string> = {}) => ({
  authMethods: ['otp'],
  otp: { ...extra, txnId, otpValue },
});

export function createAbhaV3Client(opts: AbhaV3ClientOptions): AbhaV3Client {
  const transport = new AbhaV3Transport(opts);
  const key = new AbhaV3Key(transport);
  const now = opts.now ?? Date.now;

  const post = (operation: string, path: string, body: unknown, patient?: { header: PatientTokenHeader; token: string }) =>
    transport.json({ operation, method: 'POST', path, body, patientToken: patient });
  /** A POST whose body holds encrypted values: built again if the key has to be fetched again. */
  const sealed = (operation: string, path: string, body: (encrypt: Encrypt) => unknown) =>
    key.withEncryption((encrypt) => post(operation, path, body(encrypt)));

  async function document(operation: string, path: string, xToken: string): Promise<{ data: Buffer; kind: DocumentKind }> {
    const token = checkUserToken(xToken);
    const response = await transport.send({ operation, method: 'GET', path, maxAnswerBytes: MAX_DOCUMENT_ANSWER_BYTES, patientToken: { header: 'X-token', token } });
    const found = sniffDocument(response.data, DOCUMENT_KINDS);
    if (found) return found;
    const problem = response.data.length === 0 ? 'the body is empty' : `the body is not an image or PDF (Content-Type "${response.contentType}")`;
    throw new AbdmBadResponseError('abha', operation, response.status, problem);
  }

  async function loginVerify(input: { txnId: string; otp: string; loginHint: V3LoginHint; otpSystem: V3OtpSystem }): Promise<V3LoginResult> {
    const txnId = checkTxnId(input.txnId);
    const otp = checkOtp(input.otp);
    const scope = ['abha-login', verifyScope(input.otpSystem)];
    const answer = parsed(LoginVerifyAnswer, await sealed('loginVerifyOtp', '/profile/login/verify', (encrypt) => ({ scope, authData: otpAuth(txnId, encrypt(otp)) })), 'loginVerifyOtp');
    refuseFailedAuth(answer, 'loginVerifyOtp');
    if (!answer.token) throw new AbdmBadResponseError('abha', 'loginVerifyOtp', 200, '"token" is missing or has the wrong type');
    const accounts = accountsOf(answer.accounts);
    const nextTxn = answer.txnId ?? txnId;
    // After a mobile OTP the token only transfers to one of the mobile's accounts (abdm-v3.md §2.6).
    if (input.loginHint === 'mobile') return { kind: 'choose', txnId: nextTxn, tToken: answer.token, accounts };
    return { kind: 'token', txnId: nextTxn, token: userTokenOf({ ...answer, token: answer.token }), accounts };
  }

  async function addressVerify(input: { txnId: string; otp: string; otpSystem: V3OtpSystem }): Promise<V3LoginResult> {
    const txnId = checkTxnId(input.txnId);
    const otp = checkOtp(input.otp);
    const scope = ['abha-address-login', verifyScope(input.otpSystem)];
    const body = (encrypt: Encrypt) => ({ scope, authData: otpAuth(txnId, encrypt(otp)) });
    const answer = parsed(AddressVerifyAnswer, await sealed('addressVerifyOtp', '/phr/web/login/abha/verify', body), 'addressVerifyOtp');
    refuseFailedAuth(answer, 'addressVerifyOtp');
    const tokens = answer.tokens ?? (answer.token ? { token: answer.token, expiresIn: answer.expiresIn, refreshToken: answer.refreshToken } : undefined);
    if (!tokens) throw new AbdmBadResponseError('abha', 'addressVerifyOtp', 200, '"tokens.token" is missing or has the wrong type');
    return { kind: 'token', txnId: answer.txnId ?? txnId, token: userTokenOf(tokens), accounts: accountsOf(answer.users ?? answer.accounts) };
  }

  return {
    async enrolRequestAadhaarOtp(input) {
      const aadhaar = checkAadhaar(input.aadhaar);
      const body = (encrypt: Encrypt) => ({ txnId: '', scope: ['abha-enrol'], loginHint: 'aadhaar', loginId: encrypt(aadhaar), otpSystem: 'aadhaar' });
      return txn(parsed(TxnAnswer, await sealed('enrolRequestAadhaarOtp', '/enrollment/request/otp', body), 'enrolRequestAadhaarOtp'));
    },

    async enrolByAadhaar(input) {
      const txnId = checkTxnId(input.txnId);
      const otp = checkOtp(input.otp);
      // The mobile here is plain digits: it is compared with Aadhaar's, not used as a login id (abdm-v3.md §2.2).
      const mobile = checkMobile(input.mobile);
      const body = (encrypt: Encrypt) => ({
        authData: otpAuth(txnId, encrypt(otp), { timeStamp: v3Timestamp(now()), mobile }),
        consent: { code: 'abha-enrollment', version: '1.4' },
      });
      const answer = parsed(EnrolAnswer, await sealed('enrolByAadhaar', '/enrollment/enrol/byAadhaar', body), 'enrolByAadhaar');
      const person = personOf(answer.ABHAProfile);
      return {
        txnId: answer.txnId,
        isNew: answer.isNew,
        person,
        abhaAddresses: answer.ABHAProfile.phrAddress ?? [],
        verifiedMobile: answer.ABHAProfile.mobile ?? null,
        token: userTokenOf(answer.tokens),
      };
    },

    async enrolRequestMobileOtp(input) {
      const txnId = checkTxnId(input.txnId);
      const mobile = checkMobile(input.mobile);
      const body = (encrypt: Encrypt) => ({ txnId, scope: ['abha-enrol', 'mobile-verify'], loginHint: 'mobile', loginId: encrypt(mobile), otpSystem: 'abdm' });
      return txn(parsed(TxnAnswer, await sealed('enrolRequestMobileOtp', '/enrollment/request/otp', body), 'enrolRequestMobileOtp'));
    },

    async enrolVerifyMobileOtp(input) {
      const txnId = checkTxnId(input.txnId);
      const otp = checkOtp(input.otp);
      const body = (encrypt: Encrypt) => ({ scope: ['abha-enrol', 'mobile-verify'], authData: otpAuth(txnId, encrypt(otp), { timeStamp: v3Timestamp(now()) }) });
      const answer = parsed(AuthResultAnswer, await sealed('enrolVerifyMobileOtp', '/enrollment/auth/byAbdm', body), 'enrolVerifyMobileOtp');
      refuseFailedAuth(answer, 'enrolVerifyMobileOtp');
      return { txnId: answer.txnId, message: answer.message ?? null };
    },

    async addressSuggestions(input) {
      const txnId = checkTxnId(input.txnId);
      const answer = await transport.json({ operation: 'addressSuggestions', method: 'GET', path: '/enrollment/enrol/suggestion', headers: { TRANSACTION_ID: txnId } });
      return parsed(SuggestionAnswer, answer, 'addressSuggestions').abhaAddressList;
    },

    async enrolAbhaAddress(input) {
      const body = { txnId: checkTxnId(input.txnId), abhaAddress: checkChosenAddress(input.abhaAddress), preferred: 1 };
      const answer = parsed(AbhaAddressAnswer, await post('enrolAbhaAddress', '/enrollment/enrol/abha-address', body), 'enrolAbhaAddress');
      return { txnId: answer.txnId, abhaNumber: answer.healthIdNumber, abhaAddress: answer.preferredAbhaAddress };
    },

    async loginRequestOtp(input) {
      const value = checkLoginValue(input.loginHint, input.value);
      const scope = ['abha-login', verifyScope(input.otpSystem)];
      const body = (encrypt: Encrypt) => ({ scope, loginHint: input.loginHint, loginId: encrypt(value), otpSystem: input.otpSystem });
      return txn(parsed(TxnAnswer, await sealed('loginRequestOtp', '/profile/login/request/otp', body), 'loginRequestOtp'));
    },

    loginVerifyOtp: loginVerify,

    async loginChooseAccount(input) {
      const token = checkUserToken(input.tToken);
      const abhaNumber = input.abhaNumber.trim();
      if (abhaNumber === '') throw new AbdmInputError('healthid', 'required');
      const body = { ABHANumber: abhaNumber, txnId: checkTxnId(input.txnId) };
      const answer = await post('loginChooseAccount', '/profile/login/verify/user', body, { header: 'T-token', token });
      return userTokenOf(parsed(TokenAnswer, answer, 'loginChooseAccount'));
    },

    async addressSearch(input) {
      const body = { abhaAddress: checkAbhaAddressLogin(input.abhaAddress) };
      const answer = parsed(AddressSearchAnswer, await post('addressSearch', '/phr/web/login/abha/search', body), 'addressSearch');
      return {
        abhaNumber: answer.healthIdNumber,
        authMethods: answer.authMethods ?? [],
        blockedAuthMethods: answer.blockedAuthMethods ?? [],
        status: answer.status ?? null,
        fullName: answer.fullName ?? null,
      };
    },

    async addressRequestOtp(input) {
      const address = checkAbhaAddressLogin(input.abhaAddress);
      const scope = ['abha-address-login', verifyScope(input.otpSystem)];
      const body = (encrypt: Encrypt) => ({ scope, loginHint: 'abha-address', loginId: encrypt(address), otpSystem: input.otpSystem });
      return txn(parsed(TxnAnswer, await sealed('addressRequestOtp', '/phr/web/login/abha/request/otp', body), 'addressRequestOtp'));
    },

    addressVerifyOtp: addressVerify,

    async profile(xToken) {
      const token = checkUserToken(xToken);
      const answer = await transport.json({ operation: 'profile', method: 'GET', path: '/profile/account', patientToken: { header: 'X-token', token } });
      return personOf(parsed(ProfileAnswer, answer, 'profile'));
    },

    card: (xToken) => document('card', '/profile/account/abha-card', xToken),
    qrCode: (xToken) => document('qrCode', '/profile/account/qrCode', xToken),

    async refreshUserToken(refreshToken): Promise<V3UserToken> {
      const token = checkUserToken(refreshToken);
      const call = { operation: 'refreshUserToken', method: 'GET', path: '/profile/account/request/token', patientToken: { header: 'R-token', token } } as const;
      try {
        return userTokenOf(parsed(TokenAnswer, await transport.json(call), 'refreshUserToken'));
      } catch (error) {
        // Any refusal of the refresh token leaves one way on: verify the patient again.
        if (error instanceof AbdmError && !(error instanceof UserTokenExpiredError) && isRefusal(error)) throw new UserTokenExpiredError(error);
        throw error;
      }
    },
  };
}
