// Enrolment on ABHA v3 (reference/spec/abdm-v3.md §2): enrol/byAadhaar verifies the Aadhaar OTP and creates the
// account in one call, or finds the one this Aadhaar already has (`isNew: false`). A mobile OTP follows only
// when the mobile typed is not the Aadhaar-linked one; the address is then chosen from ABDM's suggestions or
// typed, and set on the account that already exists.
import type { AbhaV3Client } from '../../abdm/abha-v3/types';
import { recognising, V3_AADHAAR_OTP_REFUSALS, V3_ADDRESS_REFUSALS } from './enrolment-refusals';
import type { EnrolmentWire } from './enrolment-wire';

export function enrolmentOnV3(client: AbhaV3Client): EnrolmentWire {
  return {
    takesEmail: false,
    async sendAadhaarOtp(aadhaar) {
      return (await recognising(() => client.enrolRequestAadhaarOtp({ aadhaar }), V3_AADHAAR_OTP_REFUSALS)).txnId;
    },
    async verifyAadhaarOtp(enrolment, otp, mobile) {
      const enrolled = await client.enrolByAadhaar({ txnId: enrolment.txnId, otp, mobile });
      enrolment.txnId = enrolled.txnId;
      const preferred = enrolled.person.healthId ?? enrolled.abhaAddresses[0] ?? null;
      enrolment.account = { person: { ...enrolled.person, healthId: preferred }, token: enrolled.token, isNew: enrolled.isNew };
      if (!enrolled.isNew) return 'existing';
      return enrolled.verifiedMobile ? 'address' : 'send-mobile-otp';
    },
    async sendMobileOtp(enrolment, mobile) {
      return (await client.enrolRequestMobileOtp({ txnId: enrolment.txnId, mobile })).txnId;
    },
    async verifyMobileOtp(enrolment, otp) {
      enrolment.txnId = (await client.enrolVerifyMobileOtp({ txnId: enrolment.txnId, otp })).txnId;
      if (enrolment.account && enrolment.mobile) enrolment.account.person = { ...enrolment.account.person, mobile: enrolment.mobile };
    },
    suggestions: (enrolment) => client.addressSuggestions({ txnId: enrolment.txnId }),
    async create(enrolment, input) {
      const account = enrolment.account!;
      if (!input.abhaAddress) return account;
      const abhaAddress = input.abhaAddress;
      const set = await recognising(() => client.enrolAbhaAddress({ txnId: enrolment.txnId, abhaAddress }), V3_ADDRESS_REFUSALS);
      return { ...account, person: { ...account.person, healthId: set.abhaAddress } };
    },
  };
}
