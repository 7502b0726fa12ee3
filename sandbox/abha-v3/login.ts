import type { FastifyPluginAsync } from 'fastify';
import type { SandboxContext } from '../context';
import { issueUserTokens } from '../healthid/user-tokens';
import { residentKey } from '../residents/training-keys';
import type { Account } from '../state';
import { invalidField } from './errors';
import { tooManyAbhas, MAX_ABHAS_PER_MOBILE } from './enrolment';
import { bodyOf, checkAadhaar, checkAbhaNumber, checkMobile, decrypted, enumAt, scopeAt, stringAt, txnIdAt, type Body } from './fields';
import { candidateAccounts, openLogin, otpSystemOf, userNotFound, verifyLoginOtp } from './login-flow';
import { signTransferToken, transferTokenTxn, TRANSFER_TOKEN_TTL_SECONDS } from './tokens';
import { invalidTransaction, loginAt } from './transactions';
import { accountSummary } from './views';

// Login by ABHA number, mobile or Aadhaar (reference/spec/abdm-v3.md §2 items 5–6). An OTP on one account gives
// its X-token at once; a mobile OTP gives a 300 s transfer token (T-token) and every ABHA on that mobile, and
// profile/login/verify/user turns it into the chosen account's X-token.

const LOGIN_SCOPES = [
  ['abha-login', 'aadhaar-verify'],
  ['abha-login', 'mobile-verify'],
];

function accountsOnMobile(ctx: SandboxContext, mobile: string): Account[] {
  return [...ctx.state.accounts.values()].filter((a) => a.mobile === mobile);
}

async function requestLoginOtp(ctx: SandboxContext, body: Body) {
  const scope = scopeAt(body, LOGIN_SCOPES);
  const otpSystem = otpSystemOf(body, scope);
  const loginHint = enumAt(body, 'loginHint', ['abha-number', 'mobile', 'aadhaar'] as const, 'Invalid Login Hint');
  const loginId = await decrypted(body, 'loginId', 'Invalid LoginId');
  if (loginHint === 'abha-number') {
    const account = ctx.state.findByHealthIdNumber(checkAbhaNumber(loginId));
    if (!account) throw userNotFound('ABHA number');
    return openLogin(ctx, { scope, loginHint, otpSystem, candidates: [account], identity: account.healthIdNumber });
  }
  if (loginHint === 'mobile') {
    if (otpSystem !== 'abdm') throw invalidField('otpSystem', 'Invalid OTP System');
    const mobile = checkMobile(loginId, 'loginId', 'Invalid LoginId');
    const accounts = accountsOnMobile(ctx, mobile);
    if (accounts.length === 0) throw userNotFound('mobile number');
    return openLogin(ctx, { scope, loginHint, otpSystem, candidates: accounts, identity: `mobile:${mobile}`, mobile });
  }
  if (otpSystem !== 'aadhaar') throw invalidField('otpSystem', 'Invalid OTP System');
  const key = await residentKey(checkAadhaar(loginId), ctx.config.seed);
  const account = ctx.state.findByAadhaarKey(key);
  if (!account) throw userNotFound('Aadhaar number');
  return openLogin(ctx, { scope, loginHint, otpSystem, candidates: [account], identity: account.healthIdNumber });
}

async function verifyLogin(ctx: SandboxContext, body: Body) {
  const txn = await verifyLoginOtp(ctx, body, LOGIN_SCOPES);
  const base = { txnId: txn.txnId, authResult: 'success', message: 'OTP verified successfully' };
  if (txn.loginHint === 'mobile' && txn.mobile) {
    // The accounts on the mobile now, not when the OTP was sent.
    const accounts = accountsOnMobile(ctx, txn.mobile);
    if (accounts.length > MAX_ABHAS_PER_MOBILE) throw tooManyAbhas(txn.mobile);
    if (accounts.length === 0) throw userNotFound('mobile number');
    txn.candidates = accounts.map((a) => a.healthIdNumber);
    txn.step = 'CHOOSING';
    const token = await signTransferToken(ctx, txn.txnId, txn.mobile);
    return { ...base, token, expiresIn: TRANSFER_TOKEN_TTL_SECONDS, accounts: accounts.map(accountSummary) };
  }
  const [account] = candidateAccounts(ctx, txn);
  if (!account) throw userNotFound('login');
  txn.step = 'COMPLETED';
  return { ...base, ...(await issueUserTokens(ctx, account)), accounts: [accountSummary(account)] };
}

async function chooseAccount(ctx: SandboxContext, tokenTxnId: string, body: Body) {
  const txnId = txnIdAt(body);
  if (txnId !== tokenTxnId) throw invalidTransaction('the T-token was issued for another transaction.');
  const txn = loginAt(ctx, txnId, 'CHOOSING');
  const abhaNumber = checkAbhaNumber(stringAt(body, 'ABHANumber', 'Invalid ABHA Number'), 'ABHANumber');
  const account = candidateAccounts(ctx, txn).find((a) => a.healthIdNumber === abhaNumber);
  if (!account) throw invalidField('ABHANumber', 'Invalid ABHA Number: it is not one of the accounts on this mobile');
  txn.step = 'COMPLETED';
  return { txnId, authResult: 'success', message: 'User verified', ...(await issueUserTokens(ctx, account)) };
}

export function loginRoutes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    app.post('/profile/login/request/otp', async (request) => requestLoginOtp(ctx, bodyOf(request.body)));
    app.post('/profile/login/verify', async (request) => verifyLogin(ctx, bodyOf(request.body)));
    app.post('/profile/login/verify/user', async (request) => {
      const tokenTxnId = await transferTokenTxn(ctx, request);
      return chooseAccount(ctx, tokenTxnId, bodyOf(request.body));
    });
  };
}
