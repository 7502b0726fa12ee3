// "Close patient" on a shared desk: everything about the patient leaves the window, so the next clerk or patient
// at the desk sees none of it. Done by the clerk (PatientBar) or by itself after the window sat idle (idle-close.ts).
// The profile stays in main's database for Today, and the card stays held for reprinting: closing is about the
// screen, not the record.
import { t, tf } from '../app-state.svelte';
import { desk, type CloseReason } from './desk.svelte';
import { enrolDraft, forgetDraft } from './enrol-draft.svelte';
import { navigation, openScreen } from '../navigation.svelte';
import { changePatient, recordsDesk } from '../records/records-desk.svelte';
import type { ScreenId } from '../screens';
import { verification } from './verify-progress.svelte';

/** Screens that show a patient, or a patient's enrolment or verification in progress; closing leaves them for Today. */
const PATIENT_SCREENS: readonly ScreenId[] = ['enrol', 'verify', 'patient', 'records'];

/**
 * The patient's name as the window shows it, '' for an enrolment or a verification still in progress (no name yet),
 * or null when nothing is held.
 */
export function patientInWindow(): string | null {
  if (desk.patient) return desk.patient.name;
  if (recordsDesk.patient) return recordsDesk.patient.name;
  const enrolling = enrolDraft.step !== 'aadhaar' || enrolDraft.typed.aadhaar !== '';
  return enrolling || verification.inProgress ? '' : null;
}

export async function closePatient(reason: CloseReason): Promise<void> {
  desk.patient = undefined;
  desk.fromDay = undefined;
  desk.verifyPrefill = '';
  changePatient();
  // The enrolment draft holds what was typed, the Aadhaar number among it.
  forgetDraft();
  desk.closed = reason;
  // Leaving the screen also drops what it held by itself (Verify's step and its login in main, Enrol's result). Settings and Today show no
  // patient, and Settings may hold unsaved edits: they stay.
  if (PATIENT_SCREENS.includes(navigation.current)) await openScreen('today');
}

/** The status line after a close, in the desk's language (reactive like t()). */
export function closedText(reason: CloseReason | undefined): string {
  if (!reason) return '';
  if (reason.by === 'clerk') return t('patientBar.closed');
  return reason.minutes === 1 ? t('patientBar.idleClosedOne') : tf('patientBar.idleClosed', { minutes: reason.minutes });
}
