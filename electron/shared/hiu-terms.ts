// The ABDM vocabulary of consents (reference/spec/gateway-v05.md §6): health-information types and purposes of
// use. Pure, so the IPC contract, the services and the record screens share one list.

export const HI_TYPES = ['OPConsultation', 'Prescription', 'DischargeSummary', 'DiagnosticReport', 'ImmunizationRecord', 'HealthDocumentRecord', 'WellnessRecord'] as const;
export type HiType = (typeof HI_TYPES)[number];

export const PURPOSE_CODES = ['CAREMGT', 'BTG', 'PUBHLTH', 'HPAYMT', 'DSRCH', 'PATRQT'] as const;
export type PurposeCode = (typeof PURPOSE_CODES)[number];

/** The purposes' names as the HL7 v3 PurposeOfUse value set and ABDM's consent manager show them. */
const PURPOSE_TEXT: Record<PurposeCode, string> = {
  CAREMGT: 'Care Management',
  BTG: 'Break the Glass',
  PUBHLTH: 'Public Health',
  HPAYMT: 'Healthcare Payment',
  DSRCH: 'Disease Specific Healthcare Research',
  PATRQT: 'Self Requested',
};

/** The `purpose` object of a consent or subscription request. */
export function purposeOf(code: PurposeCode): { text: string; code: PurposeCode; refUri: string } {
  return { text: PURPOSE_TEXT[code], code, refUri: 'http://terminology.hl7.org/ValueSet/v3-PurposeOfUse' };
}
