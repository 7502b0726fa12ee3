// What the Counter screen is shown of the profiles shared at the clinic's counters (Scan & Share), in the desk's words.
// The service that fills it is counter-shares.ts; the IPC contract passes these types to the page.

/** waiting: token handed out, not registered yet; registered; expired: its 30 minutes passed unregistered; failed: no token (another HIP's share, not a share, no counter). */
export type ShareStatus = 'waiting' | 'registered' | 'expired' | 'failed';

/** The sharing patient as the share claims them (not verified). */
export interface SharedPatient {
  name: string | null;
  gender: string | null;
  dayOfBirth: number | null;
  monthOfBirth: number | null;
  yearOfBirth: number | null;
  abhaAddress: string | null;
  abhaNumber: string | null;
  /** The mobile, kept whole for the register; the board shows only its last digits. */
  mobile: string | null;
  addressLine: string | null;
  district: string | null;
  state: string | null;
  pincode: string | null;
}

export interface ShareView {
  /** The desk's own id of the share (a UUID), never ABDM's request id. */
  id: string;
  counterId: string | null;
  /** The token handed to the patient's phone; null when none was (failed, or no desk was connected: `late`). */
  tokenNumber: number | null;
  /** When the share came (ISO), and until when its token holds (ISO; null without a token). */
  sharedAt: string;
  validUntil: string | null;
  status: ShareStatus;
  /** Kept at the clinic's relay while no desk was connected: the patient's phone got no token. */
  late: boolean;
  /** Why it failed, as a word the screen translates (`other-hip`, `not-a-profile-share`, `no-abha-address`, `no-counter`). */
  problem: string | null;
  patient: SharedPatient;
  /** The clinic's patient number once registered (OPD-000123). */
  registeredAs: string | null;
}

/** What the patient register reads of a share, and tells it back: implemented by the counter's service. */
export interface CounterSharesPort {
  share(id: string): ShareView | null;
  /** The share's patient was registered under this number: the board shows it registered. */
  markRegistered(id: string, patientNumber: string): void;
}
