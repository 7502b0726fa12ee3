// A received health record as a document to print or save: the clinic's header ("received via ABDM on …, consent …,
// erase by …"), the record's own title, date, patient and author, then every section with its items as headings and
// label–value lines. Built from the record viewer's view model, so the printout shows what the screen shows.
// Record content is as received; the labels are English (a printed record goes into the patient's file).
import type { ItemView, RecordView, SectionView } from '../fhir/index';
import { formatFhirDate, formatIsoDateTime } from '../shared/dates';
import { fhirDatesInText } from '../shared/fhir-dates-in-text';

/** ABDM's HI types in the printed record's words (English: a printed record goes into the patient's file). */
export const RECORD_TYPE_WORDS: Readonly<Record<string, string>> = {
  OPConsultation: 'Consultation note',
  Prescription: 'Prescription',
  DischargeSummary: 'Discharge summary',
  DiagnosticReport: 'Lab report',
  ImmunizationRecord: 'Vaccination record',
  HealthDocumentRecord: 'Health document',
  WellnessRecord: 'Health readings',
  Invoice: 'Bill',
};

/** The record type in words ("Discharge summary"); "Health record" for a type ABDM does not list. */
export function recordTypeWords(hiType: string | null): string {
  return (hiType && RECORD_TYPE_WORDS[hiType]) || 'Health record';
}

// Control and bidi characters in what the desk itself knows of a record (care context, HIP id): as in the view model.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const clean = (text: string) => text.replace(UNSAFE_CHARS, '');

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
    ['Consent request', clean(facts.consentRequestId)],
    ['From', `${clean(facts.hipId)}, care context ${clean(facts.careContext)}`],
    ['Erase by', facts.eraseBy ? formatIsoDateTime(facts.eraseBy) : 'not given'],
  ];
  const about: [string, string][] = [];
  const add = (label: string, value: string | null | undefined) => value && about.push([label, value]);
  add('Record type', view.hiType ? recordTypeWords(view.hiType) : null);
  add('Date', view.date && formatFhirDate(view.date));
  add('Patient', [view.patient?.name, view.patient?.gender, view.patient?.birthDate && formatFhirDate(view.patient.birthDate)].filter(Boolean).join(', '));
  add('Author', view.authors.join('; '));
  add('Organisation', view.organisation);
  if (view.encounter) add('Visit', [view.encounter.class, view.encounter.start, view.encounter.end].filter(Boolean).map((v) => fhirDatesInText(v!)).join(' · '));
  return {
    title: view.title ?? recordTypeWords(view.hiType),
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
    case 'invoice':
      // The bill's facts, then a line each: what was charged, how many, each price component as the sender wrote it.
      return [
        entryOf({ ...item, lines: undefined, totalComponents: undefined } as unknown as Record<string, unknown>, 'Bill'),
        ...item.lines.map((line) => ({
          heading: line.description ?? `Line ${line.sequence ?? ''}`.trim(),
          lines: [
            ...(line.quantity ? [['Quantity', line.quantity] as [string, string]] : []),
            ...line.components.map((c) => [humanise(c.type ?? 'charge') + (c.code ? ` (${c.code})` : ''), c.amount ?? (c.factor !== null ? `× ${c.factor}` : '')] as [string, string]),
          ],
        })),
        ...(item.totalComponents.length > 0
          ? [{ heading: 'Total charges', lines: item.totalComponents.map((c) => [humanise(c.type ?? 'charge') + (c.code ? ` (${c.code})` : ''), c.amount ?? ''] as [string, string]) }]
          : []),
      ];
    case 'generic':
      return [{ heading: item.resourceType, lines: item.fields.map(({ key, value }) => [humanise(key), fhirDatesInText(value)] as [string, string]) }];
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
  if (item.value) lines.push(['Value', [fhirDatesInText(item.value), item.unit].filter(Boolean).join(' ') + (item.flag ? ` (${item.flag})` : '')]);
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
    if (text) lines.push([humanise(key), fhirDatesInText(text)]);
  }
  if (lines.length === 0 && typeof item.narrative === 'string' && item.narrative) lines.push(['Text', item.narrative]);
  return { heading: headingField ? String(item[headingField]) : fallback, lines };
}

/** camelCase key → "Camel case". */
export function humanise(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
