// A parsed bundle's entries, and references resolved the ways real senders write them: by fullUrl (urn:uuid:…),
// relative `Type/id`, or an absolute URL ending in `Type/id` (reference/spec/fhir-records.md B.4).
import type { Bundle, BundleEntry, Reference } from 'fhir/r4';
import { isObject, str, type Json } from './values';
import { RecordViewError, type SourceRef, type ViewWarning } from './view-model';

export interface Entry {
  index: number;
  fullUrl: string | null;
  resourceType: string;
  id: string | null;
  resource: Json;
}

export interface BundleIndex {
  bundle: Json;
  entries: Entry[];
  warnings: ViewWarning[];
  resolve(reference: unknown): Entry | null;
}

/** Checks that the input is a FHIR Bundle (a parsed object or its JSON text) and indexes its entries. */
export function indexBundle(input: unknown): BundleIndex {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw new RecordViewError('notJson', 'not a FHIR Bundle: the text is not JSON');
    }
  }
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) {
    throw new RecordViewError('notABundle', 'not a FHIR Bundle: got bytes; parse the JSON first');
  }
  if (!isObject(value)) {
    throw new RecordViewError('notABundle', `not a FHIR Bundle: got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`);
  }
  if (value.resourceType !== 'Bundle') {
    const got = typeof value.resourceType === 'string' ? `"${value.resourceType.slice(0, 64)}"` : 'none';
    throw new RecordViewError('notABundle', `not a FHIR Bundle: resourceType is ${got}, expected "Bundle"`);
  }
  const bundle = value as Json & Partial<Bundle>;
  if (bundle.entry !== undefined && !Array.isArray(bundle.entry)) {
    throw new RecordViewError('malformedBundle', 'malformed FHIR Bundle: "entry" is not an array');
  }
  const warnings: ViewWarning[] = [];
  const entries: Entry[] = [];
  const byFullUrl = new Map<string, Entry>();
  const byTypeId = new Map<string, Entry>();
  (bundle.entry ?? []).forEach((raw: unknown, index: number) => {
    const entry = isObject(raw) ? (raw as Partial<BundleEntry>) : null;
    const resource = entry && isObject(entry.resource) ? (entry.resource as unknown as Json) : null;
    const resourceType = resource ? str(resource.resourceType) : null;
    if (!resource || !resourceType) {
      warnings.push({ code: 'entryWithoutResource', entryIndex: index });
      return;
    }
    const item: Entry = { index, fullUrl: str(entry?.fullUrl), resourceType, id: str(resource.id), resource };
    entries.push(item);
    if (item.fullUrl && !byFullUrl.has(item.fullUrl)) byFullUrl.set(item.fullUrl, item);
    const key = item.id ? `${resourceType}/${item.id}` : null;
    if (key && !byTypeId.has(key)) byTypeId.set(key, item);
  });

  function resolve(reference: unknown): Entry | null {
    const ref = isObject(reference) ? str((reference as Partial<Reference>).reference) : null;
    if (!ref) return null;
    const exact = byFullUrl.get(ref) ?? byTypeId.get(ref);
    if (exact) return exact;
    // absolute URL or a relative reference with a history suffix: match on the last Type/id pair
    const parts = ref.split('/_history/')[0]!.split('/').filter((part) => part.length > 0);
    if (parts.length >= 2) {
      const tail = `${parts[parts.length - 2]}/${parts[parts.length - 1]}`;
      const found = byTypeId.get(tail);
      if (found) return found;
      for (const candidate of entries) if (candidate.fullUrl?.endsWith(`/${tail}`) || candidate.fullUrl === tail) return candidate;
    }
    return null;
  }

  return { bundle, entries, warnings, resolve };
}

export const sourceOf = (entry: Entry): SourceRef => ({ resourceType: entry.resourceType, id: entry.id, entryIndex: entry.index });
