// Verifying on Health ID v1: auth/init with AADHAAR_OTP, resendAuthOTP, confirmWithAadhaarOtp
// (reference/spec/healthid-v1.md §3). v1 has no login by mobile: none of the 13 operations of the notes finds
// or logs in an ABHA by mobile number, so a mobile is refused before anything is sent, with the reason that tells
// the operator to type the ABHA number or address instead.
import type { HealthIdClient } from '../../abdm/healthid-v1/types';
import { AppFailure } from '../../shared/errors';
import type { VerifyWire } from './verify-wire';

export function verifyOnV1(client: HealthIdClient): VerifyWire {
  return {
    async sendOtp(verification) {
      if (verification.identifier.kind === 'mobile') throw new AppFailure('NOT_ON_THIS_API', { params: { reason: 'verify-by-mobile' } });
      // Health ID v1 has MOBILE_OTP (auth/init, then confirmWithMobileOTP) but this desk's v1 client confirms only
      // the Aadhaar OTP; the Verify screen offers no choice on v1 (capability `otp-to-abha-mobile`).
      if (verification.otpTo === 'abha-mobile') throw new AppFailure('NOT_ON_THIS_API', { params: { reason: 'otp-to-abha-mobile' } });
      verification.otpSystem = 'aadhaar';
      verification.txnId = (await client.authInit({ authMethod: 'AADHAAR_OTP', healthid: verification.identifier.value })).txnId;
    },
    async resendOtp(verification) {
      await client.resendAuthOtp({ txnId: verification.txnId, authMethod: 'AADHAAR_OTP' });
    },
    async confirm(verification, otp) {
      const jwt = await client.confirmWithAadhaarOtp({ otp, txnId: verification.txnId });
      return { kind: 'token', token: { token: jwt.token, expiresIn: jwt.expiresIn ?? null, refreshToken: null } };
    },
    choose() {
      throw new AppFailure('WRONG_STEP');
    },
  };
}
