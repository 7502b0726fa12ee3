// The day's patients in the encrypted database: one row per ABHA number holding the latest profile, found by number
// or address, erased by age, and never holding an Aadhaar number.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AadhaarInProfileError, DayPatientStore } from '../../../electron/store/desk/day-patients';
import { openTestDatabase, type TestDatabase } from '../bridge/bridge-support';

interface Profile {
  abhaNumber: string;
  abhaAddress: string;
  name: string;
  mobile: string | null;
  address: string | null;
  photo: string | null;
}

const asha: Profile = { abhaNumber: '91-4820-1736-5529', abhaAddress: 'asha.verma@sbx', name: 'Asha Devi Verma', mobile: '9812345670', address: '12, Gandhi Road, Lucknow', photo: null };
const ravi: Profile = { abhaNumber: '91-1111-2222-3333', abhaAddress: 'ravi.sharma85@sbx', name: 'Ravi Kumar Sharma', mobile: '9876500001', address: '42, Shivaji Chowk, Pune', photo: null };
const row = (profile: Profile, fetchedAt: string) => ({ abhaNumber: profile.abhaNumber, abhaAddress: profile.abhaAddress, name: profile.name, profile, fetchedAt });

let db: TestDatabase;
let store: DayPatientStore<Profile>;
beforeEach(async () => {
  db = await openTestDatabase();
  store = new DayPatientStore<Profile>(db.database.db);
});
afterEach(() => db.dispose());

describe('DayPatientStore', () => {
  it('keeps a profile and gives it back as it was', () => {
    store.keep(row(asha, '2026-11-25T04:35:00.000Z'));
    expect(store.get('91-4820-1736-5529')).toEqual({ abhaNumber: '91-4820-1736-5529', abhaAddress: 'asha.verma@sbx', name: 'Asha Devi Verma', profile: asha, fetchedAt: '2026-11-25T04:35:00.000Z' });
    expect(store.get('91-0000-0000-0000')).toBeNull();
  });

  it('replaces the profile of the same ABHA number with the newer one', () => {
    store.keep(row(asha, '2026-11-25T04:35:00.000Z'));
    store.keep(row({ ...asha, mobile: '9812345671' }, '2026-11-25T06:00:00.000Z'));
    expect(store.get(asha.abhaNumber)).toMatchObject({ fetchedAt: '2026-11-25T06:00:00.000Z', profile: { mobile: '9812345671' } });
    expect(db.database.db.prepare('SELECT count(*) AS n FROM day_patients').get()).toEqual({ n: 1 });
  });

  it('finds patients by ABHA number or by ABHA address, whatever its case', () => {
    store.keep(row(asha, '2026-11-25T04:35:00.000Z'));
    store.keep(row(ravi, '2026-11-25T05:00:00.000Z'));
    expect(store.find(['91-1111-2222-3333'], []).map((p) => p.name)).toEqual(['Ravi Kumar Sharma']);
    expect(store.find([], ['Asha.Verma@SBX']).map((p) => p.name)).toEqual(['Asha Devi Verma']);
    expect(store.find([], [])).toEqual([]);
  });

  it('erases the profiles fetched before a time and keeps the later ones', () => {
    store.keep(row(asha, '2026-11-18T04:35:00.000Z'));
    store.keep(row(ravi, '2026-11-18T04:35:00.001Z'));
    expect(store.eraseFetchedBefore('2026-11-18T04:35:00.001Z')).toBe(1);
    expect(store.get(asha.abhaNumber)).toBeNull();
    expect(store.get(ravi.abhaNumber)).not.toBeNull();
  });

  it('refuses a profile holding an Aadhaar number, in any field, and writes nothing', () => {
    // 2345 6789 0124 is the training resident's Aadhaar (docs/operator-guide.md).
    expect(() => store.keep(row({ ...asha, address: 'Aadhaar 2345 6789 0124, Lucknow' }, '2026-11-25T04:35:00.000Z'))).toThrow(AadhaarInProfileError);
    expect(() => store.keep(row({ ...asha, name: '234567890124' }, '2026-11-25T04:35:00.000Z'))).toThrow(/field "name"/);
    expect(store.get(asha.abhaNumber)).toBeNull();
  });

  it('does not read a photo’s base64 as a number', () => {
    store.keep(row({ ...asha, photo: 'data:image/jpeg;base64,/9j/234567890124AAAA' }, '2026-11-25T04:35:00.000Z'));
    expect(store.get(asha.abhaNumber)?.profile.photo).toBe('data:image/jpeg;base64,/9j/234567890124AAAA');
  });
});
