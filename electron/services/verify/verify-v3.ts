// Verifying on ABHA v3 (reference/spec/abdm-v3.md §2.5–2.7): an ABHA number with the Aadhaar OTP, as on v1;
// an ABHA address through the PHR login, with the Aadhaar OTP where the account allows it, else the mobile OTP;
// a mobile with the mobile OTP, whose transfer token is turned into the chosen ABHA's X-token.
import type { AbhaV3Client, V3LoginHint, V3LoginResult } from '../../abdm/abha-v3/types';
import type { VerifiedLogin, Verification, VerifyWire } from './verify-wire';

const HINT: Record<'number' | 'mobile', V3LoginHint> = { number: 'abha-number', mobile: 'mobile' };

function asVerified(result: V3LoginResult): VerifiedLogin {
  return result.kind === 'token' ? { kind: 'token', token: result.token } : { kind: 'choose', tToken: result.tToken, accounts: result.accounts };
}

export function verifyOnV3(client: AbhaV3Client): VerifyWire {
  async function sendOtp(verification: Verification): Promise<void> {
    const { kind, value } = verification.identifier;
    if (kind === 'address') {
      const found = await client.addressSearch({ abhaAddress: value });
      const byAadhaar = found.authMethods.includes('AADHAAR_OTP') && !found.blockedAuthMethods.includes('AADHAAR_OTP');
      verification.otpSystem = byAadhaar ? 'aadhaar' : 'abdm';
      verification.txnId = (await client.addressRequestOtp({ abhaAddress: value, otpSystem: verification.otpSystem })).txnId;
      return;
    }
    verification.otpSystem = kind === 'mobile' ? 'abdm' : 'aadhaar';
    verification.txnId = (await client.loginRequestOtp({ loginHint: HINT[kind], value, otpSystem: verification.otpSystem })).txnId;
  }

  return {
    sendOtp,
    // v3 has no resend call: a new OTP request opens a new transaction.
    resendOtp: sendOtp,
    async confirm(verification, otp) {
      const { kind } = verification.identifier;
      const { txnId, otpSystem } = verification;
      if (kind === 'address') return asVerified(await client.addressVerifyOtp({ txnId, otp, otpSystem }));
      return asVerified(await client.loginVerifyOtp({ txnId, otp, loginHint: HINT[kind], otpSystem }));
    },
    choose(verification, abhaNumber) {
      return client.loginChooseAccount({ txnId: verification.txnId, tToken: verification.choice!.tToken, abhaNumber });
    },
  };
}
