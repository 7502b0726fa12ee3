// Today's audit table words every action main records, in English and Hindi: a new action without words would
// show the operator a translation key.
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../../electron/store/desk/audit-log';
import { strings, type StringKey } from '../../../renderer/lib/i18n';

const DEVANAGARI = /[\u0900-\u097F]/;

describe('audit action words', () => {
  it.each([...AUDIT_ACTIONS])('%s reads in English and Hindi', (action) => {
    const key = `audit.action.${action}` as StringKey;
    expect(strings.en[key], 'English').toMatch(/^[A-Z]/);
    expect(strings.hi[key], 'Hindi').toMatch(DEVANAGARI);
  });
});
