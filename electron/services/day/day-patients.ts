// The patients the desk was shown, kept in the encrypted database so a clerk finds them again on Today: named in
// the day's log and reopened (profile as fetched) without a new OTP, also after the ABHA session ended or the app
// restarted. Every profile main shows passes through keep() (ipc/shown-patients.ts); each is erased
// DAY_PATIENT_RETENTION_DAYS after it was last fetched from ABDM.
import type { DayPatientStore } from '../../store/desk/day-patients';
import { AppFailure } from '../../shared/errors';
import type { PatientView } from '../abha/patient-view';

/** How long a profile stays after it was last fetched; docs/storage.md and docs/decisions.md say why 7. */
export const DAY_PATIENT_RETENTION_DAYS = 7;
const DAY_MS = 86_400_000;

/** A profile from the database, and when ABDM gave it. */
export interface KeptPatient {
  patient: PatientView;
  fetchedAt: string;
}

/** What Today shows of a patient beside the audit log: enough to recognise and search, never an Aadhaar number. */
export interface DayPatientName {
  abhaNumber: string;
  abhaAddress: string;
  name: string;
  mobile: string | null;
}

export class DayPatients {
  constructor(
    private readonly store: DayPatientStore<PatientView>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Keeps the profile ABDM just gave (enrolment, verification, profile read). */
  keep(patient: PatientView): void {
    this.sweep();
    const { abhaNumber, abhaAddress, name } = patient;
    this.store.keep({ abhaNumber, abhaAddress, name, profile: patient, fetchedAt: this.isoNow() });
  }

  /** The kept profile of this ABHA number; NOT_FOUND once erased (or never shown on this desk). */
  open(input: { abhaNumber: string }): KeptPatient {
    this.sweep();
    const kept = this.store.get(input.abhaNumber);
    if (!kept) throw new AppFailure('NOT_FOUND');
    return { patient: kept.profile, fetchedAt: kept.fetchedAt };
  }

  /** The kept patients with these ABHA numbers or addresses. */
  names(abhaNumbers: readonly string[], abhaAddresses: readonly string[]): DayPatientName[] {
    this.sweep();
    return this.store.find(abhaNumbers, abhaAddresses).map(({ profile }) => ({
      abhaNumber: profile.abhaNumber,
      abhaAddress: profile.abhaAddress,
      name: profile.name,
      mobile: profile.mobile,
    }));
  }

  /** Erases the profiles fetched more than the retention ago; run before every read and write, and at start. */
  sweep(): number {
    return this.store.eraseFetchedBefore(new Date(this.now() - DAY_PATIENT_RETENTION_DAYS * DAY_MS).toISOString());
  }

  private isoNow(): string {
    return new Date(this.now()).toISOString();
  }
}
