import { profiled } from '../common-resources';
import type { RecordContext, RecordParts } from '../fhir-types';
import { section } from '../fhir-types';
import { SECTION_CODES } from '../ig-catalog';
import { AMLODIPINE_5MG, medicationRequest, PARACETAMOL_500MG } from './medication-request';

export function prescription(context: RecordContext): RecordParts {
  const resources = [
    medicationRequest(context, AMLODIPINE_5MG, 'One tablet every morning for 30 days'),
    medicationRequest(context, PARACETAMOL_500MG, 'One tablet up to three times a day when needed for pain'),
  ];
  if (context.pdf) {
    // The IG allows one Binary: the signed or scanned prescription.
    resources.push(profiled('Binary', 'Binary', { contentType: 'application/pdf', data: context.pdf }));
  }
  return { sections: [section('Prescription record', SECTION_CODES.prescription, resources)], resources };
}
