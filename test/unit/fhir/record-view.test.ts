import { beforeAll, describe, expect, it } from 'vitest';
import {
  attachmentData,
  recordView,
  RecordViewError,
  type ItemView,
  type ObservationItem,
  type RecordView,
  type SectionView,
} from '../../../electron/fhir/index';
import { composition, entries, generatedFixtures, projectekaFixtures, resolveIndex, walkAttachments, walkSections, type Fixture, type Json } from './fixtures';

let generated: Fixture[] = [];
const projecteka = projectekaFixtures();
const all = () => [...generated, ...projecteka];
const clone = (value: Json): Json => JSON.parse(JSON.stringify(value));

beforeAll(async () => {
  generated = await generatedFixtures();
}, 60_000);

/** Entry indexes an item shows (medication rows, a report's results too). */
function shownIndexes(item: ItemView): number[] {
  switch (item.kind) {
    case 'medications':
      return item.rows.map((row) => row.source.entryIndex);
    case 'diagnosticReport':
      return [item.source.entryIndex, ...item.results.flatMap(shownIndexes)];
    case 'missing':
    case 'empty':
      return [];
    default:
      return [item.source.entryIndex];
  }
}

function attachmentIdsOf(item: ItemView): string[] {
  if (item.kind === 'diagnosticReport') return [...item.attachmentIds, ...item.results.flatMap(attachmentIdsOf)];
  if (item.kind === 'document' || item.kind === 'attachment') return item.attachmentIds;
  return [];
}

const flatSections = (sections: SectionView[]): SectionView[] => sections.flatMap((s) => [s, ...flatSections(s.sections)]);
const allItems = (view: RecordView): ItemView[] => flatSections(view.sections).flatMap((s) => s.items);
const bySource = (view: RecordView, resourceType: string) =>
  allItems(view).flatMap(function walk(item): ItemView[] {
    return [item, ...(item.kind === 'diagnosticReport' ? item.results.flatMap(walk) : [])];
  }).filter((item) => 'source' in item && item.source.resourceType === resourceType);

describe('recordView over the simulator bundles and the real-world bundles', () => {
  it('has the fixtures it is meant to test: 16 generated (v3’s eight HI types), 7 real-world (v0.5’s seven)', () => {
    expect(generated).toHaveLength(16);
    expect(projecteka).toHaveLength(7);
    const seven = ['DiagnosticReport', 'DischargeSummary', 'HealthDocumentRecord', 'ImmunizationRecord', 'OPConsultation', 'Prescription', 'WellnessRecord'];
    for (const [set, expected] of [[generated, [...seven, 'Invoice']], [projecteka, seven]] as const) {
      const types = new Set(set.map((f) => recordView(f.bundle).hiType));
      expect([...types].sort()).toEqual([...expected].sort());
    }
  });

  it('shows every Composition section, in order, with its title as received', () => {
    for (const { name, bundle } of all()) {
      const sections = composition(bundle)!.section as Json[];
      const view = recordView(bundle);
      const shown = view.sections.filter((s) => s.key !== 'unreferenced');
      expect(shown.map((s) => s.title), name).toEqual(sections.map((s) => s.title ?? null));
      expect(flatSections(shown).length, name).toBe(walkSections(sections).length);
    }
  });

  it('shows every section entry as an item of that section', () => {
    let checked = 0;
    for (const { name, bundle } of all()) {
      const sections = composition(bundle)!.section as Json[];
      const view = recordView(bundle);
      sections.forEach((section, n) => {
        const shownHere = view.sections[n]!.items.flatMap(shownIndexes);
        for (const entry of section.entry ?? []) {
          const index = resolveIndex(bundle, entry.reference);
          expect(index, `${name}: ${entry.reference} resolves in the bundle`).toBeGreaterThanOrEqual(0);
          expect(shownHere, `${name}: ${section.title} shows ${entry.reference}`).toContain(index);
          checked++;
        }
      });
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('lists every attachment with its content type, title and decoded size; a section that points at one names it', () => {
    let counted = 0;
    for (const { name, bundle } of all()) {
      const expected = walkAttachments(bundle);
      const view = recordView(bundle);
      expect(view.attachments.map((a) => [a.source.entryIndex, a.contentType]), name).toEqual(expected.map((a) => [a.entryIndex, a.contentType ?? null]));
      view.attachments.forEach((attachment, n) => {
        const raw = expected[n]!;
        let bytes = Buffer.from(raw.data!, 'base64');
        if (!bytes.subarray(0, 5).equals(Buffer.from('%PDF-'))) bytes = Buffer.from(bytes.toString('latin1'), 'base64'); // B.4: twice-encoded PDF
        expect(attachment.bytes, name).toBe(bytes.length);
        expect(attachment.kind, name).toBe(raw.contentType === 'application/pdf' ? 'pdf' : 'other');
        if (raw.title) expect(attachment.title).toBe(raw.title);
        expect(JSON.stringify(attachment)).not.toContain(raw.data!.slice(0, 40));
        const data = attachmentData(bundle, attachment.id);
        expect(data.data.equals(bytes), `${name} ${attachment.id}`).toBe(true);
        expect(data.contentType).toBe(raw.contentType);
        counted++;
      });
      // every attachment in these bundles sits in a resource a section points at
      const pointedAt = new Set(allItems(view).flatMap(attachmentIdsOf));
      for (const attachment of view.attachments) {
        expect(attachment.referenced, `${name} ${attachment.id}`).toBe(true);
        expect(pointedAt.has(attachment.id), `${name} ${attachment.id}`).toBe(true);
      }
    }
    // generated: 8 with PDF (plain DiagnosticReport and HealthDocumentRecord carry theirs too); real-world: 3
    expect(counted).toBe(10 + 3);
  });

  it('keeps base64 out of the view model, so lists stay small', () => {
    for (const { name, bundle } of all()) {
      const size = JSON.stringify(recordView(bundle)).length;
      expect(size, name).toBeLessThan(20_000);
    }
  });

  it('gives the header from the Composition: title, date, author, organisation, patient', () => {
    for (const { name, bundle } of all()) {
      const c = composition(bundle)!;
      const view = recordView(bundle);
      expect(view.title, name).toBe(c.title);
      expect(view.date, name).toBe(c.date);
      const patient = entries(bundle)[resolveIndex(bundle, c.subject.reference)]!.resource;
      expect(view.patient?.name, name).toBe(patient.name[0].text);
      const author = entries(bundle)[resolveIndex(bundle, c.author[0].reference)]!.resource;
      expect(view.authors, name).toEqual([author.name[0].text]);
    }
    const op = recordView(projecteka.find((f) => f.name.startsWith('NCP1702'))!.bundle);
    expect(op.organisation).toBe('Max Super Speciality Hospital, Saket');
    expect(op.patient?.identifiers.map((i) => i.value)).toEqual(['RVH1003', 'hinapatel79@ncg']);
    expect(op.narrative).toBe('Consultation Report'); // Composition.text.div, without its markup
  });

  it('an author given as a PractitionerRole is named by its practitioner', () => {
    const bundle = clone(generated.find((f) => f.name === 'generated OPConsultation')!.bundle);
    const c = composition(bundle)!;
    const practitioner = entries(bundle)[resolveIndex(bundle, c.author[0].reference)]!.resource;
    bundle.entry.push({ fullUrl: 'urn:uuid:role', resource: { resourceType: 'PractitionerRole', id: 'role', practitioner: { reference: c.author[0].reference } } });
    c.author = [{ reference: 'urn:uuid:role' }];
    expect(recordView(bundle).authors).toEqual([practitioner.name[0].text]);
  });

  it('puts resources no section points at in a last "unreferenced" section', () => {
    const discharge = recordView(projecteka.find((f) => f.name.includes('DischargeSummary'))!.bundle);
    const last = discharge.sections.at(-1)!;
    expect(last.key).toBe('unreferenced');
    // Encounter.diagnosis points at this Condition; no section does
    expect(last.items).toEqual([expect.objectContaining({ kind: 'condition', name: 'Bacterial infection due to Bacillus', severity: 'Mild' })]);
    // the Medication a request names, and the Condition given as its reason, show through the medication row
    expect(discharge.sections.find((s) => s.key === 'prescription')!.items).toEqual([
      { kind: 'medications', rows: [expect.objectContaining({ drug: 'dextromethorphan 90 mg', dosageText: '1 capsule 2 times a day with food', instructions: [], reasons: ['cough'] })] },
    ]);
  });
});

describe('typed renderings, with values read from the fixture files', () => {
  const real = (prefix: string) => recordView(projecteka.find((f) => f.name.includes(prefix))!.bundle);

  it('medications as a table: drug (coded, or from a referenced Medication), route, instructions', () => {
    const view = real('Prescription');
    const table = view.sections[0]!.items[0]!;
    expect(table.kind).toBe('medications');
    if (table.kind !== 'medications') return;
    // the dosage text is the dose and rhythm in the prescriber's words, shown in their place (issue 23)
    expect(table.rows.map((r) => [r.drug, r.dosageText, r.instructions, r.reasons])).toEqual([
      ['ibuprofen 30 mg Pediatric', '1 tablet 2 times a day', [], ['Toothache']],
      ['tramadol and paracetamol 500 mg', '1 tablet once a day', [], ['Fever with bodyache']],
    ]);
    for (const { name, bundle } of generated.filter((f) => f.name.includes('Prescription'))) {
      const requests = entries(bundle).filter((e) => e.resource.resourceType === 'MedicationRequest').map((e) => e.resource);
      const medTable = recordView(bundle).sections[0]!.items.find((i) => i.kind === 'medications');
      if (medTable?.kind !== 'medications') throw new Error(`${name}: no medication table`);
      expect(medTable.rows.map((r) => [r.drug, r.route, r.dosageText])).toEqual(
        requests.map((r) => [r.medicationCodeableConcept.text, r.dosageInstruction[0].route.text, r.dosageInstruction[0].text]),
      );
    }
  });

  it('a dosage with structured dose, timing and duration fills those columns', () => {
    const bundle = clone(generated.find((f) => f.name === 'generated Prescription')!.bundle);
    const request = entries(bundle).find((e) => e.resource.resourceType === 'MedicationRequest')!.resource;
    request.dosageInstruction[0] = {
      ...request.dosageInstruction[0],
      doseAndRate: [{ doseQuantity: { value: 1, unit: 'tablet' } }],
      timing: { code: { text: 'BD' }, repeat: { frequency: 2, period: 1, periodUnit: 'd', boundsDuration: { value: 5, unit: 'days' } } },
      additionalInstruction: [{ text: 'after food' }],
    };
    const table = recordView(bundle).sections[0]!.items[0]!;
    if (table.kind !== 'medications') throw new Error('no table');
    expect(table.rows[0]).toMatchObject({
      dose: '1 tablet',
      frequency: 'BD',
      repeat: { frequency: 2, period: 1, periodUnit: 'd', when: [] },
      duration: '5 days',
      dosageText: request.dosageInstruction[0].text,
      instructions: ['after food'],
    });
  });

  it('a drug in a contained Medication (#id) is named; a second Composition is not hidden', () => {
    const bundle = clone(generated.find((f) => f.name === 'generated Prescription')!.bundle);
    const request = entries(bundle).find((e) => e.resource.resourceType === 'MedicationRequest')!.resource;
    delete request.medicationCodeableConcept;
    request.contained = [{ resourceType: 'Medication', id: 'm1', code: { text: 'Metformin 500 mg tablet' } }];
    request.medicationReference = { reference: '#m1' };
    bundle.entry.push({ fullUrl: 'urn:uuid:c2', resource: { resourceType: 'Composition', id: 'c2', title: 'An older note', status: 'final' } });
    const view = recordView(bundle);
    const table = view.sections[0]!.items[0]!;
    if (table.kind !== 'medications') throw new Error('no table');
    expect(table.rows[0]!.drug).toBe('Metformin 500 mg tablet');
    expect(view.sections.at(-1)!.items).toEqual([expect.objectContaining({ kind: 'generic', resourceType: 'Composition', fields: [{ key: 'title', value: 'An older note' }, { key: 'status', value: 'final' }] })]);
  });

  it('observations with value and unit; a panel shows its components', () => {
    const wellness = real('Wellness');
    const glucose = bySource(wellness, 'Observation').find((i) => i.kind === 'observation' && i.name === 'Glucose [Mass/volume] in Blood');
    expect(glucose).toMatchObject({ value: '142', unit: 'mg/dL', flag: null });
    const panel = wellness.sections.find((s) => s.key === 'vitalSigns')!.items[0] as ObservationItem;
    expect(panel.components.map((c) => [c.name, c.value, c.unit])).toEqual([
      ['Systolic blood pressure', '107', 'mmHg'],
      ['Diastolic blood pressure', '60', 'mmHg'],
    ]);
    expect(wellness.sections.map((s) => s.key)).toEqual(['vitalSigns', 'bodyMeasurement', 'generalAssessment', 'physicalActivity', 'womenHealth', 'lifestyle']);
    const report = real('DiagnosticReport').sections[0]!.items[0]!;
    expect(report).toMatchObject({ kind: 'diagnosticReport', name: 'Hemoglobin [Mass/volume] in Blood' });
    if (report.kind === 'diagnosticReport') expect(report.results).toEqual([expect.objectContaining({ kind: 'observation', name: 'Cholesterol', value: '6.3mmol/L' })]);
  });

  it('flags an observation outside its reference range, and not one inside it', () => {
    const bundle = clone(generated.find((f) => f.name === 'generated DiagnosticReport')!.bundle);
    const observations = entries(bundle).filter((e) => e.resource.resourceType === 'Observation').map((e) => e.resource);
    const [hb, wbc, plt] = observations as [Json, Json, Json];
    hb.referenceRange = [{ low: { value: 12, unit: 'g/dL' }, high: { value: 15.5, unit: 'g/dL' } }];
    wbc.referenceRange = [{ low: { value: 4, unit: '10*3/uL' }, high: { value: 11, unit: '10*3/uL' } }];
    plt.referenceRange = [{ low: { value: 150 }, high: { value: 200 } }];
    const report = recordView(bundle).sections[0]!.items[0]!;
    if (report.kind !== 'diagnosticReport') throw new Error('no report');
    const results = report.results as ObservationItem[];
    expect(results.map((r) => [r.value, r.unit, r.flag])).toEqual([
      [String(hb.valueQuantity.value), hb.valueQuantity.unit, 'low'],
      // UCUM's print symbols (ucum.org): 10*3/uL is printed ×10³/μL
      [String(wbc.valueQuantity.value), '×10³/μL', null],
      [String(plt.valueQuantity.value), '×10³/μL', 'high'],
    ]);
    expect(results[0]!.referenceRange).toEqual({ low: '12', high: '15.5', unit: 'g/dL', text: null });
  });

  it('conditions, allergies, procedures, care plans, follow-up', () => {
    const discharge = real('DischargeSummary');
    expect(bySource(discharge, 'AllergyIntolerance').map((a) => a.kind === 'allergy' && [a.substance, a.criticality, a.category])).toEqual([
      ['Cashew nuts', 'high', ['food']],
      ['Penicillin G', 'high', ['medication']],
    ]);
    expect(bySource(discharge, 'Procedure')).toEqual([
      expect.objectContaining({ kind: 'procedure', name: 'Coronary artery bypass grafting', complications: ['Bleeding'], date: '2016-12-07T00:00:00+05:30' }),
    ]);
    expect(bySource(discharge, 'Appointment')).toEqual([expect.objectContaining({ kind: 'appointment', description: 'Review progress in 7 days' })]);
    expect(discharge.sections.map((s) => s.key)).toEqual([
      'chiefComplaints',
      'allergies',
      'physicalExamination',
      'prescription',
      'documentReference',
      'procedures',
      'carePlan',
      'followUp',
      'unreferenced',
    ]);
    const op = recordView(generated.find((f) => f.name === 'generated OPConsultation')!.bundle);
    expect(op.sections.map((s) => s.key)).toEqual([
      'chiefComplaints',
      'physicalExamination',
      'allergies',
      'medicalHistory',
      'familyHistory',
      'investigationAdvice',
      'medications',
      'followUp',
    ]);
    expect(bySource(op, 'FamilyMemberHistory')).toEqual([expect.objectContaining({ relationship: 'father', conditions: ['Diabetes mellitus type 2'] })]);
  });

  it('immunizations: vaccine, dose number, date, lot', () => {
    expect(bySource(real('Immunization'), 'Immunization').map((i) => i.kind === 'immunization' && [i.vaccine, i.doseNumber, i.date, i.lotNumber])).toEqual([
      ['Tuberculosis - Live Attenuated', '2nd', '2019-08-01T01:00:00+05:30', null],
      ['Rotavirus Vaccine', '2nd', '2019-08-01T01:00:00+05:30', '1XXYTZZ'],
    ]);
    const bundle = generated.find((f) => f.name === 'generated ImmunizationRecord')!.bundle;
    const doses = entries(bundle).filter((e) => e.resource.resourceType === 'Immunization').map((e) => e.resource);
    expect(bySource(recordView(bundle), 'Immunization').map((i) => i.kind === 'immunization' && [i.vaccine, i.doseNumber, i.lotNumber])).toEqual(
      doses.map((d) => [d.vaccineCode.text, String(d.protocolApplied[0].doseNumberPositiveInt), d.lotNumber]),
    );
  });

  it('narrative is plain text: the OP bundle’s “No Known Allergy” shows, its markup does not', () => {
    const op = real('OPConsultation');
    const allergy = bySource(op, 'AllergyIntolerance')[0]!;
    expect(allergy).toMatchObject({ kind: 'allergy', substance: null, narrative: 'No Known Allergy\nrecordedDate:2015-08-06' });
    for (const item of allItems(op)) if ('narrative' in item && item.narrative) expect(item.narrative).not.toMatch(/[<>]/);
  });

  it('the twice-encoded health-document PDF decodes to a PDF (fhir-records.md B.4)', () => {
    const fixture = projecteka.find((f) => f.name.includes('HealthDocument'))!;
    const [attachment] = recordView(fixture.bundle).attachments;
    expect(attachment).toMatchObject({ kind: 'pdf', contentType: 'application/pdf' });
    expect(attachmentData(fixture.bundle, attachment!.id).data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('attachments that are not PDFs, and ones no section points at', () => {
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

  it('an image is "image", a mislabelled or scriptable type is "other", an unreferenced Binary is listed too', () => {
    const bundle = clone(generated.find((f) => f.name === 'generated HealthDocumentRecord')!.bundle);
    const doc = entries(bundle).find((e) => e.resource.resourceType === 'DocumentReference')!.resource;
    doc.content.push({ attachment: { contentType: 'image/png', title: 'X-ray', data: PNG.toString('base64') } });
    doc.content.push({ attachment: { contentType: 'image/svg+xml', title: 'Drawing', data: Buffer.from('<svg><script>alert(1)</script></svg>').toString('base64') } });
    doc.content.push({ attachment: { contentType: 'application/pdf', title: 'Not a PDF', data: Buffer.from('<html>hi</html>').toString('base64') } });
    doc.content.push({ attachment: { contentType: 'application/dicom', title: 'Remote', url: 'https://example.org/x.dcm' } });
    bundle.entry.push({ fullUrl: 'urn:uuid:loose-binary', resource: { resourceType: 'Binary', id: 'loose-binary', contentType: 'text/plain', data: Buffer.from('hello').toString('base64') } });
    bundle.entry.push({ fullUrl: 'urn:uuid:loose-media', resource: { resourceType: 'Media', id: 'loose-media', status: 'completed', content: { contentType: 'image/png', data: PNG.toString('base64') } } });
    const view = recordView(bundle);
    expect(view.attachments.map((a) => [a.title, a.kind, a.bytes, a.referenced])).toEqual([
      [doc.content[0].attachment.title, 'pdf', Buffer.from(doc.content[0].attachment.data, 'base64').length, true],
      ['X-ray', 'image', PNG.length, true],
      ['Drawing', 'other', 36, true],
      ['Not a PDF', 'other', 15, true],
      ['Remote', 'other', null, true],
      [null, 'other', 5, false],
      [null, 'image', PNG.length, false],
    ]);
    const unreferenced = view.sections.find((s) => s.key === 'unreferenced')!;
    expect(unreferenced.items.map((i) => i.kind === 'attachment' && i.attachmentIds)).toEqual([[view.attachments[5]!.id], [view.attachments[6]!.id]]);
    expect(attachmentData(bundle, view.attachments[5]!.id)).toEqual({ contentType: 'text/plain', data: Buffer.from('hello') });
    expect(() => attachmentData(bundle, view.attachments[4]!.id)).toThrow(expect.objectContaining({ code: 'attachmentWithoutData' }));
    expect(() => attachmentData(bundle, 'entry/999/binary')).toThrow(expect.objectContaining({ code: 'attachmentNotFound' }));
    expect(() => attachmentData(bundle, '../../etc/passwd')).toThrow(RecordViewError);
  });
});

describe('what the viewer does not know, and what is not a bundle', () => {
  it('a section entry of an unknown resource type shows its narrative as plain text, or its key fields', () => {
    const bundle = clone(generated.find((f) => f.name === 'generated OPConsultation')!.bundle);
    bundle.entry.push({
      fullUrl: 'urn:uuid:diet',
      resource: {
        resourceType: 'NutritionOrder',
        id: 'diet',
        status: 'active',
        text: { status: 'generated', div: '<div xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script><p>Diet: <b>low salt</b> &amp; no sugar</p><img src=x onerror=alert(2)></div>' },
      },
    });
    bundle.entry.push({ fullUrl: 'urn:uuid:thing', resource: { resourceType: 'SomethingNew', id: 'thing', status: 'draft', code: { text: 'A new kind of thing' } } });
    bundle.entry.push({ fullUrl: 'urn:uuid:bare', resource: { resourceType: 'Bare', id: 'bare' } });
    bundle.entry.push({ fullUrl: 'urn:uuid:stray', resource: { resourceType: 'SomethingElse', id: 'stray', description: 'not in any section' } });
    composition(bundle)!.section.push({
      title: 'Diet and more',
      entry: [{ reference: 'urn:uuid:diet' }, { reference: 'urn:uuid:thing' }, { reference: 'urn:uuid:bare' }, { reference: 'urn:uuid:gone', display: 'Lost entry' }],
    });
    const view = recordView(bundle);
    const section = view.sections.find((s) => s.title === 'Diet and more')!;
    expect(section.key).toBe('section');
    expect(section.items).toEqual([
      expect.objectContaining({ kind: 'generic', resourceType: 'NutritionOrder', narrative: 'Diet: low salt & no sugar', fields: [{ key: 'status', value: 'active' }] }),
      expect.objectContaining({ kind: 'generic', resourceType: 'SomethingNew', narrative: null, fields: [{ key: 'code', value: 'A new kind of thing' }, { key: 'status', value: 'draft' }] }),
      expect.objectContaining({ kind: 'generic', resourceType: 'Bare', fields: [{ key: 'id', value: 'bare' }] }),
      { kind: 'missing', reference: 'urn:uuid:gone', display: 'Lost entry' },
    ]);
    expect(view.warnings).toEqual([{ code: 'unresolvedReference', reference: 'urn:uuid:gone' }]);
    expect(view.sections.at(-1)).toMatchObject({ key: 'unreferenced', items: [expect.objectContaining({ resourceType: 'SomethingElse', fields: [{ key: 'description', value: 'not in any section' }] })] });
  });

  it('something that is not a bundle is a RecordViewError with a message', () => {
    const cases: Array<[unknown, string]> = [
      [null, 'notABundle'],
      [42, 'notABundle'],
      [[], 'notABundle'],
      [{ resourceType: 'Patient', id: 'x' }, 'notABundle'],
      [{ entry: [] }, 'notABundle'],
      [Buffer.from('{}'), 'notABundle'],
      ['{"resourceType": "Bun', 'notJson'],
      [{ resourceType: 'Bundle', type: 'document', entry: { resource: {} } }, 'malformedBundle'],
    ];
    for (const [input, code] of cases) {
      let error: unknown;
      try {
        recordView(input);
      } catch (caught) {
        error = caught;
      }
      expect(error, JSON.stringify(input)).toBeInstanceOf(RecordViewError);
      expect((error as RecordViewError).code).toBe(code);
      expect((error as RecordViewError).message).toMatch(/FHIR Bundle/);
      expect(() => attachmentData(input, 'entry/0/binary')).toThrow(RecordViewError);
    }
    // a bundle given as its JSON text is read
    const text = JSON.stringify(projecteka[0]!.bundle);
    expect(recordView(text).title).toBe(recordView(projecteka[0]!.bundle).title);
  });

  it('a bundle with no Composition, an entry without a resource and an empty section still shows', () => {
    const view = recordView({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [{ fullUrl: 'x' }, { resource: { resourceType: 'Observation', id: 'o', code: { text: 'Pulse' }, valueQuantity: { value: 72, unit: '/min' } } }],
    });
    expect(view.warnings).toEqual([{ code: 'entryWithoutResource', entryIndex: 0 }, { code: 'noComposition' }]);
    expect(view.sections).toEqual([expect.objectContaining({ key: 'unreferenced', items: [expect.objectContaining({ name: 'Pulse', value: '72', unit: '/min' })] })]);
    const empty = recordView({
      resourceType: 'Bundle',
      entry: [{ resource: { resourceType: 'Composition', title: 'T', section: [{ title: 'Nothing', emptyReason: { text: 'Nil known' } }, { title: 'Said', text: { div: '<div>Only words</div>' } }] } }],
    });
    expect(empty.sections.map((s) => [s.title, s.items, s.narrative])).toEqual([
      ['Nothing', [{ kind: 'empty', reason: 'Nil known' }], null],
      ['Said', [], 'Only words'],
    ]);
  });
});

// ---- property-style: every fixture, and many damaged copies of it ----

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ODD_VALUES: unknown[] = [null, 0, -1, 3.5, '', 'x', true, [], {}, [null], [{}], { coding: 'no' }, { reference: 'Patient/none' }, { div: 5 }];

/** Replaces one random value somewhere inside a random entry's resource with an odd value. */
function damage(bundle: Json, random: () => number): void {
  const entry = bundle.entry[Math.floor(random() * bundle.entry.length)];
  let node: any = entry.resource;
  for (let depth = 0; depth < 6; depth++) {
    const keys = Object.keys(node).filter((k) => k !== 'resourceType' || depth > 0);
    if (keys.length === 0) break;
    const key = keys[Math.floor(random() * keys.length)]!;
    const child = node[key];
    const stop = typeof child !== 'object' || child === null || random() < 0.3;
    if (stop) {
      node[key] = ODD_VALUES[Math.floor(random() * ODD_VALUES.length)];
      return;
    }
    node = child;
  }
}

function expectShowable(view: RecordView, label: string): void {
  for (const section of flatSections(view.sections)) {
    expect(section.items.length > 0 || section.narrative !== null || section.sections.length > 0, `${label}: section ${section.title}`).toBe(true);
    for (const item of section.items) {
      if (item.kind === 'generic') expect(item.fields.length, label).toBeGreaterThan(0);
      if (item.kind === 'medications') expect(item.rows.length, label).toBeGreaterThan(0);
    }
  }
}

describe('property: recordView never throws on a bundle, and no section is blank', () => {
  it('holds for every fixture', () => {
    for (const { name, bundle } of all()) expectShowable(recordView(bundle), name);
  });

  it('holds for 60 damaged copies of each fixture (seeded)', () => {
    // the small fixtures only: the PDFs make copies slow and add nothing here
    const small = all().filter((f) => JSON.stringify(f.bundle).length < 40_000);
    expect(small.length).toBeGreaterThan(8);
    let runs = 0;
    for (const [n, { name, bundle }] of small.entries()) {
      const random = mulberry32(1000 + n);
      for (let i = 0; i < 60; i++) {
        const copy = clone(bundle);
        const hits = 1 + Math.floor(random() * 4);
        for (let h = 0; h < hits; h++) damage(copy, random);
        const label = `${name} #${i}`;
        let view: RecordView;
        try {
          view = recordView(copy);
        } catch (error) {
          throw new Error(`${label}: ${String(error)}`);
        }
        expectShowable(view, label);
        runs++;
      }
    }
    expect(runs).toBeGreaterThan(500);
  });
});
