// The patient at the desk right now, shared by Enrol, Verify, Patient and Today. Only what main returned is held:
// no Aadhaar number and no ABHA token ever reach this state.
import type { AppError, PatientView } from '../api';
import { api } from '../app-state.svelte';
import { openScreen } from '../navigation.svelte';

/** Why the last patient left the window: the clerk closed them, or the window sat idle this many minutes. */
export type CloseReason = { by: 'clerk' } | { by: 'idle'; minutes: number };

/** A patient opened from Today: the profile is the one kept in the database, fetched from ABDM at `fetchedAt`. */
export interface FromDay {
  abhaNumber: string;
  fetchedAt: string;
}

export const desk = $state({
  patient: undefined as PatientView | undefined,
  /** Set while the patient shown was opened from Today rather than fetched just now. */
  fromDay: undefined as FromDay | undefined,
  /** What Verify starts with when a screen sends the operator there to verify a patient again. */
  verifyPrefill: '',
  /** How the last patient was closed, for the status line that says so; cleared when the next one is held. */
  closed: undefined as CloseReason | undefined,
});

export function openPatient(patient: PatientView): Promise<void> {
  desk.patient = patient;
  desk.fromDay = undefined;
  return openScreen('patient');
}

/** Opens a patient of the day's list from the database (no OTP); the failure, if any, for the screen to show. */
export async function openFromDay(abhaNumber: string): Promise<AppError | undefined> {
  const result = await api().patient.openFromDay({ abhaNumber });
  if (!result.ok) return result.error;
  desk.patient = result.value.patient;
  desk.fromDay = { abhaNumber, fetchedAt: result.value.fetchedAt };
  await openScreen('patient');
  return undefined;
}

/** When the profile shown was kept from an earlier fetch: that fetch's time; undefined for one fetched just now. */
export function keptFetchedAt(patient: PatientView): string | undefined {
  return desk.fromDay?.abhaNumber === patient.abhaNumber ? desk.fromDay.fetchedAt : undefined;
}

export function verifyAgain(patient: PatientView): Promise<void> {
  desk.verifyPrefill = patient.abhaAddress || patient.abhaNumber;
  return openScreen('verify');
}
