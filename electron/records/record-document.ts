// A received health record as a document to print or save: the clinic's header ("received via ABDM on …, consent …,
// erase by …"), the record's own title, date, patient and author, then every section with its items as headings and
// label–value lines. Built from the record viewer's view model, so the printout shows what the screen shows.
// Record content is as received; the labels are English (a printed record goes into the patient's file).
import type { ItemView, RecordView, SectionView } from '../fhir/index';
import { formatFhirDate, formatIsoDateTime } from '../shared/dates';

export interface RecordDocumentFacts {
  clinic: string;
  receivedAt: string;
  consentRequestId: string;
  hipId: string;
  careContext: string;
  eraseBy: string | null;
}

export interface DocumentEntry {
  heading: string;
  lines: [label: string, value: string][];
}

export interface DocumentSection {
  title: string;
  narrative: string | null;
  entries: DocumentEntry[];
}

export interface RecordDocument {
  title: string;
  header: [label: string, value: string][];
  about: [label: string, value: string][];
  sections: DocumentSection[];
  attachments: string[];
}

export function recordDocument(view: RecordView, facts: RecordDocumentFacts): RecordDocument {
  const header: [string, string][] = [
    ['Clinic', facts.clinic],
    ['Received via ABDM on', formatIsoDateTime(facts.receivedAt)],
    ['Consent request', facts.consentRequestId],
    ['From', `${facts.hipId}, care context ${facts.careContext}`],
    ['Erase by', facts.eraseBy ? formatIsoDateTime(facts.eraseBy) : 'not given'],
  ];
  const about: [string, string][] = [];
  const add = (label: string, value: string | null | undefined) => value && about.push([label, value]);
  add('Record type', view.hiType);
  add('Date', view.date && formatFhirDate(view.date));
  add('Patient', [view.patient?.name, view.patient?.gender, view.patient?.birthDate && formatFhirDate(view.patient.birthDate)].filter(Boolean).join(', '));
  add('Author', view.authors.join('; '));
  add('Organisation', view.organisation);
  return {
    title: view.title ?? view.hiType ?? 'Health record',
    header,
    about,
    sections: flattenSections(view.sections),
    attachments: view.attachments.map((a) => `${a.title ?? a.id} (${a.contentType ?? 'unknown type'}${a.bytes === null ? '' : `, ${a.bytes} bytes`})`),
  };
}

function flattenSections(sections: readonly SectionView[], prefix = ''): DocumentSection[] {
  return sections.flatMap((section) => {
    const title = `${prefix}${section.title ?? humanise(section.key)}`;
    return [{ title, narrative: section.narrative, entries: section.items.flatMap(entriesOf) }, ...flattenSections(section.sections, `${title} › `)];
  });
}

// Fields that are structure, not content.
const SKIPPED = new Set(['kind', 'source', 'narrative', 'components', 'results', 'rows', 'attachmentIds', 'repeat', 'resourceType', 'fields']);
const HEADING_FIELDS = ['name', 'vaccine', 'substance', 'drug', 'type', 'title', 'description', 'relationship', 'display', 'reason'] as const;

/** One item as headed entries: a medications table gives one entry a drug, a report its results after it. */
export function entriesOf(item: ItemView): DocumentEntry[] {
  switch (item.kind) {
    case 'medications':
      return item.rows.map((row) => entryOf(row as unknown as Record<string, unknown>, 'Medication'));
    case 'diagnosticReport':
      return [entryOf(item as unknown as Record<string, unknown>, 'Report'), ...item.results.flatMap(entriesOf)];
    case 'observation':
      return [observationEntry(item), ...item.components.map(observationEntry)];
    case 'generic':
      return [{ heading: item.resourceType, lines: item.fields.map(({ key, value }) => [humanise(key), value] as [string, string]) }];
    case 'missing':
      return [{ heading: 'Not in the record', lines: [['Reference', item.display ?? item.reference ?? '']] }];
    case 'empty':
      return [{ heading: 'Nothing recorded', lines: item.reason ? [['Reason', item.reason]] : [] }];
    default:
      return [entryOf(item as unknown as Record<string, unknown>, humanise(item.kind))];
  }
}

function observationEntry(item: Extract<ItemView, { kind: 'observation' }>): DocumentEntry {
  const lines: [string, string][] = [];
  if (item.value) lines.push(['Value', [item.value, item.unit].filter(Boolean).join(' ') + (item.flag ? ` (${item.flag})` : '')]);
  const range = item.referenceRange;
  if (range) lines.push(['Reference range', range.text ?? `${range.low ?? ''}–${range.high ?? ''} ${range.unit ?? ''}`.trim()]);
  for (const [label, value] of [['Interpretation', item.interpretation], ['Date', item.date && formatFhirDate(item.date)], ['Status', item.status]] as const) if (value) lines.push([label, value]);
  for (const note of item.notes) lines.push(['Note', note]);
  return { heading: item.name ?? 'Observation', lines };
}

function entryOf(item: Record<string, unknown>, fallback: string): DocumentEntry {
  const headingField = HEADING_FIELDS.find((field) => typeof item[field] === 'string' && item[field]);
  const lines: [string, string][] = [];
  for (const [key, value] of Object.entries(item)) {
    if (SKIPPED.has(key) || key === headingField || value === null || value === undefined) continue;
    const text = Array.isArray(value) ? value.filter((v) => typeof v === 'string').join('; ') : typeof value === 'object' ? '' : String(value);
    if (text) lines.push([humanise(key), text]);
  }
  if (lines.length === 0 && typeof item.narrative === 'string' && item.narrative) lines.push(['Text', item.narrative]);
  return { heading: headingField ? String(item[headingField]) : fallback, lines };
}

/** camelCase key → "Camel case". */
export function humanise(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
