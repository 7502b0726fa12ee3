// The audit log by local day: the desk's day runs midnight to midnight in the clinic's time zone,
// while the log stores UTC timestamps.
import type { AuditEntry } from './api';
import type { ConsentRecord } from '../../electron/shared/aadhaar-consent';

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
}

export function countDay(entries: readonly AuditEntry[]): DayCounts {
  const count = (action: AuditEntry['action']) => entries.filter((entry) => entry.action === action).length;
  return {
    enrolled: count('enrolment.created'),
    existing: count('enrolment.existing'),
    verified: count('abha.verified'),
    cardsSaved: count('card.saved'),
    cardsPrinted: count('card.printed'),
  };
}

/** The consent an 'enrolment.consent' entry records, or null when its detail is not one (written by another version). */
export function consentOf(entry: AuditEntry): ConsentRecord | null {
  try {
    const value = JSON.parse(entry.detail ?? '') as Partial<ConsentRecord>;
    const ok = typeof value.maskedAadhaar === 'string' && typeof value.textVersion === 'string' && (value.language === 'en' || value.language === 'hi');
    return ok ? (value as ConsentRecord) : null;
  } catch {
    return null;
  }
}

/** "14:05", local time. */
export function localTime(iso: string): string {
  const at = new Date(iso);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}
