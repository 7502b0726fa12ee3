// How the record viewer words a view model (electron/fhir/view-model.ts) in the desk's language: section names,
// item labels, dosing rhythm, flags, FHIR dates. Record content itself (drug names, values, titles) is shown as
// received; only the labels around it are translated.
import type { InvoiceLineView, ItemView, MedicationRow, ObservationItem, PriceComponentView, SectionView, TimingRepeat } from '../../../electron/ipc/contract';
import { t, tf } from '../app-state.svelte';
import { fhirDatesInText } from '../../../electron/shared/fhir-dates-in-text';
import { strings, type StringKey } from '../i18n';

/**
 * A section's heading: the desk's word (in the desk's language) when the section's code says what it is, else the
 * sender's title as received; `sent` is the sender's own title when it says something the desk's word does not.
 */
export function sectionTitle(section: SectionView): { heading: string; sent: string | null } {
  const key = `viewer.section.${section.key}` as StringKey;
  const known = section.key !== 'section' && key in strings.en;
  if (!known) return { heading: section.title ?? section.code?.display ?? t('viewer.section.section'), sent: null };
  const sent = section.title && section.title.toLowerCase() !== strings.en[key].toLowerCase() ? section.title : null;
  return { heading: t(key), sent };
}

/**
 * A FHIR date as the desk reads it, in the one date format of every screen (dates.ts formatFhirDate); also a period
 * or a value that carries dates ("2026-10-28 – 2026-11-02").
 */
export function fhirDateText(value: string | null): string | null {
  return value ? fhirDatesInText(value) : null;
}

/** A record value as shown: as received, with any date in it in the desk's format. */
export function valueText(value: string | null | undefined): string {
  return value ? fhirDatesInText(value) : '';
}

/**
 * A coded word of the FHIR standard as the record gives it (gender "male", encounter class "ambulatory", status
 * "final", criticality "high"…) in the desk's language; any other value as received.
 */
export function termText(value: string | null | undefined): string {
  if (!value) return '';
  const key = `viewer.term.${value.trim().toLowerCase()}`;
  return key in strings.en ? t(key as StringKey) : value;
}

// Control characters and the bidi marks, embeddings, overrides and isolates a sender could put in a name or a reference.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * Text from a record or a HIP (a care-context reference, a HIP's name) without control and bidi characters, so it
 * cannot reorder the desk's words around it; drawn inside a <bdi> where it stands alone.
 */
export function cleanText(value: string | null | undefined): string {
  return (value ?? '').replace(UNSAFE_CHARS, '');
}

/** Rows a long table draws at first and adds each time "Show more" is pressed: any record is readable at once. */
export const PAGE_ROWS = 200;

const PERIOD_UNITS = ['s', 'min', 'h', 'd', 'wk', 'mo', 'a'];

/** Timing.repeat in words: "2 times per day; PC" or "1 times every 8 hours". Codes of `when` are kept as received. */
export function repeatText(repeat: TimingRepeat): string {
  const parts: string[] = [];
  if (repeat.frequency !== null && repeat.period !== null && repeat.periodUnit) {
    const known = PERIOD_UNITS.includes(repeat.periodUnit);
    if (repeat.period === 1) {
      const unit = known ? t(`viewer.unitOne.${repeat.periodUnit}` as StringKey) : repeat.periodUnit;
      parts.push(tf('viewer.repeatOne', { count: repeat.frequency, unit }));
    } else {
      const unit = known ? t(`viewer.unit.${repeat.periodUnit}` as StringKey) : repeat.periodUnit;
      parts.push(tf('viewer.repeat', { count: repeat.frequency, period: repeat.period, unit }));
    }
  }
  if (repeat.when.length > 0) parts.push(repeat.when.join(', '));
  return parts.join('; ');
}

export function frequencyText(row: MedicationRow): string {
  return row.frequency ?? (row.repeat ? repeatText(row.repeat) : '');
}

export function flagText(flag: ObservationItem['flag']): string {
  return flag ? t(`viewer.flag.${flag}`) : '';
}

/**
 * The sender's interpretation ("High", "Normal", "Mild anaemia"), in the desk's language where it is a standard
 * word; nothing when it only repeats the flag already shown.
 */
export function interpretationText(item: ObservationItem): string {
  const text = item.interpretation;
  if (!text) return '';
  if (item.flag && text.trim().toLowerCase() === strings.en[`viewer.flag.${item.flag}`].toLowerCase()) return '';
  return termText(text);
}

export function rangeText(item: ObservationItem): string {
  const range = item.referenceRange;
  if (!range) return '';
  if (range.low !== null || range.high !== null) {
    const span = `${range.low ?? '…'}–${range.high ?? '…'}`;
    return [span, range.unit, range.text ? `(${range.text})` : null].filter(Boolean).join(' ');
  }
  return range.text ?? '';
}

export interface FactCard {
  heading: string;
  facts: Array<[label: string, value: string]>;
  notes: string[];
  narrative: string | null;
  attachmentIds: string[];
  /** A report's own results, drawn beneath it. */
  results: ItemView[];
  /** An invoice's lines and its total price components, drawn as a table beneath it. */
  invoiceLines?: InvoiceLineView[];
  invoiceTotals?: PriceComponentView[];
}

type Facts = Array<[StringKey, string | null | undefined | string[]]>;

// Facts whose values are FHIR's coded words (statuses, criticality, category, severity, intent): shown in the desk's language.
const TERM_FIELDS: ReadonlySet<StringKey> = new Set<StringKey>([
  'viewer.f.clinicalStatus',
  'viewer.f.verificationStatus',
  'viewer.f.status',
  'viewer.f.criticality',
  'viewer.f.category',
  'viewer.f.severity',
  'viewer.f.intent',
]);

/** Every item kind that is neither a medication table nor an observation, as a heading and label–value lines. */
export function factCard(item: Exclude<ItemView, { kind: 'medications' } | { kind: 'observation' }>): FactCard {
  const card = (heading: string | null, facts: Facts, extra: Partial<FactCard> = {}): FactCard => ({
    heading: heading || ('narrative' in item && item.narrative) || t(`viewer.kind.${item.kind}`),
    facts: facts.flatMap(([label, value]) => {
      const words = (v: string) => (TERM_FIELDS.has(label) ? termText(v) : valueText(v));
      const text = Array.isArray(value) ? value.map(words).join('; ') : value && words(value);
      return text ? [[t(label), text] as [string, string]] : [];
    }),
    notes: 'notes' in item ? item.notes : [],
    narrative: 'narrative' in item ? item.narrative : null,
    attachmentIds: [],
    results: [],
    ...extra,
  });
  const date = fhirDateText;
  switch (item.kind) {
    case 'condition':
      return card(item.name, [
        ['viewer.f.clinicalStatus', item.clinicalStatus],
        ['viewer.f.verificationStatus', item.verificationStatus],
        ['viewer.f.severity', item.severity],
        ['viewer.f.category', item.category],
        ['viewer.f.onset', date(item.onset)],
        ['viewer.f.recorded', date(item.recordedDate)],
      ]);
    case 'allergy':
      return card(item.substance, [
        ['viewer.f.reactions', item.reactions],
        ['viewer.f.criticality', item.criticality],
        ['viewer.f.category', item.category],
        ['viewer.f.clinicalStatus', item.clinicalStatus],
        ['viewer.f.verificationStatus', item.verificationStatus],
        ['viewer.f.onset', date(item.onset)],
      ]);
    case 'procedure':
      return card(item.name, [
        ['viewer.f.date', date(item.date)],
        ['viewer.f.status', item.status],
        ['viewer.f.outcome', item.outcome],
        ['viewer.f.complications', item.complications],
      ]);
    case 'immunization':
      return card(item.vaccine, [
        ['viewer.f.doseNumber', item.doseNumber],
        ['viewer.f.date', date(item.date)],
        ['viewer.f.lot', item.lotNumber],
        ['viewer.f.route', item.route],
        ['viewer.f.site', item.site],
        ['viewer.f.manufacturer', item.manufacturer],
        ['viewer.f.status', item.status],
      ]);
    case 'diagnosticReport':
      return card(
        item.name,
        [
          ['viewer.f.date', date(item.date)],
          ['viewer.f.category', item.category],
          ['viewer.f.status', item.status],
          ['viewer.f.performers', item.performers],
          ['viewer.f.conclusion', item.conclusion],
        ],
        { attachmentIds: item.attachmentIds, results: item.results },
      );
    case 'document':
      return card(
        item.type,
        [
          ['viewer.f.description', item.description],
          ['viewer.f.date', date(item.date)],
          ['viewer.f.status', item.status],
        ],
        { attachmentIds: item.attachmentIds },
      );
    case 'attachment':
      return card(null, [], { attachmentIds: item.attachmentIds });
    case 'carePlan':
      return card(item.title, [
        ['viewer.f.description', item.description],
        ['viewer.f.period', item.period],
        ['viewer.f.activities', item.activities],
        ['viewer.f.status', item.status],
      ]);
    case 'appointment':
      return card(item.description, [
        ['viewer.f.start', date(item.start)],
        ['viewer.f.end', date(item.end)],
        ['viewer.f.participants', item.participants],
        ['viewer.f.status', item.status],
      ]);
    case 'serviceRequest':
      return card(item.name, [
        ['viewer.f.date', date(item.date)],
        ['viewer.f.requester', item.requester],
        ['viewer.f.intent', item.intent],
        ['viewer.f.status', item.status],
      ]);
    case 'familyHistory':
      return card(item.relationship, [
        ['viewer.f.conditions', item.conditions],
        ['viewer.f.status', item.status],
      ]);
    case 'invoice':
      return card(
        item.type,
        [
          ['viewer.f.status', item.status],
          ['viewer.f.date', date(item.date)],
          ['viewer.f.issuer', item.issuer],
          ['viewer.f.recipient', item.recipient],
          ['viewer.f.participants', item.participants],
          ['viewer.f.totalNet', item.totalNet],
          ['viewer.f.totalGross', item.totalGross],
          ['viewer.f.paymentTerms', item.paymentTerms],
          ['viewer.f.cancelledReason', item.cancelledReason],
        ],
        { invoiceLines: item.lines, invoiceTotals: item.totalComponents },
      );
    case 'generic':
      return { ...card(item.resourceType, []), facts: item.fields.map(({ key, value }) => [key, key === 'status' ? termText(value) : valueText(value)]) };
    case 'missing':
      return card(tf('viewer.missing', { what: item.display ?? item.reference ?? '—' }), []);
    case 'empty':
      return card(item.reason ? tf('viewer.emptyBecause', { reason: item.reason }) : t('viewer.empty'), []);
  }
}

const PRICE_TYPES = ['base', 'surcharge', 'deduction', 'discount', 'tax', 'informational'];

/**
 * One price component in words: "Tax (GST 18%): 90.00 INR". FHIR's component type in the desk's language, the
 * sender's own code and the amount as received; a factor is shown only when there is no amount to show.
 */
export function priceText(component: PriceComponentView): string {
  const type = component.type && PRICE_TYPES.includes(component.type) ? t(`viewer.price.${component.type}` as StringKey) : (component.type ?? '');
  const label = [type, component.code ? `(${component.code})` : null].filter(Boolean).join(' ');
  const value = component.amount ?? (component.factor !== null ? `× ${component.factor}` : '');
  return label ? `${label}: ${value}` : value;
}

/** Items as the screen draws them: consecutive observations share one table; medications already come as one. */
export type ItemBlock =
  | { kind: 'medications'; rows: MedicationRow[] }
  | { kind: 'observations'; items: ObservationItem[] }
  | { kind: 'card'; card: FactCard };

export function itemBlocks(items: readonly ItemView[]): ItemBlock[] {
  const blocks: ItemBlock[] = [];
  for (const item of items) {
    const last = blocks.at(-1);
    if (item.kind === 'medications') blocks.push({ kind: 'medications', rows: item.rows });
    else if (item.kind === 'observation') {
      if (last?.kind === 'observations') last.items.push(item);
      else blocks.push({ kind: 'observations', items: [item] });
    } else blocks.push({ kind: 'card', card: factCard(item) });
  }
  return blocks;
}

/** The attachment ids the items of these sections show inline; the rest are listed at the end of the record. */
export function attachmentsShownBySections(sections: readonly SectionView[]): Set<string> {
  const shown = new Set<string>();
  const visit = (items: readonly ItemView[]) => {
    for (const item of items) {
      if ('attachmentIds' in item) item.attachmentIds.forEach((id) => shown.add(id));
      if (item.kind === 'diagnosticReport') visit(item.results);
    }
  };
  const walk = (list: readonly SectionView[]) => list.forEach((section) => (visit(section.items), walk(section.sections)));
  walk(sections);
  return shown;
}
