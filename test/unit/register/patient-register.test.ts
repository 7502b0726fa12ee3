// The clinic's patient register on the encrypted database: its own patient numbers, the search by every key a clerk
// has, registering a patient from a share (new, or on the registration the clerk confirmed) and from Enrol and
// Verify (verified). The shares come from a small in-memory port standing in for the counter's service.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PatientRegister } from '../../../electron/services/register/patient-register';
import { AadhaarInRegistrationError, PatientRegisterStore } from '../../../electron/store/register/patient-register-store';
import type { CounterSharesPort, ShareView, SharedPatient } from '../../../electron/services/counter/counter-types';
import type { PatientView } from '../../../electron/services/abha/patient-view';
import { AppFailure } from '../../../electron/shared/errors';
import { openTestDatabase, type TestDatabase } from '../bridge/bridge-support';

const T0 = Date.parse('2026-11-25T04:30:00.000Z');

/** The counter's side, as the register sees it: shares by id, and which were registered as what. */
class MemoryShares implements CounterSharesPort {
  readonly shares = new Map<string, ShareView>();
  readonly registered: [string, string][] = [];
  share(id: string): ShareView | null {
    return this.shares.get(id) ?? null;
  }
  markRegistered(id: string, patientNumber: string): void {
    this.registered.push([id, patientNumber]);
    const share = this.shares.get(id);
    if (share) this.shares.set(id, { ...share, status: 'registered', registeredAs: patientNumber });
  }
  add(id: string, patient: Partial<SharedPatient>, extra: Partial<ShareView> = {}): string {
    this.shares.set(id, {
      id,
      counterId: '1',
      tokenNumber: 1,
      sharedAt: '2026-11-25T04:30:00.000Z',
      validUntil: '2026-11-25T05:00:00.000Z',
      status: 'waiting',
      late: false,
      problem: null,
      registeredAs: null,
      ...extra,
      patient: { ...SHARED_ASHA, ...patient },
    });
    return id;
  }
}

const SHARED_ASHA: SharedPatient = {
  name: 'Aasha Varma',
  gender: 'F',
  dayOfBirth: 14,
  monthOfBirth: 7,
  yearOfBirth: 1990,
  abhaAddress: 'aasha.varma@sbx',
  abhaNumber: null,
  mobile: '9812345670',
  addressLine: '12, Gandhi Road',
  district: 'Lucknow',
  state: 'Uttar Pradesh',
  pincode: '226001',
};

const VERIFIED_ASHA: PatientView = {
  abhaNumber: '91-4820-1736-5529',
  abhaAddress: 'asha.verma@sbx',
  name: 'Asha Devi Verma',
  gender: 'F',
  dateOfBirth: '14/7/1988',
  mobile: '9812345670',
  email: null,
  address: '12, Gandhi Road',
  district: 'Lucknow',
  state: 'Uttar Pradesh',
  photo: null,
};

const SHARE_1 = '0b6f3c2e-6f0a-4a57-9d55-2f3c1b7a9e01';
const SHARE_2 = '0b6f3c2e-6f0a-4a57-9d55-2f3c1b7a9e02';

let db: TestDatabase;
let shares: MemoryShares;
let prefix: string | undefined;
let clock: number;
let register: PatientRegister;

beforeEach(async () => {
  db = await openTestDatabase();
  shares = new MemoryShares();
  prefix = undefined;
  clock = T0;
  register = new PatientRegister({ store: new PatientRegisterStore(db.database.db), shares, prefix: () => prefix, now: () => clock });
});
afterEach(() => db.dispose());

function refusal(work: () => unknown): AppFailure {
  try {
    work();
  } catch (error) {
    if (error instanceof AppFailure) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('patient numbers', () => {
  it('count OPD-000001, OPD-000002 with the default prefix', () => {
    const first = register.registerVerified(VERIFIED_ASHA);
    const second = register.fromShare({ shareId: shares.add(SHARE_1, { name: 'Ravi Kumar', gender: 'M', abhaAddress: 'ravi.k@sbx', mobile: null }) });
    expect([first.patientNumber, second.patientNumber]).toEqual(['OPD-000001', 'OPD-000002']);
  });

  it('take a changed prefix from the next one on, and the count goes on: no number is used twice', () => {
    register.registerVerified(VERIFIED_ASHA);
    prefix = 'CLN/';
    const next = register.fromShare({ shareId: shares.add(SHARE_1, { name: 'Ravi Kumar', gender: 'M', abhaAddress: 'ravi.k@sbx' }) });
    expect(next.patientNumber).toBe('CLN/000002');
    expect(register.get({ patientNumber: 'OPD-000001' }).name).toBe('Asha Devi Verma');
  });

  it('an empty prefix gives the digits alone', () => {
    prefix = '';
    expect(register.registerVerified(VERIFIED_ASHA).patientNumber).toBe('000001');
  });

  it('an unknown number is NOT_FOUND, naming the number', () => {
    const error = refusal(() => register.get({ patientNumber: 'OPD-000999' }));
    expect(error.toAppError()).toEqual({ code: 'NOT_FOUND', params: { reason: 'patient-number', patientNumber: 'OPD-000999' } });
  });
});

describe('Enrol and Verify register their patient, verified', () => {
  it('a new patient: everything ABDM gave, first and last visit now', () => {
    expect(register.registerVerified(VERIFIED_ASHA)).toEqual({
      patientNumber: 'OPD-000001',
      abhaNumber: '91-4820-1736-5529',
      abhaAddress: 'asha.verma@sbx',
      name: 'Asha Devi Verma',
      gender: 'F',
      dateOfBirth: '1988-07-14',
      yearOfBirth: 1988,
      mobile: '9812345670',
      address: '12, Gandhi Road, Lucknow, Uttar Pradesh',
      firstVisit: '2026-11-25T04:30:00.000Z',
      lastVisit: '2026-11-25T04:30:00.000Z',
      verified: true,
    });
  });

  it('the same ABHA again is the same registration, its last visit moved', () => {
    register.registerVerified(VERIFIED_ASHA);
    clock = T0 + 86_400_000;
    const again = register.registerVerified({ ...VERIFIED_ASHA, mobile: '9812345671' });
    expect(again).toMatchObject({ patientNumber: 'OPD-000001', mobile: '9812345671', firstVisit: '2026-11-25T04:30:00.000Z', lastVisit: '2026-11-26T04:30:00.000Z' });
    expect(register.search({ query: '' })).toHaveLength(1);
  });

  it('a year of birth alone (no day or month) is kept as the year', () => {
    expect(register.registerVerified({ ...VERIFIED_ASHA, dateOfBirth: '1988' })).toMatchObject({ dateOfBirth: null, yearOfBirth: 1988 });
  });

  it('an OTP turns a claimed registration (from a share) verified', () => {
    const claimed = register.fromShare({ shareId: shares.add(SHARE_1, { abhaNumber: '91-4820-1736-5529', abhaAddress: 'asha.verma@sbx' }) });
    expect(claimed.verified).toBe(false);
    const verified = register.registerVerified(VERIFIED_ASHA);
    expect(verified).toMatchObject({ patientNumber: claimed.patientNumber, verified: true, name: 'Asha Devi Verma', yearOfBirth: 1988 });
  });
});

describe('registering from a share', () => {
  it('a new patient is registered as claimed (not verified) and the counter is told the number', () => {
    const patient = register.fromShare({ shareId: shares.add(SHARE_1, {}) });
    expect(patient).toEqual({
      patientNumber: 'OPD-000001',
      abhaNumber: null,
      abhaAddress: 'aasha.varma@sbx',
      name: 'Aasha Varma',
      gender: 'F',
      dateOfBirth: '1990-07-14',
      yearOfBirth: 1990,
      mobile: '9812345670',
      address: '12, Gandhi Road, Lucknow, Uttar Pradesh, 226001',
      firstVisit: '2026-11-25T04:30:00.000Z',
      lastVisit: '2026-11-25T04:30:00.000Z',
      verified: false,
    });
    expect(shares.registered).toEqual([[SHARE_1, 'OPD-000001']]);
  });

  it('a returning patient (same mobile, gender, age ±2, a differently spelled name) is offered, confirmed, and keeps the ABHA address', () => {
    const onFile = register.registerVerified({ ...VERIFIED_ASHA, abhaNumber: '91-1111-2222-3333', abhaAddress: 'asha.old@sbx', name: 'Asha Verma', dateOfBirth: '1/1/1991' });
    clock = T0 + 3_600_000;
    shares.add(SHARE_1, {});
    const check = register.checkShare({ shareId: SHARE_1 });
    expect(check.same).toBeNull();
    expect(check.candidates.map((c) => [c.patient.patientNumber, c.matchedBy])).toEqual([[onFile.patientNumber, ['mobile', 'gender', 'age', 'name']]]);
    const confirmed = register.fromShare({ shareId: SHARE_1, patientNumber: onFile.patientNumber });
    expect(confirmed).toMatchObject({ patientNumber: onFile.patientNumber, name: 'Asha Verma', abhaAddress: 'aasha.varma@sbx', lastVisit: '2026-11-25T05:30:00.000Z', firstVisit: '2026-11-25T04:30:00.000Z' });
    // A new ABHA on the registration is the patient's claim until an OTP.
    expect(confirmed.verified).toBe(false);
    // Both addresses now find the same patient.
    expect(register.search({ query: 'aasha.varma@sbx' }).map((p) => p.patientNumber)).toEqual([onFile.patientNumber]);
    expect(register.search({ query: 'asha.old@sbx' }).map((p) => p.patientNumber)).toEqual([onFile.patientNumber]);
    expect(shares.registered).toEqual([[SHARE_1, onFile.patientNumber]]);
  });

  it('the same ABHA address is the same patient: checkShare says so, and Register (no number chosen) lands there', () => {
    const first = register.fromShare({ shareId: shares.add(SHARE_1, {}) });
    shares.add(SHARE_2, { name: 'Aasha V.', mobile: null });
    expect(register.checkShare({ shareId: SHARE_2 })).toEqual({ same: expect.objectContaining({ patientNumber: first.patientNumber }), candidates: [] });
    expect(register.fromShare({ shareId: SHARE_2 }).patientNumber).toBe(first.patientNumber);
    expect(register.search({ query: '' })).toHaveLength(1);
  });

  it('keeps no Aadhaar number: an address holding one is left out, and the store refuses one anywhere', () => {
    const patient = register.fromShare({ shareId: shares.add(SHARE_1, { addressLine: 'Aadhaar 2345 6789 0124, Gandhi Road' }) });
    expect(patient.address).toBeNull();
    const raw = JSON.stringify(db.database.db.prepare('SELECT * FROM patient_register').all());
    expect(raw).not.toContain('2345 6789 0124');
    const store = new PatientRegisterStore(db.database.db);
    const fields = { ...patient, name: 'Asha 2345-6789-0124' };
    expect(() => store.add(fields, (seq) => `X${seq}`, [])).toThrow(AadhaarInRegistrationError);
  });

  it('a share whose 30 minutes passed can still be registered: the patient is at the counter', () => {
    const patient = register.fromShare({ shareId: shares.add(SHARE_1, {}, { status: 'expired' }) });
    expect(patient.patientNumber).toBe('OPD-000001');
    expect(shares.registered).toEqual([[SHARE_1, 'OPD-000001']]);
  });

  it('the same share registered twice gives the same registration (a double press does not register twice)', () => {
    shares.add(SHARE_1, {});
    const once = register.fromShare({ shareId: SHARE_1 });
    expect(register.fromShare({ shareId: SHARE_1 })).toEqual(once);
    expect(register.search({ query: '' })).toHaveLength(1);
  });

  it('refuses, changing nothing: an unknown share, a failed share, an unknown number, an ABHA registered elsewhere, another ABHA number', () => {
    expect(refusal(() => register.fromShare({ shareId: SHARE_1 })).toAppError()).toEqual({ code: 'NOT_FOUND', params: { reason: 'share' } });
    shares.add(SHARE_1, {}, { status: 'failed', problem: 'other-hip', tokenNumber: null });
    expect(refusal(() => register.fromShare({ shareId: SHARE_1 })).toAppError()).toEqual({ code: 'REGISTER_REFUSED', params: { reason: 'share-failed' } });

    const asha = register.registerVerified(VERIFIED_ASHA);
    const ravi = register.registerVerified({ ...VERIFIED_ASHA, abhaNumber: '91-1111-2222-3333', abhaAddress: 'ravi.k@sbx', name: 'Ravi Kumar', gender: 'M' });
    shares.add(SHARE_2, { abhaNumber: '91-4820-1736-5529', abhaAddress: 'asha.verma@sbx' });
    expect(refusal(() => register.fromShare({ shareId: SHARE_2, patientNumber: 'OPD-000999' })).toAppError()).toEqual({
      code: 'NOT_FOUND',
      params: { reason: 'patient-number', patientNumber: 'OPD-000999' },
    });
    expect(refusal(() => register.fromShare({ shareId: SHARE_2, patientNumber: ravi.patientNumber })).toAppError()).toEqual({
      code: 'REGISTER_REFUSED',
      params: { reason: 'abha-elsewhere', patientNumber: asha.patientNumber },
    });
    shares.add(SHARE_2, { abhaNumber: '91-5555-6666-7777', abhaAddress: 'someone.else@sbx' });
    expect(refusal(() => register.fromShare({ shareId: SHARE_2, patientNumber: asha.patientNumber })).toAppError()).toEqual({
      code: 'REGISTER_REFUSED',
      params: { reason: 'other-abha-number', patientNumber: asha.patientNumber },
    });
    expect(shares.registered).toEqual([]);
    expect(register.get({ patientNumber: asha.patientNumber })).toMatchObject({ abhaAddress: 'asha.verma@sbx', lastVisit: '2026-11-25T04:30:00.000Z' });
    expect(register.search({ query: 'someone.else@sbx' })).toEqual([]);
  });

  it('a share already registered as one number cannot be registered on another', () => {
    const first = register.fromShare({ shareId: shares.add(SHARE_1, {}) });
    const other = register.registerVerified({ ...VERIFIED_ASHA, abhaNumber: '91-1111-2222-3333', abhaAddress: 'ravi.k@sbx', name: 'Ravi Kumar', gender: 'M' });
    expect(refusal(() => register.fromShare({ shareId: SHARE_1, patientNumber: other.patientNumber })).toAppError()).toEqual({
      code: 'REGISTER_REFUSED',
      params: { reason: 'already-registered', patientNumber: first.patientNumber },
    });
  });
});

describe('search by every key', () => {
  beforeEach(() => {
    register.registerVerified(VERIFIED_ASHA); // OPD-000001
    clock += 60_000;
    register.registerVerified({ ...VERIFIED_ASHA, abhaNumber: '91-1111-2222-3333', abhaAddress: 'ravi.sharma85@sbx', name: 'Ravi Kumar Sharma', gender: 'M', mobile: '9876500001', dateOfBirth: '12/3/1985' }); // OPD-000002
    clock += 60_000;
    register.fromShare({ shareId: shares.add(SHARE_1, { name: 'मोहम्मद इक़बाल', gender: 'M', abhaAddress: 'iqbal.m@sbx', mobile: '9000012345' }) }); // OPD-000003
  });
  const search = (query: string) => register.search({ query }).map((p) => p.patientNumber);

  it('patient number, in any case, or its digits alone', () => {
    expect(search('OPD-000002')).toEqual(['OPD-000002']);
    expect(search('OPD-000009')).toEqual([]);
    expect(search('opd-000002')).toEqual(['OPD-000002']);
    expect(search('2')).toEqual(['OPD-000002']);
  });

  it('ABHA number, with dashes, spaces or none', () => {
    expect(search('91-4820-1736-5529')).toEqual(['OPD-000001']);
    expect(search('91 4820 1736 5529')).toEqual(['OPD-000001']);
    expect(search('91482017365529')).toEqual(['OPD-000001']);
  });

  it('ABHA address, whole or its start', () => {
    expect(search('Ravi.Sharma85@sbx')).toEqual(['OPD-000002']);
    expect(search('ravi.sharma')).toEqual(['OPD-000002']);
  });

  it('mobile digits: the last few, or the whole number as people write it; digits inside a mobile do not count', () => {
    expect(search('98765')).toEqual([]);
    expect(search('0001')).toEqual(['OPD-000001', 'OPD-000002']); // patient number 1 first, then the mobile ending 0001
    expect(search('12345')).toEqual(['OPD-000003']);
    expect(search('98765 00001')).toEqual(['OPD-000002']);
    expect(search('+91 98123 45670')).toEqual(['OPD-000001']);
  });

  it('name as written, as it sounds, and across scripts', () => {
    expect(search('Ravi')).toEqual(['OPD-000002']);
    expect(search('sharma ravee')).toEqual(['OPD-000002']);
    expect(search('Aasha Varma')).toEqual(['OPD-000001']);
    expect(search('Muhammad Ikbal')).toEqual(['OPD-000003']);
    expect(search('इक़बाल')).toEqual(['OPD-000003']);
  });

  it('nothing found is an empty list; an empty query the latest visits first', () => {
    expect(search('Usha Sharma')).toEqual([]);
    expect(search('  ')).toEqual(['OPD-000003', 'OPD-000002', 'OPD-000001']);
  });
});
