import type { SandboxContext } from '../context';
import type { Resident } from '../residents/synthetic-resident';
import type { OtpChallenge } from '../state';
import { AbhaV3Error } from './errors';

// v3 transactions live in the sandbox's one transaction map beside v1's (sandbox/state.ts), so /_sandbox/reset,
// expiry and the sweep treat them alike; `kind: 'abha-v3'` keeps v1 from taking them for its own.

/** Enrolment: Aadhaar OTP → byAadhaar (account exists from here) → [mobile OTP → byAbdm] → address. */
export interface V3EnrolTransaction {
  kind: 'abha-v3';
  flow: 'enrol';
  txnId: string;
  createdAt: number;
  step: 'AADHAAR_OTP_SENT' | 'ENROLLED' | 'MOBILE_OTP_SENT';
  aadhaarKey: string;
  aadhaarLast4: string;
  resident: Resident;
  otp: OtpChallenge;
  /** Set by byAadhaar. */
  healthIdNumber: string | null;
  /** The mobile being verified by OTP (enrollment/request/otp with mobile-verify). */
  pendingMobile: string | null;
}

/** Login (profile/login/… or phr/web/login/abha/…): OTP sent → verified (choosing among accounts) → done. */
export interface V3LoginTransaction {
  kind: 'abha-v3';
  flow: 'login';
  txnId: string;
  createdAt: number;
  step: 'OTP_SENT' | 'CHOOSING' | 'COMPLETED';
  /** The scope the OTP was asked with; verify must name the same. */
  scope: string[];
  loginHint: 'abha-number' | 'mobile' | 'aadhaar' | 'abha-address';
  otpSystem: 'aadhaar' | 'abdm';
  /** ABHA numbers this login may end in (one, or every account on a mobile). */
  candidates: string[];
  /** Where the OTP went, for messages and the transfer token. */
  mobile: string | null;
  otp: OtpChallenge;
}

export type AbhaV3Transaction = V3EnrolTransaction | V3LoginTransaction;

/** ABDM-1017, in the wrapped shape and 401 as NHA's own examples show it. */
export function invalidTransaction(why: string): AbhaV3Error {
  return new AbhaV3Error(401, 'ABDM-1017', `Invalid Transaction Id: ${why}`, 'wrapped');
}

function live(ctx: SandboxContext, txnId: string): AbhaV3Transaction {
  const txn = ctx.state.transactions.get(txnId);
  if (!txn || txn.kind !== 'abha-v3') throw invalidTransaction('unknown transaction.');
  if (ctx.clock.now() > txn.createdAt + ctx.config.transactionTtlSeconds * 1000) {
    ctx.state.transactions.delete(txnId);
    throw invalidTransaction('the transaction has expired; start again.');
  }
  return txn;
}

export function enrolmentAt(ctx: SandboxContext, txnId: string, steps: V3EnrolTransaction['step'][]): V3EnrolTransaction {
  const txn = live(ctx, txnId);
  if (txn.flow !== 'enrol') throw invalidTransaction('this is a login transaction, not an enrolment.');
  if (!steps.includes(txn.step)) throw invalidTransaction(`the enrolment is at step ${txn.step}, which does not allow this call.`);
  return txn;
}

export function loginAt(ctx: SandboxContext, txnId: string, step: V3LoginTransaction['step']): V3LoginTransaction {
  const txn = live(ctx, txnId);
  if (txn.flow !== 'login') throw invalidTransaction('this is an enrolment transaction, not a login.');
  if (txn.step !== step) throw invalidTransaction(`the login is at step ${txn.step}, which does not allow this call.`);
  return txn;
}

export function saveTransaction(ctx: SandboxContext, txn: AbhaV3Transaction): void {
  ctx.state.transactions.set(txn.txnId, txn);
}
