// Names of the files the desk makes (saved cards, print pages): what they are, whose, and the day, never a counter
// or a timestamp nobody can read. Every name is safe on Windows, macOS and Linux alike.
import type { PrintLayoutName } from '../../cards/print-layout';

/** "25-11-2026": the local date as the ABHA card prints dates (day-month-year). */
export function cardDate(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(at.getDate())}-${pad(at.getMonth() + 1)}-${at.getFullYear()}`;
}

/**
 * A saved card: `ABHA-card-91-1234-5678-9012-25-11-2026.pdf` (the extension says the format). A print page:
 * `ABHA-card-91-1234-5678-9012-CR80-25-11-2026` (no extension: the port adds `.html`, a browser's "Save as PDF" `.pdf`).
 */
export function cardFileName(abhaNumber: string, at: Date, kind: { format: string } | { layout: PrintLayoutName }): string {
  const middle = 'layout' in kind ? `-${kind.layout.toUpperCase()}` : '';
  const extension = 'format' in kind ? `.${kind.format}` : '';
  return safeFileName(`ABHA-card-${abhaNumber}${middle}-${cardDate(at)}${extension}`);
}

/**
 * A saved or printed health record: `Discharge-summary-Asha-Devi-Verma-09-12-2016.pdf` — the record type in words,
 * the patient's name as the record gives it and the record's day (dd-mm-yyyy; the day it came when it has none). No
 * extension for a print page, as for cards.
 */
export function recordFileName(record: { typeWords: string; patientName: string | null; day: string }, extension = ''): string {
  const words = (text: string) =>
    text
      .normalize('NFC')
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60);
  const parts = [words(record.typeWords), words(record.patientName ?? ''), record.day].filter(Boolean);
  return safeFileName(`${parts.join('-')}${extension ? `.${extension}` : ''}`);
}

/**
 * The day's log for the local day "2026-11-25": `ABHA-Desk-day-25-11-2026.csv`, or with no extension for the print
 * page (the port adds one). The day reads as the card writes dates, as every file name of the desk does.
 */
export function dayLogFileName(day: string, extension?: 'csv'): string {
  const [year, month, date] = day.split('-');
  return safeFileName(`ABHA-Desk-day-${date}-${month}-${year}${extension ? `.${extension}` : ''}`);
}

// Characters Windows refuses in a name (and / everywhere), and the control characters.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;
// Names Windows keeps for devices, with or without an extension.
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\.|$)/i;
const MAX_LENGTH = 150;

/** `name` with every character unsafe on some system replaced by "-", no trailing dot or space, not a device name. */
export function safeFileName(name: string): string {
  let safe = name.replace(UNSAFE, '-').slice(0, MAX_LENGTH).replace(/[. ]+$/, '');
  if (RESERVED.test(safe)) safe = `_${safe}`;
  return safe || 'file';
}
