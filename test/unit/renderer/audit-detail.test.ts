// The Detail column of Today's log reads as words, in English and Hindi, built from what main recorded: never the raw
// detail (JSON, a record id, an upper-cased address and codes such as "MEENA.IYER@SBX CAREMGT OPCONSULTATION").
// The expected words are written out here, as a clerk should read them.
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../../electron/store/desk/audit-log';
import { detailText, type TodayEntry } from '../../../renderer/lib/today/audit-day';

function entry(action: TodayEntry['action'], detail: string | null, more: Partial<TodayEntry> = {}): TodayEntry {
  return { id: 1, at: '2026-11-25T04:35:00.000Z', operator: 'Meena', action, abhaNumber: null, detail, patient: null, abhaAddress: null, recordType: null, ...more };
}

const RECORD = '478c2f1e-9a4b-4c1d-8e2f-0b1c2d3e4f50';

describe('the Detail column', () => {
  it('words a consent request: what was asked, why, for whom (address in lower case)', () => {
    const asked = entry('consent.requested', 'Meena.Iyer@sbx CAREMGT OPConsultation,Prescription', { abhaAddress: 'meena.iyer@sbx' });
    expect(detailText(asked, 'en')).toBe('Consent asked: OP consultation, prescription (to treat the patient), for meena.iyer@sbx');
    expect(detailText(asked, 'hi')).toBe('सहमति माँगी: OP परामर्श, पर्चा (मरीज़ के इलाज के लिए), meena.iyer@sbx के लिए');
    const all = entry('consent.requested', 'asha.verma@sbx BTG OPConsultation,Prescription,DischargeSummary,DiagnosticReport,ImmunizationRecord,HealthDocumentRecord,WellnessRecord');
    expect(detailText(all, 'en')).toBe('Consent asked: all kinds of records (emergency), for asha.verma@sbx');
  });

  it('words a health record printed or saved by its kind, not its id', () => {
    expect(detailText(entry('record.saved', JSON.stringify({ record: RECORD }), { recordType: 'DiagnosticReport' }), 'en')).toBe('Record: lab report');
    expect(detailText(entry('record.print-dialog-opened', JSON.stringify({ record: RECORD }), { recordType: 'OPConsultation' }), 'hi')).toBe('रिकॉर्ड: OP परामर्श');
    expect(detailText(entry('record.downloaded', JSON.stringify({ record: RECORD, attachment: 'att-1' }), { recordType: 'DiagnosticReport' }), 'en')).toBe('File attached to a record: lab report');
    // Erased since: the desk no longer knows its kind, and says so.
    expect(detailText(entry('record.printed', JSON.stringify({ record: RECORD })), 'en')).toBe('Record: no longer kept');
  });

  it('words records erased with how many, from where and why', () => {
    const erased = entry('records.erased', JSON.stringify({ patient: 'asha.verma@sbx', consentRequest: 'c1', artefact: 'a1', hip: 'HIP-SUNRISE-LABS', records: 2, reason: 'REVOKED' }));
    expect(detailText(erased, 'en')).toBe('2 records from HIP-SUNRISE-LABS: the patient revoked the consent');
    expect(detailText(erased, 'hi')).toBe('HIP-SUNRISE-LABS के 2 रिकॉर्ड: मरीज़ ने सहमति वापस ले ली');
  });

  it('words the card’s format and print layout, and ABDM’s notices by the patient they are about', () => {
    expect(detailText(entry('card.saved', 'pdf'), 'en')).toBe('PDF file');
    expect(detailText(entry('card.viewed', 'png'), 'hi')).toBe('PNG चित्र');
    expect(detailText(entry('card.print-dialog-opened', 'cr80'), 'en')).toBe('CR80 card');
    expect(detailText(entry('patient.deactivated', 'asha.verma@sbx', { abhaAddress: 'asha.verma@sbx' }), 'en')).toBe('For asha.verma@sbx');
  });

  it('shows nothing rather than a detail it cannot read: no JSON, no upper-cased codes, for any action', () => {
    for (const action of AUDIT_ACTIONS) {
      for (const detail of ['{"RECORD":"478C"}', 'SOMETHING ELSE', '[1,2]', null]) {
        const text = detailText(entry(action, detail), 'en');
        expect(text, `${action} ${detail}`).not.toMatch(/[{}[\]"]|478C|SOMETHING/);
      }
    }
  });
});
