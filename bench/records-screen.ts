// The Records screens with a large patient, in Debian Chromium against web mode: 10,000 FHIR resources in 200 stored
// records for meena.iyer@sbx. Targets (docs/performance.md): the record list opens in < 500 ms, any one record opens
// in < 100 ms. (The renderer's first-load JS, ≤ 45 KB gzip with every screen but Today loaded on demand, is weighed by
// bench/front-desk.ts.)
//
// Data: 200 IG document bundles made here with the sandbox's own record builders (sandbox/fhir/records/*.ts, put
// together by sandbox/fhir/document-bundle.ts), each enlarged with more of what a real record of its type carries
// (lab panels with reference ranges, vitals, medicines, diagnoses, procedures, vaccine doses, scanned pages) so the 200
// hold exactly 10,000 resources: 50 a record on average, from about 10 (a prescription, a scan) to about 160 (a
// discharge summary with daily labs and charting). Seven HI types, five HIPs, about 125 visits (care contexts) over six
// years; reports and scanned documents carry their PDF, as the sandbox HIP's do. The same mix and values every run.
//
// Seeding: through the real stores, the way HealthInformationService.storeEntries stores a pushed entry (bundleFacts
// for the HI type and date, sealed with the records key, HealthRecordStore.addRecord, 5 entries to a page), under a
// granted consent request with one fetched artefact and one ended transfer per HIP (ConsentStore,
// HealthRecordStore). It opens the app's database file with the same in-memory keychain driver that the web server is
// then started with, in this process: the memory keychain holds the database and records keys only while the process
// lives. Pushing 200 records through the simulator would mostly time its encryption, which bench/records.ts covers.
//
// Method: the page is driven to the patient untimed (Settings: the requesting doctor; Records: find meena.iyer, OTP
// 123456 to her mobile, through the embedded training simulator). The screen reads her requests and records once,
// when she is confirmed. Every timing is then taken inside the page (performance.now and a MutationObserver, the
// click made by the page itself), so Playwright's round trips are not counted:
// - list: a click on "Records (200)" → all 200 `li[data-record-id]` in `[data-testid="records-visits"]`, then the next
//   frame (requestAnimationFrame, then a task: the frame that shows them has been made). 11 openings, back to the
//   Requests part in between; the target is on the median, the max is printed too.
// - record: a click on a record's button in the list → `[data-testid="record-view"][data-state="ready"]`
//   (RecordView's contract: its content is drawn), then the next frame. 20 records: the largest of each HI type (the
//   worst case of each kind of view) and the rest spread evenly over the list, opened in list order, in 3 rounds, so
//   60 openings. "Any one record" is a maximum over records, so the target is on the slowest record: the median of
//   its 3 openings. Not the max of the 60 single openings: on this 2-core machine one opening in twenty or so is held
//   up 30–60 ms by whatever else runs (the same prescription read 14, 13 and 72 ms), which says nothing about that
//   record; that max and the p95 are printed beside it, and so is the very first opening (nothing warm yet).
//   A PDF attachment is drawn after the view is ready (its bytes asked for then, pdf.js loaded on first use): its
//   time is printed without a target.
// Then, for where the time goes, the same calls made by the page through window.abhaDesk: records.list,
// consents.list and records.view of the same 20 records (the WebSocket IPC, main's work, JSON both ways).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { chromium, type Page } from 'playwright-core';
import { bundleFacts } from '../electron/fhir/bundle-facts';
import { TRAINING_HIU_ID } from '../electron/services/hiu/hiu-context';
import { ConsentStore } from '../electron/store/hiu/consents';
import { DATABASE_FILE_NAME, openDatabase } from '../electron/store/db';
import { HealthRecordStore, type RecordMeta } from '../electron/store/hiu/health-records';
import { RecordCipher } from '../electron/store/hiu/record-cipher';
import { memorySecretDriver, openVault, type SecretDriver } from '../electron/store/secrets/vault';
import { openConfSettings } from '../electron/store/settings/settings';
import type { AbdmApi } from '../electron/store/settings/settings-schema';
import { DEFAULT_RENDERER_FOLDER, startWebServer } from '../web-mode/server';
import { conditionResource, documentReferenceResource, observationResource, profiled, quantity } from '../sandbox/fhir/common-resources';
import { renderDemoPdf } from '../sandbox/fhir/demo-pdf';
import { assembleDocument } from '../sandbox/fhir/document-bundle';
import { ALWAYS_WITH_PDF, RECORD_BUILDERS } from '../sandbox/fhir/generate-bundle';
import { codeable, referenceTo, type FhirResource, type RecordContext, type RecordParts, type RecordSubject } from '../sandbox/fhir/fhir-types';
import { ICD10, loinc, RECORD_PROFILES, SECTION_CODES, snomed, type Coding, type HiType } from '../sandbox/fhir/ig-catalog';
import { medicationRequest } from '../sandbox/fhir/records/medication-request';
import { DEMO_HIPS } from '../sandbox/gateway/hiu/demo-directory';
import { line, median, percentile } from './report';

const RECORDS = 200;
const RESOURCES = 10_000;
const LIST_OPENINGS = 11;
const RECORD_OPENINGS = 20;
const RECORD_PASSES = 3;
const LIST_TARGET_MS = 500;
const RECORD_TARGET_MS = 100;
const DAY = 86_400_000;
const PATIENT = { id: 'meena.iyer@sbx', typed: 'meena.iyer', name: 'Meena Iyer', gender: 'F' as const, birthDate: '1962-07-25', mobile: '+919800000103' };
const DOCTOR = { name: 'Dr. Kavita Rao', registrationNumber: 'KA-45821' };

// ---------------------------------------------------------------------------------------------------------------
// The patient's records

/** A small deterministic generator (mulberry32): the same records every run. */
function randomness(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const rng = randomness(20261125);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const between = (low: number, high: number, decimals = 0) => Number((low + rng() * (high - low)).toFixed(decimals));

interface Hip {
  id: string;
  name: string;
  patientReference: string;
  doctors: { name: string; registrationNumber: string }[];
}

/** One of the simulator's demo HIPs, with the patient's number there and more of its doctors. */
function demoHip(id: string, patientReference: string, moreDoctors: Hip['doctors'] = []): Hip {
  const hip = DEMO_HIPS.find((h) => h.id === id);
  if (!hip) throw new Error(`no demo HIP ${id}`);
  return { id, name: hip.name, patientReference, doctors: [hip.practitioner, ...moreDoctors] };
}
// Three of the simulator's HIPs and two more (fictitious, like them).
const HIPS = {
  pune: demoHip('HIP-CITYCLINIC-PUNE', 'CCP-11502', [{ name: 'Dr. Sameer Kulkarni', registrationNumber: 'MMC-2014-07731' }]),
  sunrise: demoHip('HIP-SUNRISE-LABS', 'SDL-61804'),
  nashik: demoHip('HIP-DH-NASHIK', 'DHN-90017', [{ name: 'Dr. Leena Pawar', registrationNumber: 'MMC-2010-03318' }]),
  lifeline: {
    id: 'HIP-LIFELINE-MUMBAI',
    name: 'Lifeline Multispeciality Hospital, Mumbai',
    patientReference: 'LMH-204417',
    doctors: [{ name: 'Dr. Rajesh Nair', registrationNumber: 'MMC-2001-00871' }, { name: 'Dr. Anjali Deshmukh', registrationNumber: 'MMC-2016-09102' }],
  },
  phc: {
    id: 'HIP-PHC-SATARA',
    name: 'Primary Health Centre, Satara',
    patientReference: 'PHC-3318',
    doctors: [{ name: 'Dr. Pooja Shinde', registrationNumber: 'MMC-2018-11245' }],
  },
} satisfies Record<string, Hip>;

/** What a visit brings, where such visits happen, and how often (weight). */
const VISIT_KINDS: { display: string; prefix: string; types: HiType[]; hips: Hip[]; weight: number }[] = [
  { display: 'OPD follow-up, diabetes and hypertension', prefix: 'OPD', types: ['OPConsultation', 'Prescription'], hips: [HIPS.pune, HIPS.nashik, HIPS.lifeline], weight: 28 },
  { display: 'OPD visit with blood tests', prefix: 'OPD', types: ['OPConsultation', 'Prescription', 'DiagnosticReport'], hips: [HIPS.pune, HIPS.lifeline], weight: 10 },
  { display: 'Blood tests', prefix: 'LAB', types: ['DiagnosticReport'], hips: [HIPS.sunrise], weight: 18 },
  { display: 'Admission', prefix: 'IPD', types: ['DischargeSummary', 'DiagnosticReport', 'Prescription'], hips: [HIPS.nashik, HIPS.lifeline], weight: 5 },
  { display: 'Vaccination visit', prefix: 'VAC', types: ['ImmunizationRecord'], hips: [HIPS.pune, HIPS.phc], weight: 8 },
  { display: 'Wellness check', prefix: 'WEL', types: ['WellnessRecord'], hips: [HIPS.pune, HIPS.phc], weight: 10 },
  { display: 'Scanned document', prefix: 'DOC', types: ['HealthDocumentRecord'], hips: [HIPS.sunrise, HIPS.lifeline], weight: 8 },
  { display: 'Annual health check', prefix: 'AHC', types: ['WellnessRecord', 'DiagnosticReport', 'OPConsultation'], hips: [HIPS.lifeline], weight: 4 },
];

/** Resources a record of each type holds before scaling to the 10,000 (a discharge summary with daily charting and labs is large, a scan small). */
const SIZE_BY_TYPE: Record<HiType, number> = {
  OPConsultation: 48,
  Prescription: 12,
  DischargeSummary: 110,
  DiagnosticReport: 72,
  ImmunizationRecord: 14,
  WellnessRecord: 40,
  HealthDocumentRecord: 8,
  Invoice: 8,
};
/** The fewest each type may have: the sandbox builder's own resources and the five every document shares, and a few more. */
const SMALLEST: Record<HiType, number> = {
  OPConsultation: 16,
  Prescription: 8,
  DischargeSummary: 30,
  DiagnosticReport: 12,
  ImmunizationRecord: 8,
  WellnessRecord: 14,
  HealthDocumentRecord: 7,
  Invoice: 6,
};

interface PlannedRecord {
  hiType: HiType;
  hip: Hip;
  careContext: string;
  display: string;
  /** The record's date (ISO); for an admission, the day of discharge (enlarge() dates the stay 4 days before). */
  date: string;
  resources: number;
}

/** 200 records in visits, newest visit first, with resource counts that add up to exactly RESOURCES. */
function planRecords(now: number): PlannedRecord[] {
  const totalWeight = VISIT_KINDS.reduce((sum, kind) => sum + kind.weight, 0);
  const visits: { kind: (typeof VISIT_KINDS)[number]; hip: Hip; types: HiType[] }[] = [];
  for (let count = 0; count < RECORDS; ) {
    let roll = rng() * totalWeight;
    const kind = VISIT_KINDS.find((k) => (roll -= k.weight) < 0) ?? VISIT_KINDS[0]!;
    const types = kind.types.slice(0, RECORDS - count);
    visits.push({ kind, hip: pick(kind.hips), types });
    count += types.length;
  }
  const span = 6 * 365 * DAY;
  const planned: PlannedRecord[] = [];
  const serial = new Map<string, number>();
  visits.forEach((visit, index) => {
    const visitAt = now - 3 * DAY - (index / visits.length) * span - Math.floor(rng() * 5) * DAY;
    const number = (serial.get(visit.kind.prefix) ?? 100) + 1 + Math.floor(rng() * 40);
    serial.set(visit.kind.prefix, number);
    const careContext = `${visit.kind.prefix}-${String(number).padStart(4, '0')}`;
    for (const hiType of visit.types) {
      const at = visitAt + Math.floor(rng() * 4) * 3_600_000;
      planned.push({ hiType, hip: visit.hip, careContext, display: visit.kind.display, date: new Date(at).toISOString(), resources: 0 });
    }
  });
  // Sizes by type with ±25 % spread, scaled so the 200 hold exactly RESOURCES.
  const raw = planned.map((r) => SIZE_BY_TYPE[r.hiType] * (0.75 + rng() * 0.5));
  const scale = RESOURCES / raw.reduce((sum, n) => sum + n, 0);
  planned.forEach((r, i) => (r.resources = Math.max(SMALLEST[r.hiType], Math.round(raw[i]! * scale))));
  for (let i = 0, left = RESOURCES - planned.reduce((sum, r) => sum + r.resources, 0); left !== 0; i = (i + 1) % planned.length) {
    const record = planned[i]!;
    if (left < 0 && record.resources <= SMALLEST[record.hiType]) continue;
    record.resources += Math.sign(left);
    left -= Math.sign(left);
  }
  return planned;
}

interface Lab {
  coding: Coding;
  unit: string;
  low: number;
  high: number;
  decimals: number;
}
const lab = (code: string, display: string, unit: string, low: number, high: number, decimals = 1): Lab => ({ coding: loinc(code, display), unit, low, high, decimals });

const PANELS: { coding: Coding; title: string; tests: Lab[] }[] = [
  {
    coding: loinc('58410-2', 'CBC panel - Blood by Automated count'),
    title: 'Complete blood count',
    tests: [
      lab('718-7', 'Hemoglobin [Mass/volume] in Blood', 'g/dL', 10.2, 13.8),
      lab('6690-2', 'Leukocytes [#/volume] in Blood by Automated count', '10*3/uL', 4.2, 11.5),
      lab('777-3', 'Platelets [#/volume] in Blood by Automated count', '10*3/uL', 160, 390, 0),
      lab('789-8', 'Erythrocytes [#/volume] in Blood by Automated count', '10*6/uL', 3.7, 5.0, 2),
      lab('4544-3', 'Hematocrit [Volume Fraction] of Blood by Automated count', '%', 32, 44),
      lab('787-2', 'MCV [Entitic volume] by Automated count', 'fL', 78, 96),
      lab('785-6', 'MCH [Entitic mass] by Automated count', 'pg', 26, 33),
      lab('786-4', 'MCHC [Mass/volume] by Automated count', 'g/dL', 31, 35.5),
      lab('788-0', 'Erythrocyte distribution width [Ratio] by Automated count', '%', 11.6, 15.2),
      lab('770-8', 'Neutrophils/100 leukocytes in Blood by Automated count', '%', 45, 72, 0),
      lab('736-9', 'Lymphocytes/100 leukocytes in Blood by Automated count', '%', 20, 40, 0),
      lab('5905-5', 'Monocytes/100 leukocytes in Blood by Automated count', '%', 2, 9, 0),
      lab('713-8', 'Eosinophils/100 leukocytes in Blood by Automated count', '%', 1, 6, 0),
      lab('706-2', 'Basophils/100 leukocytes in Blood by Automated count', '%', 0, 1, 0),
      lab('4537-7', 'Erythrocyte sedimentation rate by Westergren method', 'mm/h', 8, 38, 0),
    ],
  },
  {
    coding: loinc('24325-3', 'Hepatic function 2000 panel - Serum or Plasma'),
    title: 'Liver function tests',
    tests: [
      lab('1975-2', 'Bilirubin.total [Mass/volume] in Serum or Plasma', 'mg/dL', 0.3, 1.3),
      lab('1968-7', 'Bilirubin.direct [Mass/volume] in Serum or Plasma', 'mg/dL', 0.1, 0.4),
      lab('1742-6', 'Alanine aminotransferase [Enzymatic activity/volume] in Serum or Plasma', 'U/L', 12, 64, 0),
      lab('1920-8', 'Aspartate aminotransferase [Enzymatic activity/volume] in Serum or Plasma', 'U/L', 14, 52, 0),
      lab('6768-6', 'Alkaline phosphatase [Enzymatic activity/volume] in Serum or Plasma', 'U/L', 50, 160, 0),
      lab('1751-7', 'Albumin [Mass/volume] in Serum or Plasma', 'g/dL', 3.3, 4.8),
      lab('2885-2', 'Protein [Mass/volume] in Serum or Plasma', 'g/dL', 6.1, 8.0),
      lab('2324-2', 'Gamma glutamyl transferase [Enzymatic activity/volume] in Serum or Plasma', 'U/L', 12, 60, 0),
    ],
  },
  {
    coding: loinc('24362-6', 'Renal function 2000 panel - Serum or Plasma'),
    title: 'Kidney function tests',
    tests: [
      lab('2160-0', 'Creatinine [Mass/volume] in Serum or Plasma', 'mg/dL', 0.7, 1.5, 2),
      lab('3091-6', 'Urea [Mass/volume] in Serum or Plasma', 'mg/dL', 18, 48, 0),
      lab('3084-1', 'Urate [Mass/volume] in Serum or Plasma', 'mg/dL', 3.1, 7.2),
      lab('2951-2', 'Sodium [Moles/volume] in Serum or Plasma', 'mmol/L', 133, 145, 0),
      lab('2823-3', 'Potassium [Moles/volume] in Serum or Plasma', 'mmol/L', 3.6, 5.3),
      lab('2075-0', 'Chloride [Moles/volume] in Serum or Plasma', 'mmol/L', 97, 108, 0),
      lab('33914-3', 'Glomerular filtration rate/1.73 sq M.predicted [Volume Rate/Area] in Serum or Plasma by Creatinine-based formula (MDRD)', 'mL/min/{1.73_m2}', 52, 92, 0),
    ],
  },
  {
    coding: loinc('57698-3', 'Lipid panel with direct LDL - Serum or Plasma'),
    title: 'Lipid profile',
    tests: [
      lab('2093-3', 'Cholesterol [Mass/volume] in Serum or Plasma', 'mg/dL', 150, 245, 0),
      lab('2085-9', 'Cholesterol in HDL [Mass/volume] in Serum or Plasma', 'mg/dL', 36, 58, 0),
      lab('18262-6', 'Cholesterol in LDL [Mass/volume] in Serum or Plasma by Direct assay', 'mg/dL', 80, 165, 0),
      lab('2571-8', 'Triglyceride [Mass/volume] in Serum or Plasma', 'mg/dL', 110, 260, 0),
      lab('13458-5', 'Cholesterol in VLDL [Mass/volume] in Serum or Plasma by calculation', 'mg/dL', 20, 50, 0),
    ],
  },
  {
    coding: loinc('4548-4', 'Hemoglobin A1c/Hemoglobin.total in Blood'),
    title: 'Diabetes profile',
    tests: [
      lab('1558-6', 'Fasting glucose [Mass/volume] in Serum or Plasma', 'mg/dL', 105, 190, 0),
      lab('1521-4', 'Glucose [Mass/volume] in Serum or Plasma --2 hours post meal', 'mg/dL', 150, 280, 0),
      lab('4548-4', 'Hemoglobin A1c/Hemoglobin.total in Blood', '%', 6.4, 9.1),
    ],
  },
  {
    coding: loinc('24348-5', 'Thyroid panel - Serum or Plasma'),
    title: 'Thyroid profile',
    tests: [
      lab('3016-3', 'Thyrotropin [Units/volume] in Serum or Plasma', 'm[IU]/L', 0.9, 6.8, 2),
      lab('3024-7', 'Thyroxine (T4) free [Mass/volume] in Serum or Plasma', 'ng/dL', 0.8, 1.7, 2),
      lab('3053-6', 'Triiodothyronine (T3) [Mass/volume] in Serum or Plasma', 'ng/dL', 85, 170, 0),
    ],
  },
  {
    coding: loinc('24356-8', 'Urinalysis complete panel - Urine'),
    title: 'Urine routine',
    tests: [
      lab('2756-5', 'pH of Urine by Test strip', '[pH]', 5.0, 7.5),
      lab('2965-2', 'Specific gravity of Urine by Test strip', '1', 1.005, 1.028, 3),
      lab('20454-5', 'Protein [Presence] in Urine by Test strip', 'mg/dL', 0, 30, 0),
      lab('25428-4', 'Glucose [Presence] in Urine by Test strip', 'mg/dL', 0, 250, 0),
      lab('13945-1', 'Erythrocytes [#/area] in Urine sediment by Microscopy high power field', '/[HPF]', 0, 4, 0),
      lab('5821-4', 'Leukocytes [#/area] in Urine sediment by Microscopy high power field', '/[HPF]', 1, 8, 0),
    ],
  },
];

const VITALS: Lab[] = [
  lab('8480-6', 'Systolic blood pressure', 'mm[Hg]', 122, 162, 0),
  lab('8462-4', 'Diastolic blood pressure', 'mm[Hg]', 74, 96, 0),
  lab('8867-4', 'Heart rate', '/min', 64, 98, 0),
  lab('9279-1', 'Respiratory rate', '/min', 14, 20, 0),
  lab('8310-5', 'Body temperature', 'Cel', 36.4, 37.8),
  lab('59408-5', 'Oxygen saturation in Arterial blood by Pulse oximetry', '%', 94, 99, 0),
  lab('29463-7', 'Body weight', 'kg', 66, 74),
  lab('2339-0', 'Glucose [Mass/volume] in Blood', 'mg/dL', 108, 262, 0),
  lab('39156-5', 'Body mass index (BMI) [Ratio]', 'kg/m2', 26.1, 29.4),
  lab('8280-0', 'Waist Circumference at umbilicus by Tape measure', 'cm', 88, 98, 0),
];

// Codings in the form HIPs send them; the codes are illustrative, the viewer shows the display text.
const MEDICINES: [Coding, string][] = [
  [snomed('319283006', 'Amlodipine 5 mg oral tablet'), 'One tablet every morning'],
  [snomed('325278007', 'Metformin hydrochloride 500 mg oral tablet'), 'One tablet twice a day after meals'],
  [snomed('320029009', 'Atorvastatin 10 mg oral tablet'), 'One tablet at bedtime'],
  [snomed('318876009', 'Telmisartan 40 mg oral tablet'), 'One tablet every morning'],
  [snomed('376701008', 'Glimepiride 1 mg oral tablet'), 'One tablet before breakfast'],
  [snomed('317249006', 'Pantoprazole 40 mg gastro-resistant oral tablet'), 'One tablet before breakfast for 14 days'],
  [snomed('322236009', 'Paracetamol 500 mg oral tablet'), 'One tablet up to three times a day when needed for pain'],
  [snomed('315251006', 'Aspirin 75 mg gastro-resistant oral tablet'), 'One tablet after lunch'],
  [snomed('376532007', 'Levothyroxine sodium 50 microgram oral tablet'), 'One tablet on an empty stomach every morning'],
  [snomed('392016001', 'Amoxicillin 500 mg and clavulanic acid 125 mg oral tablet'), 'One tablet three times a day for 7 days'],
  [snomed('374093003', 'Cholecalciferol 60000 unit oral capsule'), 'One capsule once a week for 8 weeks'],
  [snomed('325072002', 'Insulin glargine 100 unit/mL solution for injection'), '12 units under the skin at bedtime'],
];

const CONDITIONS: [Coding, Coding][] = [
  [snomed('44054006', 'Diabetes mellitus type 2'), { system: ICD10, code: 'E11', display: 'Type 2 diabetes mellitus' }],
  [snomed('38341003', 'Hypertensive disorder'), { system: ICD10, code: 'I10', display: 'Essential (primary) hypertension' }],
  [snomed('55822004', 'Hyperlipidemia'), { system: ICD10, code: 'E78.5', display: 'Hyperlipidaemia, unspecified' }],
  [snomed('40930008', 'Hypothyroidism'), { system: ICD10, code: 'E03.9', display: 'Hypothyroidism, unspecified' }],
  [snomed('239873007', 'Osteoarthritis of knee'), { system: ICD10, code: 'M17.9', display: 'Gonarthrosis, unspecified' }],
  [snomed('371087003', 'Ulcer of foot due to diabetes mellitus'), { system: ICD10, code: 'E11.5', display: 'Type 2 diabetes mellitus with peripheral circulatory complications' }],
  [snomed('271737000', 'Anemia'), { system: ICD10, code: 'D64.9', display: 'Anaemia, unspecified' }],
  [snomed('34713006', 'Vitamin D deficiency'), { system: ICD10, code: 'E55.9', display: 'Vitamin D deficiency, unspecified' }],
  [snomed('431856006', 'Chronic kidney disease stage 2'), { system: ICD10, code: 'N18.2', display: 'Chronic kidney disease, stage 2 (mild)' }],
  [snomed('4556007', 'Gastritis'), { system: ICD10, code: 'K29.7', display: 'Gastritis, unspecified' }],
];

const PROCEDURES: Coding[] = [
  snomed('29303009', 'Electrocardiographic procedure'),
  snomed('36777000', 'Debridement of wound'),
  snomed('182531007', 'Dressing of wound'),
  snomed('168537006', 'Plain X-ray of foot'),
  snomed('40701008', 'Echocardiography'),
  snomed('252779009', 'Single photon emission computed tomography'),
];

const VACCINES: [Coding, string][] = [
  [snomed('836377006', 'Influenza virus antigen only vaccine product'), 'FLU'],
  [snomed('1119305005', 'SARS-CoV-2 antigen vaccine'), 'COVISHIELD'],
  [snomed('836398006', 'Streptococcus pneumoniae antigen only vaccine product'), 'PCV'],
  [snomed('836374004', 'Hepatitis B virus antigen only vaccine product'), 'HEPB'],
  [snomed('863911006', 'Tetanus and diphtheria vaccine product'), 'TD'],
  [snomed('836495005', 'Varicella-zoster virus antigen only vaccine product'), 'VZV'],
];

const at = (context: RecordContext, offsetMs: number): RecordContext => ({ ...context, date: new Date(Date.parse(context.date) + offsetMs).toISOString() });

function measured(context: RecordContext, test: Lab, profile = 'Observation'): FhirResource {
  const value = between(test.low, test.high, test.decimals);
  return observationResource(context, profile, test.coding, {
    ...quantity(value, test.unit),
    referenceRange: [{ low: { value: test.low, unit: test.unit }, high: { value: test.high, unit: test.unit } }],
  });
}

function medicine(context: RecordContext, index: number): FhirResource {
  const [coding, instructions] = MEDICINES[index % MEDICINES.length]!;
  return medicationRequest(context, coding, instructions);
}

function condition(context: RecordContext, index: number): FhirResource {
  const [coding, icd] = CONDITIONS[index % CONDITIONS.length]!;
  return conditionResource(context, coding, icd);
}

function procedure(context: RecordContext, index: number): FhirResource {
  return profiled('Procedure', 'Procedure', {
    status: 'completed',
    code: codeable(PROCEDURES[index % PROCEDURES.length]!),
    subject: context.refs.patient,
    performedDateTime: context.date,
    performer: [{ actor: context.refs.practitioner }],
  });
}

function vaccineDose(context: RecordContext, index: number): FhirResource {
  const [coding, lot] = VACCINES[index % VACCINES.length]!;
  return profiled('Immunization', 'Immunization', {
    status: 'completed',
    vaccineCode: codeable(coding),
    patient: context.refs.patient,
    occurrenceDateTime: new Date(Date.parse(context.date) - (index + 1) * 200 * DAY).toISOString(),
    primarySource: false,
    lotNumber: `${lot}-${String(1000 + index * 37).slice(-4)}`,
    route: codeable(snomed('78421000', 'Intramuscular route')),
    protocolApplied: [{ doseNumberPositiveInt: 1 + (index % 3) }],
  });
}

function advice(context: RecordContext, index: number): FhirResource {
  return profiled('ServiceRequest', 'ServiceRequest', {
    status: 'active',
    intent: 'order',
    code: codeable(PANELS[index % PANELS.length]!.coding),
    subject: context.refs.patient,
    authoredOn: context.date,
    requester: context.refs.practitioner,
  });
}

function panelReport(context: RecordContext, panel: (typeof PANELS)[number], results: FhirResource[]): FhirResource {
  return profiled('DiagnosticReport', 'DiagnosticReportLab', {
    status: 'final',
    category: [codeable(snomed('15220000', 'Laboratory test'))],
    code: codeable(panel.coding),
    subject: context.refs.patient,
    effectiveDateTime: context.date,
    issued: context.date,
    performer: [context.refs.organization],
    resultsInterpreter: [context.refs.practitioner],
    result: results.map((result) => referenceTo(result)),
    conclusion: `${panel.title}: see the values against their reference ranges.`,
  });
}

/** What is added to a record: resources filed under sections by title (merged into the builder's own sections of that title). */
class Extra {
  readonly sections = new Map<string, { code: Coding | undefined; resources: FhirResource[] }>();
  count = 0;

  constructor(readonly budget: number) {}

  get left(): number {
    return this.budget - this.count;
  }

  add(title: string, code: Coding | undefined, ...resources: FhirResource[]): void {
    const section = this.sections.get(title) ?? { code, resources: [] };
    section.resources.push(...resources);
    this.sections.set(title, section);
    this.count += resources.length;
  }

  /** Lab panels (a DiagnosticReport and its results) until fewer than `keep` resources are left. */
  panels(context: RecordContext, title: (panel: (typeof PANELS)[number]) => string, code: Coding | undefined, keep = 0, hoursApart = 0): void {
    for (let round = 0, index = Math.floor(rng() * PANELS.length); this.left - keep >= 2; index += 1, round += 1) {
      const panel = PANELS[index % PANELS.length]!;
      const when = at(context, Math.floor(round / PANELS.length) * hoursApart * 3_600_000);
      const results = panel.tests.slice(0, Math.min(panel.tests.length, this.left - keep - 1)).map((test) => measured(when, test));
      this.add(title(panel), code, panelReport(when, panel, results), ...results);
    }
  }

  /** One resource at a time from `makers` in turn until none is left. */
  roundRobin(makers: ((index: number) => void)[]): void {
    for (let index = 0; this.left > 0; index += 1) makers[index % makers.length]!(Math.floor(index / makers.length));
  }
}

const OP = SECTION_CODES.op;
const DS = SECTION_CODES.discharge;

/** More of what each record type carries, exactly `extra.budget` resources. */
function enlarge(hiType: HiType, context: RecordContext, extra: Extra): void {
  const vital = (index: number) => measured(context, VITALS[index % VITALS.length]!);
  switch (hiType) {
    case 'OPConsultation':
      return extra.roundRobin([
        (i) => extra.add('Physical examination', OP.physicalExamination, vital(i)),
        (i) => extra.add('Physical examination', OP.physicalExamination, vital(i + 5)),
        (i) => extra.add('Medical history', OP.medicalHistory, condition(context, i + 2)),
        (i) => extra.add('Medications', OP.medications, medicine(context, i + 1)),
        (i) => extra.add('Other observations', OP.otherObservations, measured(context, PANELS[i % PANELS.length]!.tests[0]!)),
        (i) => extra.add('Investigation advice', OP.investigationAdvice, advice(context, i)),
        (i) => extra.add('Procedure', OP.procedure, procedure(context, i)),
      ]);
    case 'Prescription':
      return extra.roundRobin([(i) => extra.add('Prescription record', SECTION_CODES.prescription, medicine(context, i + 2))]);
    case 'DischargeSummary': {
      // Labs on admission and every day after, then the charting of the stay (vitals every 6 hours), medicines, diagnoses, procedures.
      const admission = at(context, -4 * DAY);
      if (extra.budget > 60) extra.panels(admission, () => 'Investigations', DS.investigations, Math.floor(extra.budget * 0.45), 24);
      return extra.roundRobin([
        (i) => extra.add('Physical examination', DS.physicalExamination, measured(at(admission, Math.floor(i / 3) * 6 * 3_600_000), VITALS[i % 6]!)),
        (i) => extra.add('Physical examination', DS.physicalExamination, measured(at(admission, Math.floor(i / 3) * 6 * 3_600_000 + 60_000), VITALS[(i + 3) % 6]!)),
        (i) => extra.add('Medications', DS.medications, medicine(at(admission, i * 3_600_000), i + 1)),
        (i) => extra.add('Past medical history', DS.medicalHistory, condition(context, i + 1)),
        (i) => extra.add('Procedures', DS.procedures, procedure(at(admission, i * 12 * 3_600_000), i)),
      ]);
    }
    case 'DiagnosticReport':
      extra.panels(context, (panel) => panel.title, SECTION_CODES.diagnosticReport);
      return extra.roundRobin([(i) => extra.add('Other observations', OP.otherObservations, vital(i))]);
    case 'ImmunizationRecord':
      return extra.roundRobin([(i) => extra.add('Immunization record', SECTION_CODES.immunization, vaccineDose(context, i))]);
    case 'WellnessRecord':
      return extra.roundRobin([
        (i) => extra.add('Vital Signs', undefined, measured(at(context, i * 60_000), VITALS[i % 6]!, 'ObservationVitalSigns')),
        (i) => extra.add('Body Measurement', undefined, measured(context, VITALS[6 + (i % 4)]!, 'ObservationBodyMeasurement')),
        (i) => extra.add('General Assessment', undefined, measured(context, PANELS[4]!.tests[i % 3]!, 'ObservationGeneralAssessment')),
        (i) => extra.add('Other Observations', undefined, measured(context, PANELS[i % PANELS.length]!.tests[1]!)),
      ]);
    case 'HealthDocumentRecord':
      return extra.roundRobin([(i) => extra.add('Health document', SECTION_CODES.healthDocument, documentReferenceResource(context, `Scanned page ${i + 2}`, SECTION_CODES.healthDocument))]);
  }
}

/** Composition, Patient, Practitioner, Organization, Encounter. */
const SHARED_RESOURCES = 5;

/** The sandbox's builder for the type, then `enlarge` up to the planned number of resources. */
function recordBuilder(planned: PlannedRecord): (context: RecordContext) => RecordParts {
  return (context) => {
    const parts = RECORD_BUILDERS[planned.hiType](context);
    const extra = new Extra(planned.resources - SHARED_RESOURCES - parts.resources.length);
    if (extra.budget < 0) throw new Error(`a ${planned.hiType} cannot be as small as ${planned.resources} resources`);
    enlarge(planned.hiType, context, extra);
    for (const [title, { code, resources }] of extra.sections) {
      const own = parts.sections.find((s) => s.title === title);
      if (own) own.entry.push(...resources.map((r) => referenceTo(r)));
      else parts.sections.push({ title, ...(code ? { code: { coding: [code] } } : {}), entry: resources.map((r) => referenceTo(r)) });
      parts.resources.push(...resources);
    }
    return parts;
  };
}

interface GeneratedRecord extends PlannedRecord {
  bundle: string;
}

async function patientRecords(now: number): Promise<GeneratedRecord[]> {
  const pdfs = new Map<string, string>();
  const generated: GeneratedRecord[] = [];
  for (const planned of planRecords(now)) {
    const subject: RecordSubject = {
      patient: { id: planned.hip.patientReference, name: PATIENT.name, gender: PATIENT.gender, birthDate: PATIENT.birthDate, mobile: PATIENT.mobile },
      hip: { id: planned.hip.id, name: planned.hip.name },
      careContext: { patientReference: planned.hip.patientReference, careContextReference: planned.careContext, display: planned.display },
      practitioner: pick(planned.hip.doctors),
      date: planned.date,
    };
    let pdf: string | undefined;
    if (ALWAYS_WITH_PDF.has(planned.hiType)) {
      const key = `${planned.hip.id} ${planned.hiType}`;
      pdf = pdfs.get(key);
      if (!pdf) {
        const lines = [`Care context: ${planned.display}`, `Attending: ${subject.practitioner.name}`];
        pdf = (await renderDemoPdf({ title: RECORD_PROFILES[planned.hiType].title, hipName: planned.hip.name, patientName: PATIENT.name, date: planned.date, lines })).toString('base64');
        pdfs.set(key, pdf);
      }
    }
    const bundle = assembleDocument(planned.hiType, subject, recordBuilder(planned), pdf);
    const entries = (bundle.entry as unknown[]).length;
    if (entries !== planned.resources) throw new Error(`a ${planned.hiType} came out with ${entries} resources, not ${planned.resources}`);
    generated.push({ ...planned, bundle: JSON.stringify(bundle) });
  }
  const total = generated.reduce((sum, r) => sum + r.resources, 0);
  if (generated.length !== RECORDS || total !== RESOURCES) throw new Error(`made ${generated.length} records with ${total} resources`);
  return generated;
}

// ---------------------------------------------------------------------------------------------------------------
// Storing them as the HIU engine does

/**
 * One granted consent request for every HI type over seven years; per HIP one fetched artefact and one ended
 * transfer; each record stored as HealthInformationService.storeEntries stores a decrypted entry (5 to a page).
 */
async function seed(dataFolder: string, driver: SecretDriver, records: GeneratedRecord[], now: number): Promise<Map<string, GeneratedRecord>> {
  const vault = await openVault(driver);
  const database = await openDatabase({ file: path.join(dataFolder, DATABASE_FILE_NAME), vault });
  const cipher = await RecordCipher.open(vault);
  const consents = new ConsentStore(database.db);
  const store = new HealthRecordStore(database.db);
  const iso = (t: number) => new Date(t).toISOString();
  const stored = new Map<string, GeneratedRecord>();
  const requestId = randomUUID();
  const dateFrom = iso(now - 7 * 365 * DAY);
  const dateTo = iso(now - DAY);
  const dataEraseAt = iso(now + 30 * DAY);
  const hiTypes = [...new Set(records.map((r) => r.hiType))];
  const granted = iso(now - 19 * 60_000);
  const requester = { name: DOCTOR.name, identifier: { type: 'REGNO', value: DOCTOR.registrationNumber, system: 'https://www.mciindia.org' } };
  database.db
    .transaction(() => {
      consents.addRequest({
        id: requestId,
        patientId: PATIENT.id,
        hiuId: TRAINING_HIU_ID,
        purposeCode: 'CAREMGT',
        hiTypes,
        dateFrom,
        dateTo,
        dataEraseAt,
        requester,
        status: 'REQUESTED',
        createdAt: iso(now - 20 * 60_000),
      });
      consents.setGatewayId(requestId, randomUUID(), iso(now - 20 * 60_000));
      consents.setStatus(requestId, 'GRANTED', granted);
      for (const hip of new Set(records.map((r) => r.hip))) {
        const mine = records.filter((r) => r.hip === hip);
        const artefactId = randomUUID();
        const transferId = randomUUID();
        const receivedAt = iso(now - 18 * 60_000);
        consents.addArtefact(artefactId, requestId, PATIENT.id, granted);
        const careContexts = [...new Set(mine.map((r) => r.careContext))].map((careContextReference) => ({ patientReference: hip.patientReference, careContextReference }));
        const detail = {
          schemaVersion: 'v0.5',
          consentId: artefactId,
          createdAt: granted,
          patient: { id: PATIENT.id },
          careContexts,
          purpose: { text: 'Care Management', code: 'CAREMGT' },
          hip: { id: hip.id, name: hip.name },
          hiu: { id: TRAINING_HIU_ID },
          requester,
          hiTypes,
          permission: { accessMode: 'VIEW', dateRange: { from: dateFrom, to: dateTo }, dataEraseAt, frequency: { unit: 'HOUR', value: 1, repeats: 0 } },
        };
        const signature = randomBytes(64).toString('base64');
        consents.setArtefactDetail(artefactId, { hipId: hip.id, hipName: hip.name, hiTypes, dateFrom, dateTo, dataEraseAt, json: JSON.stringify(detail), signature, status: 'GRANTED' }, granted);
        // An ended transfer keeps no private key (end() drops it); its public key and nonce are only kept on the row.
        const [publicKey, nonce] = [randomBytes(32).toString('base64'), randomBytes(32).toString('base64')];
        store.addTransfer({ id: transferId, artefactId, secretHash: randomBytes(32).toString('hex'), privateKey: null, publicKey, nonce, dateFrom, dateTo, status: 'SENDING', createdAt: granted });
        store.setTransactionId(transferId, randomUUID(), granted);
        mine.forEach((record, index) => {
          const id = randomUUID();
          const bytes = Buffer.from(record.bundle, 'utf8');
          const facts = bundleFacts(JSON.parse(record.bundle));
          const meta: RecordMeta = {
            id,
            transferId,
            artefactId,
            consentRequestId: requestId,
            patientId: PATIENT.id,
            hipId: hip.id,
            careContext: record.careContext,
            hiType: facts.hiType,
            recordDate: facts.date,
            pageNumber: Math.floor(index / 5) + 1,
            entryIndex: index % 5,
            status: 'delivered',
            error: null,
            contentBytes: bytes.length,
            receivedAt,
          };
          if (!store.addRecord(meta, cipher.seal(bytes, id))) throw new Error('a record was not stored');
          stored.set(id, record);
        });
        store.setStatus(transferId, 'RECEIVING', receivedAt, { pageCount: Math.ceil(mine.length / 5) });
        store.end(transferId, 'TRANSFERRED', receivedAt);
      }
    })
    .immediate();
  // Let the sealed-file check queued by addRecord run before the database closes.
  await new Promise((resolve) => setImmediate(resolve));
  database.close();
  return stored;
}

// ---------------------------------------------------------------------------------------------------------------
// The page's own timings

/**
 * Installed in the page before the app (plain JavaScript: a function handed to page.evaluate must not carry the
 * helpers tsx adds to named functions). Each probe makes the click itself and resolves with milliseconds.
 */
const PROBES = `
(() => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  /** Clicks, then waits until done() holds (checked on every DOM change) and the next frame. */
  const timed = (click, done, what, timeoutMs = 15000) => new Promise((resolve, reject) => {
    let settled = false;
    const start = performance.now();
    const check = () => {
      if (settled) return;
      let result;
      try { result = done(); } catch (error) { settled = true; observer.disconnect(); reject(error); return; }
      if (!result) return;
      settled = true;
      observer.disconnect();
      const drawn = performance.now() - start;
      frame().then(() => resolve({ drawn, painted: performance.now() - start }));
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    click();
    check();
    setTimeout(() => { if (!settled) { settled = true; observer.disconnect(); reject(new Error(what + ': not done after ' + timeoutMs + ' ms')); } }, timeoutMs);
  });
  const listed = () => document.querySelectorAll('[data-testid="records-visits"] li[data-record-id]').length;
  window.benchProbes = Object.freeze({
    listed,
    openList: (count) => timed(
      () => document.querySelector('button[data-part="records"]').click(),
      () => listed() === count,
      'the record list',
    ),
    openRecord: async (id) => {
      const view = () => document.querySelector('[data-testid="record-view"]');
      const opened = await timed(
        () => document.querySelector('li[data-record-id="' + id + '"] button').click(),
        () => {
          const state = view()?.getAttribute('data-state');
          if (state === 'error') throw new Error('record ' + id + ' opened with an error: ' + view().innerText.slice(0, 300));
          return state === 'ready';
        },
        'record ' + id,
      );
      const elements = view().querySelectorAll('*').length;
      // Then any PDF: drawn (or failed) by pdf.js after the view is ready.
      const start = performance.now() - opened.painted;
      const pdfs = () => [...document.querySelectorAll('[data-testid="record-view"] .record-pdf')];
      const attachments = document.querySelectorAll('[data-testid="record-view"] [data-testid="record-attachment"][data-kind="pdf"]').length;
      let pdfDrawn = null;
      if (attachments > 0) {
        await timed(() => {}, () => pdfs().length === attachments && pdfs().every((p) => p.getAttribute('data-state') !== 'drawing'), 'the PDFs of record ' + id);
        pdfDrawn = performance.now() - start;
      }
      return { ...opened, pdfDrawn, pdfs: attachments, elements };
    },
    back: (count) => timed(
      () => document.querySelector('[data-testid="record-view"] .actions button').click(),
      () => listed() === count,
      'back to the list',
    ),
    read: async (channel, input) => {
      const [area, action] = channel.split('.');
      const result = await window.abhaDesk[area][action](input);
      if (!result.ok) throw new Error(channel + ': ' + JSON.stringify(result.error));
      return result.value;
    },
    ipc: async (channel, input, times) => {
      const [area, action] = channel.split('.');
      const samples = [];
      let bytes = 0;
      for (let i = 0; i < times; i += 1) {
        const start = performance.now();
        const result = await window.abhaDesk[area][action](input);
        samples.push(performance.now() - start);
        if (!result.ok) throw new Error(channel + ': ' + JSON.stringify(result.error));
        bytes = JSON.stringify(result.value).length;
      }
      return { samples, bytes };
    },
  });
})();
`;

interface Opened {
  drawn: number;
  painted: number;
}
interface RecordOpened extends Opened {
  pdfDrawn: number | null;
  pdfs: number;
  /** Elements in the record view once ready. */
  elements: number;
}

async function toPatient(page: Page, url: string, api: AbdmApi): Promise<void> {
  await page.goto(url);
  await page.keyboard.press('Alt+Digit6');
  await page.getByLabel('Requesting doctor’s name').fill(DOCTOR.name);
  await page.getByLabel('Doctor’s registration number').fill(DOCTOR.registrationNumber);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
  await page.keyboard.press('Alt+Digit5');
  await page.getByLabel('Patient’s ABHA address').fill(PATIENT.typed);
  await page.getByRole('button', { name: 'Find the patient' }).click();
  // On HIE-CM v3 an HIU has no confirming step: the address is taken as typed and the screen names the patient by it;
  // gateway v0.5 confirms her by an OTP to her mobile.
  if (api === 'v3') {
    await page.getByTestId('records-patient-name').filter({ hasText: PATIENT.id }).waitFor();
  } else {
    await page.getByRole('radio', { name: 'OTP to the patient’s mobile' }).check();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByLabel('OTP (6 digits)').fill('123456');
    await page.getByLabel('OTP (6 digits)').press('Enter');
    await page.getByTestId('records-patient-name').filter({ hasText: PATIENT.name }).waitFor();
  }
  // The screen has read the patient's requests and records (it does so once, when the patient is confirmed).
  await page.getByRole('button', { name: `Records (${RECORDS})` }).waitFor();
}

type Probes = Record<string, (...args: unknown[]) => Promise<unknown>>;

/** Runs one of PROBES in the page. */
const probe = <T>(page: Page, name: string, ...args: unknown[]): Promise<T> =>
  page.evaluate(([name, args]) => (window as unknown as { benchProbes: Probes }).benchProbes[name]!(...args), [name, args] as [string, unknown[]]) as Promise<T>;

async function main(): Promise<void> {
  if (!existsSync(path.join(DEFAULT_RENDERER_FOLDER, 'index.html'))) throw new Error('no built renderer: run `npx vite build` (npm run bench does)');
  const started = performance.now();
  const now = Date.now();
  const records = await patientRecords(now);
  const plaintext = records.reduce((sum, r) => sum + Buffer.byteLength(r.bundle), 0);
  const dataFolder = mkdtempSync(path.join(os.tmpdir(), 'abha-desk-bench-records-screen-'));
  const driver = memorySecretDriver();
  const stored = await seed(dataFolder, driver, records, now);
  const seeded = performance.now();
  const web = await startWebServer({ dataFolder, secretDriver: driver, bridgePort: 0, logError: (what, error) => console.error(`[core] ${what}:`, error) });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
  });
  const pageErrors: string[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.addInitScript({ content: PROBES });
    // The API the desk is set to (the default unless the data folder says otherwise).
    await toPatient(page, web.url, openConfSettings(dataFolder).get().abdmApi);
    const reached = performance.now();

    const list: Opened[] = [];
    for (let i = 0; i < LIST_OPENINGS; i += 1) {
      await page.locator('button[data-part="requests"]').click();
      await page.getByTestId('records-requests').waitFor();
      list.push(await probe<Opened>(page, 'openList', RECORDS));
    }

    // The records to open: the largest of each HI type (the worst case of each kind of view), and the rest spread
    // evenly over the list; opened in list order. Chosen from records.list, outside any timing.
    const ids = await page.$$eval('[data-testid="records-visits"] li[data-record-id]', (items) => items.filter((li) => li.querySelector('button')).map((li) => li.getAttribute('data-record-id')!));
    if (ids.length !== RECORDS) throw new Error(`${ids.length} records can be opened, not ${RECORDS}`);
    const metas = await probe<RecordMeta[]>(page, 'read', 'records.list', { patientId: PATIENT.id });
    const metaOf = (id: string) => metas.find((m) => m.id === id)!;
    const largest = new Set<string>();
    for (const hiType of new Set(metas.map((m) => m.hiType))) {
      const ofType = metas.filter((m) => m.hiType === hiType).sort((a, b) => (b.contentBytes ?? 0) - (a.contentBytes ?? 0));
      largest.add(ofType[0]!.id);
    }
    const spread = ids.filter((id) => !largest.has(id));
    const even = Array.from({ length: RECORD_OPENINGS - largest.size }, (_, i) => spread[Math.round((i * (spread.length - 1)) / (RECORD_OPENINGS - largest.size - 1))]!);
    const chosen = ids.filter((id) => largest.has(id) || even.includes(id));
    // Each record opened RECORD_PASSES times, in rounds over the 20 (never twice in a row).
    const opened: RecordOpened[][] = chosen.map(() => []);
    for (let pass = 0; pass < RECORD_PASSES; pass += 1) {
      for (const [index, id] of chosen.entries()) {
        opened[index]!.push(await probe<RecordOpened>(page, 'openRecord', id));
        await probe<Opened>(page, 'back', RECORDS);
      }
    }

    // Where the time goes: the same reads through window.abhaDesk, from the page.
    const listIpc = await probe<{ samples: number[]; bytes: number }>(page, 'ipc', 'records.list', { patientId: PATIENT.id }, LIST_OPENINGS);
    const consentsIpc = await probe<{ samples: number[]; bytes: number }>(page, 'ipc', 'consents.list', { patientId: PATIENT.id }, LIST_OPENINGS);
    const viewIpc: { ms: number; bytes: number }[] = [];
    for (const id of chosen) {
      const { samples, bytes } = await probe<{ samples: number[]; bytes: number }>(page, 'ipc', 'records.view', { id }, RECORD_PASSES);
      viewIpc.push({ ms: median(samples), bytes });
    }
    if (pageErrors.length) throw new Error(`errors in the page: ${pageErrors.join(' | ')}`);

    const painted = list.map((o) => o.painted);
    const perRecord = opened.map((openings) => median(openings.map((o) => o.painted)));
    const slowest = perRecord.indexOf(Math.max(...perRecord));
    const all = opened.flat().map((o) => o.painted);
    const worst = opened[slowest]!;
    const pdfTimes = opened.flat().flatMap((o) => (o.pdfDrawn === null ? [] : [o.pdfDrawn]));
    const meta = metaOf(chosen[slowest]!);
    const visits = new Set(records.map((r) => `${r.hip.id} ${r.careContext}`)).size;
    const hips = new Set(records.map((r) => r.hip.id)).size;

    console.log(
      `(${RECORDS} records in ${visits} visits at ${hips} HIPs, ${RESOURCES.toLocaleString('en-US')} resources, ${(plaintext / 1e6).toFixed(1)} MB of bundles; ` +
        `made and stored in ${((seeded - started) / 1000).toFixed(1)} s, patient reached in ${((reached - seeded) / 1000).toFixed(1)} s)`,
    );
    console.log(line(`record list opens: 200 rows + frame (median of ${LIST_OPENINGS})`, median(painted), 'ms', LIST_TARGET_MS));
    console.log(line('record list opens, max', Math.max(...painted), 'ms'));
    console.log(line('record list: rows in the DOM, before the frame (median)', median(list.map((o) => o.drawn)), 'ms'));
    console.log(line(`slowest of ${RECORD_OPENINGS} records opens (median of its ${RECORD_PASSES})`, perRecord[slowest]!, 'ms', RECORD_TARGET_MS));
    console.log(line(`one record opens, median of all ${all.length} openings`, median(all), 'ms'));
    console.log(line('one record opens, p95 of all openings', percentile(all, 95), 'ms'));
    console.log(line('one record opens, max of all openings', Math.max(...all), 'ms'));
    console.log(line('the first record opened (nothing warm yet)', opened[0]![0]!.painted, 'ms'));
    console.log(
      `(slowest: ${meta.hiType}, ${stored.get(meta.id)?.resources ?? '?'} resources, ${((meta.contentBytes ?? 0) / 1024).toFixed(0)} KiB, ${worst[0]!.elements} elements drawn; ` +
        `records.view ${viewIpc[slowest]!.ms.toFixed(1)} ms for ${(viewIpc[slowest]!.bytes / 1024).toFixed(0)} KiB of view JSON, ` +
        `view in the DOM at ${median(worst.map((o) => o.drawn)).toFixed(1)} ms, frame ${median(worst.map((o) => o.painted - o.drawn)).toFixed(1)} ms)`,
    );
    if (pdfTimes.length) console.log(line(`a record's PDF drawn too (median of ${pdfTimes.length}; max ${Math.max(...pdfTimes).toFixed(0)})`, median(pdfTimes), 'ms'));
    console.log(line(`records.list over IPC, ${RECORDS} records (median; ${(listIpc.bytes / 1024).toFixed(0)} KiB)`, median(listIpc.samples), 'ms'));
    console.log(line('consents.list over IPC (median)', median(consentsIpc.samples), 'ms'));
    console.log(line(`records.view over IPC (median of ${RECORD_OPENINGS}; slowest ${Math.max(...viewIpc.map((v) => v.ms)).toFixed(1)})`, median(viewIpc.map((v) => v.ms)), 'ms'));
    await page.close();
  } finally {
    await browser.close();
    await web.close();
    rmSync(dataFolder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
