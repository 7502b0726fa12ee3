// Verifying on ABHA v3 (reference/spec/abdm-v3.md §2.5–2.7): an ABHA number with the Aadhaar OTP, as on v1;
// an ABHA address through the PHR login, with the Aadhaar OTP where the account allows it, else the mobile OTP;
// a mobile with the mobile OTP, whose transfer token is turned into the chosen ABHA's X-token.
import type { AbhaV3Client, V3LoginHint, V3LoginResult } from '../../abdm/abha-v3/types';
import { AppFailure } from '../../shared/errors';
import type { OtpDestination, VerifiedLogin, Verification, VerifyWire } from './verify-wire';

const HINT: Record<'number' | 'mobile', V3LoginHint> = { number: 'abha-number', mobile: 'mobile' };

/**
 * VRFY_ABHA_201: `profile/login/request/otp` with scope ["abha-login","aadhaar-verify"] and otpSystem "aadhaar" sends
 * the OTP to the Aadhaar-linked mobile; ["abha-login","mobile-verify"] with "abdm" to the ABHA's own mobile
 * (reference/spec/abdm-v3.md §2 item 5; the client builds the scope from the OTP system).
 */
const OTP_SYSTEM: Record<OtpDestination, 'aadhaar' | 'abdm'> = { 'aadhaar-mobile': 'aadhaar', 'abha-mobile': 'abdm' };

function asVerified(result: V3LoginResult): VerifiedLogin {
  return result.kind === 'token' ? { kind: 'token', token: result.token } : { kind: 'choose', tToken: result.tToken, accounts: result.accounts };
}

export function verifyOnV3(client: AbhaV3Client): VerifyWire {
  async function sendOtp(verification: Verification): Promise<void> {
    const { kind, value } = verification.identifier;
    const chosen = verification.otpTo;
    if (kind === 'address') {
      const found = await client.addressSearch({ abhaAddress: value });
      const offers = (method: string) => found.authMethods.includes(method) && !found.blockedAuthMethods.includes(method);
      if (chosen) {
        // The clerk's choice, when ABDM offers it for this address; else say so (the other mobile may work).
        if (!offers(chosen === 'aadhaar-mobile' ? 'AADHAAR_OTP' : 'MOBILE_OTP')) throw new AppFailure('OTP_DESTINATION_UNAVAILABLE', { params: { via: chosen } });
        verification.otpSystem = OTP_SYSTEM[chosen];
      } else verification.otpSystem = offers('AADHAAR_OTP') ? 'aadhaar' : 'abdm';
      verification.txnId = (await client.addressRequestOtp({ abhaAddress: value, otpSystem: verification.otpSystem })).txnId;
      return;
    }
    // A mobile's OTP goes to that mobile; an ABHA number's to the Aadhaar-linked mobile unless the clerk chose the ABHA's.
    verification.otpSystem = kind === 'mobile' ? 'abdm' : OTP_SYSTEM[chosen ?? 'aadhaar-mobile'];
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
