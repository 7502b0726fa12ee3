import type { FastifyPluginAsync } from 'fastify';
import type { SandboxContext } from '../context';
import { issueUserTokens } from '../healthid/user-tokens';
import type { Account } from '../state';
import { invalidField } from './errors';
import { bodyOf, decrypted, enumAt, scopeAt, stringAt, type Body } from './fields';
import { candidateAccounts, openLogin, otpSystemOf, userNotFound, verifyLoginOtp } from './login-flow';
import { addressSearchView, phrUser } from './views';

// Login by ABHA address (reference/spec/abdm-v3.md §2 item 7): search, OTP, verify. The tokens answered are
// X-tokens like the others, so /profile/account works with them too.

const ADDRESS_SCOPES = [
  ['abha-address-login', 'aadhaar-verify'],
  ['abha-address-login', 'mobile-verify'],
];

/** `name`, `name@sbx`, any case. */
function accountByAddress(ctx: SandboxContext, raw: string, field: string): Account {
  const address = raw.trim().toLowerCase();
  if (!/^[a-z0-9._]+(@sbx)?$/.test(address)) throw invalidField(field, 'Invalid ABHA Address');
  const account = ctx.state.findByAddress(address.endsWith('@sbx') ? address : `${address}@sbx`);
  if (!account) throw userNotFound('ABHA address');
  return account;
}

async function requestOtp(ctx: SandboxContext, body: Body) {
  const scope = scopeAt(body, ADDRESS_SCOPES);
  const otpSystem = otpSystemOf(body, scope);
  enumAt(body, 'loginHint', ['abha-address'], 'Invalid Login Hint');
  const account = accountByAddress(ctx, await decrypted(body, 'loginId', 'Invalid LoginId'), 'loginId');
  return openLogin(ctx, { scope, loginHint: 'abha-address', otpSystem, candidates: [account], identity: account.healthIdNumber });
}

async function verify(ctx: SandboxContext, body: Body) {
  const txn = await verifyLoginOtp(ctx, body, ADDRESS_SCOPES);
  const [account] = candidateAccounts(ctx, txn);
  if (!account) throw userNotFound('ABHA address');
  txn.step = 'COMPLETED';
  return { txnId: txn.txnId, authResult: 'success', message: 'OTP verified successfully', users: [phrUser(account)], tokens: await issueUserTokens(ctx, account) };
}

export function phrLoginRoutes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    app.post('/phr/web/login/abha/search', async (request) => {
      const body = bodyOf(request.body);
      return addressSearchView(accountByAddress(ctx, stringAt(body, 'abhaAddress', 'Invalid ABHA Address'), 'abhaAddress'));
    });
    app.post('/phr/web/login/abha/request/otp', async (request) => requestOtp(ctx, bodyOf(request.body)));
    app.post('/phr/web/login/abha/verify', async (request) => verify(ctx, bodyOf(request.body)));
  };
}
