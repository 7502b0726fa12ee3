import { documentReferenceResource, observationResource, quantity } from '../common-resources';
import type { FhirResource, RecordContext, RecordParts, Section } from '../fhir-types';
import { codeable, section } from '../fhir-types';
import { loinc, snomed, type Coding } from '../ig-catalog';

// Wellness sections are identified by title only (the IG slices them by title).
export function wellness(context: RecordContext): RecordParts {
  const observe = (profile: string, coding: Coding, value: Record<string, unknown>) =>
    observationResource(context, profile, coding, value);
  const groups: Array<[string, FhirResource[]]> = [
    [
      'Vital Signs',
      [
        observe('ObservationVitalSigns', loinc('8867-4', 'Heart rate'), quantity(78, '/min')),
        observe('ObservationVitalSigns', loinc('8310-5', 'Body temperature'), quantity(36.8, 'Cel')),
      ],
    ],
    [
      'Body Measurement',
      [
        observe('ObservationBodyMeasurement', loinc('29463-7', 'Body weight'), quantity(64, 'kg')),
        observe('ObservationBodyMeasurement', loinc('8302-2', 'Body height'), quantity(162, 'cm')),
      ],
    ],
    [
      'Physical Activity',
      [observe('ObservationPhysicalActivity', loinc('55423-8', 'Number of steps in unspecified time Pedometer'), quantity(7400, '{steps}'))],
    ],
    [
      'Lifestyle',
      [
        observe('ObservationLifestyle', loinc('72166-2', 'Tobacco smoking status'), {
          valueCodeableConcept: codeable(snomed('266919005', 'Never smoked tobacco')),
        }),
      ],
    ],
  ];
  if (context.patient.gender === 'F') {
    groups.push([
      'Women Health',
      [observe('ObservationWomenHealth', loinc('8665-2', 'Last menstrual period start date'), { valueDateTime: context.date.slice(0, 10) })],
    ]);
  }
  if (context.pdf) {
    groups.push(['Document Reference', [documentReferenceResource(context, 'Wellness report', snomed('419891008', 'Record artifact'))]]);
  }
  const sections: Section[] = groups.map(([title, resources]) => section(title, undefined, resources));
  return { sections, resources: groups.flatMap(([, resources]) => resources) };
}
