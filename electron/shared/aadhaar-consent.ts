// The consent the operator reads to the patient before an Aadhaar OTP is sent. The words are ABDM's six
// assisted-enrolment clauses in electron/shared/assisted-enrolment-consent.ts (one file a clinic can replace with
// ABDM's exact text); this names which wording and language were read, so the audit log can say what the patient
// agreed to. Version '1' was the single paragraph of 'enrol.consent.text' before issue 25.
import { ASSISTED_ENROLMENT_CONSENT } from './assisted-enrolment-consent';

export const AADHAAR_CONSENT_TEXT_VERSION = ASSISTED_ENROLMENT_CONSENT.version;

/** What the audit log keeps of the operator's attestation: never the Aadhaar number, only its masked form. */
export interface ConsentRecord {
  maskedAadhaar: string;
  textVersion: string;
  language: 'en' | 'hi';
}
