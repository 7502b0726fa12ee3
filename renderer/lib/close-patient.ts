// "Close patient" on a shared desk: everything about the patient leaves the window, so the next clerk or patient
// at the desk sees none of it. Done by the clerk (PatientBar) or by itself after the window sat idle (idle-close.ts).
// The profile stays in main's database for Today, and the card stays held for reprinting: closing is about the
// screen, not the record.
import { language } from './app-state.svelte';
import { desk } from './desk.svelte';
import { enrolDraft, forgetDraft } from './enrol-draft.svelte';
import { fill, translate } from './i18n';
import { navigation, openScreen } from './navigation.svelte';
import { changePatient, recordsDesk } from './records-desk.svelte';
import type { ScreenId } from './screens';

/** Screens that show a patient, or a patient's enrolment or verification in progress; closing leaves them for Today. */
const PATIENT_SCREENS: readonly ScreenId[] = ['enrol', 'verify', 'patient', 'records'];

/** The patient's name as the window shows it, '' for an enrolment still in progress, or null when nothing is held. */
export function patientInWindow(): string | null {
  if (desk.patient) return desk.patient.name;
  if (recordsDesk.patient) return recordsDesk.patient.name;
  return enrolDraft.step !== 'aadhaar' || enrolDraft.typed.aadhaar !== '' ? '' : null;
}

export type CloseReason = { by: 'clerk' } | { by: 'idle'; minutes: number };

export async function closePatient(reason: CloseReason): Promise<void> {
  desk.patient = undefined;
  desk.fromDay = undefined;
  desk.verifyPrefill = '';
  changePatient();
  // The enrolment draft holds what was typed, the Aadhaar number among it.
  forgetDraft();
  desk.closedNote = closedNote(reason);
  // Leaving the screen also drops what it held by itself (Verify's step, Enrol's result). Settings and Today show no
  // patient, and Settings may hold unsaved edits: they stay.
  if (PATIENT_SCREENS.includes(navigation.current)) await openScreen('today');
}

function closedNote(reason: CloseReason): string {
  const lang = language();
  if (reason.by === 'clerk') return translate(lang, 'patientBar.closed');
  if (reason.minutes === 1) return translate(lang, 'patientBar.idleClosedOne');
  return fill(translate(lang, 'patientBar.idleClosed'), { minutes: reason.minutes });
}
