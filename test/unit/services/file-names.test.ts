// The names of the files the desk makes: the ABHA number, the layout and the day as the card writes dates, and safe on
// every system (Windows refuses < > : " / \ | ? * and device names such as CON).
import { describe, expect, it } from 'vitest';
import { cardFileName, dayLogFileName, recordFileName, safeFileName } from '../../../electron/services/desktop/file-names';

const AT = new Date(2026, 10, 25, 10, 5); // 25 November 2026, 10:05 local time

describe('card file names', () => {
  it('a saved card: ABHA number and day, the extension says the format', () => {
    expect(cardFileName('91-4820-1736-5529', AT, { format: 'pdf' })).toBe('ABHA-card-91-4820-1736-5529-25-11-2026.pdf');
    expect(cardFileName('91-4820-1736-5529', AT, { format: 'svg' })).toBe('ABHA-card-91-4820-1736-5529-25-11-2026.svg');
  });

  it('a print page: ABHA number, layout and day, no extension (the port adds it)', () => {
    expect(cardFileName('91-4820-1736-5529', AT, { layout: 'cr80' })).toBe('ABHA-card-91-4820-1736-5529-CR80-25-11-2026');
    expect(cardFileName('91-4820-1736-5529', new Date(2027, 0, 5, 23, 59), { layout: 'a4' })).toBe('ABHA-card-91-4820-1736-5529-A4-05-01-2027');
  });
});

describe('the day’s log file names', () => {
  it('the day as the card writes dates (dd-mm-yyyy): the CSV with its extension, the print page without', () => {
    expect(dayLogFileName('2026-11-25', 'csv')).toBe('ABHA-Desk-day-25-11-2026.csv');
    expect(dayLogFileName('2027-01-05')).toBe('ABHA-Desk-day-05-01-2027');
  });
});

describe('safe file names', () => {
  it('replaces what Windows refuses and what would make a folder', () => {
    expect(safeFileName('report 10:05 a/b\\c<d>e|f?g*h"i.csv')).toBe('report 10-05 a-b-c-d-e-f-g-h-i.csv');
    expect(safeFileName('tab\there.txt')).toBe('tab-here.txt');
  });

  it('drops a trailing dot or space, keeps device names away, and never answers an empty name', () => {
    expect(safeFileName('card. ')).toBe('card');
    expect(safeFileName('CON')).toBe('_CON');
    expect(safeFileName('nul.txt')).toBe('_nul.txt');
    expect(safeFileName('console.txt')).toBe('console.txt');
    expect(safeFileName('...')).toBe('file');
  });
});

describe('health record file names (issue 23: not health-record-478c8716.pdf)', () => {
  it('the record type in words, the patient and the day', () => {
    expect(recordFileName({ typeWords: 'Discharge summary', patientName: 'Asha Devi Verma', day: '09-12-2016' }, 'pdf')).toBe('Discharge-summary-Asha-Devi-Verma-09-12-2016.pdf');
    expect(recordFileName({ typeWords: 'Lab report', patientName: 'Asha Devi Verma', day: '09-12-2016' })).toBe('Lab-report-Asha-Devi-Verma-09-12-2016');
  });

  it('a name with characters unsafe in a file name, a bidi override or in Devanagari stays safe and readable', () => {
    expect(recordFileName({ typeWords: 'Prescription', patientName: 'R. K. / "Sharma"\u202E', day: '01-02-2026' }, 'pdf')).toBe('Prescription-R-K-Sharma-01-02-2026.pdf');
    expect(recordFileName({ typeWords: 'Prescription', patientName: 'सुनीता राव', day: '01-02-2026' }, 'pdf')).toBe('Prescription-सुनीता-राव-01-02-2026.pdf');
    expect(recordFileName({ typeWords: 'Health record', patientName: null, day: '01-02-2026' }, 'pdf')).toBe('Health-record-01-02-2026.pdf');
  });
});
