// The enrolment in progress, as the screen shows it. It lives outside the Enrol screen so an operator who leaves
// for Settings (to give a missing client ID) or Today comes back to the same step with nothing retyped. The flow
// itself lives in main (enrol.current): after a reload the screen asks main where it was and carries on, with no
// new Aadhaar OTP. Memory only, never renderer storage: the Aadhaar number and everything typed are dropped as soon
// as the ABHA is created, when the patient is closed or the desk sat idle (renderer/lib/patient/close-patient.ts), or when
// the app closes.
import type { OutputOf } from '../../../electron/ipc/contract';
import { findApi } from '../api';
import { received, type SentOtp } from './otp-clock';

/** The steps as the step list shows them; the mobile is typed with the Aadhaar OTP. */
export const ENROL_STEPS = ['aadhaar', 'aadhaar-otp', 'mobile-otp', 'create', 'done'] as const;
type EnrolStep = (typeof ENROL_STEPS)[number];
/**
 * 'done' is not a draft: the finished enrolment is shown by the screen and gone when the operator leaves.
 * 'mobile' asks for the mobile again when its OTP could not be sent; the step list shows it as the mobile OTP.
 */
type DraftStep = Exclude<EnrolStep, 'done'> | 'mobile';

type EnrolmentNow = NonNullable<OutputOf<'enrol.current'>['enrolment']>;

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

/** Clears the Aadhaar number typed on the first step, and the consent given for it. */
export function forgetTypedAadhaar(): void {
  enrolDraft.typed.aadhaar = '';
  enrolDraft.typed.consented = false;
}

/**
 * Drops the enrolment: everything typed (the Aadhaar number among it) and the flow in main with the Aadhaar number
 * main holds until its OTP is verified. For Close patient and the idle close; the call to main is not awaited:
 * nothing on screen depends on it, and calls reach main in the order they are made.
 */
export function forgetDraft(): void {
  clearDraft();
  // Asked even with an empty draft: after a reload main may hold a flow this page has not restored yet.
  void findApi()?.enrol.abandon();
}

/** Drops everything typed once main has finished the flow itself (the ABHA was created or found). */
export function clearDraft(): void {
  Object.assign(enrolDraft, emptyDraft());
}

/** Back to the first step after the operator chose to start over: main's flow ends, what was typed stays. */
export function restartDraft(): void {
  const open = enrolDraft.flowId !== '';
  Object.assign(enrolDraft, { step: 'aadhaar', flowId: '', sent: undefined, suggestions: [] });
  enrolDraft.typed.aadhaarOtp = '';
  enrolDraft.typed.mobileOtp = '';
  if (open) void findApi()?.enrol.abandon();
}

let askedMain = false;

/**
 * Once per page load, when the draft is empty: the enrolment main has open, at its step (the page was reloaded).
 * Resolves true when a step was restored.
 */
export async function restoreDraft(): Promise<boolean> {
  if (askedMain || enrolDraft.flowId !== '') return false;
  askedMain = true;
  const answer = await findApi()?.enrol.current();
  const open = answer?.ok ? answer.value.enrolment : null;
  // Typing may have started while main was asked; a draft under way is the operator's, not replaced.
  if (!open || enrolDraft.flowId !== '' || enrolDraft.typed.aadhaar !== '') return false;
  Object.assign(enrolDraft, stepOf(open));
  enrolDraft.typed.mobile = open.mobile ?? '';
  return true;
}

function stepOf(open: EnrolmentNow): Pick<ReturnType<typeof emptyDraft>, 'step' | 'flowId' | 'sent' | 'suggestions' | 'takesEmail'> {
  const step: DraftStep = open.step === 'address' ? 'create' : open.step;
  return { step, flowId: open.flowId, sent: open.sent ? received(open.sent) : undefined, suggestions: open.suggestions, takesEmail: open.takesEmail };
}
