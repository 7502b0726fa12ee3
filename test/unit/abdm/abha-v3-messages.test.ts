// Every ABHA v3 code in the field notes (reference/spec/abdm-v3.md) has words for the desk in English and Hindi, and
// the desk shows them for an ABHA v3 refusal: the codes are read from the notes, not from the table.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AbdmError, UserTokenExpiredError } from '../../../electron/abdm/errors';
import { ABDM_MESSAGES, ABHA_V3_MESSAGES, HIS_MESSAGES } from '../../../renderer/lib/abdm-messages';
import { explainAbdmError } from '../../support/desk-words';

const notes = readFileSync(path.resolve(import.meta.dirname, '../../../reference/spec/abdm-v3.md'), 'utf8');
const DEVANAGARI = /[\u0900-\u097F]/;

function v3Error(status: number, code: string): AbdmError {
  return new AbdmError({ status, code, detailCode: code, message: 'x', service: 'abha', operation: 'loginVerifyOtp' });
}

describe('every ABHA v3 code in the notes has words for the desk', () => {
  // "ABDM-2401/2402/2403/2404/2500" lists codes in shorthand.
  const codes = new Set<string>();
  for (const match of notes.matchAll(/ABDM-(\d+)((?:\/\d+)*)/g)) {
    codes.add(`ABDM-${match[1]}`);
    for (const more of match[2]!.matchAll(/\d+/g)) codes.add(`ABDM-${more[0]}`);
  }
  for (const match of notes.matchAll(/`(9\d{5})`/g)) codes.add(match[1]!);

  it('finds the codes in the notes', () => {
    expect(codes.size).toBeGreaterThanOrEqual(15);
    for (const code of ['ABDM-1016', 'ABDM-1094', 'ABDM-1204', 'ABDM-2500', 'ABDM-1101', '900901']) expect(codes).toContain(code);
  });

  it.each([...codes].sort())('%s has an English and a Hindi message, shown for an ABHA v3 refusal', (code) => {
    const entry = ABHA_V3_MESSAGES[code];
    expect(entry, `${code} missing from renderer/lib/abdm-messages.ts`).toBeDefined();
    expect(entry!.en.length).toBeGreaterThan(20);
    expect(entry!.hi).toMatch(DEVANAGARI);
    expect(explainAbdmError(v3Error(422, code), 'hi')).toEqual({ message: entry!.hi, abdmCode: code });
    expect(explainAbdmError(v3Error(422, code), 'en')).toEqual({ message: entry!.en, abdmCode: code });
  });
});

describe('the two tables side by side', () => {
  it('keeps v1 and v3 codes apart and finds both', () => {
    for (const code of Object.keys(ABHA_V3_MESSAGES)) expect(HIS_MESSAGES[code]).toBeUndefined();
    expect(ABDM_MESSAGES['HIS-1013']).toBe(HIS_MESSAGES['HIS-1013']);
    expect(ABDM_MESSAGES['ABDM-1204']).toBe(ABHA_V3_MESSAGES['ABDM-1204']);
  });

  it('words the client’s own AUTH_FAILED and falls back to the status for an unknown v3 code', () => {
    expect(explainAbdmError(new AbdmError({ status: 200, code: 'AUTH_FAILED', message: 'x', service: 'abha', operation: 'x' }), 'en').message).toMatch(/did not accept the OTP/);
    expect(explainAbdmError(v3Error(500, 'ABDM-4242'), 'en')).toEqual({ message: HIS_MESSAGES['HIS-500']!.en, abdmCode: 'ABDM-4242' });
  });

  it('asks to verify again when the X-token is refused', () => {
    const refused = new UserTokenExpiredError(v3Error(401, 'ABDM-1094'));
    expect(explainAbdmError(refused, 'en')).toMatchObject({ message: expect.stringMatching(/Verify the patient again/) as string, abdmCode: 'ABDM-1094' });
  });
});
