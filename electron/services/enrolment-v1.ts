// Enrolment on Health ID v1 (reference/spec/healthid-v1.md §3): verifyOTP, then always a mobile OTP, then
// createHealthIdWithPreVerified makes the account (or returns the existing one with `new: false`).
import type { HealthIdClient } from '../abdm/healthid-types';
import type { EnrolmentWire } from './enrolment-wire';

export function enrolmentOnV1(client: HealthIdClient): EnrolmentWire {
  return {
    takesEmail: true,
    async sendAadhaarOtp(aadhaar) {
      return (await client.generateAadhaarOtp({ aadhaar })).txnId;
    },
    async verifyAadhaarOtp(enrolment, otp) {
      enrolment.txnId = (await client.verifyAadhaarOtp({ otp, txnId: enrolment.txnId })).txnId;
      return 'send-mobile-otp';
    },
    async sendMobileOtp(enrolment, mobile) {
      return (await client.generateMobileOtp({ mobile, txnId: enrolment.txnId })).txnId;
    },
    async verifyMobileOtp(enrolment, otp) {
      enrolment.txnId = (await client.verifyMobileOtp({ otp, txnId: enrolment.txnId })).txnId;
    },
    // v1 has no suggestion call: an empty address lets ABDM make one from the ABHA number.
    suggestions: async () => [],
    async create(enrolment, input) {
      const account = await client.createHealthIdWithPreVerified({
        txnId: enrolment.txnId,
        ...(input.abhaAddress ? { healthId: input.abhaAddress } : {}),
        ...(input.email ? { email: input.email } : {}),
      });
      return { person: account, token: { token: account.token, expiresIn: null, refreshToken: account.refreshToken ?? null }, isNew: account.new !== false };
    },
  };
}
