// A refused setting in the operator's words. Main names the field (its dotted path), what is wrong with it (the field
// issue code) and the bounds (`{ min, max }`); this names the field as the form labels it and says what it takes, in
// English or Hindi: "Listen port must be a whole number from 1 to 65535." Pure, so a test can read every message.
import type { AppError, FieldIssue, FieldIssueCode } from '../../../electron/shared/errors';
import { errorText } from '../error-text';
import { fill, strings, translate, type Language, type StringKey } from '../i18n';

type IssueKind = 'whole-number' | 'url' | 'required' | 'too-long' | 'control-character' | 'broken-character' | 'cm-id' | 'counter-id' | 'patient-number-prefix' | 'header-name' | 'choice' | 'checkbox' | 'unknown-field' | 'other';

const KIND_OF: Partial<Record<FieldIssueCode, IssueKind>> = {
  'whole-number': 'whole-number',
  url: 'url',
  required: 'required',
  'too-long': 'too-long',
  'control-character': 'control-character',
  'broken-character': 'broken-character',
  'cm-id': 'cm-id',
  'counter-id': 'counter-id',
  'patient-number-prefix': 'patient-number-prefix',
  'header-name': 'header-name',
  'not-allowed': 'choice',
  'unknown-field': 'unknown-field',
};

/** One refused setting, worded. */
export function settingsIssueText(issue: FieldIssue, lang: Language): string {
  const kind = kindOf(issue);
  // A part a settings group does not have (smsGateway.sender) is named with its group: "SMS gateway has no part …".
  const group = kind === 'unknown-field' ? labelledGroup(issue.path) : undefined;
  if (group) return fill(translate(lang, 'settings.issue.unknown-part'), { field: fieldLabel(group, lang), part: issue.path.slice(group.length + 1) });
  return fill(translate(lang, `settings.issue.${kind}` as StringKey), { ...issue.params, field: fieldLabel(issue.path, lang), path: issue.path });
}

/** The nearest enclosing setting that has a label on the form (smsGateway for smsGateway.sender). */
function labelledGroup(path: string): string | undefined {
  const parts = path.split('.');
  for (let end = parts.length - 1; end > 0; end -= 1) {
    const group = parts.slice(0, end).join('.');
    if (`settings.${group}` in strings.en) return group;
  }
  return undefined;
}

/** Each refused setting's words, by field path (what the form shows under each field). */
export function settingsIssueTexts(issues: Iterable<FieldIssue>, lang: Language): Record<string, string> {
  return Object.fromEntries([...issues].map((issue) => [issue.path, settingsIssueText(issue, lang)]));
}

/** A failed save: the refused settings in the words above, any other failure as every screen words it. */
export function settingsErrorText(error: AppError, lang: Language): string {
  if (error.code !== 'INVALID_INPUT') return errorText(error, lang);
  const fields = (error.fields ?? []).map((issue) => settingsIssueText(issue, lang)).join(' ');
  return fill(translate(lang, 'settings.notAccepted'), { fields });
}

function kindOf(issue: FieldIssue): IssueKind {
  // A wrong type is what a buggy caller sends, never what the form does; a checkbox still has words for it.
  if (issue.code === 'wrong-type') return issue.params?.expected === 'boolean' ? 'checkbox' : 'other';
  return KIND_OF[issue.code] ?? 'other';
}

/** The field's label on the form (`settings.bridge.port` → "Listen port"). */
function fieldLabel(path: string, lang: Language): string {
  // A list's item is labelled as its field: counters.1.id → settings.counters.id ("Counter ID").
  const key = `settings.${path.replace(/\.\d+(?=\.|$)/g, '')}`;
  return key in strings.en ? translate(lang, key as StringKey) : path;
}
