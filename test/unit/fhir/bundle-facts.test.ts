// The HI type and date the engine files each record under (the Records list groups and names records by them), read
// from real-world bundles whose kind is known from their file names (ProjectEKA's samples), including the wellness
// sample whose Composition.type has a display and no code.
import { describe, expect, it } from 'vitest';
import { bundleFacts } from '../../../electron/fhir/index';
import { projectekaFixtures } from './fixtures';

const KIND_IN_NAME: Array<[RegExp, string]> = [
  [/DiagnosticReport/, 'DiagnosticReport'],
  [/DischargeSummary/, 'DischargeSummary'],
  [/HealthDocumentRecord/, 'HealthDocumentRecord'],
  [/WellnessRecord/, 'WellnessRecord'],
  [/Immunization/, 'ImmunizationRecord'],
  [/Prescription/, 'Prescription'],
  [/OPConsultation/, 'OPConsultation'],
];

describe('bundleFacts', () => {
  it.each(projectekaFixtures().map((f) => [f.name, f] as const))('%s is filed under the kind its name says', (_name, fixture) => {
    const expected = KIND_IN_NAME.find(([pattern]) => pattern.test(fixture.name))![1];
    const facts = bundleFacts(fixture.bundle);
    expect(facts.hiType).toBe(expected);
    // The file names end with the document date (…Doc20190801): the Composition's date is that day.
    const day = /(\d{4})(\d{2})(\d{2})\.json$/.exec(fixture.name)!;
    expect(facts.date?.slice(0, 10)).toBe(`${day[1]}-${day[2]}-${day[3]}`);
  });

  it('reads a wellness record from its title when the type is only words', () => {
    const bundle = { resourceType: 'Bundle', entry: [{ resource: { resourceType: 'Composition', type: { text: 'Vitals' }, title: 'Wellness Record', date: '2024-01-02' } }] };
    expect(bundleFacts(bundle)).toEqual({ hiType: 'WellnessRecord', date: '2024-01-02' });
  });

  it('refuses what is not a bundle', () => {
    expect(() => bundleFacts({ resourceType: 'Patient' })).toThrow(/not a FHIR Bundle/);
  });
});
