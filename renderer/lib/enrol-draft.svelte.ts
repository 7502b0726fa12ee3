// The enrolment in progress. It lives outside the Enrol screen so an operator who leaves for Settings (to
// give a missing client ID) or Today comes back to the same step with nothing retyped. Memory only: the
// Aadhaar number and everything typed are dropped as soon as the ABHA is created, or when the app closes.
import type { SentOtp } from './otp-clock';

export const ENROL_STEPS = ['aadhaar', 'aadhaar-otp', 'mobile', 'mobile-otp', 'create', 'done'] as const;
type EnrolStep = (typeof ENROL_STEPS)[number];
/** 'done' is not a draft: the finished enrolment is shown by the screen and gone when the operator leaves. */
type DraftStep = Exclude<EnrolStep, 'done'>;

function emptyDraft() {
  return {
    step: 'aadhaar' as DraftStep,
    typed: { aadhaar: '', consented: false, aadhaarOtp: '', mobile: '', mobileOtp: '', abhaAddress: '', email: '' },
    flowId: '',
    sent: undefined as SentOtp | undefined,
  };
}

export const enrolDraft = $state(emptyDraft());

export function forgetDraft(): void {
  Object.assign(enrolDraft, emptyDraft());
}
