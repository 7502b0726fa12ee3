// Every settings field, given bad values the way a clerk or a buggy caller would, is refused with words that name the
// field as the form labels it and say what it takes, in English and in Hindi, and never with the schema library's own
// phrasing. The refusals come from main itself: its IPC door (the contract) and its settings store.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDispatcher, type Handlers } from '../../../electron/ipc/dispatch';
import type { FieldIssue } from '../../../electron/shared/errors';
import { applySettingsPatch, SettingsValidationError } from '../../../electron/store/settings/settings';
import { DEFAULT_SETTINGS, settingsSchema } from '../../../electron/store/settings/settings-schema';
import { translate, type StringKey } from '../../../renderer/lib/i18n';
import { settingsErrorText, settingsIssueText } from '../../../renderer/lib/settings/settings-errors';

const DEVANAGARI = /[\u0900-\u097F]/;
// What zod (and a raw JSON path) would say: none of it may reach the operator, in either language.
const LIBRARY_PHRASING = /expected|too big|too small|invalid input|invalid|received|\bNaN\b|undefined|\{\w+\}/i;
const BAD_VALUES: unknown[] = [
  '',
  '   ',
  70_000,
  -1,
  2.5,
  null,
  'eighty',
  true,
  { nested: true },
  'x'.repeat(3_000),
  'line\nbreak',
  'bad\u0000value',
  'ok\u202Eexe',
  '\uD83D',
  'ftp://gateway.example',
  'gateway.example',
  'not a choice',
];

/** Every field's dotted path, from the schema itself, so a field added later is walked too. */
function fieldPaths(schema: z.ZodObject, prefix = ''): string[] {
  return Object.entries(schema.shape).flatMap(([key, field]) =>
    field instanceof z.ZodObject ? fieldPaths(field, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}
const PATHS = fieldPaths(settingsSchema).filter((path) => path !== 'schemaVersion');

function patchAt(path: string, value: unknown): Record<string, unknown> {
  const [group, key] = path.split('.');
  return key ? { [group!]: { [key]: value } } : { [group!]: value };
}

/** What main answers for one bad value: the IPC door's refusal, or failing that the store's. */
async function refusals(path: string, value: unknown): Promise<FieldIssue[]> {
  const door = await createDispatcher({} as Handlers)('settings.update', patchAt(path, value));
  if (!door.ok) return door.error.fields ?? [];
  try {
    applySettingsPatch(DEFAULT_SETTINGS, patchAt(path, value));
  } catch (error) {
    if (error instanceof SettingsValidationError) return error.fields ?? [];
    throw error;
  }
  return [];
}

describe('a refused setting, in words', () => {
  it('walks every settings field in the schema', () => {
    expect(PATHS).toEqual(expect.arrayContaining(['environment', 'bridge.port', 'hiu.answerTimeoutSeconds', 'idleCloseMinutes', 'bridge.relayUrl']));
    expect(PATHS.length).toBeGreaterThanOrEqual(25);
  });

  it.each(PATHS)('%s: each refusal names the field as labelled and says what it takes, in English and Hindi', async (path) => {
    const label = { en: translate('en', `settings.${path}` as StringKey), hi: translate('hi', `settings.${path}` as StringKey) };
    expect(label.en, `the form has a label for ${path}`).not.toBe(`settings.${path}`);
    let refused = 0;
    for (const value of BAD_VALUES) {
      for (const issue of await refusals(path, value)) {
        refused += 1;
        const en = settingsIssueText(issue, 'en');
        const hi = settingsIssueText(issue, 'hi');
        const what = `${path} = ${JSON.stringify(value)?.slice(0, 30)} → ${issue.code}`;
        // An optional group replaced whole (smsGateway) is refused at the part that is wrong (smsGateway.url).
        expect(issue.path === path || issue.path.startsWith(`${path}.`), what).toBe(true);
        expect(en, what).not.toMatch(LIBRARY_PHRASING);
        expect(hi, what).not.toMatch(LIBRARY_PHRASING);
        expect(en, what).toContain(label.en);
        expect(hi, what).toContain(label.hi);
        expect(hi, what).toMatch(DEVANAGARI);
      }
    }
    expect(refused, `${path} refuses some bad value`).toBeGreaterThan(0);
  });
});

describe('known words for the refusals a clerk meets', () => {
  it.each([
    ['bridge.port', 70_000, 'Listen port must be a whole number from 1 to 65535.', 'सुनने वाला पोर्ट 1 से 65535 तक की कोई पूर्ण संख्या होनी चाहिए।'],
    ['bridge.port', null, 'Listen port must be a whole number from 1 to 65535.', 'सुनने वाला पोर्ट 1 से 65535 तक की कोई पूर्ण संख्या होनी चाहिए।'],
    ['bridge.dataPushLimitMb', 0, 'Data-push limit (MiB) must be a whole number from 1 to 1024.', 'डेटा-पुश सीमा (MiB) 1 से 1024 तक की कोई पूर्ण संख्या होनी चाहिए।'],
    ['hiu.answerTimeoutSeconds', 1, 'Answer timeout (seconds) must be a whole number from 5 to 3600.', null],
    ['idleCloseMinutes', 121, 'Idle time before the patient is closed (minutes) must be a whole number from 0 to 120.', 'मरीज़ बंद होने से पहले खाली समय (मिनट) 0 से 120 तक की कोई पूर्ण संख्या होनी चाहिए।'],
    ['bridge.relayUrl', 'relay.clinic.example', 'Relay address must be a full address starting with https:// (or http:// for this computer).', null],
    ['bridge.host', '', 'Listen host cannot be empty.', 'सुनने वाला होस्ट खाली नहीं हो सकता।'],
    ['cmId', 'sbx!', 'CM ID may have only letters, digits and “-” (sbx in the ABDM sandbox, abdm in production).', null],
    ['operatorName', 'x'.repeat(101), 'Operator name can be at most 100 characters long.', 'ऑपरेटर का नाम में अधिकतम 100 अक्षर हो सकते हैं।'],
  ])('%s = %j', async (path, value, en, hi) => {
    const [issue] = await refusals(path, value);
    expect(settingsIssueText(issue!, 'en')).toBe(en);
    if (hi) expect(settingsIssueText(issue!, 'hi')).toBe(hi);
  });

  it('a failed save lists every refused field after one plain sentence', async () => {
    const door = await createDispatcher({} as Handlers)('settings.update', { bridge: { port: 70_000 }, hiu: { answerTimeoutSeconds: 1 } });
    expect(door.ok).toBe(false);
    if (door.ok) return;
    expect(settingsErrorText(door.error, 'en')).toBe(
      'Some details were not accepted: Listen port must be a whole number from 1 to 65535. Answer timeout (seconds) must be a whole number from 5 to 3600.',
    );
    expect(settingsErrorText(door.error, 'hi')).toMatch(/^कुछ जानकारी स्वीकार नहीं हुई: सुनने वाला पोर्ट 1 से 65535/);
  });
});
