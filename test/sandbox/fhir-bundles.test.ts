import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { RecordSubject } from '../../sandbox/fhir/fhir-types';
import { generateRecordBundle } from '../../sandbox/fhir/generate-bundle';
import type { HiType } from '../../sandbox/fhir/ig-catalog';

// Expectations written from reference/spec/fhir-records.md B.1 (not imported from the generator).
const SCT = 'http://snomed.info/sct';
const IG = 'https://nrces.in/ndhm/fhir/r4/StructureDefinition';
const EXPECTED: Record<HiType, { profile: string; typeCode?: string; sections: Record<string, string[]>; encounter: boolean }> = {
  OPConsultation: {
    profile: 'OPConsultRecord',
    typeCode: '371530004',
    encounter: true,
    sections: {
      '422843007': ['Condition'],
      '425044008': ['Observation'],
      '722446000': ['AllergyIntolerance'],
      '371529009': ['Condition', 'Procedure'],
      '422432008': ['FamilyMemberHistory'],
      '721963009': ['ServiceRequest'],
      '721912009': ['MedicationStatement', 'MedicationRequest'],
      '390906007': ['Appointment'],
      '371525003': ['Procedure'],
      '306206005': ['ServiceRequest'],
      '404684003': ['Observation'],
      '371530004': ['DocumentReference'],
    },
  },
  Prescription: { profile: 'PrescriptionRecord', typeCode: '440545006', encounter: false, sections: { '440545006': ['MedicationRequest', 'Binary'] } },
  DischargeSummary: {
    profile: 'DischargeSummaryRecord',
    typeCode: '373942005',
    encounter: true,
    sections: {
      '422843007': ['Condition'],
      '425044008': ['Observation'],
      '722446000': ['AllergyIntolerance'],
      '1003642006': ['Procedure', 'Condition'],
      '422432008': ['FamilyMemberHistory'],
      '721981007': ['DiagnosticReport'],
      '1003606003': ['MedicationRequest'],
      '1003640003': ['Procedure'],
      '734163000': ['CarePlan'],
      '373942005': ['DocumentReference'],
    },
  },
  DiagnosticReport: { profile: 'DiagnosticReportRecord', typeCode: '721981007', encounter: false, sections: { '4321000179101': ['DiagnosticReport', 'DocumentReference'] } },
  ImmunizationRecord: {
    profile: 'ImmunizationRecord',
    typeCode: '41000179103',
    encounter: false,
    sections: { '41000179103': ['Immunization', 'ImmunizationRecommendation', 'DocumentReference'] },
  },
  HealthDocumentRecord: { profile: 'HealthDocumentRecord', typeCode: '419891008', encounter: false, sections: { '419891008': ['DocumentReference'] } },
  WellnessRecord: { profile: 'WellnessRecord', encounter: false, sections: {} },
  Invoice: { profile: 'InvoiceRecord', encounter: false, sections: {} },
};
const WELLNESS_TITLES = ['Vital Signs', 'Body Measurement', 'Physical Activity', 'General Assessment', 'Women Health', 'Lifestyle', 'Other Observations', 'Document Reference'];

const subject = (gender: 'M' | 'F' = 'F'): RecordSubject => ({
  patient: { id: 'test.patient@sbx', name: 'Test Patient', gender, birthDate: '1990-01-01', mobile: '+919800000999' },
  hip: { id: 'HIP-TEST', name: 'Test Hospital' },
  careContext: { patientReference: 'PT-1', careContextReference: 'CC-1', display: 'Test visit' },
  practitioner: { name: 'Dr. Test', registrationNumber: 'REG-1' },
  date: '2024-02-12T10:30:00.000Z',
});

type Json = Record<string, any>;
const parse = async (hiType: HiType, options = {}, gender: 'M' | 'F' = 'F') =>
  JSON.parse(await generateRecordBundle(hiType, subject(gender), options)) as Json;
const resources = (bundle: Json): Json[] => bundle.entry.map((e: Json) => e.resource);
const byReference = (bundle: Json) => new Map<string, Json>(bundle.entry.map((e: Json) => [e.fullUrl, e.resource]));

function collectReferences(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => collectReferences(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'reference' && typeof inner === 'string') found.push(inner);
      else collectReferences(inner, found);
    }
  }
  return found;
}

const pdfOf = (bundle: Json): Buffer => {
  for (const resource of resources(bundle)) {
    const data = resource.presentedForm?.[0]?.data ?? resource.content?.[0]?.attachment?.data ?? (resource.resourceType === 'Binary' ? resource.data : undefined);
    if (data) return Buffer.from(data, 'base64');
  }
  throw new Error('bundle has no PDF');
};

describe.each(Object.keys(EXPECTED) as HiType[])('%s document bundle', (hiType) => {
  const expected = EXPECTED[hiType];

  it('is a FHIR document bundle with the DocumentBundle essentials', async () => {
    const bundle = await parse(hiType);
    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.type).toBe('document');
    expect(bundle.meta.versionId).toBe('1');
    expect(bundle.meta.security[0].code).toBe('V');
    expect(bundle.identifier.system).toBeTruthy();
    expect(bundle.identifier.value).toBeTruthy();
    expect(Number.isNaN(Date.parse(bundle.timestamp))).toBe(false);
    expect(resources(bundle)[0]?.resourceType).toBe('Composition');
    for (const entry of bundle.entry) expect(entry.fullUrl).toBe(`urn:uuid:${entry.resource.id}`);
  });

  it('has the IG Composition profile, type and encounter rule', async () => {
    const composition = resources(await parse(hiType))[0]!;
    expect(composition.meta.profile).toEqual([`${IG}/${expected.profile}`]);
    if (expected.typeCode) expect(composition.type.coding).toEqual([expect.objectContaining({ system: SCT, code: expected.typeCode })]);
    else expect(composition).toMatchObject({ type: { text: hiType === 'Invoice' ? 'Invoice Record' : 'Wellness Record' } });
    expect(composition.subject.reference).toMatch(/^urn:uuid:/);
    if (expected.encounter) expect(composition.encounter?.reference).toMatch(/^urn:uuid:/);
    expect(composition.section.length).toBeGreaterThan(0);
  });

  it('uses only the IG section codes, each holding the resource types the IG allows', async () => {
    const bundle = await parse(hiType);
    const lookup = byReference(bundle);
    const composition = resources(bundle)[0]!;
    for (const section of composition.section) {
      const targets = section.entry.map((entry: Json) => lookup.get(entry.reference));
      expect(targets.every(Boolean)).toBe(true);
      if (hiType === 'WellnessRecord') {
        expect(section.code).toBeUndefined();
        expect(WELLNESS_TITLES).toContain(section.title);
        continue;
      }
      if (hiType === 'Invoice') {
        // InvoiceRecord has one section, sliced by its entry (the Invoice) rather than a code (fhir-records.md B.1)
        expect(section.title).toBe('Invoice');
        for (const target of targets) expect(['Invoice', 'DocumentReference']).toContain(target!.resourceType);
        continue;
      }
      expect(section.code.coding[0].system).toBe(SCT);
      const allowed = expected.sections[section.code.coding[0].code];
      expect(allowed, `section code ${section.code.coding[0].code}`).toBeDefined();
      for (const target of targets) expect(allowed).toContain(target!.resourceType);
    }
  });

  it('resolves every reference inside the bundle', async () => {
    const bundle = await parse(hiType);
    const lookup = byReference(bundle);
    const references = collectReferences(bundle);
    expect(references.length).toBeGreaterThan(3);
    for (const reference of references) expect(lookup.has(reference), reference).toBe(true);
  });

  it('grows to a requested push size and stays readable', async () => {
    const bundle = await generateRecordBundle(hiType, subject(), { targetBytes: 1_000_000 });
    expect(Math.abs(Buffer.byteLength(bundle) - 1_000_000)).toBeLessThan(10_000);
    expect(pdfOf(JSON.parse(bundle)).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('record-specific content', () => {
  it('DiagnosticReport carries the lab report as a readable PDF presentedForm', async () => {
    const bundle = await parse('DiagnosticReport');
    const report = resources(bundle).find((r) => r.resourceType === 'DiagnosticReport')!;
    expect(report.meta.profile[0]).toBe(`${IG}/DiagnosticReportLab`);
    expect(report.code.coding[0].system).toBe('http://loinc.org');
    expect(report.resultsInterpreter.length).toBeGreaterThan(0);
    expect(report.conclusion).toBeTruthy();
    expect(report.presentedForm[0].contentType).toBe('application/pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'fhir-pdf-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'report.pdf');
    writeFileSync(file, Buffer.from(report.presentedForm[0].data, 'base64'));
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Test Patient');
    expect(text).toContain('Test Hospital');
  });

  it('HealthDocumentRecord carries a PDF DocumentReference, base64 encoded once', async () => {
    const bundle = await parse('HealthDocumentRecord');
    const document = resources(bundle).find((r) => r.resourceType === 'DocumentReference')!;
    expect(document.content[0].attachment.contentType).toBe('application/pdf');
    expect(Buffer.from(document.content[0].attachment.data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('WellnessRecord has a Women Health section only for women', async () => {
    const titles = async (gender: 'M' | 'F') => resources(await parse('WellnessRecord', {}, gender))[0]!.section.map((s: Json) => s.title);
    expect(await titles('F')).toContain('Women Health');
    expect(await titles('M')).not.toContain('Women Health');
  });

  it('rejects an unknown HI type by name', async () => {
    await expect(generateRecordBundle('LabResult' as HiType, subject())).rejects.toThrow(/Unknown HI type "LabResult"/);
  });
});

describe('agreement with the real-world ProjectEKA samples', () => {
  const repoRoot = path.resolve(import.meta.dirname, '../..');
  const fixtures = path.resolve(repoRoot, 'reference/fixtures/fhir-projecteka');
  const SAMPLE_TYPES: Array<[string, HiType]> = [
    ['NCP1702OPConsultationNote20200709.json', 'OPConsultation'],
    ['NCP1008PrescriptionDoc20190805.json', 'Prescription'],
    ['MAXLIVNO15DiagnosticReportDoc20140122.json', 'DiagnosticReport'],
    ['MAXLIVNO15DischargeSummaryDoc20161209.json', 'DischargeSummary'],
    ['MAXRVH1003ImmunizationDoc20190801.json', 'ImmunizationRecord'],
    ['MAXLIVNO99HealthDocumentRecordDoc20190801.json', 'HealthDocumentRecord'],
    ['MAXLIVNO99WellnessRecordDoc20190801.json', 'WellnessRecord'],
  ];

  it.each(SAMPLE_TYPES)('%s has the same Composition type code as our %s', async (file, hiType) => {
    const sample = JSON.parse(readFileSync(path.join(fixtures, file), 'utf8')) as Json;
    const sampleComposition = resources(sample).find((r) => r.resourceType === 'Composition')!;
    const ours = resources(await parse(hiType))[0]!;
    expect(ours.type.coding?.[0]?.code).toBe(sampleComposition.type.coding[0].code);
  });
});
