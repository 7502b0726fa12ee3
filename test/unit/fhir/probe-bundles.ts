// Bundles for issue 23's record-viewer items, shared by the unit tests and the E2E spec. The results are HL7's own
// published FHIR R4 examples (hl7.org/fhir/R4, CC0): observation-example-f001-glucose (6.3 mmol/l, reference range
// 3.1–6.2 mmol/l, interpretation H) and observation-example-bloodpressure (a panel whose systolic 107 mm[Hg] is
// interpreted N and diastolic 60 mm[Hg] L). Around them: what the issue saw in the simulator's records (a BP of
// 152 mm[Hg] with its own range per component, Hb 11.2 g/dL beside "Mild anaemia", a dosage written only as text,
// UCUM units, a date value, an ambulatory encounter, a final status) and the security probe's patient name ending in
// U+202E (RIGHT-TO-LEFT OVERRIDE).
export type Json = Record<string, any>;

const UCUM = 'http://unitsofmeasure.org';
const LOINC = 'http://loinc.org';
const V3_INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const RLO = '\u202E';

export const HL7_GLUCOSE: Json = {
  resourceType: 'Observation',
  id: 'f001',
  status: 'final',
  code: { coding: [{ system: LOINC, code: '15074-8', display: 'Glucose [Moles/volume] in Blood' }] },
  effectivePeriod: { start: '2013-04-02T09:30:10+01:00' },
  issued: '2013-04-03T15:30:10.000+01:00',
  valueQuantity: { value: 6.3, unit: 'mmol/l', system: UCUM, code: 'mmol/L' },
  interpretation: [{ coding: [{ system: V3_INTERPRETATION, code: 'H', display: 'High' }] }],
  referenceRange: [{ low: { value: 3.1, unit: 'mmol/l', system: UCUM, code: 'mmol/L' }, high: { value: 6.2, unit: 'mmol/l', system: UCUM, code: 'mmol/L' } }],
};

export const HL7_BLOOD_PRESSURE: Json = {
  resourceType: 'Observation',
  id: 'blood-pressure',
  status: 'final',
  code: { coding: [{ system: LOINC, code: '85354-9', display: 'Blood pressure panel with all children optional' }], text: 'Blood pressure systolic & diastolic' },
  effectiveDateTime: '2012-09-17',
  interpretation: [{ coding: [{ system: V3_INTERPRETATION, code: 'L', display: 'low' }], text: 'Below low normal' }],
  component: [
    {
      code: { coding: [{ system: LOINC, code: '8480-6', display: 'Systolic blood pressure' }] },
      valueQuantity: { value: 107, unit: 'mmHg', system: UCUM, code: 'mm[Hg]' },
      interpretation: [{ coding: [{ system: V3_INTERPRETATION, code: 'N', display: 'normal' }], text: 'Normal' }],
    },
    {
      code: { coding: [{ system: LOINC, code: '8462-4', display: 'Diastolic blood pressure' }] },
      valueQuantity: { value: 60, unit: 'mmHg', system: UCUM, code: 'mm[Hg]' },
      interpretation: [{ coding: [{ system: V3_INTERPRETATION, code: 'L', display: 'low' }], text: 'Below low normal' }],
    },
  ],
};

const quantity = (value: number, code: string) => ({ value, unit: code, system: UCUM, code });

/** The BP: 152/96 mm[Hg], each component with its own normal range (systolic up to 139, diastolic up to 89). */
export const HIGH_BLOOD_PRESSURE: Json = {
  resourceType: 'Observation',
  id: 'bp-152',
  status: 'final',
  code: { text: 'Blood pressure' },
  effectiveDateTime: '2026-10-28T10:15:00+05:30',
  component: [
    { code: { text: 'Systolic' }, valueQuantity: quantity(152, 'mm[Hg]'), referenceRange: [{ low: quantity(90, 'mm[Hg]'), high: quantity(139, 'mm[Hg]') }] },
    { code: { text: 'Diastolic' }, valueQuantity: quantity(96, 'mm[Hg]'), referenceRange: [{ low: quantity(60, 'mm[Hg]'), high: quantity(89, 'mm[Hg]') }] },
  ],
};

/** The haemoglobin, 11.2 g/dL, with the lab's range 12–15 g/dL and its interpretation. */
export const LOW_HAEMOGLOBIN: Json = {
  resourceType: 'Observation',
  id: 'hb',
  status: 'final',
  code: { text: 'Haemoglobin' },
  effectiveDateTime: '2026-10-28',
  valueQuantity: quantity(11.2, 'g/dL'),
  interpretation: [{ coding: [{ system: V3_INTERPRETATION, code: 'L', display: 'Low' }], text: 'Mild anaemia' }],
  referenceRange: [{ low: quantity(12, 'g/dL'), high: quantity(15, 'g/dL') }],
};

/** Values in UCUM codes the issue saw raw, and a date value. */
export const UNIT_OBSERVATIONS: Json[] = [
  { resourceType: 'Observation', id: 'temp', status: 'final', code: { text: 'Body temperature' }, valueQuantity: quantity(36.8, 'Cel') },
  { resourceType: 'Observation', id: 'steps', status: 'final', code: { text: 'Steps' }, valueQuantity: quantity(7400, '{steps}') },
  { resourceType: 'Observation', id: 'wbc', status: 'final', code: { text: 'White cells' }, valueQuantity: quantity(7.2, '10*3/uL') },
  { resourceType: 'Observation', id: 'lmp', status: 'final', code: { text: 'Last menstrual period' }, valueDateTime: '2026-10-28' },
];

export const TEXT_DOSAGE: Json = {
  resourceType: 'MedicationRequest',
  id: 'amlodipine',
  status: 'active',
  intent: 'order',
  medicationCodeableConcept: { text: 'Amlodipine 5 mg oral tablet' },
  authoredOn: '2026-10-28T10:30:00+05:30',
  dosageInstruction: [{ text: 'One tablet every morning after breakfast', route: { text: 'Oral route' } }],
};

/** The probe's patient: a name ending in RIGHT-TO-LEFT OVERRIDE, then female, born 25-07-1962. */
export const BIDI_NAME = `Sunita Rao${RLO}`;

/** An OP consultation carrying all of the above (Composition type SNOMED 371530004, fhir-records.md B.1). */
export function probeBundle(): Json {
  const resources: Json[] = [
    { resourceType: 'Patient', id: 'pat', name: [{ text: BIDI_NAME }], gender: 'female', birthDate: '1962-07-25', identifier: [{ system: 'https://hip.example/mrn', value: `MRN-77${RLO}12` }] },
    { resourceType: 'Encounter', id: 'enc', status: 'finished', class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' }, period: { start: '2026-10-28T10:00:00+05:30' } },
    HIGH_BLOOD_PRESSURE,
    LOW_HAEMOGLOBIN,
    HL7_GLUCOSE,
    HL7_BLOOD_PRESSURE,
    ...UNIT_OBSERVATIONS,
    TEXT_DOSAGE,
  ];
  const ref = (r: Json) => ({ reference: `urn:uuid:${r.id}` });
  const observations = resources.filter((r) => r.resourceType === 'Observation');
  const composition = {
    resourceType: 'Composition',
    id: 'comp',
    status: 'final',
    type: { coding: [{ system: 'http://snomed.info/sct', code: '371530004', display: 'Clinical consultation report' }] },
    subject: { reference: 'urn:uuid:pat' },
    encounter: { reference: 'urn:uuid:enc' },
    date: '2026-10-28T10:45:00+05:30',
    title: 'Consultation Report',
    section: [
      { title: 'Physical examination', code: { coding: [{ code: '425044008' }] }, entry: observations.map(ref) },
      { title: 'Medications', code: { coding: [{ code: '721912009' }] }, entry: [ref(TEXT_DOSAGE)] },
    ],
  };
  return {
    resourceType: 'Bundle',
    id: 'probe',
    type: 'document',
    timestamp: '2026-10-28T10:45:00+05:30',
    entry: [composition, ...resources].map((resource) => ({ fullUrl: `urn:uuid:${resource.id}`, resource })),
  };
}

/** A consultation with `count` heart-rate readings in one section: the long-table probe (issue 23, security 3). */
export function longBundle(count: number): Json {
  const bundle = probeBundle();
  const readings = Array.from({ length: count }, (_, i) => ({
    fullUrl: `urn:uuid:hr-${i}`,
    resource: { resourceType: 'Observation', id: `hr-${i}`, status: 'final', code: { text: `Heart rate reading ${i + 1}` }, valueQuantity: quantity(60 + (i % 40), '/min') },
  }));
  bundle.entry.push(...readings);
  bundle.entry[0].resource.section[0].entry = readings.map((r) => ({ reference: r.fullUrl }));
  return bundle;
}
