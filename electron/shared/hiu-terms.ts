// The ABDM vocabulary of consents (reference/spec/gateway-v05.md §6): health-information types and purposes of
// use. Pure, so the IPC contract, the services and the record screens share one list.

// Gateway v0.5's HITypeEnum has the first seven; HIE-CM v3's has eight, adding Invoice (NRCeS InvoiceRecord). Which
// ones a desk may ask for is a capability of its API (`invoice-records`, electron/abdm/gateway/capabilities.ts).
export const HI_TYPES = ['OPConsultation', 'Prescription', 'DischargeSummary', 'DiagnosticReport', 'ImmunizationRecord', 'HealthDocumentRecord', 'WellnessRecord', 'Invoice'] as const;
export type HiType = (typeof HI_TYPES)[number];

/** The HI types every generation knows; `Invoice` only where the desk `supports('invoice-records')`. */
export const HI_TYPES_EVERYWHERE: readonly HiType[] = HI_TYPES.filter((type) => type !== 'Invoice');

/** The HI types a desk may ask for, given whether its API knows invoices. */
export function hiTypesOffered(invoices: boolean): readonly HiType[] {
  return invoices ? HI_TYPES : HI_TYPES_EVERYWHERE;
}

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
