// Record text that carries FHIR dates ("2026-10-28", "2026-10-28T09:30:00+05:30", a period "2026-10-28 – 2026-11-02")
// in the one date format of every screen and printout (dates.ts): the viewer and the saved record show no ISO dates.
import { formatFhirDate } from './dates';

const ISO_DAY_OR_MOMENT = /\b\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?(?![\d-])/g;

/** Every ISO date or dateTime in the text as dd-mm-yyyy (with the local time for a moment); a year-month alone too. */
export function fhirDatesInText(text: string): string {
  if (/^\d{4}-\d{2}$/.test(text)) return formatFhirDate(text);
  return text.replace(ISO_DAY_OR_MOMENT, (date) => formatFhirDate(date));
}
