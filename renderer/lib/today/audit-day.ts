// The audit log by local day: the desk's day runs midnight to midnight in the clinic's time zone,
// while the log stores UTC timestamps.
import type { AuditEntry } from '../api';
import type { OutputOf } from '../../../electron/ipc/contract';
import { detailText } from './audit-detail';
import { formatDateTime, formatTime } from '../dates';
import { translate, type Language, type StringKey } from '../i18n';

export { consentOf, detailText } from './audit-detail';

/** An audit entry with the patient's name where the desk was shown their profile (today.list). */
export type TodayEntry = OutputOf<'today.list'>[number];

/** "2025-03-14" for the local date of `date` (the value an <input type=date> holds). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The ISO range [from, to) covering that local day, or null for a value that is not a date. */
export function dayRange(day: string): { from: string; to: string } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  return { from: new Date(year, month, date).toISOString(), to: new Date(year, month, date + 1).toISOString() };
}

export interface DayCounts {
  enrolled: number;
  existing: number;
  verified: number;
  cardsSaved: number;
  cardsPrinted: number;
  /** Web mode: cards handed to the browser as downloads. */
  cardsDownloaded: number;
  /** Web mode: print dialogs opened for a card (only a card's); a browser never says whether it printed, so these are not "printed". */
  printDialogs: number;
  /** Health records printed, and (web mode) print dialogs opened for one: counted apart from the cards. */
  recordsPrinted: number;
  recordPrintDialogs: number;
}

export function countDay(entries: readonly AuditEntry[]): DayCounts {
  const count = (action: AuditEntry['action']) => entries.filter((entry) => entry.action === action).length;
  return {
    enrolled: count('enrolment.created'),
    existing: count('enrolment.existing'),
    verified: count('abha.verified'),
    cardsSaved: count('card.saved'),
    cardsPrinted: count('card.printed'),
    cardsDownloaded: count('card.downloaded'),
    printDialogs: count('card.print-dialog-opened'),
    recordsPrinted: count('record.printed'),
    recordPrintDialogs: count('record.print-dialog-opened'),
  };
}

/**
 * The day's counts with their labels, in the order the screen shows them, for the printed page's totals: the first
 * five always, the web-mode and health-record ones when there were any (as the screen shows them).
 */
export function dayTotals(counts: DayCounts): { key: StringKey; count: number }[] {
  const always: [StringKey, number][] = [
    ['today.enrolled', counts.enrolled],
    ['today.existing', counts.existing],
    ['today.verified', counts.verified],
    ['today.cardsSaved', counts.cardsSaved],
    ['today.cardsPrinted', counts.cardsPrinted],
  ];
  const some: [StringKey, number][] = [
    ['today.cardsDownloaded', counts.cardsDownloaded],
    ['today.printDialogs', counts.printDialogs],
    ['today.recordsPrinted', counts.recordsPrinted],
    ['today.recordPrintDialogs', counts.recordPrintDialogs],
  ];
  return [...always, ...some.filter(([, count]) => count > 0)].map(([key, count]) => ({ key, count }));
}

/** "14:05", local time. */
export function localTime(iso: string): string {
  return formatTime(new Date(iso));
}

/** An entry's action in plain words. */
export function actionText(entry: AuditEntry, lang: Language): string {
  return translate(lang, `audit.action.${entry.action}` as StringKey);
}

export function operatorText(entry: AuditEntry, lang: Language): string {
  return entry.operator || translate(lang, 'app.operatorUnset');
}

/**
 * The day's log as a table of words, for the CSV file and the printed page: time, operator, action, name, ABHA number,
 * ABHA address, detail. The file gets the date with each time, as its rows may be read beside other days'.
 */
export function dayTable(entries: readonly TodayEntry[], lang: Language, withDate: boolean): { header: string[]; rows: string[][] } {
  const say = (key: StringKey) => translate(lang, key);
  const header = [say('audit.time'), say('audit.operator'), say('audit.action'), say('today.name'), say('audit.abhaNumber'), say('today.abhaAddress'), say('audit.detail')];
  const rows = entries.map((entry) => [
    withDate ? formatDateTime(new Date(entry.at)) : formatTime(new Date(entry.at)),
    operatorText(entry, lang),
    actionText(entry, lang),
    entry.patient?.name ?? '',
    entry.abhaNumber ?? entry.patient?.abhaNumber ?? '',
    entry.patient?.abhaAddress ?? entry.abhaAddress ?? '',
    detailText(entry, lang),
  ]);
  return { header, rows };
}
