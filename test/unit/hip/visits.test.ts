// The visits a registration opens and the rules their linking keeps, without a gateway: what the patient's app will
// call the visit, one visit per patient per day in the clinic's time zone (Asia/Kolkata, so the day turns at 18:30
// UTC), how long a link token is reused, and that a blocked patient is not asked for again. Expected values are
// written by hand from abdm-frontdesk.md §3 (a v3 link token holds 6 months; ABDM-1027 blocks for 24 hours).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CallbackProcessor } from '../../../electron/gateway/callback-processor';
import type { GatewayOutbox } from '../../../electron/gateway/outbox';
import type { RegisteredPatient } from '../../../electron/services/register/register-types';
import { linkTokenValidUntil, usableLinkToken, visitDisplay } from '../../../electron/services/hip/link-rules';
import { HipVisits } from '../../../electron/services/hip/visits';
import { AppFailure } from '../../../electron/shared/errors';
import { LinkTokenStore } from '../../../electron/store/hip/link-tokens';
import { DEFAULT_SETTINGS, type Settings } from '../../../electron/store/settings/settings-schema';
import { openTestDatabase, type TestDatabase } from '../bridge/bridge-support';

const asha: RegisteredPatient = {
  patientNumber: 'OPD-000001',
  abhaNumber: '91-7507-6821-7770',
  abhaAddress: 'asha@sbx',
  name: 'Asha Devi',
  gender: 'F',
  dateOfBirth: '1981-08-01',
  yearOfBirth: 1981,
  mobile: '9876543210',
  address: null,
  firstVisit: '2026-11-27T04:00:00.000Z',
  lastVisit: '2026-11-27T04:00:00.000Z',
  verified: true,
};

describe('what the patient’s app calls a visit', () => {
  it('says the day as dd-mm-yyyy and the doctor', () => {
    expect(visitDisplay('2026-11-27', 'Rao')).toBe('OPD visit, 27-11-2026, Dr. Rao');
  });

  it('has no doctor part without a doctor', () => {
    expect(visitDisplay('2026-11-27', null)).toBe('OPD visit, 27-11-2026');
    expect(visitDisplay('2026-11-27', '  ')).toBe('OPD visit, 27-11-2026');
  });

  it('does not call a doctor entered as "Dr. Rao" "Dr. Dr. Rao"', () => {
    expect(visitDisplay('2027-01-05', 'Dr. Meena Rao')).toBe('OPD visit, 05-01-2027, Dr. Meena Rao');
  });
});

describe('a link token’s validity', () => {
  it('holds six calendar months from when ABDM gave it', () => {
    expect(linkTokenValidUntil(Date.parse('2026-11-27T10:00:00Z'))).toBe('2027-05-27T10:00:00.000Z');
    // No 31 February: the month's last day, never a day into March.
    expect(linkTokenValidUntil(Date.parse('2026-08-31T23:00:00Z'))).toBe('2027-02-28T23:00:00.000Z');
    expect(linkTokenValidUntil(Date.parse('2027-08-31T23:00:00Z'))).toBe('2028-02-29T23:00:00.000Z');
  });

  it('is reused while it holds, not in its last day, and never after', () => {
    const row = { abhaAddress: 'asha@sbx', linkToken: 'tok-1', validUntil: '2027-05-27T10:00:00.000Z', blockedUntil: null };
    expect(usableLinkToken(row, Date.parse('2026-12-15T10:00:00Z'))).toBe('tok-1');
    expect(usableLinkToken(row, Date.parse('2027-05-26T09:59:00Z'))).toBe('tok-1');
    expect(usableLinkToken(row, Date.parse('2027-05-26T10:30:00Z'))).toBeNull();
    expect(usableLinkToken(row, Date.parse('2027-06-01T00:00:00Z'))).toBeNull();
    expect(usableLinkToken(null, Date.parse('2026-12-15T10:00:00Z'))).toBeNull();
  });
});

/** A stand-in outbox that keeps what was queued; nothing is sent. */
function fakeOutbox() {
  const queued: { operation: string; payload: Record<string, unknown> }[] = [];
  const outbox = {
    enqueue(operation: string, payload: Record<string, unknown>) {
      queued.push({ operation, payload });
      return `req-${queued.length}`;
    },
    flush() {},
    get() {
      return undefined;
    },
    waitForAnswer: () => new Promise(() => undefined),
    onTimedOut() {},
  };
  return { queued, outbox: outbox as unknown as GatewayOutbox };
}

describe('visits of a registered patient', () => {
  let test: TestDatabase;
  let clock: number;
  let settings: Settings;
  let fake: ReturnType<typeof fakeOutbox>;
  let visits: HipVisits;
  const changed: string[] = [];

  beforeEach(async () => {
    test = await openTestDatabase();
    settings = { ...DEFAULT_SETTINGS, abdmApi: 'v3', hipId: '' };
    fake = fakeOutbox();
    changed.length = 0;
    visits = new HipVisits({
      db: test.database.db,
      outbox: fake.outbox,
      processor: { on() {} } as unknown as CallbackProcessor,
      settings: () => settings,
      now: () => clock,
      emit: (_event, payload) => void changed.push((payload as { visitId: string }).visitId),
      register: { get: () => asha },
      timeZone: 'Asia/Kolkata',
    });
  });

  afterEach(() => {
    visits.close();
    test.dispose();
  });

  it('opens one visit a day: the same one again later that day, a new one after midnight in India', () => {
    clock = Date.parse('2026-11-27T04:00:00Z'); // 09:30 IST
    const morning = visits.open(asha, 'Rao');
    clock = Date.parse('2026-11-27T18:29:00Z'); // 23:59 IST
    const lateEvening = visits.open(asha, 'Rao');
    clock = Date.parse('2026-11-27T18:31:00Z'); // 00:01 IST on the 28th
    const nextDay = visits.open(asha, null);
    expect(lateEvening.id).toBe(morning.id);
    expect(nextDay.id).not.toBe(morning.id);
    expect(morning.display).toBe('OPD visit, 27-11-2026, Dr. Rao');
    expect(nextDay.display).toBe('OPD visit, 28-11-2026');
    expect(morning.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(visits.forPatient('OPD-000001').map((visit) => visit.id)).toEqual([nextDay.id, morning.id]);
    expect(changed).toContain(morning.id);
  });

  it('links nothing while the HIP role is off', () => {
    clock = Date.parse('2026-11-27T04:00:00Z');
    const visit = visits.open(asha, 'Rao');
    expect(visit.linkStatus).toBe('not-linked');
    expect(fake.queued).toEqual([]);
  });

  it('asks a link token by demographics once the role is on, and reuses a cached one without asking', () => {
    settings = { ...settings, hipId: 'IN2810014366' };
    clock = Date.parse('2026-11-27T04:00:00Z');
    const first = visits.open(asha, 'Rao');
    expect(first.linkStatus).toBe('linking');
    expect(fake.queued).toEqual([
      { operation: 'linkToken.generate', payload: { abhaNumber: '91-7507-6821-7770', abhaAddress: 'asha@sbx', name: 'Asha Devi', gender: 'F', yearOfBirth: 1981 } },
    ]);
    new LinkTokenStore(test.database.db).keep('asha@sbx', 'tok-cached', '2027-05-27T04:00:00.000Z');
    clock = Date.parse('2026-11-28T04:00:00Z');
    const second = visits.open(asha, 'Rao');
    expect(fake.queued[1]).toEqual({
      operation: 'links.addCareContexts',
      payload: {
        linkToken: 'tok-cached',
        abhaNumber: '91-7507-6821-7770',
        abhaAddress: 'asha@sbx',
        patientReference: 'OPD-000001',
        patientDisplay: 'Asha Devi',
        careContexts: [{ referenceNumber: second.id, display: 'OPD visit, 28-11-2026, Dr. Rao' }],
        hiType: 'OPConsultation',
        count: 1,
      },
    });
  });

  it('asks nothing for a blocked patient, and refuses "Link again" until the block has passed', () => {
    settings = { ...settings, hipId: 'IN2810014366' };
    new LinkTokenStore(test.database.db).block('asha@sbx', '2026-11-28T03:00:00.000Z');
    clock = Date.parse('2026-11-27T04:00:00Z');
    const visit = visits.open(asha, 'Rao');
    expect(visit.linkStatus).toBe('blocked');
    expect(visits.linkOf(visit.id)).toEqual({ status: 'blocked', problem: { code: 'LINK_REFUSED', abdmCode: 'ABDM-1027', retryAfter: '2026-11-28T03:00:00.000Z' }, at: null, how: null });
    expect(fake.queued).toEqual([]);
    const refusal = (() => {
      try {
        visits.relink(visit.id);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppFailure);
    expect(refusal).toMatchObject({ code: 'LINK_REFUSED', abdmCode: 'ABDM-1027', params: { reason: 'blocked', until: '2026-11-28T03:00:00.000Z' } });
    clock = Date.parse('2026-11-28T03:00:01Z');
    expect(visits.relink(visit.id).linkStatus).toBe('linking');
    expect(fake.queued.map((entry) => entry.operation)).toEqual(['linkToken.generate']);
  });

  it('sends the SMS deep link to a patient with no ABHA address, and says so', () => {
    settings = { ...settings, hipId: 'IN2810014366', hipName: 'City Clinic' };
    clock = Date.parse('2026-11-27T04:00:00Z');
    const visit = visits.open({ ...asha, patientNumber: 'OPD-000002', abhaAddress: null, abhaNumber: null }, null);
    expect(visit.linkStatus).toBe('no-abha-address');
    expect(fake.queued).toEqual([{ operation: 'sms.notify', payload: { phoneNo: '9876543210', hipId: 'IN2810014366', hipName: 'City Clinic' } }]);
  });

  it('keeps new data of a visit not linked yet, and tells it once the patient links the visit', () => {
    settings = { ...settings, hipId: 'IN2810014366' };
    clock = Date.parse('2026-11-27T04:00:00Z');
    const visit = visits.open(asha, 'Rao');
    visits.newData(visit.id, 'Prescription');
    visits.newData(visit.id, 'DiagnosticReport');
    expect(fake.queued.map((entry) => entry.operation)).toEqual(['linkToken.generate']);
    clock = Date.parse('2026-11-27T05:00:00Z');
    visits.markLinkedByPatient([visit.id]);
    expect(visits.linkOf(visit.id)).toEqual({ status: 'linked', problem: null, at: '2026-11-27T05:00:00.000Z', how: 'patient' });
    expect(fake.queued[1]).toEqual({
      operation: 'links.contextNotify',
      payload: {
        abhaAddress: 'asha@sbx',
        patientReference: 'OPD-000001',
        careContextReference: visit.id,
        hiTypes: ['Prescription', 'DiagnosticReport'],
        date: '2026-11-27T05:00:00.000Z',
        hipId: 'IN2810014366',
      },
    });
    visits.newData(visit.id, 'Invoice');
    expect(fake.queued[2]).toMatchObject({ operation: 'links.contextNotify', payload: { hiTypes: ['Invoice'] } });
  });

  it('refuses new data on a visit that does not exist', () => {
    expect(() => visits.newData('no-such-visit', 'Prescription')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }) as Error);
  });
});
