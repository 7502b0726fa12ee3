import { profiled } from '../common-resources';
import type { FhirResource, RecordContext } from '../fhir-types';
import { codeable } from '../fhir-types';
import { snomed, type Coding } from '../ig-catalog';

const ORAL = snomed('26643006', 'Oral route');

/** A MedicationRequest for an oral tablet, as prescriptions and summaries carry them. */
export function medicationRequest(context: RecordContext, medication: Coding, instructions: string): FhirResource {
  return profiled('MedicationRequest', 'MedicationRequest', {
    status: 'active',
    intent: 'order',
    medicationCodeableConcept: codeable(medication),
    subject: context.refs.patient,
    authoredOn: context.date,
    requester: context.refs.practitioner,
    dosageInstruction: [{ text: instructions, route: codeable(ORAL) }],
  });
}

export const AMLODIPINE_5MG = snomed('319283006', 'Amlodipine 5 mg oral tablet');
export const PARACETAMOL_500MG = snomed('322236009', 'Paracetamol 500 mg oral tablet');
