// Enrolment on Health ID v1 (reference/spec/healthid-v1.md §3): verifyOTP, then always a mobile OTP, then
// createHealthIdWithPreVerified makes the account (or returns the existing one with `new: false`).
import type { HealthIdClient } from '../../abdm/healthid-v1/types';
import { recognising, V1_AADHAAR_OTP_REFUSALS, V1_ADDRESS_REFUSALS } from './enrolment-refusals';
import type { EnrolmentWire } from './enrolment-wire';

export function enrolmentOnV1(client: HealthIdClient): EnrolmentWire {
  return {
    takesEmail: true,
    async sendAadhaarOtp(aadhaar) {
      return (await recognising(() => client.generateAadhaarOtp({ aadhaar }), V1_AADHAAR_OTP_REFUSALS)).txnId;
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
      const create = () =>
        client.createHealthIdWithPreVerified({
          txnId: enrolment.txnId,
          ...(input.abhaAddress ? { healthId: input.abhaAddress } : {}),
          ...(input.email ? { email: input.email } : {}),
        });
      // HIS-1015 means the address is taken only when one was asked for.
      const account = input.abhaAddress ? await recognising(create, V1_ADDRESS_REFUSALS) : await create();
      return { person: account, token: { token: account.token, expiresIn: null, refreshToken: account.refreshToken ?? null }, isNew: account.new !== false };
    },
  };
}
