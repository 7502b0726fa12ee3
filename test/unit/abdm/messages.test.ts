import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AbdmBadResponseError, AbdmError, AbdmInputError, AbdmUnreachableError, UserTokenExpiredError } from '../../../electron/abdm/errors';
import { HIS_MESSAGES } from '../../../renderer/lib/abdm-messages';
import { explainAbdmError, words } from '../../support/desk-words';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const spec = readFileSync(path.resolve(repoRoot, 'reference/spec/healthid-v1.md'), 'utf8');
const DEVANAGARI = /[\u0900-\u097F]/;

function healthIdError(status: number, code: string, detailCode?: string): AbdmError {
  return new AbdmError({ status, code, detailCode, message: 'x', details: [], service: 'healthid', operation: 'verifyAadhaarOtp' });
}

describe('every HIS code in the Health ID spec has words for the desk', () => {
  // "HIS-2007 / 2008 / 2009" and "HIS-400 / 401 / 403 / 422 / 500 / 503" list codes in shorthand.
  const codes = new Set<string>();
  for (const match of spec.matchAll(/HIS-(\d+)((?:\s*\/\s*\d+)*)/g)) {
    codes.add(`HIS-${match[1]}`);
    for (const more of match[2]!.matchAll(/\d+/g)) codes.add(`HIS-${more[0]}`);
  }

  it('finds the codes in the spec', () => {
    expect(codes.size).toBeGreaterThanOrEqual(25);
    expect(codes).toContain('HIS-2008');
    expect(codes).toContain('HIS-503');
  });

  it.each([...codes].sort())('%s has an English and a Hindi message', (code) => {
    const entry = HIS_MESSAGES[code];
    expect(entry, `${code} missing from renderer/lib/abdm-messages.ts`).toBeDefined();
    expect(entry!.en.length).toBeGreaterThan(20);
    expect(entry!.hi).toMatch(DEVANAGARI);
    const explained = explainAbdmError(healthIdError(422, 'HIS-422', code), 'hi');
    expect(explained).toEqual({ message: entry!.hi, abdmCode: code });
  });
});

describe('explainAbdmError', () => {
  it('prefers the detail code and shows it in the detail line', () => {
    expect(explainAbdmError(healthIdError(422, 'HIS-400', 'HIS-1039'), 'en')).toEqual({
      message: HIS_MESSAGES['HIS-1039']!.en,
      abdmCode: 'HIS-1039',
    });
  });

  it('falls back to the top-level code for a detail code it does not know', () => {
    expect(explainAbdmError(healthIdError(422, 'HIS-422', 'HIS-9999'), 'en')).toEqual({
      message: HIS_MESSAGES['HIS-422']!.en,
      abdmCode: 'HIS-9999',
    });
  });

  it('falls back to the HTTP status for gateway codes', () => {
    const busy = new AbdmError({ status: 429, code: '2429', message: 'Too many requests found', service: 'gateway', operation: 'x' });
    expect(explainAbdmError(busy, 'en')).toMatchObject({ message: expect.stringContaining('too many requests') as string, abdmCode: '2429' });
    const down = new AbdmError({ status: 500, code: '2500', message: 'Unknown error occurred', service: 'gateway', operation: 'x' });
    expect(explainAbdmError(down, 'hi')).toEqual({ message: HIS_MESSAGES['HIS-500']!.hi, abdmCode: '2500' });
  });

  it('tells the desk to verify the patient again when the user token is refused', () => {
    const refused = new UserTokenExpiredError(healthIdError(422, 'HIS-422', 'HIS-422'));
    const en = explainAbdmError(refused, 'en');
    expect(en.message).toMatch(/Verify the patient again/);
    expect(en.abdmCode).toBe('HIS-422');
    expect(explainAbdmError(refused, 'hi').message).toMatch(DEVANAGARI);
  });

  it('explains failures that are not ABDM answers', () => {
    expect(explainAbdmError(new AbdmUnreachableError('timeout', 'healthid', 'profile', new Error('t')), 'en').message).toMatch(/too long/);
    expect(explainAbdmError(new AbdmUnreachableError('network', 'healthid', 'profile', new Error('n')), 'en').message).toMatch(/internet connection/);
    expect(explainAbdmError(new AbdmBadResponseError('healthid', 'profile', 200, 'x'), 'en').message).toMatch(/could not read/);
    expect(explainAbdmError(new AbdmInputError('mobile', 'mobile'), 'hi').message).toMatch(/10 अंकों/);
    // Anything else is not an ABDM failure: the IPC layer answers it as INTERNAL.
    expect(() => explainAbdmError(new Error('boom'), 'en')).toThrow(/not an ABDM failure/);
    expect(words({ code: 'INTERNAL' })).toEqual({ message: expect.stringMatching(/Something went wrong/) as string });
  });
});
