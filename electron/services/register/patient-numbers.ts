// The clinic's own patient numbers: Settings' prefix and a sequence of at least six digits (OPD-000123). The sequence
// is the register's (store/register/), one for the clinic's desk database whatever the prefix, and never reused: a
// changed prefix starts no new count, so no two registrations ever share the digits either.

/** The prefix while Settings has none (a clinic may set an empty one: numbers alone). */
export const DEFAULT_PATIENT_NUMBER_PREFIX = 'OPD-';
const DIGITS = 6;

export function formatPatientNumber(prefix: string | undefined, seq: number): string {
  return `${prefix ?? DEFAULT_PATIENT_NUMBER_PREFIX}${String(seq).padStart(DIGITS, '0')}`;
}
