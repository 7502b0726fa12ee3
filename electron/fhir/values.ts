// FHIR datatypes as text, as received. Every helper takes `unknown`: bundles come from outside and a field may hold
// anything; a value of the wrong shape gives null rather than an exception.
import type { CodeableConcept, Coding, Period, Quantity, Range, Ratio } from 'fhir/r4';
import { isObject } from '../shared/is-object';
import { displayUnit } from './ucum-units';
import type { CodingView } from './view-model';

export type Json = Record<string, unknown>;

export { isObject } from '../shared/is-object';

export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

// C0/C1 controls other than tab and newline, and the bidirectional marks, embeddings, overrides and isolates: a
// sender's text must not reorder the fields shown beside it (a name ending in U+202E would reverse the rest of its line).
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** Text as received, less the control and bidi characters that could hide or reorder what is shown. */
export function cleanText(value: string): string {
  return value.replace(UNSAFE_CHARS, '');
}

export function str(value: unknown): string | null {
  if (typeof value === 'string') {
    const text = cleanText(value);
    return text.trim().length > 0 ? text : null;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return null;
}

export function num(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

export const strings = (values: Array<string | null>): string[] => values.filter((v): v is string => v !== null);

export function codingText(value: unknown): string | null {
  if (!isObject(value)) return null;
  const coding = value as Partial<Coding>;
  return str(coding.display)?.trim() ?? str(coding.code);
}

/** CodeableConcept as text: its text, else the first coding's display, else its code. */
export function conceptText(value: unknown): string | null {
  if (!isObject(value)) return str(value);
  const concept = value as Partial<CodeableConcept>;
  const text = str(concept.text);
  if (text) return text;
  for (const coding of asArray(concept.coding)) {
    const display = isObject(coding) ? str((coding as Partial<Coding>).display) : null;
    if (display) return display.trim();
  }
  for (const coding of asArray(concept.coding)) {
    const code = isObject(coding) ? str((coding as Partial<Coding>).code) : null;
    if (code) return code;
  }
  return null;
}

export function conceptsText(value: unknown): string | null {
  const texts = strings(asArray(value).map(conceptText));
  return texts.length > 0 ? texts.join(', ') : null;
}

export function firstCoding(value: unknown): CodingView | null {
  if (!isObject(value)) return null;
  const coding = asArray(value.coding).find(isObject) as Partial<Coding> | undefined;
  if (!coding) return null;
  return { system: str(coding.system), code: str(coding.code), display: str(coding.display) };
}

export function quantityParts(value: unknown): { value: string | null; unit: string | null } {
  if (!isObject(value)) return { value: null, unit: null };
  const q = value as Partial<Quantity>;
  const amount = str(q.value);
  return { value: amount === null ? null : `${str(q.comparator) ?? ''}${amount}`, unit: unitOf(q) };
}

/**
 * A quantity's unit as a clerk reads it: a UCUM code in its print form ("mm[Hg]" → "mmHg", "Cel" → "°C"); a unit
 * the sender wrote in words ("beats/minute") as written.
 */
function unitOf(q: Partial<Quantity>): string | null {
  const unit = str(q.unit);
  const code = str(q.code);
  const ucumCode = str(q.system) === 'http://unitsofmeasure.org' ? code : null;
  if (ucumCode && (unit === null || unit === ucumCode)) return displayUnit(ucumCode);
  return unit ? displayUnit(unit) : code ? displayUnit(code) : null;
}

export function quantityText(value: unknown): string | null {
  const { value: amount, unit } = quantityParts(value);
  if (amount === null) return null;
  return unit ? `${amount} ${unit}` : amount;
}

export function rangeText(value: unknown): string | null {
  if (!isObject(value)) return null;
  const r = value as Partial<Range>;
  const low = quantityText(r.low);
  const high = quantityText(r.high);
  if (low && high) return `${low} – ${high}`;
  if (low) return `≥ ${low}`;
  if (high) return `≤ ${high}`;
  return null;
}

export function ratioText(value: unknown): string | null {
  if (!isObject(value)) return null;
  const r = value as Partial<Ratio>;
  const n = quantityText(r.numerator);
  const d = quantityText(r.denominator);
  return n && d ? `${n} / ${d}` : (n ?? d);
}

export function periodText(value: unknown): string | null {
  if (!isObject(value)) return null;
  const p = value as Partial<Period>;
  const start = str(p.start);
  const end = str(p.end);
  if (start && end) return `${start} – ${end}`;
  return start ?? end;
}

export function annotations(value: unknown): string[] {
  return strings(asArray(value).map((note) => (isObject(note) ? str(note.text) : null)));
}

/** The first present `<prefix>[x]` choice (e.g. effectiveDateTime / effectivePeriod), as text. */
export function choiceText(resource: Json, prefix: string): string | null {
  for (const [key, value] of Object.entries(resource)) {
    if (!key.startsWith(prefix) || key.length === prefix.length) continue;
    const suffix = key.slice(prefix.length);
    if (!/^[A-Z]/.test(suffix)) continue;
    const text = valueText(suffix, value);
    if (text) return text;
  }
  return null;
}

/** A value[x] (suffix = its type name) as text; attachments and binary content are not shown as text. */
export function valueText(type: string, value: unknown): string | null {
  switch (type) {
    case 'Quantity':
    case 'Age':
    case 'Duration':
    case 'Distance':
    case 'Count':
    case 'SimpleQuantity':
    case 'Money':
      return quantityText(value) ?? (isObject(value) ? str(value.value) : null);
    case 'CodeableConcept':
      return conceptText(value);
    case 'Coding':
      return codingText(value);
    case 'Range':
      return rangeText(value);
    case 'Ratio':
      return ratioText(value);
    case 'Period':
      return periodText(value);
    case 'Reference':
      return isObject(value) ? (str(value.display) ?? str(value.reference)) : null;
    case 'SampledData': // a waveform's raw samples are not for reading; the narrative says what it is
    case 'Attachment':
    case 'Base64Binary':
      return null;
    default:
      return str(value);
  }
}

/** Human name as received: text, else prefix given family suffix. */
export function humanName(value: unknown): string | null {
  for (const name of asArray(value)) {
    if (!isObject(name)) continue;
    const text = str(name.text);
    if (text) return text;
    const parts = strings([
      ...asArray(name.prefix).map(str),
      ...asArray(name.given).map(str),
      str(name.family),
      ...asArray(name.suffix).map(str),
    ]);
    if (parts.length > 0) return parts.join(' ');
  }
  return null;
}
