// The patient the Records screens work for, and which part is open. It lives outside the screen so an operator
// who leaves for Settings (to name the requesting doctor) comes back to the same patient. Memory only.
import { api } from '../app-state.svelte';
import type { KycPatient } from './records-terms';

export type RecordsPart = 'ask' | 'requests' | 'records';
export type PatientStatus = 'ACTIVE' | 'DEACTIVATED' | 'DELETED';

export const recordsDesk = $state({
  /** The patient the consent manager confirmed (KYC), or undefined while finding one. */
  patient: undefined as KycPatient | undefined,
  part: 'requests' as RecordsPart,
  /** The consent request whose details and timeline are open. */
  openRequest: undefined as string | undefined,
  /** The record whose view is open. */
  openRecord: undefined as string | undefined,
  /** What ABDM last said about each patient (lower-case ABHA address), from the engine's events. */
  status: {} as Record<string, PatientStatus>,
});

let listening = false;

/** Follows the engine's patients.statusChanged events, once for the page. */
export function followPatientStatus(): void {
  if (listening) return;
  listening = true;
  api().on('patients.statusChanged', ({ patientId, status }) => {
    const id = patientId.toLowerCase();
    recordsDesk.status[id] = status === 'DELETED' ? 'DELETED' : status === 'DEACTIVATED' ? 'DEACTIVATED' : 'ACTIVE';
  });
}

export function confirmPatient(patient: KycPatient): void {
  recordsDesk.patient = patient;
  recordsDesk.part = 'ask';
  recordsDesk.openRequest = undefined;
  recordsDesk.openRecord = undefined;
}

export function changePatient(): void {
  recordsDesk.patient = undefined;
  recordsDesk.openRequest = undefined;
  recordsDesk.openRecord = undefined;
}
