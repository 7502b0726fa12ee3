// Today in main: the profiles the desk was shown are kept 7 days after their last fetch and reopen without ABDM;
// the day's log names its patients; the exported table goes to the desktop port as the file and page the clerk gets,
// and never with an Aadhaar number.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditLogStore } from '../../../electron/store/desk/audit-log';
import { DayPatientStore } from '../../../electron/store/desk/day-patients';
import { AuditLog } from '../../../electron/services/day/audit';
import { DayPatients } from '../../../electron/services/day/day-patients';
import type { PatientView } from '../../../electron/services/abha/patient-view';
import { TodayService } from '../../../electron/services/day/today';
import type { DesktopPort, PrintJob } from '../../../electron/services/desktop/desktop-port';
import { AppFailure } from '../../../electron/shared/errors';
import { openTestDatabase, type TestDatabase } from '../bridge/bridge-support';

const asha: PatientView = {
  abhaNumber: '91-4820-1736-5529',
  abhaAddress: 'asha.verma@sbx',
  name: 'Asha Devi Verma',
  gender: 'F',
  dateOfBirth: '14/7/1988',
  mobile: '9812345670',
  email: null,
  address: '12, Gandhi Road, Lucknow',
  district: 'Lucknow',
  state: 'Uttar Pradesh',
  photo: null,
};
const ravi: PatientView = { ...asha, abhaNumber: '91-1111-2222-3333', abhaAddress: 'ravi.sharma85@sbx', name: 'Ravi Kumar Sharma', gender: 'M', mobile: '9876500001' };

const DAY = 86_400_000;
let db: TestDatabase;
let clock: number;
let patients: DayPatients;
let audit: AuditLog;
let saved: { name: string; format: string; data: Uint8Array }[];
let printed: PrintJob[];
let today: TodayService;

beforeEach(async () => {
  db = await openTestDatabase();
  clock = Date.parse('2026-11-25T04:35:00.000Z');
  patients = new DayPatients(new DayPatientStore<PatientView>(db.database.db), () => clock);
  audit = new AuditLog(new AuditLogStore(db.database.db), () => 'Meena', () => clock);
  saved = [];
  printed = [];
  const desktop: DesktopPort = {
    save: async (name, format, data) => (saved.push({ name, format, data }), { saved: true, path: `/exports/${name}` }),
    print: async (job) => (printed.push(job), { printed: true }),
  };
  today = new TodayService({ audit, patients, desktop });
});
afterEach(() => db.dispose());

describe('the day’s patients', () => {
  it('reopens a kept profile as it was fetched, with the time of the fetch', () => {
    patients.keep(asha);
    clock += 3 * 3_600_000;
    expect(patients.open({ abhaNumber: asha.abhaNumber })).toEqual({ patient: asha, fetchedAt: '2026-11-25T04:35:00.000Z' });
  });

  it('keeps a profile 7 days after its last fetch, then erases it from the database', () => {
    patients.keep(asha);
    clock += 7 * DAY;
    expect(patients.open({ abhaNumber: asha.abhaNumber }).patient.name).toBe('Asha Devi Verma');
    clock += 1;
    expect(() => patients.open({ abhaNumber: asha.abhaNumber })).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(db.database.db.prepare('SELECT count(*) AS n FROM day_patients').get()).toEqual({ n: 0 });
  });

  it('counts the 7 days from the latest fetch: verifying again keeps the patient longer', () => {
    patients.keep(asha);
    clock += 6 * DAY;
    patients.keep(asha);
    clock += 6 * DAY;
    expect(patients.open({ abhaNumber: asha.abhaNumber }).fetchedAt).toBe('2026-12-01T04:35:00.000Z');
  });

  it('sweeps old profiles when asked (at start) without anything else happening', () => {
    patients.keep(asha);
    clock += 8 * DAY;
    expect(patients.sweep()).toBe(1);
  });
});

describe('TodayService.list', () => {
  it('names the patient of each entry by ABHA number, and by ABHA address for the HIU side; others stay unnamed', () => {
    patients.keep(asha);
    patients.keep(ravi);
    audit.record('enrolment.consent', null, '{"maskedAadhaar":"XXXX XXXX 0124","textVersion":"1","language":"en"}');
    audit.record('enrolment.created', ravi.abhaNumber);
    clock += 60_000;
    audit.record('consent.requested', null, 'Asha.Verma@sbx CAREMGT OPConsultation');
    audit.record('abha.verified', '91-9999-9999-9999');
    const entries = today.list({ from: '2026-11-24T18:30:00.000Z', to: '2026-11-25T18:30:00.000Z' });
    expect(entries.map((entry) => [entry.action, entry.patient?.name ?? null])).toEqual([
      ['abha.verified', null],
      ['consent.requested', 'Asha Devi Verma'],
      ['enrolment.created', 'Ravi Kumar Sharma'],
      ['enrolment.consent', null],
    ]);
    expect(entries[2]!.patient).toEqual({ abhaNumber: '91-1111-2222-3333', abhaAddress: 'ravi.sharma85@sbx', name: 'Ravi Kumar Sharma', mobile: '9876500001' });
  });

  it('names the patient of a health record printed or saved, through the record (its id is all the entry holds)', () => {
    patients.keep(asha);
    const records = new Map([['478c2f1e', { patientId: 'Asha.Verma@sbx', hiType: 'DiagnosticReport' }]]);
    const withRecords = new TodayService({ audit, patients, desktop: {} as DesktopPort, recordSubject: (id) => records.get(id) ?? null });
    audit.record('record.saved', null, JSON.stringify({ record: '478c2f1e' }));
    audit.record('record.printed', null, JSON.stringify({ record: 'erased-since' }));
    audit.record('records.erased', null, JSON.stringify({ patient: 'ravi.sharma85@sbx', hip: 'HIP-1', records: 1, reason: 'EXPIRED' }));
    const entries = withRecords.list({ from: '2026-11-24T18:30:00.000Z', to: '2026-11-25T18:30:00.000Z' });
    expect(entries.map((entry) => [entry.action, entry.patient?.name ?? null, entry.abhaAddress, entry.recordType])).toEqual([
      ['records.erased', null, 'ravi.sharma85@sbx', null],
      ['record.printed', null, null, null],
      ['record.saved', 'Asha Devi Verma', 'asha.verma@sbx', 'DiagnosticReport'],
    ]);
  });

  it('lists only the day asked for', () => {
    audit.record('abha.verified', asha.abhaNumber);
    expect(today.list({ from: '2026-11-25T18:30:00.000Z', to: '2026-11-26T18:30:00.000Z' })).toEqual([]);
  });
});

describe('TodayService export and print', () => {
  const table = { day: '2026-11-25', header: ['Time', 'Name', 'ABHA number'], rows: [['10:05', 'Sharma, Ravi', '91-1111-2222-3333']] };

  it('saves the CSV through the desktop port, named by the day as the card writes dates, UTF-8 with its byte-order mark', async () => {
    await expect(today.exportCsv(table)).resolves.toEqual({ saved: true, path: '/exports/ABHA-Desk-day-25-11-2026.csv' });
    expect(saved[0]!.name).toBe('ABHA-Desk-day-25-11-2026.csv');
    expect(saved[0]!.format).toBe('file');
    expect(Buffer.from(saved[0]!.data).toString('utf8')).toBe('\uFEFFTime,Name,ABHA number\r\n10:05,"Sharma, Ravi",91-1111-2222-3333\r\n');
  });

  it('prints the day as one A4 page through the port, with every value escaped', async () => {
    await today.printDay({ ...table, rows: [['10:05', '<b>Ravi</b>', '91-1111-2222-3333']], title: 'Day log 25-11-2026', subtitle: 'Printed by Meena' });
    expect(printed[0]!.geometry).toMatchObject({ layout: 'a4', pageWidthMm: 210, pageHeightMm: 297 });
    expect(printed[0]!.title).toBe('Day log 25-11-2026');
    expect(printed[0]!.fileName).toBe('ABHA-Desk-day-25-11-2026');
    expect(printed[0]!.html).toContain('<td>&#60;b&#62;Ravi&#60;/b&#62;</td>');
    expect(printed[0]!.html).toContain('<th>ABHA number</th>');
    expect(printed[0]!.html).not.toContain('<script');
  });

  it('prints the day’s totals above the table, escaped, and keeps times and ABHA numbers whole', async () => {
    const totals = { title: 'Totals of the day', items: [{ label: 'New ABHAs', count: 2 }, { label: '<i>Cards</i>', count: 0 }] };
    await today.printDay({ ...table, title: 'Day log 25-11-2026', subtitle: 'Printed by Meena', totals });
    const html = printed[0]!.html;
    expect(html).toContain('<h2>Totals of the day</h2>');
    expect(html).toContain('<li>New ABHAs<b>2</b></li>');
    expect(html).toContain('<li>&#60;i&#62;Cards&#60;/i&#62;<b>0</b></li>');
    expect(html.indexOf('Totals of the day')).toBeLessThan(html.indexOf('<table>'));
    expect(html).toContain('<td class="whole">10:05</td>');
    expect(html).toContain('<td class="whole">91-1111-2222-3333</td>');
    expect(html).toContain('<td>Sharma, Ravi</td>');
  });

  it('refuses a table holding an Aadhaar number and writes nothing', async () => {
    const leaking = { ...table, rows: [['10:05', 'Ravi 2345 6789 0124', '']] };
    await expect(today.exportCsv(leaking)).rejects.toBeInstanceOf(AppFailure);
    await expect(today.printDay({ ...leaking, title: 't', subtitle: 's' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(today.printDay({ ...table, title: 't', subtitle: 's', totals: { title: 'Totals', items: [{ label: 'Aadhaar 2345 6789 0124', count: 1 }] } })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(saved).toEqual([]);
    expect(printed).toEqual([]);
  });
});
