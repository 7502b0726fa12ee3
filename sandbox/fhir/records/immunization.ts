import { documentReferenceResource, profiled } from '../common-resources';
import type { FhirResource, RecordContext, RecordParts } from '../fhir-types';
import { codeable, section } from '../fhir-types';
import { SECTION_CODES, snomed, type Coding } from '../ig-catalog';

export function immunization(context: RecordContext): RecordParts {
  const resources = [
    dose(context, snomed('1119305005', 'SARS-CoV-2 antigen vaccine'), 'COVISHIELD-4121Z025', 1),
    dose(context, snomed('836377006', 'Influenza virus antigen only vaccine product'), 'FLU-22-7781', 1),
  ];
  if (context.pdf) {
    resources.push(documentReferenceResource(context, 'Vaccination certificate', SECTION_CODES.immunization));
  }
  return { sections: [section('Immunization record', SECTION_CODES.immunization, resources)], resources };
}

function dose(context: RecordContext, vaccine: Coding, lotNumber: string, doseNumber: number): FhirResource {
  return profiled('Immunization', 'Immunization', {
    status: 'completed',
    vaccineCode: codeable(vaccine),
    patient: context.refs.patient,
    occurrenceDateTime: context.date,
    primarySource: true,
    lotNumber,
    route: codeable(snomed('78421000', 'Intramuscular route')),
    performer: [{ actor: context.refs.practitioner }],
    protocolApplied: [{ doseNumberPositiveInt: doseNumber }],
  });
}
