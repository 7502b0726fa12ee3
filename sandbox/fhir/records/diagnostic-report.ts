import { observationResource, profiled, quantity, rangeAndFlag } from '../common-resources';
import type { FhirResource, RecordContext, RecordParts } from '../fhir-types';
import { codeable, referenceTo, section } from '../fhir-types';
import { loinc, SECTION_CODES, snomed } from '../ig-catalog';

const LOW = { code: 'L', display: 'Low' } as const;
const NORMAL = { code: 'N', display: 'Normal' } as const;

/**
 * A complete blood count: results as Observations, each with the adult female range a lab prints beside it (the
 * training patients' reports are a woman's), and the lab's PDF as presentedForm.
 */
export function diagnosticReport(context: RecordContext): RecordParts {
  const results = [
    observationResource(context, 'Observation', loinc('718-7', 'Hemoglobin [Mass/volume] in Blood'), { ...quantity(11.2, 'g/dL'), ...rangeAndFlag(12, 15, 'g/dL', LOW) }),
    observationResource(
      context,
      'Observation',
      loinc('6690-2', 'Leukocytes [#/volume] in Blood by Automated count'),
      { ...quantity(7.4, '10*3/uL'), ...rangeAndFlag(4, 11, '10*3/uL', NORMAL) },
    ),
    observationResource(
      context,
      'Observation',
      loinc('777-3', 'Platelets [#/volume] in Blood by Automated count'),
      { ...quantity(245, '10*3/uL'), ...rangeAndFlag(150, 450, '10*3/uL', NORMAL) },
    ),
  ];
  const report = labReport(context, results);
  return {
    sections: [section('Hematology report', SECTION_CODES.diagnosticReport, [report])],
    resources: [report, ...results],
  };
}

export function labReport(context: RecordContext, results: FhirResource[]): FhirResource {
  return profiled('DiagnosticReport', 'DiagnosticReportLab', {
    status: 'final',
    category: [codeable(snomed('15220000', 'Laboratory test'))],
    code: codeable(loinc('58410-2', 'CBC panel - Blood by Automated count')),
    subject: context.refs.patient,
    effectiveDateTime: context.date,
    issued: context.date,
    performer: [context.refs.organization],
    resultsInterpreter: [context.refs.practitioner],
    result: results.map((result) => referenceTo(result)),
    conclusion: 'Mild anaemia; leukocyte and platelet counts within reference range.',
    ...(context.pdf
      ? { presentedForm: [{ contentType: 'application/pdf', language: 'en-IN', title: 'Complete blood count', data: context.pdf }] }
      : {}),
  });
}
