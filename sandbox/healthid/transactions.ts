import { randomUUID } from 'node:crypto';
import type { SandboxContext } from '../context';
import { AbdmError } from '../errors';
import type { LoginTransaction, RegistrationTransaction, Transaction } from '../state';

const SWEEP_THRESHOLD = 500;

/** Forgets expired transactions and stale OTP counters, so a long training session does not grow without end. */
function sweepExpired(ctx: SandboxContext, now: number): void {
  const { transactions, otpTransactionLog } = ctx.state;
  if (transactions.size + otpTransactionLog.size < SWEEP_THRESHOLD) return;
  const txnCutoff = now - ctx.config.transactionTtlSeconds * 1000;
  for (const [id, txn] of transactions) if (txn.createdAt < txnCutoff) transactions.delete(id);
  const logCutoff = now - ctx.config.otpTransactionWindowSeconds * 1000;
  for (const [key, times] of otpTransactionLog) if ((times.at(-1) ?? 0) <= logCutoff) otpTransactionLog.delete(key);
}

/** Caps how many OTP transactions one person can open in a window (HIS-1023), as the real service throttles. */
export function recordOtpTransaction(ctx: SandboxContext, identityKey: string): void {
  const now = ctx.clock.now();
  sweepExpired(ctx, now);
  const windowStart = now - ctx.config.otpTransactionWindowSeconds * 1000;
  const recent = (ctx.state.otpTransactionLog.get(identityKey) ?? []).filter((t) => t > windowStart);
  if (recent.length >= ctx.config.otpTransactionsPerIdentity) {
    const waitMinutes = Math.ceil(((recent[0] ?? now) - windowStart) / 60_000);
    throw new AbdmError(
      422,
      'HIS-1023',
      `Too many OTP requests for the same identity. Please wait ${waitMinutes} minute(s) before trying again.`,
    );
  }
  recent.push(now);
  ctx.state.otpTransactionLog.set(identityKey, recent);
}

export function newTxnId(): string {
  return randomUUID();
}

function notFound(txnId: string, why: string): AbdmError {
  return new AbdmError(422, 'HIS-1026', `Transaction not found for UUID ${txnId}: ${why}`, {
    attribute: { key: 'txnId', value: txnId },
  });
}

function findLive(ctx: SandboxContext, txnId: string): Transaction {
  const txn = ctx.state.transactions.get(txnId);
  if (!txn) throw notFound(txnId, 'unknown transaction id.');
  if (ctx.clock.now() > txn.createdAt + ctx.config.transactionTtlSeconds * 1000) {
    ctx.state.transactions.delete(txnId);
    throw notFound(txnId, 'the transaction has expired; start again.');
  }
  return txn;
}

const NEXT_STEP_HINT: Record<RegistrationTransaction['step'], string> = {
  AADHAAR_OTP_SENT: 'the Aadhaar OTP has not been verified yet (call verifyOTP).',
  AADHAAR_VERIFIED: 'no mobile OTP has been sent yet (call generateMobileOTP).',
  MOBILE_OTP_SENT: 'the mobile OTP has not been verified yet (call verifyMobileOTP).',
  MOBILE_VERIFIED: 'Aadhaar and mobile are verified; the next step is createHealthIdWithPreVerified.',
  COMPLETED: 'this registration is already complete.',
};

/** The registration transaction, which must be in one of `allowed` steps (else: wrong order). */
export function registrationAt(
  ctx: SandboxContext,
  txnId: string,
  allowed: RegistrationTransaction['step'][],
): RegistrationTransaction {
  const txn = findLive(ctx, txnId);
  if (txn.kind !== 'registration') throw notFound(txnId, 'this is a login transaction, not a registration.');
  if (!allowed.includes(txn.step)) throw notFound(txnId, NEXT_STEP_HINT[txn.step]);
  return txn;
}

export function loginAt(ctx: SandboxContext, txnId: string): LoginTransaction {
  const txn = findLive(ctx, txnId);
  if (txn.kind !== 'login') throw notFound(txnId, 'this is a registration transaction, not a login.');
  if (txn.step !== 'OTP_SENT') throw notFound(txnId, 'this login is already complete; start a new one with auth/init.');
  return txn;
}
