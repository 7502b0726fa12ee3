// The consent the operator reads to the patient before an Aadhaar OTP is sent. The words live in the renderer's
// translations ('enrol.consent.text'); this names which wording it was, so the audit log can say what the
// patient agreed to. Change the words only together with this version (test/unit/shared/aadhaar-consent.test.ts
// pins the text of each version).
export const AADHAAR_CONSENT_TEXT_VERSION = '1';

/** What the audit log keeps of the operator's attestation: never the Aadhaar number, only its masked form. */
export interface ConsentRecord {
  maskedAadhaar: string;
  textVersion: string;
  language: 'en' | 'hi';
}
