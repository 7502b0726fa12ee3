// A paper handed in at the desk as a FHIR R4 document Bundle of its NRCeS profile (record-kinds.ts): the Composition
// first, then the patient, the author, the clinic, the visit, and the resource that carries the file. References are
// `urn:uuid:` fullUrls, as the IG's examples write them. Pure: the caller gives every fact, ids included, so the same
// input gives the same bundle.
import { PROFILE_BASE, RECORD_KINDS, type Coding, type RecordKind, type RecordKindRule } from './record-kinds';

const IDENTIFIER_TYPES = 'http://terminology.hl7.org/CodeSystem/v2-0203';
/** ABHA numbers and addresses, under the system ABDM's health ids were issued with. */
export const ABHA_SYSTEM = 'https://healthid.ndhm.gov.in';
/** Health facilities (HFR): a clinic's HIP id is its facility id. */
export const FACILITY_SYSTEM = 'https://facility.ndhm.gov.in';

export interface DocumentPatient {
  /** The clinic's own patient number (OPD-000123). */
  patientNumber: string;
  name: string;
  /** The register's M, F, O, U (ABDM's D, T too). */
  gender: string;
  /** yyyy-mm-dd, or a year alone (yyyy), or null. */
  birthDate: string | null;
  abhaNumber: string | null;
  abhaAddress: string | null;
}

export interface DocumentBundleInput {
  kind: RecordKind;
  /** One fresh UUID per resource, in the order ids() names them. */
  ids: DocumentIds;
  /** ISO instant the bundle is made (Bundle.timestamp, meta.lastUpdated). */
  timestamp: string;
  /** yyyy-mm-dd: the date on the paper. */
  date: string;
  title: string;
  file: { contentType: string; data: Buffer };
  patient: DocumentPatient;
  /** The visit's doctor, else the operator who filed it. */
  author: { name: string };
  /** The clinic: its HIP (facility) id when it has one, and its name. */
  clinic: { hipId: string | null; name: string };
  /** The visit (care context): its id and when it was opened (ISO). */
  visit: { id: string; openedAt: string };
}

export interface DocumentIds {
  bundle: string;
  composition: string;
  patient: string;
  practitioner: string;
  organization: string;
  encounter: string;
  file: string;
  /** The Invoice (InvoiceRecord only). */
  invoice: string;
}

type Json = Record<string, unknown>;

const urn = (id: string) => `urn:uuid:${id}`;

export function buildDocumentBundle(input: DocumentBundleInput): Json {
  const rule = RECORD_KINDS[input.kind];
  const { ids } = input;
  const resources: Json[] = [
    composition(input, rule),
    patient(input),
    practitioner(input),
    organization(input),
    encounter(input),
    ...fileResources(input, rule),
  ];
  return {
    resourceType: 'Bundle',
    id: ids.bundle,
    meta: {
      versionId: '1',
      lastUpdated: input.timestamp,
      profile: [`${PROFILE_BASE}DocumentBundle`],
      security: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-Confidentiality', code: 'V', display: 'very restricted' }],
    },
    identifier: { system: 'urn:ietf:rfc:3986', value: urn(ids.bundle) },
    type: 'document',
    timestamp: input.timestamp,
    entry: resources.map((resource) => ({ fullUrl: urn(String(resource.id)), resource })),
  };
}

function composition(input: DocumentBundleInput, rule: RecordKindRule): Json {
  const { ids } = input;
  const entry = sectionEntry(rule, ids);
  return {
    resourceType: 'Composition',
    id: ids.composition,
    meta: { versionId: '1', lastUpdated: input.timestamp, profile: [`${PROFILE_BASE}${rule.profile}`] },
    language: 'en-IN',
    identifier: { system: 'https://ndhm.in/phr', value: ids.composition },
    status: 'final',
    type: concept(rule.type.coding, rule.type.text),
    subject: { reference: urn(ids.patient), display: input.patient.name },
    encounter: { reference: urn(ids.encounter) },
    date: input.date,
    author: [{ reference: urn(ids.practitioner), display: input.author.name }],
    title: input.title,
    custodian: { reference: urn(ids.organization), display: input.clinic.name },
    section: [{ title: rule.section.title, ...(rule.section.code ? { code: concept(rule.section.code, rule.section.code.display) } : {}), entry: [entry], ...billSection(rule, ids) }],
  };
}

/**
 * InvoiceRecord's section takes Invoice entries only (closed slicing), and an Invoice has no attachment: the scanned
 * bill is reached from a section inside it, which the profile leaves open, so every resource of the document is
 * still reached from the Composition (FHIR's document rule) and the viewer shows the bill under the invoice.
 */
function billSection(rule: RecordKindRule, ids: DocumentIds): Json {
  if (rule.carrier !== 'Invoice') return {};
  return { section: [{ title: 'Scanned bill', entry: [{ reference: urn(ids.file), type: 'DocumentReference' }] }] };
}

function sectionEntry(rule: RecordKindRule, ids: DocumentIds): Json {
  if (rule.carrier === 'Invoice') return { reference: urn(ids.invoice), type: 'Invoice' };
  return { reference: urn(ids.file), type: rule.carrier };
}

function concept(coding: Coding | null, text: string): Json {
  return coding ? { coding: [coding], text } : { text };
}

function identifierType(code: string, display: string): Json {
  return { coding: [{ system: IDENTIFIER_TYPES, code, display }], text: display };
}

function patient(input: DocumentBundleInput): Json {
  const p = input.patient;
  const identifier: Json[] = [
    { type: identifierType('MR', 'Medical record number'), system: clinicSystem(input, 'patients'), value: p.patientNumber },
  ];
  // The ABHA number and address identify the patient across ABDM; an Aadhaar number is never written here.
  if (p.abhaNumber) identifier.push({ type: identifierType('MR', 'ABHA number'), system: ABHA_SYSTEM, value: p.abhaNumber });
  if (p.abhaAddress) identifier.push({ type: identifierType('MR', 'ABHA address'), system: ABHA_SYSTEM, value: p.abhaAddress });
  return {
    resourceType: 'Patient',
    id: input.ids.patient,
    meta: { profile: [`${PROFILE_BASE}Patient`] },
    identifier,
    name: [{ text: p.name }],
    gender: GENDERS[p.gender.toUpperCase()] ?? 'unknown',
    ...(p.birthDate ? { birthDate: p.birthDate } : {}),
  };
}

const GENDERS: Record<string, string> = { M: 'male', F: 'female', O: 'other' };

function practitioner(input: DocumentBundleInput): Json {
  return {
    resourceType: 'Practitioner',
    id: input.ids.practitioner,
    meta: { profile: [`${PROFILE_BASE}Practitioner`] },
    // The desk knows the doctor by name only (no HPR id in Settings): the clinic's own staff identifier.
    identifier: [{ type: identifierType('PRN', 'Provider number'), system: clinicSystem(input, 'staff'), value: input.author.name }],
    name: [{ text: input.author.name }],
  };
}

function organization(input: DocumentBundleInput): Json {
  const { hipId, name } = input.clinic;
  return {
    resourceType: 'Organization',
    id: input.ids.organization,
    meta: { profile: [`${PROFILE_BASE}Organization`] },
    identifier: [
      hipId
        ? { type: identifierType('PRN', 'Provider number'), system: FACILITY_SYSTEM, value: hipId }
        : { type: identifierType('PRN', 'Provider number'), system: clinicSystem(input, 'clinic'), value: name },
    ],
    name,
  };
}

function encounter(input: DocumentBundleInput): Json {
  return {
    resourceType: 'Encounter',
    id: input.ids.encounter,
    meta: { profile: [`${PROFILE_BASE}Encounter`] },
    identifier: [{ system: clinicSystem(input, 'visits'), value: input.visit.id }],
    status: 'finished',
    class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
    subject: { reference: urn(input.ids.patient), display: input.patient.name },
    period: { start: input.visit.openedAt },
    serviceProvider: { reference: urn(input.ids.organization) },
  };
}

function fileResources(input: DocumentBundleInput, rule: RecordKindRule): Json[] {
  const { ids, file } = input;
  const data = file.data.toString('base64');
  if (rule.carrier === 'Binary') {
    return [{ resourceType: 'Binary', id: ids.file, meta: { profile: [`${PROFILE_BASE}Binary`] }, contentType: file.contentType, data }];
  }
  const document: Json = {
    resourceType: 'DocumentReference',
    id: ids.file,
    meta: { profile: [`${PROFILE_BASE}DocumentReference`] },
    status: 'current',
    docStatus: 'final',
    type: concept(rule.type.coding, rule.type.text),
    subject: { reference: urn(ids.patient), display: input.patient.name },
    date: input.timestamp,
    author: [{ reference: urn(ids.practitioner) }],
    custodian: { reference: urn(ids.organization) },
    description: input.title,
    content: [{ attachment: { contentType: file.contentType, language: 'en-IN', data, title: input.title, creation: input.date } }],
    context: {
      encounter: [{ reference: urn(ids.encounter) }],
      ...(rule.carrier === 'Invoice' ? { related: [{ reference: urn(ids.invoice), type: 'Invoice' }] } : {}),
    },
  };
  return rule.carrier === 'Invoice' ? [invoice(input), document] : [document];
}

/**
 * The bill as an Invoice: what the desk knows of a scanned bill (who, when, which clinic). Its lines, prices and totals
 * are on the paper only; the profile's requirement of them is not met (docs/hip-documents.md, "Invoice").
 */
function invoice(input: DocumentBundleInput): Json {
  const { ids } = input;
  return {
    resourceType: 'Invoice',
    id: ids.invoice,
    meta: { profile: [`${PROFILE_BASE}Invoice`] },
    identifier: [{ type: { text: 'Document filed at the desk' }, system: clinicSystem(input, 'documents'), value: ids.file }],
    status: 'issued',
    type: { text: input.title },
    subject: { reference: urn(ids.patient), display: input.patient.name },
    date: input.date,
    issuer: { reference: urn(ids.organization), display: input.clinic.name },
    note: [{ text: 'The bill is attached as a scanned document (DocumentReference in this bundle).' }],
  };
}

/** A URI naming one of the clinic's own lists (patients, staff, visits), under its HIP id when it has one. */
function clinicSystem(input: DocumentBundleInput, list: string): string {
  const owner = input.clinic.hipId ?? 'clinic';
  return `urn:abha-desk:${encodeURIComponent(owner)}:${list}`;
}
