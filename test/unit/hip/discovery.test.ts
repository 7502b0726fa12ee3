// Patient-initiated discovery against a real register on the encrypted database, with patients added here and the
// expected answer written by hand: the ABHA number, then any ABHA address a patient was registered under, then the
// mobile ABDM verified with a name that sounds alike, the gender and the year of birth (±2, the register's rule).
// Two patients who fit are never guessed between.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DiscoveryRequest } from '../../../electron/abdm/gateway/hip/hip-flow-messages';
import { discoverPatient } from '../../../electron/services/hip/discovery';
import { soundCodes } from '../../../electron/services/register/name-sounds';
import { PatientRegisterStore, type RegistrationFields } from '../../../electron/store/register/patient-register-store';
import { openTestDatabase, type TestDatabase } from '../bridge/bridge-support';

let db: TestDatabase;
let store: PatientRegisterStore;

const AT = '2026-11-20T05:00:00.000Z';

function add(fields: Partial<RegistrationFields> & Pick<RegistrationFields, 'name' | 'gender'>): string {
  const full: RegistrationFields = {
    abhaNumber: null,
    abhaAddress: null,
    dateOfBirth: null,
    yearOfBirth: null,
    mobile: null,
    address: null,
    firstVisit: AT,
    lastVisit: AT,
    verified: true,
    ...fields,
  };
  return store.add(full, (seq) => `OPD-${String(seq).padStart(6, '0')}`, soundCodes(full.name)).patientNumber;
}

function request(fields: Partial<DiscoveryRequest>): DiscoveryRequest {
  return { transactionId: 't-1', abhaAddress: null, abhaNumber: null, name: null, gender: null, yearOfBirth: null, verified: [], unverified: [], ...fields };
}

beforeEach(async () => {
  db = await openTestDatabase();
  store = new PatientRegisterStore(db.database.db);
  // OPD-000001: Asha, who came first as asha.verma@sbx and later with a new address.
  add({ name: 'Asha Verma', gender: 'F', yearOfBirth: 1988, mobile: '9812345670', abhaNumber: '91-4820-1736-5529', abhaAddress: 'asha.verma@sbx' });
  const asha = store.byNumber('OPD-000001')!;
  store.update(asha.seq, { ...asha, abhaAddress: 'asha.v88@sbx' }, soundCodes(asha.name));
  // OPD-000002: her mother-in-law on the same family mobile.
  add({ name: 'Meena Joshi', gender: 'F', yearOfBirth: 1961, mobile: '9812345670' });
  // OPD-000003 and OPD-000004: two women whose names sound alike, a year apart, on one mobile.
  add({ name: 'Sunita Sharma', gender: 'F', yearOfBirth: 1990, mobile: '9000000001' });
  add({ name: 'Suneeta Sharma', gender: 'F', yearOfBirth: 1991, mobile: '9000000001' });
  // OPD-000005: a man with an ABHA address and no ABHA number.
  add({ name: 'Ravi Kumar', gender: 'M', yearOfBirth: 1975, mobile: '9876500001', abhaAddress: 'ravi.k@sbx' });
});
afterEach(() => db.dispose());

const numberOf = (match: ReturnType<typeof discoverPatient>) => (match.outcome === 'found' ? match.patient.patientNumber : match.outcome);

describe('discovery by ABHA', () => {
  it('finds the patient by ABHA number, however it is written', () => {
    const match = discoverPatient(request({ abhaNumber: '91482017365529' }), store);
    expect(numberOf(match)).toBe('OPD-000001');
    expect(match.outcome === 'found' && match.matchedBy).toEqual(['ABHA_NUMBER']);
  });

  it('finds the patient by an ABHA address she was registered under before her latest one', () => {
    const match = discoverPatient(request({ abhaAddress: 'Asha.Verma@sbx' }), store);
    expect(numberOf(match)).toBe('OPD-000001');
    expect(match.outcome === 'found' && match.matchedBy).toEqual(['ABHA_ADDRESS']);
  });

  it('says every key that agrees: number, latest address and the verified mobile', () => {
    const match = discoverPatient(
      request({ abhaNumber: '91-4820-1736-5529', abhaAddress: 'asha.v88@sbx', verified: [{ type: 'MOBILE', value: '+91 98123 45670' }] }),
      store,
    );
    expect(match.outcome === 'found' && match.matchedBy).toEqual(['ABHA_NUMBER', 'ABHA_ADDRESS', 'MOBILE']);
  });

  it('reads the legacy identifier names (NDHM_HEALTH_NUMBER, HEALTH_ID) among the verified ones', () => {
    expect(numberOf(discoverPatient(request({ verified: [{ type: 'NDHM_HEALTH_NUMBER', value: '91-4820-1736-5529' }] }), store))).toBe('OPD-000001');
    expect(numberOf(discoverPatient(request({ verified: [{ type: 'HEALTH_ID', value: 'ravi.k@sbx' }] }), store))).toBe('OPD-000005');
  });

  it('does not take an address registered to someone whose ABHA number is another', () => {
    const match = discoverPatient(request({ abhaAddress: 'asha.verma@sbx', abhaNumber: '91-1111-2222-3333' }), store);
    expect(match.outcome).toBe('none');
  });
});

describe('discovery by the verified mobile, name, gender and year of birth', () => {
  const mobile = (value: string) => [{ type: 'MOBILE', value }];

  it('finds the one patient on that mobile whose name sounds alike, of that gender, born within two years', () => {
    const match = discoverPatient(request({ name: 'Aasha Varma', gender: 'F', yearOfBirth: 1989, verified: mobile('9812345670') }), store);
    expect(numberOf(match)).toBe('OPD-000001');
    expect(match.outcome === 'found' && match.matchedBy).toEqual(['MOBILE']);
  });

  it('finds nobody for a name that does not sound alike, another gender, or a year too far', () => {
    expect(discoverPatient(request({ name: 'Usha Sharma', gender: 'F', yearOfBirth: 1988, verified: mobile('9812345670') }), store).outcome).toBe('none');
    expect(discoverPatient(request({ name: 'Asha Verma', gender: 'M', yearOfBirth: 1988, verified: mobile('9812345670') }), store).outcome).toBe('none');
    expect(discoverPatient(request({ name: 'Asha Verma', gender: 'F', yearOfBirth: 1995, verified: mobile('9812345670') }), store).outcome).toBe('none');
  });

  it('does not take a mobile the patient only typed (unverified)', () => {
    const match = discoverPatient(request({ name: 'Asha Verma', gender: 'F', yearOfBirth: 1988, unverified: mobile('9812345670') }), store);
    expect(match.outcome).toBe('none');
  });

  it('never guesses between two patients who both fit', () => {
    const match = discoverPatient(request({ name: 'Sunita Sharma', gender: 'F', yearOfBirth: 1990, verified: mobile('9000000001') }), store);
    expect(match).toEqual({ outcome: 'several', count: 2 });
  });

  it('takes the one of them the patient’s own hospital number (MR) names', () => {
    const match = discoverPatient(
      request({ name: 'Sunita Sharma', gender: 'F', yearOfBirth: 1990, verified: mobile('9000000001'), unverified: [{ type: 'MR', value: 'opd-000004' }] }),
      store,
    );
    expect(numberOf(match)).toBe('OPD-000004');
    expect(match.outcome === 'found' && match.matchedBy).toEqual(['MOBILE', 'MR']);
  });

  it('finds nobody on a mobile without a name and year to go with it', () => {
    expect(discoverPatient(request({ verified: mobile('9812345670') }), store).outcome).toBe('none');
  });
});
