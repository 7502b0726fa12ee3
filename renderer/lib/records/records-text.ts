// How the Records screens word things (reactive like t()): purposes, record types, request states, dates, and
// the consent manager's codes, which the shared errorText words only generically.
import type { AppError } from '../api';
import { t, te, tf } from '../app-state.svelte';
import { formatIsoDate, formatIsoDateTime } from '../dates';
import { ERROR_CODES, type ErrorCode } from '../../../electron/shared/errors';
import { strings, type StringKey } from '../i18n';
import { coversAllTime, gatewayCodeKey, type RequestState } from './records-terms';

export function purposeLabel(code: string): string {
  return labelOr(`records.purpose.${code}`, code);
}

/** The purpose's longer explanation, for the operator to choose by. */
export function purposeAbout(code: string): string {
  return labelOr(`records.purposeAbout.${code}`, '');
}

export function hiTypeLabel(type: string | null): string {
  return type ? labelOr(`records.hiType.${type}`, type) : t('records.hiType.unknown');
}

export function stateLabel(state: RequestState): string {
  return t(`records.state.${state}`);
}

export function modeLabel(mode: string): string {
  return labelOr(`records.mode.${mode}`, mode);
}

/** The words for a failure: the consent manager's own code when the screens know it, otherwise errorText's. */
export function recordsErrorText(error: AppError): string {
  const key = error.code === 'ABDM_ERROR' ? gatewayCodeKey(error.abdmCode) : null;
  return key ? t(key) : te(error);
}

/** A code in the timeline: the consent manager's, or one of ABHA Desk's own. */
export function codeText(code: string): string {
  const key = gatewayCodeKey(code);
  if (key) return t(key);
  if ((ERROR_CODES as readonly string[]).includes(code)) return te({ code: code as ErrorCode, params: { seconds: '—' } });
  return t('records.code.other');
}

/** A consent's date range: "All records" when it covers all time, else "14-11-2021 to 14-11-2026". */
export function consentRangeText(from: string, to: string): string {
  return coversAllTime(from) ? t('records.ask.range.all') : tf('records.ask.rangeText', { from: dayText(from), to: dayText(to) });
}

/** "14-11-2026", the one date format of every screen (dates.ts). */
export function dayText(iso: string | null): string {
  return formatIsoDate(iso);
}

/** "10:05:07.250", this computer's time: timeline rows often share a second. */
export function clockText(iso: string): string {
  const at = new Date(iso);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}.${pad(at.getMilliseconds(), 3)}`;
}

/** "14-11-2026 10:05": when something happened (a request sent, a record received), to the minute. */
export function timeText(iso: string | null): string {
  return formatIsoDateTime(iso);
}

function labelOr(key: string, fallback: string): string {
  return key in strings.en ? t(key as StringKey) : fallback;
}
