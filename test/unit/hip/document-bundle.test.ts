// A paper filed at the desk as a FHIR R4 document of its NRCeS profile, for each of the eight kinds a clerk can
// choose: the bundle passes FHIR R4's own JSON schema and the profile's required elements, its Composition carries the
// profile's type, and this app's own record viewer shows it as the clerk filed it (title, date, patient, the file).
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { attachmentData, recordView } from '../../../electron/fhir/index';
import { buildDocumentBundle, profileProblems, r4SchemaProblems, type DocumentBundleInput, type RecordKind } from '../../../electron/fhir-write/index';

const FIXTURES = new URL('../../fixtures/hip/', import.meta.url);
const PDF = readFileSync(new URL('letter.pdf', FIXTURES));
const JPEG = readFileSync(new URL('lab-800x600.jpg', FIXTURES));

// Composition.type of each profile, copied by hand from the NRCeS FHIR IG 6.x profiles (FSH,
// gauravvaishnav17/abdm-fhir-ig-fsh input/fsh/profiles/<Profile>.fsh; also reference/spec/fhir-records.md B.1).
// null: the profile fixes type.text instead of a code.
const NRCES: Record<RecordKind, { profile: string; code: string | null; text: string | null }> = {
  Prescription: { profile: 'PrescriptionRecord', code: '440545006', text: null }, // "* type.coding.code = #440545006 (exactly)"
  OPConsultation: { profile: 'OPConsultRecord', code: '371530004', text: null }, // "Clinical consultation report"
  DiagnosticReport: { profile: 'DiagnosticReportRecord', code: '721981007', text: null }, // IG examples' DiagnosticReportType code
  DischargeSummary: { profile: 'DischargeSummaryRecord', code: '373942005', text: null }, // "Discharge summary"
  ImmunizationRecord: { profile: 'ImmunizationRecord', code: '41000179103', text: null }, // "Immunization record"
  WellnessRecord: { profile: 'WellnessRecord', code: null, text: 'Wellness Record' }, // "* type.text = "Wellness Record" (exactly)"
  HealthDocumentRecord: { profile: 'HealthDocumentRecord', code: '419891008', text: null }, // "Record artifact"
  Invoice: { profile: 'InvoiceRecord', code: null, text: 'Invoice Record' }, // "* type.text = "Invoice Record" (exactly)"
};

const KINDS = Object.keys(NRCES) as RecordKind[];

function input(kind: RecordKind, file = { contentType: 'application/pdf', data: PDF }): DocumentBundleInput {
  return {
    kind,
    ids: {
      bundle: randomUUID(),
      composition: randomUUID(),
      patient: randomUUID(),
      practitioner: randomUUID(),
      organization: randomUUID(),
      encounter: randomUUID(),
      file: randomUUID(),
      invoice: randomUUID(),
    },
    timestamp: '2026-11-27T05:30:00.000Z',
    date: '2026-11-26',
    title: 'Paper from the desk',
    file,
    patient: {
      patientNumber: 'OPD-000042',
      name: 'Asha Verma',
      gender: 'F',
      birthDate: '1990-04-12',
      abhaNumber: '91-1234-5678-9012',
      abhaAddress: 'asha.verma@sbx',
    },
    author: { name: 'Dr. Rao' },
    clinic: { hipId: 'IN2910000123', name: 'Sunrise Clinic' },
    visit: { id: randomUUID(), openedAt: '2026-11-27T04:00:00.000Z' },
  };
}

describe('a document bundle of each NRCeS profile', () => {
  it.each(KINDS)('%s passes FHIR R4’s JSON schema and the profile’s required elements', async (kind) => {
    const bundle = buildDocumentBundle(input(kind));
    expect(await r4SchemaProblems(bundle)).toEqual([]);
    expect(profileProblems(bundle, kind)).toEqual([]);
  });

  it('a patient without an ABHA yet, a birth year only, and a clinic without an HIP id still make a valid document', async () => {
    const bare = input('OPConsultation');
    bare.patient = { ...bare.patient, abhaNumber: null, abhaAddress: null, birthDate: '1990', gender: 'U' };
    bare.clinic = { hipId: null, name: 'Sunrise Clinic' };
    const bundle = buildDocumentBundle(bare);
    expect(await r4SchemaProblems(bundle)).toEqual([]);
    expect(profileProblems(bundle, 'OPConsultation')).toEqual([]);
    expect(recordView(bundle).patient).toMatchObject({ name: 'Asha Verma', birthDate: '1990' });
  });

  it('a PDF of 20 MB, the most the desk takes, passes both checks', { timeout: 60_000 }, async () => {
    const large = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20 * 1024 * 1024 - 9, 0x20)]);
    const bundle = buildDocumentBundle(input('HealthDocumentRecord', { contentType: 'application/pdf', data: large }));
    expect(await r4SchemaProblems(bundle)).toEqual([]);
    expect(profileProblems(bundle, 'HealthDocumentRecord')).toEqual([]);
  });

  it.each(KINDS)('%s carries the profile and Composition type NRCeS fixes', (kind) => {
    const bundle = buildDocumentBundle(input(kind)) as any;
    expect(bundle.type).toBe('document');
    const composition = bundle.entry[0].resource;
    expect(composition.resourceType).toBe('Composition');
    expect(composition.meta.profile).toEqual([`https://nrces.in/ndhm/fhir/r4/StructureDefinition/${NRCES[kind].profile}`]);
    if (NRCES[kind].code) expect(composition.type.coding).toEqual([expect.objectContaining({ system: 'http://snomed.info/sct', code: NRCES[kind].code })]);
    else expect(composition.type.text).toBe(NRCES[kind].text);
    for (const entry of bundle.entry) expect(entry.fullUrl).toBe(`urn:uuid:${entry.resource.id}`);
  });

  it.each(KINDS)('%s reads back in the app’s record viewer: its kind, title, date, patient and the file', (kind) => {
    const bundle = buildDocumentBundle(input(kind));
    const view = recordView(JSON.parse(JSON.stringify(bundle)));
    expect(view.hiType).toBe(kind);
    expect(view.title).toBe('Paper from the desk');
    expect(view.date).toBe('2026-11-26');
    expect(view.patient?.name).toBe('Asha Verma');
    expect(view.patient?.identifiers.map((identifier) => identifier.value)).toEqual(expect.arrayContaining(['91-1234-5678-9012', 'asha.verma@sbx']));
    expect(view.authors).toEqual(['Dr. Rao']);
    expect(view.organisation).toBe('Sunrise Clinic');
    expect(view.warnings).toEqual([]);
    expect(view.sections.length).toBeGreaterThan(0);
    expect(view.attachments).toHaveLength(1);
    expect(view.attachments[0]!.contentType).toBe('application/pdf');
    expect(attachmentData(bundle, view.attachments[0]!.id).data.equals(PDF)).toBe(true);
  });

  it('a PDF is inside the bundle byte for byte, and a photo as given', () => {
    const pdfBundle = buildDocumentBundle(input('DischargeSummary')) as any;
    expect(Buffer.from(pdfBundle.entry.at(-1).resource.content[0].attachment.data, 'base64').equals(PDF)).toBe(true);
    const photoBundle = buildDocumentBundle(input('Prescription', { contentType: 'image/jpeg', data: JPEG })) as any;
    const binary = photoBundle.entry.at(-1).resource;
    expect(binary.resourceType).toBe('Binary');
    expect(binary.contentType).toBe('image/jpeg');
    expect(Buffer.from(binary.data, 'base64').equals(JPEG)).toBe(true);
  });

  it('a scanned bill is shown under its invoice, in a section inside the invoice’s', () => {
    const view = recordView(buildDocumentBundle(input('Invoice')));
    expect(view.sections.map((section) => [section.key, section.items.map((item) => item.kind)])).toEqual([['invoice', ['invoice']]]);
    expect(view.sections[0]!.sections.map((section) => [section.title, section.items.map((item) => item.kind)])).toEqual([['Scanned bill', ['document']]]);
  });

  it('names the patient by the clinic’s number and the ABHA, never by anything else', () => {
    const bundle = buildDocumentBundle(input('HealthDocumentRecord')) as any;
    const patient = bundle.entry.find((entry: any) => entry.resource.resourceType === 'Patient').resource;
    expect(patient.identifier.map((identifier: any) => identifier.value)).toEqual(['OPD-000042', '91-1234-5678-9012', 'asha.verma@sbx']);
    expect(patient.gender).toBe('female');
    expect(patient.birthDate).toBe('1990-04-12');
  });
});

describe('the checks refuse a bundle that is not a valid document of its profile', () => {
  it('FHIR R4’s schema names a wrong value and where it is', async () => {
    const bundle = buildDocumentBundle(input('Prescription')) as any;
    bundle.entry[1].resource.gender = 'woman';
    expect(await r4SchemaProblems(bundle)).toEqual([expect.stringMatching(/^entry\/1 Patient \/gender: /)]);
  });

  it('FHIR R4’s schema refuses an element FHIR does not have', async () => {
    const bundle = buildDocumentBundle(input('Prescription')) as any;
    bundle.entry[0].resource.aadhaar = '1234';
    expect((await r4SchemaProblems(bundle)).join('\n')).toMatch(/entry\/0 Composition/);
  });

  it('the profile table names a missing required element', () => {
    const bundle = buildDocumentBundle(input('OPConsultation')) as any;
    delete bundle.entry[1].resource.name;
    delete bundle.entry[0].resource.encounter;
    expect(profileProblems(bundle, 'OPConsultation')).toEqual(['Patient.name[].text is required (Patient)', 'Composition.encounter is required (OPConsultRecord)']);
  });

  it('the profile table refuses a Composition of another kind and a file in the wrong resource', () => {
    const bundle = buildDocumentBundle(input('HealthDocumentRecord'));
    const problems = profileProblems(bundle, 'Prescription');
    expect(problems).toContain('Composition.meta.profile does not name PrescriptionRecord');
    expect(problems).toContain('Composition.type must be SNOMED 440545006 (PrescriptionRecord)');
    expect(problems).toContain("the section's entry must be a Binary in the bundle (PrescriptionRecord)");
  });
});
