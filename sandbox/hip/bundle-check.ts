import { HI_TYPES, RECORD_PROFILES, type HiType } from '../fhir/ig-catalog';

// The foreign HIU's check of each decrypted entry (docs/sandbox-hip.md §15): a FHIR R4 document Bundle whose first
// entry is a Composition of one of the NRCeS profiles (its type code, and its meta.profile when it names one), with
// the elements a document needs and every reference of the Composition resolvable inside the Bundle. Written apart
// from the desk's own checker on purpose: the simulator is an independent oracle.

export interface BundleCheck {
  valid: boolean;
  problems: string[];
  hiType: HiType | null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const arrayOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export function checkDocumentBundle(text: string): BundleCheck {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { valid: false, problems: ['not JSON'], hiType: null };
  }
  const problems: string[] = [];
  if (!isObject(parsed) || parsed.resourceType !== 'Bundle') return { valid: false, problems: ['resourceType: must be Bundle'], hiType: null };
  if (parsed.type !== 'document') problems.push('Bundle.type: must be document');
  if (!isObject(parsed.identifier)) problems.push('Bundle.identifier: a document Bundle must have one');
  if (typeof parsed.timestamp !== 'string') problems.push('Bundle.timestamp: a document Bundle must have one');
  const entries = arrayOf(parsed.entry).filter(isObject);
  entries.forEach((entry, index) => {
    if (typeof entry.fullUrl !== 'string') problems.push(`Bundle.entry[${index}].fullUrl: is required`);
    if (!isObject(entry.resource)) problems.push(`Bundle.entry[${index}].resource: is required`);
  });
  const composition = entries[0]?.resource;
  if (!isObject(composition) || composition.resourceType !== 'Composition') {
    problems.push('Bundle.entry[0]: must be a Composition');
    return { valid: false, problems, hiType: null };
  }
  const hiType = profileOf(composition, problems);
  checkComposition(composition, entries, problems);
  return { valid: problems.length === 0, problems, hiType };
}

/** The HI type whose Composition.type the document carries; a meta.profile naming another profile is a problem. */
function profileOf(composition: Json, problems: string[]): HiType | null {
  const type = isObject(composition.type) ? composition.type : {};
  const codes = arrayOf(type.coding).filter(isObject);
  const hiType =
    HI_TYPES.find((candidate) => {
      const expected = RECORD_PROFILES[candidate].type;
      const coding = expected.coding?.[0];
      if (coding) return codes.some((c) => c.system === coding.system && c.code === coding.code);
      return codes.length === 0 && type.text === expected.text;
    }) ?? null;
  if (!hiType) {
    problems.push('Composition.type: is not the type of any NRCeS record profile');
    return null;
  }
  const profiles = arrayOf(isObject(composition.meta) ? composition.meta.profile : undefined);
  if (profiles.length > 0 && !profiles.includes(RECORD_PROFILES[hiType].profile)) {
    problems.push(`Composition.meta.profile: a ${hiType} must name ${RECORD_PROFILES[hiType].profile}`);
  }
  return hiType;
}

function checkComposition(composition: Json, entries: Json[], problems: string[]): void {
  for (const field of ['status', 'title', 'date']) {
    if (typeof composition[field] !== 'string') problems.push(`Composition.${field}: is required`);
  }
  const resolves = (reference: unknown) =>
    isObject(reference) && typeof reference.reference === 'string' && entries.some((entry) => entry.fullUrl === reference.reference || endsWithId(entry, reference.reference as string));
  const subject = composition.subject;
  if (!resolves(subject)) problems.push('Composition.subject: must reference a Patient in the Bundle');
  else if (resourceFor(entries, (subject as Json).reference as string)?.resourceType !== 'Patient') problems.push('Composition.subject: must be a Patient');
  const authors = arrayOf(composition.author);
  if (authors.length === 0) problems.push('Composition.author: is required');
  authors.forEach((author, index) => resolves(author) || problems.push(`Composition.author[${index}]: must reference a resource in the Bundle`));
  const sections = arrayOf(composition.section).filter(isObject);
  if (sections.length === 0) problems.push('Composition.section: a record must have at least one section');
  sections.forEach((section, s) =>
    arrayOf(section.entry).forEach((reference, e) => resolves(reference) || problems.push(`Composition.section[${s}].entry[${e}]: must reference a resource in the Bundle`)),
  );
}

/** `Patient/123` also names the entry whose resource is Patient 123 (a relative reference). */
function endsWithId(entry: Json, reference: string): boolean {
  const resource = isObject(entry.resource) ? entry.resource : {};
  return `${String(resource.resourceType)}/${String(resource.id)}` === reference;
}

function resourceFor(entries: Json[], reference: string): Json | undefined {
  const entry = entries.find((e) => e.fullUrl === reference || endsWithId(e, reference));
  return entry && isObject(entry.resource) ? entry.resource : undefined;
}
