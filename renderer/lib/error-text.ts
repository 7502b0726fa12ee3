// The words for every failure main reports: main sends codes and parameters (electron/shared/errors.ts), and
// this turns them into the operator's language. Pure, so tests can read what a desk would show.
import type { AppError, FieldIssue, MessageParams } from '../../electron/shared/errors';
import { ABDM_MESSAGES, HIS_MESSAGES } from './abdm-messages';
import { formatDateTime } from './dates';
import { fill, strings, translate, type Language, type StringKey } from './i18n';

/** A field's problem in words; a field may have its own words for a problem (`field.clientSecret.required`). */
export function fieldText(issue: FieldIssue, lang: Language): string {
  const own = `field.${issue.path}.${issue.code}`;
  const key = (own in strings.en ? own : `field.${issue.code}`) as StringKey;
  return fill(translate(lang, key), issue.params ?? {});
}

export function errorText(error: AppError, lang: Language): string {
  if (error.code === 'ABDM_ERROR') return abdmRefusal(error, lang);
  const params: MessageParams = { ...error.params };
  if (error.code === 'INVALID_INPUT') params.fields = (error.fields ?? []).map((issue) => fieldText(issue, lang)).join(' ');
  if (error.code === 'INSECURE_URL') params.setting = translate(lang, `error.setting.${String(params.setting)}` as StringKey);
  // A time main sends as ISO is shown in local time, as every screen shows times (dates.ts).
  if (typeof params.retryAt === 'string' && !Number.isNaN(Date.parse(params.retryAt))) params.retryAt = formatDateTime(new Date(params.retryAt));
  // A code may have its own words for one of its reasons (`error.NOT_CONNECTED.refused`).
  const reasonKey = `error.${error.code}.${String(params.reason)}`;
  const key = (reasonKey in strings.en ? reasonKey : `error.${error.code}`) as StringKey;
  return fill(translate(lang, key), params);
}

/** ABDM's most specific code first, then its top-level code, then what the HTTP status says. */
function abdmRefusal(error: AppError, lang: Language): string {
  const known = (code: unknown) => (typeof code === 'string' ? ABDM_MESSAGES[code]?.[lang] : undefined);
  return known(error.abdmCode) ?? known(error.params?.topCode) ?? byStatus(Number(error.params?.status), lang);
}

function byStatus(status: number, lang: Language): string {
  if (status === 429) return translate(lang, 'abdm.busy');
  const his = status >= 500 && status !== 503 ? 'HIS-500' : [401, 403, 404, 422, 503].includes(status) ? `HIS-${status}` : 'HIS-400';
  return HIS_MESSAGES[his]![lang];
}
