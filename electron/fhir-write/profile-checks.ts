// The NRCeS profiles' required elements (IG 6.x, the FSH files named in record-kinds.ts) that a document the desk
// builds must carry, checked on the built bundle before it is filed. The R4 schema (r4-schema.ts) checks shapes and
// value sets of FHIR itself; this table checks what the profiles add: cardinalities (1..), fixed codes, and that the
// Composition's references land on resources of the right type inside the bundle.
import { RECORD_KINDS, type RecordKind } from './record-kinds';

/** `a.b[].c`: `[]` means every item of an array must have what follows (and the array at least one item). */
type Path = string;

interface Requirement {
  resourceType: string;
  path: Path;
  /** The profile that asks for it (for the reason given on refusal). */
  from: string;
}

/** Elements with a lower cardinality of 1 in the profiles, per resource type. */
export const REQUIRED_ELEMENTS: readonly Requirement[] = [
  // DocumentBundle.fsh
  { resourceType: 'Bundle', path: 'meta.versionId', from: 'DocumentBundle' },
  { resourceType: 'Bundle', path: 'identifier.system', from: 'DocumentBundle' },
  { resourceType: 'Bundle', path: 'identifier.value', from: 'DocumentBundle' },
  { resourceType: 'Bundle', path: 'timestamp', from: 'DocumentBundle' },
  { resourceType: 'Bundle', path: 'entry[].fullUrl', from: 'FHIR document' },
  // Every *Record.fsh (Composition profiles)
  { resourceType: 'Composition', path: 'status', from: 'Composition' },
  { resourceType: 'Composition', path: 'type', from: 'Composition' },
  { resourceType: 'Composition', path: 'subject.reference', from: 'Composition' },
  { resourceType: 'Composition', path: 'date', from: 'Composition' },
  { resourceType: 'Composition', path: 'author[].reference', from: 'Composition' },
  { resourceType: 'Composition', path: 'title', from: 'Composition' },
  { resourceType: 'Composition', path: 'section[].entry[].reference', from: 'Composition' },
  // Patient.fsh
  { resourceType: 'Patient', path: 'identifier[].type.coding[].system', from: 'Patient' },
  { resourceType: 'Patient', path: 'identifier[].type.coding[].code', from: 'Patient' },
  { resourceType: 'Patient', path: 'identifier[].type.coding[].display', from: 'Patient' },
  { resourceType: 'Patient', path: 'identifier[].value', from: 'Patient' },
  { resourceType: 'Patient', path: 'name[].text', from: 'Patient' },
  // Practitioner.fsh, Organization.fsh: identifier 1.. with type and value
  { resourceType: 'Practitioner', path: 'identifier[].type.coding[].code', from: 'Practitioner' },
  { resourceType: 'Practitioner', path: 'identifier[].value', from: 'Practitioner' },
  { resourceType: 'Practitioner', path: 'name[].text', from: 'Practitioner' },
  { resourceType: 'Organization', path: 'identifier[].type.coding[].code', from: 'Organization' },
  { resourceType: 'Organization', path: 'identifier[].value', from: 'Organization' },
  { resourceType: 'Organization', path: 'name', from: 'Organization' },
  // DocumentReference.fsh, Binary.fsh
  { resourceType: 'DocumentReference', path: 'content[].attachment.contentType', from: 'DocumentReference' },
  { resourceType: 'DocumentReference', path: 'content[].attachment.data', from: 'DocumentReference' },
  { resourceType: 'Binary', path: 'contentType', from: 'Binary' },
  { resourceType: 'Binary', path: 'data', from: 'Binary' },
  // Invoice.fsh: what the desk can know of a scanned bill (lines and totals are not; docs/hip-documents.md)
  { resourceType: 'Invoice', path: 'identifier[].value', from: 'Invoice' },
  { resourceType: 'Invoice', path: 'subject.reference', from: 'Invoice' },
  { resourceType: 'Invoice', path: 'date', from: 'Invoice' },
];

type Json = Record<string, unknown>;

/** What the bundle lacks of its kind's profile, in words; empty when it has everything. */
export function profileProblems(bundle: Json, kind: RecordKind): string[] {
  const problems: string[] = [];
  const rule = RECORD_KINDS[kind];
  const entries = (Array.isArray(bundle.entry) ? bundle.entry : []).filter(isObject);
  const resources = entries.map((entry) => (isObject(entry.resource) ? entry.resource : {}));
  const byUrl = new Map(entries.map((entry, index) => [String(entry.fullUrl), resources[index]!]));

  if (bundle.type !== 'document') problems.push('Bundle.type is not "document"');
  for (const requirement of REQUIRED_ELEMENTS) {
    const targets = requirement.resourceType === 'Bundle' ? [bundle] : resources.filter((r) => r.resourceType === requirement.resourceType);
    for (const target of targets) if (!present(target, requirement.path.split('.'))) problems.push(`${requirement.resourceType}.${requirement.path} is required (${requirement.from})`);
  }

  const composition = resources[0];
  if (composition?.resourceType !== 'Composition') return [...problems, 'the first entry is not a Composition'];
  const profiles = asArray(get(composition, 'meta.profile'));
  if (!profiles.some((p) => typeof p === 'string' && p.endsWith(`/${rule.profile}`))) problems.push(`Composition.meta.profile does not name ${rule.profile}`);
  const type = get(composition, 'type') as Json | undefined;
  if (rule.type.coding) {
    const codes = asArray(type?.coding).filter(isObject);
    if (!codes.some((c) => c.system === rule.type.coding!.system && c.code === rule.type.coding!.code)) problems.push(`Composition.type must be SNOMED ${rule.type.coding.code} (${rule.profile})`);
  } else if (type?.text !== rule.type.text) problems.push(`Composition.type.text must be "${rule.type.text}" (${rule.profile})`);

  const refersTo = (reference: unknown, resourceType: string) => byUrl.get(String(get(reference, 'reference')))?.resourceType === resourceType;
  if (!refersTo(composition.subject, 'Patient')) problems.push('Composition.subject is not a Patient in the bundle');
  if (!asArray(composition.author).every((author) => refersTo(author, 'Practitioner') || refersTo(author, 'Organization'))) problems.push('Composition.author is not in the bundle');
  if (composition.custodian && !refersTo(composition.custodian, 'Organization')) problems.push('Composition.custodian is not an Organization in the bundle');
  if (rule.encounterRequired && !refersTo(composition.encounter, 'Encounter')) problems.push(`Composition.encounter is required (${rule.profile})`);

  const sections = asArray(composition.section).filter(isObject);
  if (sections.length !== 1) problems.push(`${rule.profile} files the document in exactly one section`);
  for (const section of sections) {
    if (rule.section.code && get(section, 'code.coding') && !asArray(get(section, 'code.coding')).some((c) => isObject(c) && c.code === rule.section.code!.code)) {
      problems.push(`the section's code must be SNOMED ${rule.section.code.code} (${rule.profile})`);
    }
    const wanted = rule.carrier === 'Invoice' ? 'Invoice' : rule.carrier;
    for (const entry of asArray(section.entry)) {
      if (!refersTo(entry, wanted) || get(entry, 'type') !== wanted) problems.push(`the section's entry must be a ${wanted} in the bundle (${rule.profile})`);
    }
  }
  return problems;
}

function present(value: unknown, steps: readonly string[]): boolean {
  if (steps.length === 0) return value !== undefined && value !== null && value !== '';
  const [step, ...rest] = steps as [string, ...string[]];
  if (step.endsWith('[]')) {
    const items = asArray(isObject(value) ? value[step.slice(0, -2)] : undefined);
    return items.length > 0 && items.every((item) => present(item, rest));
  }
  return present(isObject(value) ? value[step] : undefined, rest);
}

function get(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((at, step) => (isObject(at) ? at[step] : undefined), value);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
