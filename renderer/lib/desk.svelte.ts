// The patient at the desk right now, shared by Enrol, Verify and Patient. Only what main returned is held:
// no Aadhaar number and no ABHA token ever reach this state.
import type { PatientView } from './api';
import { openScreen } from './navigation.svelte';

export const desk = $state({
  patient: undefined as PatientView | undefined,
  /** What Verify starts with when a screen sends the operator there to verify a patient again. */
  verifyPrefill: '',
});

export function openPatient(patient: PatientView): Promise<void> {
  desk.patient = patient;
  return openScreen('patient');
}

export function verifyAgain(patient: PatientView): Promise<void> {
  desk.verifyPrefill = patient.abhaAddress || patient.abhaNumber;
  return openScreen('verify');
}
