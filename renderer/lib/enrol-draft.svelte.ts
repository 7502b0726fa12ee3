// The enrolment in progress. It lives outside the Enrol screen so an operator who leaves for Settings (to
// give a missing client ID) or Today comes back to the same step with nothing retyped. Memory only: the
// Aadhaar number and everything typed are dropped as soon as the ABHA is created, or when the app closes.
import type { EnrolmentResult } from './api';
import type { SentOtp } from './otp-clock';

export const ENROL_STEPS = ['aadhaar', 'aadhaar-otp', 'mobile', 'mobile-otp', 'create', 'done'] as const;
export type EnrolStep = (typeof ENROL_STEPS)[number];

function nothingTyped() {
  return { aadhaar: '', consented: false, aadhaarOtp: '', mobile: '', mobileOtp: '', abhaAddress: '', email: '' };
}

export const enrolDraft = $state({
  step: 'aadhaar' as EnrolStep,
  typed: nothingTyped(),
  flowId: '',
  sent: undefined as SentOtp | undefined,
  result: undefined as EnrolmentResult | undefined,
});

export function forgetTyped(): void {
  enrolDraft.typed = nothingTyped();
}
