// The enrolment in progress. It lives outside the Enrol screen so an operator who leaves for Settings (to
// give a missing client ID) or Today comes back to the same step with nothing retyped. Memory only: the
// Aadhaar number and everything typed are dropped as soon as the ABHA is created, or when the app closes.
import type { SentOtp } from './otp-clock';

/** The steps as the step list shows them; the mobile is typed with the Aadhaar OTP. */
export const ENROL_STEPS = ['aadhaar', 'aadhaar-otp', 'mobile-otp', 'create', 'done'] as const;
type EnrolStep = (typeof ENROL_STEPS)[number];
/**
 * 'done' is not a draft: the finished enrolment is shown by the screen and gone when the operator leaves.
 * 'mobile' asks for the mobile again when its OTP could not be sent; the step list shows it as the mobile OTP.
 */
type DraftStep = Exclude<EnrolStep, 'done'> | 'mobile';

function emptyDraft() {
  return {
    step: 'aadhaar' as DraftStep,
    typed: { aadhaar: '', consented: false, aadhaarOtp: '', mobile: '', mobileOtp: '', abhaAddress: '', email: '' },
    flowId: '',
    sent: undefined as SentOtp | undefined,
    /** ABHA addresses ABDM suggests for this patient, and whether an e-mail may be given with the address. */
    suggestions: [] as string[],
    takesEmail: true,
  };
}

export const enrolDraft = $state(emptyDraft());

export function forgetDraft(): void {
  Object.assign(enrolDraft, emptyDraft());
}
