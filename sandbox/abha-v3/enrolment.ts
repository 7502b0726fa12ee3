import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { SandboxContext } from '../context';
import { createAccount, residentForAadhaar } from '../healthid/accounts';
import { issueUserTokens } from '../healthid/user-tokens';
import { newChallenge, sendAgain, verifyOtp } from '../healthid/otp-policy';
import { recordOtpTransaction } from '../healthid/transactions';
import { residentKey } from '../residents/training-keys';
import type { Resident } from '../residents/synthetic-resident';
import type { Account, RegistrationTransaction } from '../state';
import { AbhaV3Error } from './errors';
import { familyResident } from './family-accounts';
import { bodyOf, checkAadhaar, checkMobile, decrypted, encryptedOtp, enumAt, objectAt, otpAuthData, scopeAt, stringAt, txnIdAt, type Body } from './fields';
import { enrolmentAt, saveTransaction, type V3EnrolTransaction } from './transactions';
import { abhaProfile, otpSentMessage } from './views';

// Enrolment with Aadhaar (reference/spec/abdm-v3.md §2 items 1–3): Aadhaar OTP, then byAadhaar verifies it and
// creates the account in one call (or finds the Aadhaar's existing one: isNew false). When the mobile typed is
// not the Aadhaar's, the account has no mobile yet (ABHAProfile.mobile null) until a mobile OTP (byAbdm).

const ENROL_SCOPE = ['abha-enrol'];
const MOBILE_SCOPE = ['abha-enrol', 'mobile-verify'];
/** One mobile may be on at most 6 ABHAs in v3 (ABDM-1124; reference/spec/abdm-v3.md §2 item 6). */
export const MAX_ABHAS_PER_MOBILE = 6;

export function tooManyAbhas(mobile: string): AbhaV3Error {
  return new AbhaV3Error(422, 'ABDM-1124', `Mobile number ending ${mobile.slice(-4)} is already linked to ${MAX_ABHAS_PER_MOBILE} ABHA numbers`, 'array');
}

function checkRoomOnMobile(ctx: SandboxContext, mobile: string): void {
  if (ctx.state.countAccountsWithMobile(mobile) >= MAX_ABHAS_PER_MOBILE) throw tooManyAbhas(mobile);
}

/** Who UIDAI says the Aadhaar holder is: the multi-ABHA family, a training identity, or a synthetic resident. */
export function residentV3(aadhaar: string, key: string): Resident {
  return familyResident(aadhaar, key) ?? residentForAadhaar(aadhaar, key);
}

async function requestAadhaarOtp(ctx: SandboxContext, body: Body) {
  enumAt(body, 'loginHint', ['aadhaar'], 'Invalid Login Hint');
  enumAt(body, 'otpSystem', ['aadhaar'], 'Invalid OTP System');
  const aadhaar = checkAadhaar(await decrypted(body, 'loginId', 'Invalid LoginId'));
  const key = await residentKey(aadhaar, ctx.config.seed);
  const resident = residentV3(aadhaar, key);
  if (!resident.aadhaarMobile) {
    throw new AbhaV3Error(422, 'ABDM-9999', 'Aadhaar number does not have a mobile number linked; visit an Aadhaar centre to link one', 'wrapped');
  }
  recordOtpTransaction(ctx, key);
  const now = ctx.clock.now();
  const txn: V3EnrolTransaction = {
    kind: 'abha-v3',
    flow: 'enrol',
    txnId: randomUUID(),
    createdAt: now,
    step: 'AADHAAR_OTP_SENT',
    aadhaarKey: key,
    aadhaarLast4: aadhaar.slice(-4),
    resident,
    otp: newChallenge(now, ctx.config),
    healthIdNumber: null,
    pendingMobile: null,
  };
  saveTransaction(ctx, txn);
  return { txnId: txn.txnId, message: otpSentMessage(resident.aadhaarMobile, true) };
}

async function requestMobileOtp(ctx: SandboxContext, body: Body) {
  enumAt(body, 'loginHint', ['mobile'], 'Invalid Login Hint');
  enumAt(body, 'otpSystem', ['abdm'], 'Invalid OTP System');
  const txn = enrolmentAt(ctx, txnIdAt(body), ['ENROLLED', 'MOBILE_OTP_SENT']);
  const mobile = checkMobile(await decrypted(body, 'loginId', 'Invalid LoginId'), 'loginId', 'Invalid LoginId');
  checkRoomOnMobile(ctx, mobile);
  const now = ctx.clock.now();
  // Asking again on the same transaction is a resend and counts towards the send limit, as in v1.
  if (txn.step === 'MOBILE_OTP_SENT') sendAgain(txn.otp, now, ctx.config, false);
  else txn.otp = newChallenge(now, ctx.config);
  txn.step = 'MOBILE_OTP_SENT';
  txn.pendingMobile = mobile;
  return { txnId: txn.txnId, message: otpSentMessage(mobile, false) };
}

/** v1's createAccount needs only these fields of a registration; the v3 transaction carries them all. */
function newAccount(ctx: SandboxContext, txn: V3EnrolTransaction, mobile: string | null): Account {
  const { aadhaarKey: key, aadhaarLast4, resident } = txn;
  const registration = { aadhaarKey: key, aadhaarLast4, resident, mobile } as RegistrationTransaction;
  return createAccount(ctx, registration, {});
}

async function enrolByAadhaar(ctx: SandboxContext, body: Body) {
  const otp = otpAuthData(body);
  const consent = objectAt(body, 'consent');
  if (consent.code !== 'abha-enrollment' || typeof consent.version !== 'string') {
    throw new AbhaV3Error(400, 'ABDM-1001', 'Invalid consent', 'field', { field: 'consent' });
  }
  const txn = enrolmentAt(ctx, txnIdAt(otp), ['AADHAAR_OTP_SENT']);
  const mobile = checkMobile(stringAt(otp, 'mobile', 'Invalid Mobile Number'), 'mobile', 'Invalid Mobile Number');
  verifyOtp(txn.otp, await encryptedOtp(otp), ctx.clock.now(), ctx.config, 'HIS-2022');
  const existing = ctx.state.findByAadhaarKey(txn.aadhaarKey);
  // The mobile typed counts as verified only when it is the one UIDAI holds for this Aadhaar.
  const verifiedMobile = mobile === txn.resident.aadhaarMobile ? mobile : null;
  if (!existing && verifiedMobile) checkRoomOnMobile(ctx, verifiedMobile);
  const account = existing ?? newAccount(ctx, txn, verifiedMobile);
  txn.step = 'ENROLLED';
  txn.healthIdNumber = account.healthIdNumber;
  return {
    message: existing ? 'This account already exist' : 'Account created successfully',
    txnId: txn.txnId,
    tokens: await issueUserTokens(ctx, account),
    ABHAProfile: abhaProfile(account),
    isNew: !existing,
  };
}

async function verifyMobileOtp(ctx: SandboxContext, body: Body) {
  scopeAt(body, [MOBILE_SCOPE]);
  const otp = otpAuthData(body);
  const txn = enrolmentAt(ctx, txnIdAt(otp), ['MOBILE_OTP_SENT']);
  verifyOtp(txn.otp, await encryptedOtp(otp), ctx.clock.now(), ctx.config, 'HIS-1013');
  const account = txn.healthIdNumber ? ctx.state.findByHealthIdNumber(txn.healthIdNumber) : undefined;
  if (!account || !txn.pendingMobile) throw new AbhaV3Error(401, 'ABDM-1017', 'Invalid Transaction Id: the account of this enrolment no longer exists', 'wrapped');
  checkRoomOnMobile(ctx, txn.pendingMobile);
  account.mobile = txn.pendingMobile;
  ctx.state.addAccount(account); // re-index and persist
  txn.step = 'ENROLLED';
  txn.pendingMobile = null;
  return {
    txnId: txn.txnId,
    authResult: 'success',
    message: 'OTP verified successfully; the mobile number is linked to the ABHA',
    accounts: [{ ABHANumber: account.healthIdNumber }],
  };
}

export function enrolmentRoutes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    app.post('/enrollment/request/otp', async (request) => {
      const body = bodyOf(request.body);
      const scope = scopeAt(body, [ENROL_SCOPE, MOBILE_SCOPE]);
      return scope.length === 1 ? requestAadhaarOtp(ctx, body) : requestMobileOtp(ctx, body);
    });
    app.post('/enrollment/enrol/byAadhaar', async (request) => enrolByAadhaar(ctx, bodyOf(request.body)));
    app.post('/enrollment/auth/byAbdm', async (request) => verifyMobileOtp(ctx, bodyOf(request.body)));
  };
}
