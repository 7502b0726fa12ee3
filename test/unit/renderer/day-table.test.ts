// The day's log as the CSV and the printed page word it, in English and Hindi: time, operator, action, name, ABHA
// number, ABHA address, detail. An entry without a known patient has empty name and address; the consent entry
// carries the masked Aadhaar only.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TodayEntry } from '../../../renderer/lib/today/audit-day';

let dayTable: typeof import('../../../renderer/lib/today/audit-day').dayTable;
beforeAll(async () => {
  process.env.TZ = 'Asia/Kolkata';
  ({ dayTable } = await import('../../../renderer/lib/today/audit-day'));
});

const entries: TodayEntry[] = [
  {
    id: 2,
    at: '2026-11-25T04:35:00.000Z',
    operator: 'Meena',
    action: 'enrolment.existing',
    abhaNumber: '91-4820-1736-5529',
    detail: null,
    patient: { abhaNumber: '91-4820-1736-5529', abhaAddress: 'asha.verma@sbx', name: 'Asha Devi Verma', mobile: '9812345670' },
    abhaAddress: 'asha.verma@sbx',
    recordType: null,
  },
  { id: 1, at: '2026-11-25T04:34:10.000Z', operator: '', action: 'enrolment.consent', abhaNumber: null, detail: '{"maskedAadhaar":"XXXX XXXX 1238","textVersion":"2025-01","language":"hi"}', patient: null, abhaAddress: null, recordType: null },
];

describe('dayTable', () => {
  it('words the day in English, with the date on each row for the CSV', () => {
    expect(dayTable(entries, 'en', true)).toEqual({
      header: ['Time', 'Operator', 'Action', 'Patient', 'ABHA number', 'ABHA address', 'Detail'],
      rows: [
        ['25-11-2026 10:05', 'Meena', 'Enrolled: existing ABHA', 'Asha Devi Verma', '91-4820-1736-5529', 'asha.verma@sbx', ''],
        ['25-11-2026 10:04', 'not set', 'Patient agreed to Aadhaar OTP', '', '', '', 'Aadhaar XXXX XXXX 1238 · consent text version 2025-01, read in Hindi'],
      ],
    });
  });

  it('words the day in Hindi, with the time only for the printed page', () => {
    const table = dayTable(entries, 'hi', false);
    expect(table.header).toEqual(['समय', 'ऑपरेटर', 'कार्य', 'मरीज़', 'ABHA नंबर', 'ABHA पता', 'विवरण']);
    expect(table.rows[0]).toEqual(['10:05', 'Meena', 'नामांकन: मौजूदा ABHA', 'Asha Devi Verma', '91-4820-1736-5529', 'asha.verma@sbx', '']);
  });
});
