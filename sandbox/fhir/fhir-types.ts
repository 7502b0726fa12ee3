import type { Coding } from './ig-catalog';

export interface FhirResource {
  resourceType: string;
  id: string;
  [field: string]: unknown;
}

export interface Reference {
  reference: string;
  display?: string;
}

export interface Section {
  title: string;
  code?: { coding: Coding[] };
  entry: Reference[];
}

/** What a record type contributes to its document: Composition sections and their resources. */
export interface RecordParts {
  sections: Section[];
  resources: FhirResource[];
}

export type AbdmGender = 'M' | 'F' | 'O' | 'U';

/** Who and where a record is about; supplied by the sandbox HIP's demo data. */
export interface RecordSubject {
  patient: { id: string; name: string; gender: AbdmGender; birthDate: string; mobile?: string };
  hip: { id: string; name: string };
  careContext: { patientReference: string; careContextReference: string; display: string };
  practitioner: { name: string; registrationNumber: string };
  /** When the visit/record happened (ISO date-time). */
  date: string;
}

/** The subject plus references to the shared resources, handed to each record builder. */
export interface RecordContext extends RecordSubject {
  refs: { patient: Reference; practitioner: Reference; organization: Reference; encounter: Reference };
  /** base64 PDF, when the record carries a document (always for reports, on request for padding). */
  pdf?: string;
}

export const referenceTo = (resource: FhirResource, display?: string): Reference => ({
  reference: `urn:uuid:${resource.id}`,
  ...(display ? { display } : {}),
});

export const codeable = (coding: Coding) => ({ coding: [coding], text: coding.display });

export const section = (title: string, code: Coding | undefined, resources: FhirResource[]): Section => ({
  title,
  ...(code ? { code: { coding: [code] } } : {}),
  entry: resources.map((resource) => referenceTo(resource)),
});
