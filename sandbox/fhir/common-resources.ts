import { randomUUID } from 'node:crypto';
import type { AbdmGender, FhirResource, RecordContext, RecordSubject } from './fhir-types';
import { codeable, referenceTo } from './fhir-types';
import { IG_BASE, type Coding } from './ig-catalog';

// Resources every document shares: Patient, Practitioner, Organization (the HIP), Encounter.

const V2_0203 = 'http://terminology.hl7.org/CodeSystem/v2-0203';
const FHIR_GENDER: Record<AbdmGender, string> = { M: 'male', F: 'female', O: 'other', U: 'unknown' };

export const profiled = (resourceType: string, profile: string, fields: Record<string, unknown>): FhirResource => ({
  resourceType,
  id: randomUUID(),
  meta: { profile: [`${IG_BASE}/${profile}`] },
  ...fields,
});

export function patientResource(subject: RecordSubject): FhirResource {
  const { patient, careContext } = subject;
  return profiled('Patient', 'Patient', {
    identifier: [
      {
        type: { coding: [{ system: V2_0203, code: 'MR', display: 'Medical record number' }] },
        system: `https://${subject.hip.id.toLowerCase()}.sandbox.abdm/patients`,
        value: careContext.patientReference,
      },
    ],
    name: [{ text: patient.name }],
    gender: FHIR_GENDER[patient.gender],
    birthDate: patient.birthDate,
    ...(patient.mobile ? { telecom: [{ system: 'phone', value: patient.mobile, use: 'mobile' }] } : {}),
  });
}

export function practitionerResource(subject: RecordSubject): FhirResource {
  return profiled('Practitioner', 'Practitioner', {
    identifier: [
      {
        type: { coding: [{ system: V2_0203, code: 'MD', display: 'Medical License number' }] },
        system: 'https://doctor.ndhm.gov.in',
        value: subject.practitioner.registrationNumber,
      },
    ],
    name: [{ text: subject.practitioner.name }],
  });
}

export function organizationResource(subject: RecordSubject): FhirResource {
  return profiled('Organization', 'Organization', {
    identifier: [
      {
        type: { coding: [{ system: V2_0203, code: 'PRN', display: 'Provider number' }] },
        system: 'https://facility.ndhm.gov.in',
        value: subject.hip.id,
      },
    ],
    name: subject.hip.name,
  });
}

export function encounterResource(subject: RecordSubject, patient: FhirResource, inpatient: boolean): FhirResource {
  const start = new Date(subject.date);
  const end = new Date(start.getTime() + (inpatient ? 3 * 24 : 0.5) * 3600_000);
  return profiled('Encounter', 'Encounter', {
    identifier: [{ system: 'https://ndhm.in', value: subject.careContext.careContextReference }],
    status: 'finished',
    class: inpatient
      ? { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'IMP', display: 'inpatient encounter' }
      : { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
    subject: referenceTo(patient),
    period: { start: start.toISOString(), end: end.toISOString() },
  });
}

/** A DocumentReference carrying the record's PDF inline. */
export function documentReferenceResource(context: RecordContext, title: string, type: Coding): FhirResource {
  return profiled('DocumentReference', 'DocumentReference', {
    status: 'current',
    docStatus: 'final',
    type: codeable(type),
    subject: context.refs.patient,
    date: context.date,
    author: [context.refs.practitioner],
    content: [{ attachment: { contentType: 'application/pdf', language: 'en-IN', title, creation: context.date, data: context.pdf ?? '' } }],
  });
}

/** A SNOMED-coded Condition (with an ICD-10 coding when given). */
export function conditionResource(context: RecordContext, coding: Coding, icd10?: Coding): FhirResource {
  return profiled('Condition', 'Condition', {
    clinicalStatus: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active', display: 'Active' }],
    },
    code: { coding: icd10 ? [coding, icd10] : [coding], text: coding.display },
    subject: context.refs.patient,
    recordedDate: context.date,
  });
}

/** `valueQuantity` in UCUM units. */
export const quantity = (value: number, unit: string, code = unit) => ({
  valueQuantity: { value, unit, system: 'http://unitsofmeasure.org', code },
});

/**
 * A result's normal range (`referenceRange` low–high, in the value's UCUM unit) and the lab's flag (`interpretation`,
 * from HL7's v3 ObservationInterpretation: L low, N normal, H high), so training shows what a lab's record carries.
 */
export const rangeAndFlag = (low: number, high: number, unit: string, flag: { code: 'L' | 'N' | 'H'; display: string }) => ({
  referenceRange: [
    {
      low: { value: low, unit, system: 'http://unitsofmeasure.org', code: unit },
      high: { value: high, unit, system: 'http://unitsofmeasure.org', code: unit },
    },
  ],
  interpretation: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation', ...flag }] }],
});

/** An Observation under the given IG profile; `value` is one value[x] field. */
export function observationResource(
  context: RecordContext,
  profile: string,
  coding: Coding,
  value: Record<string, unknown>,
): FhirResource {
  return profiled('Observation', profile, {
    status: 'final',
    code: { coding: [coding], text: coding.display },
    subject: context.refs.patient,
    effectiveDateTime: context.date,
    performer: [context.refs.practitioner],
    ...value,
  });
}
