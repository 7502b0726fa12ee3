// The audit log says which consent wording a patient agreed to by its version number, so the wording of a version
// must never change. Changing the text means a new version in electron/shared/assisted-enrolment-consent.ts and its
// hash here. Version '1' (before issue 25) was a single paragraph, 'enrol.consent.text' of the renderer's words,
// whose hash was 1a59e4896a8deca588bde3be201e03249a942e13892be77a1259c17cee034683.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AADHAAR_CONSENT_TEXT_VERSION } from '../../../electron/shared/aadhaar-consent';
import { ASSISTED_ENROLMENT_CONSENT, consentClauses } from '../../../electron/shared/assisted-enrolment-consent';

// SHA-256 of the English clauses, a newline, and the Hindi clauses (each list joined by newlines), per version shipped.
const WORDING_OF_VERSION: Record<string, string> = {
  '2': 'adae8a80e568d42ec8c4c9a880eddfe182df817cd126ed3a42511cca285bbc7f',
};

const wordingHash = () =>
  createHash('sha256')
    .update(`${ASSISTED_ENROLMENT_CONSENT.clauses.en.join('\n')}\n${ASSISTED_ENROLMENT_CONSENT.clauses.hi.join('\n')}`)
    .digest('hex');

describe('the consent read at Enrol (CRT_ABHA_102)', () => {
  it('the audit names the wording by the consent file’s version', () => {
    expect(AADHAAR_CONSENT_TEXT_VERSION).toBe(ASSISTED_ENROLMENT_CONSENT.version);
  });

  it('keeps the consent wording of the current version exactly as it was shipped', () => {
    expect(wordingHash(), 'the consent text changed: give it a new version and record its hash here').toBe(WORDING_OF_VERSION[AADHAAR_CONSENT_TEXT_VERSION]);
  });

  it('has ABDM’s six clauses in English and in Hindi, the operator named in the fifth only', () => {
    for (const language of ['en', 'hi'] as const) {
      const clauses = ASSISTED_ENROLMENT_CONSENT.clauses[language];
      expect(clauses).toHaveLength(6);
      for (const clause of clauses) expect(clause.trim().length).toBeGreaterThan(40);
      expect(clauses.map((clause) => clause.includes('{operator}'))).toEqual([false, false, false, false, true, false]);
    }
    // Hindi is Hindi: Devanagari in every clause.
    for (const clause of ASSISTED_ENROLMENT_CONSENT.clauses.hi) expect(clause).toMatch(/[\u0900-\u097F]/);
  });

  it('reads the operator’s name into the attestation, or the words for “not set”', () => {
    expect(consentClauses('en', '  Meena Rao ', '[not set]')[4]).toMatch(/^I, Meena Rao, the operator at this desk, confirm/);
    expect(consentClauses('hi', 'मीना राव', '[not set]')[4]).toMatch(/^मैं, मीना राव, इस डेस्क का ऑपरेटर/);
    expect(consentClauses('en', ' ', '[not set]')[4]).toContain('I, [not set], the operator');
  });

  it('covers what each of ABDM’s clauses covers, in order', () => {
    const [aadhaar, linking, sharing, anonymous, operator, patient] = ASSISTED_ENROLMENT_CONSENT.clauses.en;
    expect(aadhaar).toMatch(/Aadhaar number \(or Virtual ID\)/);
    expect(aadhaar).toMatch(/UIDAI/);
    expect(aadhaar).toMatch(/Aadhaar Act, 2016/);
    expect(aadhaar).toMatch(/e-KYC/);
    expect(linking).toMatch(/link my earlier government health records/);
    expect(sharing).toMatch(/shared with the doctors, hospitals and labs that treat me during this visit/);
    expect(anonymous).toMatch(/public health/);
    expect(operator).toMatch(/explained each of the points above to the patient/);
    expect(patient).toMatch(/I, the patient, .* give my consent/);
  });
});
