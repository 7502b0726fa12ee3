import { conditionResource, documentReferenceResource, observationResource, profiled, quantity } from '../common-resources';
import type { RecordContext, RecordParts } from '../fhir-types';
import { codeable, section } from '../fhir-types';
import { ICD10, loinc, SECTION_CODES, snomed } from '../ig-catalog';
import { labReport } from './diagnostic-report';
import { AMLODIPINE_5MG, medicationRequest } from './medication-request';

const S = SECTION_CODES.discharge;

export function dischargeSummary(context: RecordContext): RecordParts {
  const complaint = conditionResource(context, snomed('29857009', 'Chest pain'));
  const history = conditionResource(context, snomed('44054006', 'Diabetes mellitus type 2'), {
    system: ICD10,
    code: 'E11',
    display: 'Type 2 diabetes mellitus',
  });
  const hba1c = observationResource(
    context,
    'Observation',
    loinc('4548-4', 'Hemoglobin A1c/Hemoglobin.total in Blood'),
    quantity(7.9, '%'),
  );
  const investigation = labReport({ ...context, pdf: undefined }, [hba1c]);
  const medication = medicationRequest(context, AMLODIPINE_5MG, 'One tablet every morning, continue until review');
  const procedure = profiled('Procedure', 'Procedure', {
    status: 'completed',
    code: codeable(snomed('33367005', 'Angiography of coronary artery')),
    subject: context.refs.patient,
    performedDateTime: context.date,
  });
  const carePlan = profiled('CarePlan', 'CarePlan', {
    status: 'active',
    intent: 'plan',
    title: 'After discharge',
    description: 'Low-salt diabetic diet, daily 30-minute walk, review in cardiology OPD after two weeks.',
    subject: context.refs.patient,
  });
  const sections = [
    section('Chief complaints', S.chiefComplaints, [complaint]),
    section('Past medical history', S.medicalHistory, [history]),
    section('Investigations', S.investigations, [investigation]),
    section('Medications', S.medications, [medication]),
    section('Procedures', S.procedures, [procedure]),
    section('Care plan', S.carePlan, [carePlan]),
  ];
  const resources = [complaint, history, investigation, hba1c, medication, procedure, carePlan];
  if (context.pdf) {
    const document = documentReferenceResource(context, 'Discharge summary', S.documentReference);
    sections.push(section('Document reference', S.documentReference, [document]));
    resources.push(document);
  }
  return { sections, resources };
}
