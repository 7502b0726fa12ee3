import { conditionResource, documentReferenceResource, observationResource, profiled, quantity, rangeAndFlag } from '../common-resources';
import type { RecordContext, RecordParts } from '../fhir-types';
import { codeable, section } from '../fhir-types';
import { ICD10, LOINC, SECTION_CODES, snomed } from '../ig-catalog';
import { AMLODIPINE_5MG, medicationRequest } from './medication-request';

const S = SECTION_CODES.op;

export function opConsultation(context: RecordContext): RecordParts {
  const complaint = conditionResource(context, snomed('25064002', 'Headache'));
  const examination = observationResource(
    context,
    'Observation',
    { system: LOINC, code: '8480-6', display: 'Systolic blood pressure' },
    // Above the 90–139 mmHg an adult's systolic pressure is read against: flagged high, as the clinic's record would be.
    { ...quantity(152, 'mm[Hg]'), ...rangeAndFlag(90, 139, 'mm[Hg]', { code: 'H', display: 'High' }) },
  );
  const allergy = profiled('AllergyIntolerance', 'AllergyIntolerance', {
    clinicalStatus: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', code: 'active', display: 'Active' }],
    },
    code: codeable(snomed('91936005', 'Allergy to penicillin')),
    patient: context.refs.patient,
    recordedDate: context.date,
  });
  const history = conditionResource(context, snomed('38341003', 'Hypertensive disorder'), {
    system: ICD10,
    code: 'I10',
    display: 'Essential (primary) hypertension',
  });
  const familyHistory = profiled('FamilyMemberHistory', 'FamilyMemberHistory', {
    status: 'completed',
    patient: context.refs.patient,
    relationship: codeable({ system: 'http://terminology.hl7.org/CodeSystem/v3-RoleCode', code: 'FTH', display: 'father' }),
    condition: [{ code: codeable(snomed('44054006', 'Diabetes mellitus type 2')) }],
  });
  const investigation = profiled('ServiceRequest', 'ServiceRequest', {
    status: 'active',
    intent: 'order',
    code: codeable({ system: LOINC, code: '24331-1', display: 'Lipid panel - Serum or Plasma' }),
    subject: context.refs.patient,
    authoredOn: context.date,
    requester: context.refs.practitioner,
  });
  const medication = medicationRequest(context, AMLODIPINE_5MG, 'One tablet every morning after breakfast');
  const followUp = profiled('Appointment', 'Appointment', {
    status: 'booked',
    description: 'Review blood pressure and lipid results',
    start: new Date(new Date(context.date).getTime() + 14 * 86_400_000).toISOString(),
    participant: [{ actor: context.refs.patient, status: 'accepted' }, { actor: context.refs.practitioner, status: 'accepted' }],
  });
  const sections = [
    section('Chief complaints', S.chiefComplaints, [complaint]),
    section('Physical examination', S.physicalExamination, [examination]),
    section('Allergies', S.allergies, [allergy]),
    section('Medical history', S.medicalHistory, [history]),
    section('Family history', S.familyHistory, [familyHistory]),
    section('Investigation advice', S.investigationAdvice, [investigation]),
    section('Medications', S.medications, [medication]),
    section('Follow up', S.followUp, [followUp]),
  ];
  const resources = [complaint, examination, allergy, history, familyHistory, investigation, medication, followUp];
  if (context.pdf) {
    const document = documentReferenceResource(context, 'Consultation notes', S.documentReference);
    sections.push(section('Document reference', S.documentReference, [document]));
    resources.push(document);
  }
  return { sections, resources };
}
