import { randomUUID } from 'node:crypto';
import type { SandboxContext } from '../context';
import { newChallenge, verifyOtp } from '../healthid/otp-policy';
import { recordOtpTransaction } from '../healthid/transactions';
import type { Account } from '../state';
import { AbhaV3Error, invalidField } from './errors';
import { encryptedOtp, otpAuthData, scopeAt, txnIdAt, type Body } from './fields';
import { loginAt, saveTransaction, type V3LoginTransaction } from './transactions';
import { otpSentMessage } from './views';

// What the two login families (profile/login/… and phr/web/login/abha/…) share: the OTP system named in the
// scope, opening a transaction, checking the OTP, and "user not found".

export type OtpSystem = V3LoginTransaction['otpSystem'];

/** ABDM-1114: no ABHA for the login id given. */
export function userNotFound(what: string): AbhaV3Error {
  return new AbhaV3Error(400, 'ABDM-1114', `User not found: no ABHA for this ${what}`, 'array');
}

/** The second scope entry names the OTP system: aadhaar-verify ↔ aadhaar, mobile-verify ↔ abdm. */
export function otpSystemOf(body: Body, scope: string[]): OtpSystem {
  const expected: OtpSystem = scope.includes('aadhaar-verify') ? 'aadhaar' : 'abdm';
  if (body.otpSystem !== expected) throw invalidField('otpSystem', 'Invalid OTP System');
  return expected;
}

export interface LoginStart {
  scope: string[];
  loginHint: V3LoginTransaction['loginHint'];
  otpSystem: OtpSystem;
  candidates: Account[];
  /** The counter this OTP request counts against (v1's per-identity limit). */
  identity: string;
  /** For a mobile login, the mobile itself. */
  mobile?: string;
}

export function openLogin(ctx: SandboxContext, start: LoginStart): { txnId: string; message: string } {
  const single = start.candidates.length === 1 ? start.candidates[0] : undefined;
  const mobile = start.mobile ?? single?.mobile ?? '';
  if (start.otpSystem === 'abdm' && !mobile) {
    throw new AbhaV3Error(422, 'ABDM-9999', 'This ABHA has no mobile number; log in with an Aadhaar OTP instead', 'wrapped');
  }
  recordOtpTransaction(ctx, start.identity);
  const now = ctx.clock.now();
  const txn: V3LoginTransaction = {
    kind: 'abha-v3',
    flow: 'login',
    txnId: randomUUID(),
    createdAt: now,
    step: 'OTP_SENT',
    scope: start.scope,
    loginHint: start.loginHint,
    otpSystem: start.otpSystem,
    candidates: start.candidates.map((a) => a.healthIdNumber),
    mobile: mobile || null,
    otp: newChallenge(now, ctx.config),
  };
  saveTransaction(ctx, txn);
  // Aadhaar OTPs go to the Aadhaar's mobile; the sandbox keeps only the account's, and names its last digits.
  return { txnId: txn.txnId, message: otpSentMessage(mobile || '0000', start.otpSystem === 'aadhaar') };
}

/** Checks scope, transaction and OTP of a verify call; returns the transaction, now verified. */
export async function verifyLoginOtp(ctx: SandboxContext, body: Body, scopes: string[][]): Promise<V3LoginTransaction> {
  const scope = scopeAt(body, scopes);
  const otp = otpAuthData(body);
  const txn = loginAt(ctx, txnIdAt(otp), 'OTP_SENT');
  if (scope.some((s) => !txn.scope.includes(s))) throw invalidField('scope', 'Invalid Scope');
  const value = await encryptedOtp(otp);
  verifyOtp(txn.otp, value, ctx.clock.now(), ctx.config, txn.otpSystem === 'aadhaar' ? 'HIS-2022' : 'HIS-1013');
  return txn;
}

/** The accounts of a verified transaction that still exist. */
export function candidateAccounts(ctx: SandboxContext, txn: V3LoginTransaction): Account[] {
  return txn.candidates.map((n) => ctx.state.findByHealthIdNumber(n)).filter((a): a is Account => a !== undefined);
}
