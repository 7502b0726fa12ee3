import type { FastifyPluginAsync } from 'fastify';
import type { SandboxContext } from '../context';
import { AbdmError } from '../errors';
import { isVerhoeffValid } from '../residents/check-digits';
import { maskAadhaar, maskMobile } from '../residents/identity';
import { residentKey } from '../residents/training-keys';
import type { RegistrationTransaction } from '../state';
import { createAccount, residentForAadhaar } from './accounts';
import { createdAccountView } from './account-views';
import { newChallenge, sendAgain, verifyOtp } from './otp-policy';
import {
  createHealthIdBody,
  generateMobileOtpBody,
  generateOtpBody,
  otpConfirmationBody,
  type CreateHealthIdBody,
  type GenerateMobileOtpBody,
  type GenerateOtpBody,
  type OtpConfirmationBody,
} from './request-schemas';
import { newTxnId, recordOtpTransaction, registrationAt } from './transactions';
import { issueUserTokens } from './user-tokens';

// Registration with Aadhaar (v1): generateOtp → verifyOTP → generateMobileOTP → verifyMobileOTP →
// createHealthIdWithPreVerified, one txnId carried through all five steps.

function checkAadhaar(aadhaar: string): void {
  if (!isVerhoeffValid(aadhaar)) {
    throw new AbdmError(400, 'HIS-2016', 'Aadhaar Number/Virtual ID is invalid: its check digit is wrong.', {
      attribute: { key: 'aadhaar', value: maskAadhaar(aadhaar) },
    });
  }
}

function checkMobile(ctx: SandboxContext, mobile: string): void {
  if (!/^[6-9]\d{9}$/.test(mobile)) {
    throw new AbdmError(422, 'HIS-1011', 'Please enter a valid Mobile Number: 10 digits starting with 6, 7, 8 or 9.', {
      topCode: 'HIS-400',
      attribute: { key: 'mobile', value: mobile.length <= 16 ? mobile : `${mobile.slice(0, 16)}…` },
    });
  }
  if (ctx.state.countAccountsWithMobile(mobile) >= ctx.config.maxAccountsPerMobile) {
    throw new AbdmError(422, 'HIS-1052', `This mobile number is already linked to ${ctx.config.maxAccountsPerMobile} ABHA numbers.`);
  }
}

export function registrationRoutes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    app.post<{ Body: GenerateOtpBody }>('/registration/aadhaar/generateOtp', { schema: { body: generateOtpBody } }, async (request) => {
      const { aadhaar } = request.body;
      checkAadhaar(aadhaar);
      const key = await residentKey(aadhaar, ctx.config.seed);
      const resident = residentForAadhaar(aadhaar, key);
      if (!resident.aadhaarMobile) {
        throw new AbdmError(422, 'HIS-3005', 'Could not find Registered Mobile number for given Aadhaar: the Aadhaar number does not have a mobile number.', {
          attribute: { key: 'aadhaar', value: maskAadhaar(aadhaar) },
        });
      }
      recordOtpTransaction(ctx, key);
      const now = ctx.clock.now();
      const txn: RegistrationTransaction = {
        kind: 'registration',
        txnId: newTxnId(),
        createdAt: now,
        step: 'AADHAAR_OTP_SENT',
        aadhaarKey: key,
        aadhaarLast4: aadhaar.slice(-4),
        resident,
        mobile: null,
        otp: newChallenge(now, ctx.config),
      };
      ctx.state.transactions.set(txn.txnId, txn);
      return { txnId: txn.txnId };
    });

    app.post<{ Body: OtpConfirmationBody }>('/registration/aadhaar/verifyOTP', { schema: { body: otpConfirmationBody } }, async (request) => {
      const txn = registrationAt(ctx, request.body.txnId, ['AADHAAR_OTP_SENT']);
      verifyOtp(txn.otp, request.body.otp, ctx.clock.now(), ctx.config, 'HIS-2022');
      txn.step = 'AADHAAR_VERIFIED';
      return { txnId: txn.txnId };
    });

    app.post<{ Body: GenerateMobileOtpBody }>(
      '/registration/aadhaar/generateMobileOTP',
      { schema: { body: generateMobileOtpBody } },
      async (request) => {
        const txn = registrationAt(ctx, request.body.txnId, ['AADHAAR_VERIFIED', 'MOBILE_OTP_SENT']);
        const mobile = request.body.mobile.trim();
        checkMobile(ctx, mobile);
        const now = ctx.clock.now();
        // Asking again on the same transaction is a resend: it counts towards the OTP limit.
        if (txn.step === 'MOBILE_OTP_SENT') sendAgain(txn.otp, now, ctx.config, false);
        else txn.otp = newChallenge(now, ctx.config);
        txn.mobile = mobile;
        txn.step = 'MOBILE_OTP_SENT';
        return { txnId: txn.txnId, mobileNumber: maskMobile(mobile) };
      },
    );

    app.post<{ Body: OtpConfirmationBody }>(
      '/registration/aadhaar/verifyMobileOTP',
      { schema: { body: otpConfirmationBody } },
      async (request) => {
        const txn = registrationAt(ctx, request.body.txnId, ['MOBILE_OTP_SENT']);
        verifyOtp(txn.otp, request.body.otp, ctx.clock.now(), ctx.config, 'HIS-1013');
        txn.step = 'MOBILE_VERIFIED';
        return { txnId: txn.txnId };
      },
    );

    app.post<{ Body: CreateHealthIdBody }>(
      '/registration/aadhaar/createHealthIdWithPreVerified',
      { schema: { body: createHealthIdBody } },
      async (request) => {
        const txn = registrationAt(ctx, request.body.txnId, ['MOBILE_VERIFIED']);
        const { healthId, email, profilePhoto, password } = request.body;
        // The same Aadhaar twice gets its existing ABHA back, flagged new=false.
        const existing = ctx.state.findByAadhaarKey(txn.aadhaarKey);
        const account =
          existing ??
          createAccount(ctx, txn, {
            healthId: healthId || undefined,
            email: email || undefined,
            profilePhoto: profilePhoto?.replace(/\s/g, '') || undefined,
            password: password || undefined,
          });
        txn.step = 'COMPLETED';
        return createdAccountView(account, await issueUserTokens(ctx, account), !existing);
      },
    );
  };
}
