import { documentReferenceResource } from '../common-resources';
import type { RecordContext, RecordParts } from '../fhir-types';
import { section } from '../fhir-types';
import { SECTION_CODES } from '../ig-catalog';

/** A scanned or uploaded document: one DocumentReference with the PDF inline. */
export function healthDocument(context: RecordContext): RecordParts {
  const document = documentReferenceResource(context, 'Health document', SECTION_CODES.healthDocument);
  return { sections: [section('Health document', SECTION_CODES.healthDocument, [document])], resources: [document] };
}
