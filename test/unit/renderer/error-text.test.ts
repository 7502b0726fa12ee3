// Every failure main can report has words in English and Hindi, and every input the IPC contract refuses is
// explained field by field in Hindi on a Hindi desk: main sends codes, the renderer words them.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, channelNames } from '../../../electron/ipc/contract';
import { createDispatcher, type Handlers } from '../../../electron/ipc/dispatch';
import { ERROR_CODES, FIELD_ISSUE_CODES, type AppError, type FieldIssue } from '../../../electron/shared/errors';
import { errorText, fieldText } from '../../../renderer/lib/error-text';

const DEVANAGARI = /[\u0900-\u097F]/;
const PARAMS = { seconds: 42, max: 100, min: 4, expected: 'number', setting: 'gatewayBaseUrl', folder: '/x', name: 'card.pdf', count: 1000, path: '/x/card.pdf', channel: 'x.y', status: 500, attemptsLeft: 3, retryAt: '2025-07-14T16:35:00.000Z', triesLeft: 3, minutes: 15 };

describe('words for every code', () => {
  it.each([...ERROR_CODES])('%s has English and Hindi words with every placeholder filled', (code) => {
    const error: AppError = { code, params: PARAMS, ...(code === 'INVALID_INPUT' ? { fields: [{ path: 'otp', code: 'otp' as const }] } : {}) };
    const en = errorText(error, 'en');
    const hi = errorText(error, 'hi');
    expect(en.length).toBeGreaterThan(15);
    expect(hi).toMatch(DEVANAGARI);
    expect(`${en} ${hi}`).not.toMatch(/\{\w+\}/);
  });

  it.each([...FIELD_ISSUE_CODES])('field issue %s has English and Hindi words', (code) => {
    const issue: FieldIssue = { path: 'x', code, params: PARAMS };
    expect(fieldText(issue, 'en').length).toBeGreaterThan(5);
    expect(fieldText(issue, 'hi')).toMatch(DEVANAGARI);
    expect(`${fieldText(issue, 'en')} ${fieldText(issue, 'hi')}`).not.toMatch(/\{\w+\}/);
  });
});

describe('every IPC validation failure, on a Hindi desk', () => {
  // Handlers are never reached: validation answers first.
  const dispatch = createDispatcher({} as Handlers);
  const WRONG_VALUES: unknown[] = [42, '', 'x'.repeat(3_000), 'bad\u0000value', 'not valid', { nested: true }];

  function inputsFor(channel: (typeof channelNames)[number]): unknown[] {
    const schema = contract[channel].input;
    const inputs: unknown[] = [{ unexpectedField: 1 }, 'not an object'];
    if (schema instanceof z.ZodObject) {
      for (const key of Object.keys(schema.shape)) for (const value of WRONG_VALUES) inputs.push({ [key]: value });
    }
    return inputs;
  }

  it.each(channelNames.filter((c) => inputsFor(c).length > 0))('%s: each refused field is explained in Hindi', async (channel) => {
    let refusals = 0;
    for (const input of inputsFor(channel)) {
      const result = await dispatch(channel, input);
      if (result.ok) continue;
      if (channel === 'app.info' || channel === 'settings.get') expect(result.error.code).toBe('INVALID_INPUT');
      if (result.error.code !== 'INVALID_INPUT') continue;
      refusals += 1;
      for (const issue of result.error.fields ?? []) {
        expect(fieldText(issue, 'hi'), `${channel} ${JSON.stringify(input).slice(0, 80)} → ${issue.path}:${issue.code}`).toMatch(DEVANAGARI);
      }
      expect(errorText(result.error, 'hi')).toMatch(DEVANAGARI);
    }
    expect(refusals).toBeGreaterThan(0);
  });
});
