import type { AbdmGender } from '../../fhir/fhir-types';
import type { HiType } from '../../fhir/ig-catalog';

// The consent manager's seeded world: demo HIPs, demo patients (ABHA addresses in the
// sandbox CM "sbx") and the care contexts each HIP holds for them. Fictitious people.

export interface DemoHip {
  id: string;
  name: string;
  practitioner: { name: string; registrationNumber: string };
  /** How this HIP writes its public key: raw point, or X.509 like the Java/C# reference HIPs. */
  keyFormat: 'raw' | 'x509';
}

export interface DemoCareContext {
  hipId: string;
  patientReference: string;
  careContextReference: string;
  display: string;
  /** When the visit happened (ISO); consent date ranges are matched against it. */
  date: string;
  hiTypes: HiType[];
}

/** Seeded visits are dated relative to the sandbox's clock, so "the last year" always finds them. */
export type SeedCareContext = Omit<DemoCareContext, 'date'> & { daysAgo: number };

export interface DemoPatient {
  id: string;
  name: string;
  gender: AbdmGender;
  yearOfBirth: number;
  birthDate: string;
  mobile: string;
  careContexts: SeedCareContext[];
}

export const CONSENT_MANAGER_ID = 'sbx';

export const DEMO_HIPS: DemoHip[] = [
  { id: 'HIP-CITYCLINIC-PUNE', name: 'City Clinic, Pune', practitioner: { name: 'Dr. Kavita Joshi', registrationNumber: 'MMC-2009-04512' }, keyFormat: 'raw' },
  { id: 'HIP-SUNRISE-LABS', name: 'Sunrise Diagnostics', practitioner: { name: 'Dr. Arun Menon', registrationNumber: 'KMC-2012-11873' }, keyFormat: 'raw' },
  { id: 'HIP-DH-NASHIK', name: 'District Hospital, Nashik', practitioner: { name: 'Dr. Farhan Shaikh', registrationNumber: 'MMC-2004-01968' }, keyFormat: 'x509' },
];

export const DEMO_PATIENTS: DemoPatient[] = [
  {
    // Also a Health ID training account (training-identities.ts): its demographics come from there.
    id: 'asha.verma@sbx',
    name: 'Asha Devi Verma',
    gender: 'F',
    yearOfBirth: 1988,
    birthDate: '1988-07-14',
    mobile: '+919812345670',
    careContexts: [
      { hipId: 'HIP-CITYCLINIC-PUNE', patientReference: 'CCP-10231', careContextReference: 'OPD-0042', display: 'OPD visit, hypertension review', daysAgo: 20, hiTypes: ['OPConsultation', 'Prescription'] },
      { hipId: 'HIP-SUNRISE-LABS', patientReference: 'SDL-55190', careContextReference: 'LAB-7781', display: 'Complete blood count', daysAgo: 18, hiTypes: ['DiagnosticReport'] },
      { hipId: 'HIP-DH-NASHIK', patientReference: 'DHN-88412', careContextReference: 'IPD-1190', display: 'Admission, chest pain', daysAgo: 180, hiTypes: ['DischargeSummary'] },
    ],
  },
  {
    id: 'rohan.desai@sbx',
    name: 'Rohan Desai',
    gender: 'M',
    yearOfBirth: 1975,
    birthDate: '1975-11-02',
    mobile: '+919800000102',
    careContexts: [
      { hipId: 'HIP-CITYCLINIC-PUNE', patientReference: 'CCP-10877', careContextReference: 'VAC-0310', display: 'Vaccination visit', daysAgo: 120, hiTypes: ['ImmunizationRecord'] },
      { hipId: 'HIP-CITYCLINIC-PUNE', patientReference: 'CCP-10877', careContextReference: 'WEL-0088', display: 'Annual wellness check', daysAgo: 60, hiTypes: ['WellnessRecord'] },
      { hipId: 'HIP-SUNRISE-LABS', patientReference: 'SDL-60211', careContextReference: 'DOC-0012', display: 'Scanned referral letter', daysAgo: 10, hiTypes: ['HealthDocumentRecord'] },
    ],
  },
  {
    id: 'meena.iyer@sbx',
    name: 'Meena Iyer',
    gender: 'F',
    yearOfBirth: 1962,
    birthDate: '1962-07-25',
    mobile: '+919800000103',
    careContexts: [
      { hipId: 'HIP-DH-NASHIK', patientReference: 'DHN-90017', careContextReference: 'IPD-0207', display: 'Admission, diabetic foot care', daysAgo: 45, hiTypes: ['DischargeSummary', 'DiagnosticReport'] },
      { hipId: 'HIP-CITYCLINIC-PUNE', patientReference: 'CCP-11502', careContextReference: 'OPD-0117', display: 'OPD follow-up', daysAgo: 30, hiTypes: ['OPConsultation', 'Prescription', 'WellnessRecord'] },
    ],
  },
  {
    // A patient with a bill: the v3 HI type Invoice (a v0.5 consent manager never grants it, so on v0.5 only the
    // consultation arrives).
    id: 'kiran.rao@sbx',
    name: 'Kiran Rao',
    gender: 'M',
    yearOfBirth: 1991,
    birthDate: '1991-02-09',
    mobile: '+919800000104',
    careContexts: [
      { hipId: 'HIP-CITYCLINIC-PUNE', patientReference: 'CCP-12040', careContextReference: 'OPD-0451', display: 'OPD visit, fever, with bill', daysAgo: 5, hiTypes: ['OPConsultation', 'Invoice'] },
    ],
  },
];

export function findDemoHip(id: string): DemoHip | undefined {
  return DEMO_HIPS.find((hip) => hip.id === id);
}
