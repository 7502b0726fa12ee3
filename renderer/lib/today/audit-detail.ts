// The Detail column of the day's log in words a clerk reads (English or Hindi), from each entry's structured fields:
// the consent read out, the card's format or print layout, what a consent asked for, which records were erased and
// why. Never the raw detail: main writes codes and JSON there (an ABHA address with a purpose and HI types, a
// record id) for the log, not for the desk.
import type { AuditEntry } from '../api';
import type { OutputOf } from '../../../electron/ipc/contract';
import type { ConsentRecord } from '../../../electron/shared/aadhaar-consent';
import { HI_TYPES, HI_TYPES_EVERYWHERE, PURPOSE_CODES } from '../../../electron/shared/hiu-terms';
import { fill, translate, type Language, type StringKey } from '../i18n';

type TodayEntry = OutputOf<'today.list'>[number];
type Say = (key: StringKey, values?: Record<string, string | number>) => string;

/** What else the entry says, in words; '' when there is nothing more to say (or a detail this version cannot read). */
export function detailText(entry: TodayEntry, lang: Language): string {
  const say: Say = (key, values = {}) => fill(translate(lang, key), values);
  const worded = WORDERS[entry.action];
  return worded ? worded(entry, say) : '';
}

const WORDERS: Partial<Record<AuditEntry['action'], (entry: TodayEntry, say: Say) => string>> = {
  'enrolment.consent': consentRead,
  'card.viewed': cardFormat,
  'card.saved': cardFormat,
  'card.downloaded': cardFormat,
  'card.printed': printLayout,
  'card.print-dialog-opened': printLayout,
  'consent.requested': consentAsked,
  'records.erased': recordsErased,
  'patient.purged': forPatient,
  'patient.deactivated': forPatient,
  'patient.reactivated': forPatient,
  'patient.deleted': forPatient,
  'record.printed': healthRecord,
  'record.print-dialog-opened': healthRecord,
  'record.saved': healthRecord,
  'record.downloaded': healthRecord,
};

/** The consent an 'enrolment.consent' entry records, or null when its detail is not one (written by another version). */
export function consentOf(entry: AuditEntry): ConsentRecord | null {
  const value = parsed(entry.detail) as Partial<ConsentRecord> | null;
  const ok = typeof value?.maskedAadhaar === 'string' && typeof value.textVersion === 'string' && (value.language === 'en' || value.language === 'hi');
  return ok ? (value as ConsentRecord) : null;
}

function consentRead(entry: TodayEntry, say: Say): string {
  const consent = consentOf(entry);
  if (!consent) return '';
  return say('audit.consentDetail', { aadhaar: consent.maskedAadhaar, version: consent.textVersion, language: say(`audit.consentLanguage.${consent.language}`) });
}

function cardFormat(entry: TodayEntry, say: Say): string {
  return entry.detail === 'png' || entry.detail === 'pdf' || entry.detail === 'svg' ? say(`audit.detail.cardFormat.${entry.detail}`) : '';
}

function printLayout(entry: TodayEntry, say: Say): string {
  return entry.detail === 'a4' || entry.detail === 'cr80' ? say(`settings.printerLayout.${entry.detail}`) : '';
}

/** "<abha address> <purpose code> <HI type>,<HI type>…", as the HIU engine records a consent request. */
function consentAsked(entry: TodayEntry, say: Say): string {
  const [patient, purpose, types] = (entry.detail ?? '').split(' ');
  if (!patient || !isOneOf(PURPOSE_CODES, purpose) || !types) return '';
  const asked = types.split(',');
  if (!asked.every((type) => isOneOf(HI_TYPES, type))) return '';
  // every type the API offers: the seven of v0.5, or those and Invoice on v3
  const typeWords = HI_TYPES_EVERYWHERE.every((type) => asked.includes(type)) ? say('audit.detail.allTypes') : asked.map((type) => say(`audit.detail.hiType.${type}` as StringKey)).join(', ');
  return say('audit.detail.consentRequested', { types: typeWords, purpose: say(`audit.detail.purpose.${purpose}`), patient: patient.toLowerCase() });
}

function recordsErased(entry: TodayEntry, say: Say): string {
  const detail = parsed(entry.detail);
  const reason = detail?.reason;
  if (typeof detail?.records !== 'number' || typeof detail.hip !== 'string' || (reason !== 'data-erase-at' && reason !== 'REVOKED' && reason !== 'EXPIRED')) return '';
  return say('audit.detail.erased', { count: detail.records, hip: detail.hip, reason: say(`audit.detail.erasedReason.${reason}`) });
}

function forPatient(entry: TodayEntry, say: Say): string {
  return entry.abhaAddress ? say('audit.detail.forPatient', { patient: entry.abhaAddress }) : '';
}

function healthRecord(entry: TodayEntry, say: Say): string {
  const type = isOneOf(HI_TYPES, entry.recordType) ? say(`audit.detail.hiType.${entry.recordType}`) : say('audit.detail.recordGone');
  return say(parsed(entry.detail)?.attachment ? 'audit.detail.attachment' : 'audit.detail.record', { type });
}

function parsed(detail: string | null): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(detail ?? '');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return (list as readonly unknown[]).includes(value);
}
