// The Counter screen's rules, as the clerk reads them: a token's minutes left, a birth with the age, the mobile's
// last digits only, the status in words with the reason of a failure (English and Hindi); and Settings sending the
// counters only when the clerk changed them. Expected words and ages are written out by hand.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShareView } from '../../../electron/services/counter/counter-types';
import { DEFAULT_SETTINGS } from '../../../electron/store/settings/settings-schema';
import { connectionChanges } from '../../../electron/shared/connection-settings';
import { addStrings, loadHindi } from '../../../renderer/lib/i18n';
import { counterStrings } from '../../../renderer/lib/counter/i18n-counter';
import { bornText, canRegister, genderText, mobileText, placeText, statusText, validityText } from '../../../renderer/lib/counter/share-row';
import { changedFields, toForm } from '../../../renderer/lib/settings/settings-form';

beforeAll(async () => {
  addStrings(counterStrings);
  await loadHindi();
});

// 28 November 2026, 10:00 local.
const NOW = new Date(2026, 10, 28, 10, 0).getTime();

function share(patch: Partial<ShareView> = {}, patient: Partial<ShareView['patient']> = {}): ShareView {
  return {
    id: '0b7c3c1e-0000-4000-8000-000000000001',
    counterId: '1',
    tokenNumber: 4,
    sharedAt: new Date(NOW - 5 * 60_000).toISOString(),
    validUntil: new Date(NOW + 25 * 60_000).toISOString(),
    status: 'waiting',
    late: false,
    problem: null,
    registeredAs: null,
    patient: {
      name: 'Asha Devi Verma', gender: 'F', dayOfBirth: 14, monthOfBirth: 7, yearOfBirth: 1988, abhaAddress: 'asha.verma@sbx', abhaNumber: '91-4820-1736-5529',
      mobile: '9812345670', addressLine: null, district: 'Lucknow', state: 'UTTAR PRADESH', pincode: null, ...patient,
    },
    ...patch,
  };
}

describe('a row of the token board', () => {
  it('says the minutes a waiting token still holds, rounded up, and a dash once it is over or settled', () => {
    expect(validityText(share(), NOW, 'en')).toBe('25 min');
    expect(validityText(share({ validUntil: new Date(NOW + 30_000).toISOString() }), NOW, 'en')).toBe('1 min');
    expect(validityText(share({ validUntil: new Date(NOW - 1).toISOString() }), NOW, 'en')).toBe('—');
    expect(validityText(share({ status: 'registered', registeredAs: 'OPD-000007' }), NOW, 'en')).toBe('—');
    expect(validityText(share(), NOW, 'hi')).toBe('25 मिनट');
  });

  it('gives the birth date with the age when day and month came, else the year', () => {
    // 14 July 1988 → on 28 November 2026 she is 38.
    expect(bornText(share(), NOW, 'en')).toBe('14-07-1988 (38 y)');
    // 3 December 2012: the birthday is still to come this year → 13.
    expect(bornText(share({}, { dayOfBirth: 3, monthOfBirth: 12, yearOfBirth: 2012 }), NOW, 'en')).toBe('03-12-2012 (13 y)');
    expect(bornText(share({}, { dayOfBirth: null, monthOfBirth: null, yearOfBirth: 1976 }), NOW, 'hi')).toBe('1976 (50 वर्ष)');
    expect(bornText(share({}, { yearOfBirth: null }), NOW, 'en')).toBe('—');
  });

  it('shows only the mobile’s last four digits, the gender in words, and the place without ABDM’s "-"', () => {
    expect(mobileText(share(), 'en')).toBe('ends 5670');
    expect(mobileText(share({}, { mobile: null }), 'en')).toBe('—');
    expect(genderText(share(), 'en')).toBe('Female');
    expect(genderText(share({}, { gender: 'M' }), 'hi')).toBe('पुरुष');
    expect(placeText(share())).toBe('Lucknow, UTTAR PRADESH');
    expect(placeText(share({}, { district: '-', state: 'MAHARASHTRA' }))).toBe('MAHARASHTRA');
  });

  it('words the status, a failure with its reason, in English and Hindi', () => {
    expect(statusText(share(), 'en')).toBe('Waiting');
    expect(statusText(share({ status: 'registered', registeredAs: 'OPD-000123' }), 'en')).toBe('Registered as OPD-000123');
    expect(statusText(share({ status: 'failed', tokenNumber: null, problem: 'other-hip' }), 'en')).toBe('Failed: the share was for another facility’s HIP ID');
    expect(statusText(share({ status: 'failed', tokenNumber: null, problem: 'something-new' }), 'en')).toBe('Failed: ABDM sent something the desk could not read');
    expect(statusText(share({ status: 'failed', tokenNumber: null, problem: 'no-counter' }), 'hi')).toBe('विफल: शेयर में कोई काउंटर नहीं था');
    expect(statusText(share({ status: 'expired' }), 'hi')).toBe('समाप्त: टोकन के 30 मिनट बीत गए');
  });

  it('offers Register for a waiting or expired share not registered yet, never for a failed one', () => {
    expect(canRegister(share())).toBe(true);
    expect(canRegister(share({ status: 'expired' }))).toBe(true);
    expect(canRegister(share({ status: 'failed', problem: 'other-hip' }))).toBe(false);
    expect(canRegister(share({ status: 'registered', registeredAs: 'OPD-000001' }))).toBe(false);
  });
});

describe('the counter settings', () => {
  const saved = { ...structuredClone(DEFAULT_SETTINGS), hipId: 'IN2710000123', counters: [{ id: '1', name: 'OPD Registration' }] };

  it('sends nothing for the defaults an older settings file lacks (tone on, OPD-, no desk counter)', () => {
    const form = toForm(structuredClone(DEFAULT_SETTINGS));
    expect(form).toMatchObject({ counters: [], deskCounter: '', counterSound: true, patientNumberPrefix: 'OPD-', hipName: '' });
    expect(changedFields(form, DEFAULT_SETTINGS)).toBeUndefined();
  });

  it('sends the whole list of counters when one is added, and only then', () => {
    const form = toForm(saved);
    expect(changedFields(form, saved)).toBeUndefined();
    form.counters.push({ id: '2', name: 'Lab' });
    form.deskCounter = '2';
    form.counterSound = false;
    expect(changedFields(form, saved)).toEqual({ counters: [{ id: '1', name: 'OPD Registration' }, { id: '2', name: 'Lab' }], deskCounter: '2', counterSound: false });
  });

  it('asks for the admin PIN for the counters and the facility name, not for the desk’s own counter choices', () => {
    expect(connectionChanges(saved, { counters: [{ id: '1', name: 'OPD Registration' }] })).toEqual([]);
    expect(connectionChanges(saved, { counters: [{ id: '1', name: 'OPD' }] })).toEqual(['counters']);
    expect(connectionChanges(saved, { hipName: 'Shanti Clinic' })).toEqual(['hipName']);
    expect(connectionChanges(saved, { deskCounter: '1', counterSound: false, patientNumberPrefix: 'MRN/' })).toEqual([]);
  });
});
