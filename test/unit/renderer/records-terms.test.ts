// The Records screens' rules: the patient id with the consent manager's suffix, date ranges, keep-until, a consent
// request's state in the desk's words, records by visit, the patient's status from the audit log, and that every
// word those rules name exists in English and Hindi.
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../renderer/lib/i18n';
import { recordsStrings } from '../../../renderer/lib/records/i18n-records';
import {
  coversAllTime,
  eraseAtOf,
  GATEWAY_CODES,
  HI_TYPES,
  KEEP_CHOICES,
  KYC_MODES,
  patientIdOf,
  patientStatusOf,
  PURPOSE_CODES,
  RANGE_PRESETS,
  rangeOf,
  REQUEST_STATES,
  requestState,
  transfersEnded,
  visitsOf,
  type ConsentView,
  type RecordMeta,
  type TimelineEntry,
} from '../../../renderer/lib/records/records-terms';
import { pathKey, timelineMessageOf } from '../../support/timeline-words';

const DEVANAGARI = /[\u0900-\u097F]/;

describe('patientIdOf', () => {
  it('adds the consent manager suffix when left out, and lower-cases', () => {
    expect(patientIdOf(' Asha.Verma ', 'sbx')).toBe('asha.verma@sbx');
    expect(patientIdOf('asha.verma@sbx', 'abdm')).toBe('asha.verma@sbx');
    expect(patientIdOf('ravi_k-1', 'abdm')).toBe('ravi_k-1@abdm');
  });
  it('refuses what cannot be an ABHA address', () => {
    expect(patientIdOf('', 'sbx')).toBeNull();
    expect(patientIdOf('asha verma', 'sbx')).toBeNull();
    expect(patientIdOf('.asha@sbx', 'sbx')).toBeNull();
    expect(patientIdOf('asha@', 'sbx')).toBeNull();
  });
});

describe('date choices', () => {
  const now = new Date('2026-11-25T10:00:00.000Z');
  it('presets end now and go back the chosen months', () => {
    expect(rangeOf('5y', now)).toEqual({ from: new Date(new Date(now).setMonth(now.getMonth() - 60)).toISOString(), to: now.toISOString() });
    expect(rangeOf('6m', now)!.from < rangeOf('1y', now)!.to).toBe(true);
    expect(rangeOf('all', now)!.from).toBe('1900-01-01T00:00:00.000Z');
  });
  it('custom dates are local days, the last one included', () => {
    const range = rangeOf('custom', now, { from: '2026-01-01', to: '2026-01-31' })!;
    expect(range.from).toBe(new Date(2026, 0, 1).toISOString());
    expect(range.to).toBe(new Date(2026, 1, 1).toISOString());
    expect(rangeOf('custom', now, { from: '', to: '2026-01-31' })).toBeNull();
  });
  it('keep-until is days ahead', () => {
    expect(eraseAtOf('30d', now)).toBe('2026-12-25T10:00:00.000Z');
  });
});

function consent(status: ConsentView['status'], artefacts: Partial<ConsentView['artefacts'][number]>[] = []): ConsentView {
  return {
    id: 'c1', gatewayId: 'g1', patientId: 'asha.verma@sbx', purposeCode: 'CAREMGT', hiTypes: ['Prescription'], from: '', to: '', dataEraseAt: '',
    requester: { name: 'Dr. A' }, status, errorCode: null, createdAt: '', updatedAt: '',
    artefacts: artefacts.map((a, i) => ({ id: `a${i}`, status: 'GRANTED', hipId: `H${i}`, hipName: null, hiTypes: null, from: null, to: null, dataEraseAt: null, fetched: false, erasedAt: null, ...a })),
  };
}

describe('requestState', () => {
  it('names each consent status', () => {
    expect(requestState(consent('SENDING'), 0)).toBe('sending');
    expect(requestState(consent('REQUESTED'), 0)).toBe('requested');
    expect(requestState(consent('DENIED'), 0)).toBe('denied');
    expect(requestState(consent('EXPIRED'), 0)).toBe('expired');
    expect(requestState(consent('REVOKED'), 0)).toBe('revoked');
    expect(requestState(consent('FAILED'), 0)).toBe('failed');
  });
  it('tells waiting for ABDM’s answer (no on-init yet) from waiting for the patient, and names ABDM’s silence', () => {
    expect(requestState({ ...consent('REQUESTED'), gatewayId: null }, 0)).toBe('awaiting-abdm');
    expect(requestState({ ...consent('NO_ANSWER'), gatewayId: null, errorCode: 'GATEWAY_NO_ANSWER' }, 0)).toBe('no-answer');
  });
  it('follows a granted request from granted to arriving to received to erased', () => {
    expect(requestState(consent('GRANTED', [{}, {}]), 0)).toBe('granted');
    expect(requestState(consent('GRANTED', [{ fetched: true }, {}]), 0)).toBe('arriving');
    expect(requestState(consent('GRANTED', [{ fetched: true }, { fetched: true }]), 1, { a0: 2 })).toBe('arriving');
    expect(requestState(consent('GRANTED', [{ fetched: true }, { fetched: true }]), 2)).toBe('received');
    expect(requestState(consent('GRANTED', [{ fetched: true }, { fetched: true }]), 0, { a0: 1, a1: 3 })).toBe('received');
    // A revoked artefact no longer counts.
    expect(requestState(consent('GRANTED', [{ fetched: true }, { status: 'REVOKED', erasedAt: 'x' }]), 1)).toBe('received');
    expect(requestState(consent('GRANTED', [{ erasedAt: 'x' }, { erasedAt: 'y' }]), 2)).toBe('erased');
  });
  it('counts the transfers the desk reported as ended', () => {
    const entry = (path: string, step: TimelineEntry['step'], direction: TimelineEntry['direction'] = 'out'): TimelineEntry =>
      ({ id: 1, at: '', direction, path, message: timelineMessageOf(path), requestId: 'r', respRequestId: null, step, httpStatus: 202, errorCode: null, patientId: null, consentRequestId: 'c1', detail: null });
    expect(transfersEnded([entry('/v0.5/health-information/notify', 'accepted'), entry('/v0.5/health-information/notify', 'retrying'), entry('/v0.5/consents/fetch', 'accepted')])).toBe(1);
  });
});

describe('visitsOf', () => {
  const record = (id: string, hipId: string, careContext: string, hiType: string, recordDate: string | null): RecordMeta => ({
    id, transferId: 't', artefactId: 'a', consentRequestId: 'c', patientId: 'p', hipId, careContext, hiType, recordDate, pageNumber: 1, entryIndex: 0,
    status: 'delivered', error: null, contentBytes: 1, receivedAt: '2026-11-25T00:00:00.000Z',
  });
  it('groups by HIP and care context, newest visit first, types in the usual order', () => {
    const visits = visitsOf([
      record('1', 'CITY', 'OPD-1', 'Prescription', '2026-11-05T00:00:00Z'),
      record('2', 'NASIK', 'IPD-1', 'DischargeSummary', '2026-05-29T00:00:00Z'),
      record('3', 'CITY', 'OPD-1', 'OPConsultation', '2026-11-05T00:00:00Z'),
      record('4', 'LAB', 'LAB-1', 'DiagnosticReport', '2026-11-07T00:00:00Z'),
      record('5', 'LAB', 'LAB-0', 'DiagnosticReport', null),
    ]);
    expect(visits.map((v) => v.careContext)).toEqual(['LAB-1', 'OPD-1', 'IPD-1', 'LAB-0']);
    expect(visits[1]!.records.map((r) => r.hiType)).toEqual(['OPConsultation', 'Prescription']);
  });
});

describe('patientStatusOf', () => {
  it('takes the newest status entry for the patient', () => {
    const entries = [
      { action: 'patient.reactivated', detail: 'asha.verma@sbx' },
      { action: 'patient.deactivated', detail: 'asha.verma@sbx' },
      { action: 'patient.deleted', detail: 'rohan.desai@sbx' },
    ];
    expect(patientStatusOf(entries, 'asha.verma@sbx')).toBe('ACTIVE');
    expect(patientStatusOf(entries.slice(1), 'asha.verma@sbx')).toBe('DEACTIVATED');
    expect(patientStatusOf(entries, 'rohan.desai@sbx')).toBe('DELETED');
    expect(patientStatusOf(entries, 'meena.iyer@sbx')).toBe('ACTIVE');
  });
  it('words the timeline paths it knows', () => {
    expect(pathKey('/v0.5/consents/hiu/notify')).toBe('records.path.consentNotify');
    expect(pathKey('/v0.5/something/else')).toBeNull();
  });

  it('words the HIE-CM v3 paths as their v0.5 counterparts (reference/spec/abdm-v3.md §3, §4)', () => {
    expect(pathKey('/consent/v3/request/init')).toBe('records.path.consentInit');
    expect(pathKey('/api/v3/hiu/consent/request/on-init')).toBe('records.path.consentOnInit');
    expect(pathKey('/api/v3/hiu/consent/request/notify')).toBe('records.path.consentNotify');
    expect(pathKey('/consent/v3/request/hiu/on-notify')).toBe('records.path.consentOnNotify');
    expect(pathKey('/consent/v3/fetch')).toBe('records.path.consentFetch');
    expect(pathKey('/api/v3/hiu/consent/on-fetch')).toBe('records.path.consentOnFetch');
    expect(pathKey('/data-flow/v3/health-information/request')).toBe('records.path.hiRequest');
    expect(pathKey('/api/v3/hiu/health-information/on-request')).toBe('records.path.hiOnRequest');
    expect(pathKey('/data-flow/v3/health-information/notify')).toBe('records.path.hiNotify');
  });
});

// The Records screens' strings load with those screens (renderer/lib/records/i18n-records.ts).
const strings = recordsStrings as Record<Language, Record<string, string>>;
type StringKey = string;

// The section kinds of the seven ABDM record types (reference/spec/fhir-records.md B.1), the record viewer's word
// for sections no section code matches, and the kinds of entry it draws.
const SECTION_KEYS = [
  'chiefComplaints', 'physicalExamination', 'allergies', 'medicalHistory', 'familyHistory', 'investigationAdvice',
  'investigations', 'medications', 'prescription', 'followUp', 'procedures', 'referral', 'otherObservations',
  'carePlan', 'documentReference', 'diagnosticReport', 'immunizations', 'healthDocument', 'vitalSigns',
  'bodyMeasurement', 'physicalActivity', 'generalAssessment', 'womenHealth', 'lifestyle', 'unreferenced', 'section',
];
const ITEM_KINDS = [
  'observation', 'condition', 'allergy', 'procedure', 'immunization', 'diagnosticReport', 'document', 'attachment',
  'carePlan', 'appointment', 'serviceRequest', 'familyHistory', 'generic', 'missing', 'empty',
];

describe('words', () => {
  const keys: string[] = [
    ...PURPOSE_CODES.flatMap((code) => [`records.purpose.${code}`, `records.purposeAbout.${code}`, `records.purposeText.${code}`]),
    ...HI_TYPES.map((type) => `records.hiType.${type}`),
    ...REQUEST_STATES.map((state) => `records.state.${state}`),
    ...KYC_MODES.flatMap((mode) => [`records.mode.${mode}`, `records.modeAbout.${mode}`]),
    ...RANGE_PRESETS.map((preset) => `records.ask.range.${preset}`),
    ...KEEP_CHOICES.map((keep) => `records.ask.keep.${keep}`),
    ...GATEWAY_CODES.map((code) => `records.code.${code}`),
    ...['accepted', 'refused', 'retrying', 'timed-out', 'received'].map((step) => `records.timeline.step.${step}`),
    ...['GRANTED', 'REVOKED', 'EXPIRED'].map((status) => `records.artefact.${status}`),
    ...SECTION_KEYS.map((key) => `viewer.section.${key}`),
    ...ITEM_KINDS.map((kind) => `viewer.kind.${kind}`),
    // FHIR Timing.repeat.periodUnit (UCUM units of time) and the viewer's flags for a value outside its range
    ...['s', 'min', 'h', 'd', 'wk', 'mo', 'a'].map((unit) => `viewer.unit.${unit}`),
    ...['low', 'high', 'abnormal'].map((flag) => `viewer.flag.${flag}`),
  ];
  it.each(keys)('%s reads in English and Hindi', (key) => {
    expect(strings.en[key as StringKey], 'English').toMatch(/\S/);
    expect(strings.hi[key as StringKey], 'Hindi').toMatch(DEVANAGARI);
  });
  it('every Records and viewer string has the same placeholders in both languages', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(strings.en).length).toBeGreaterThan(300);
    for (const key of Object.keys(strings.en)) {
      expect(names(strings.hi[key]!), key).toEqual(names(strings.en[key]!));
    }
  });
});

describe('coversAllTime (issue 23: "All records" showed 01-01-1900 to …)', () => {
  it('a range from the start "All" sends covers all time; one from a real day does not', () => {
    const now = new Date(2026, 10, 27);
    expect(coversAllTime(rangeOf('all', now)!.from)).toBe(true);
    expect(coversAllTime(rangeOf('5y', now)!.from)).toBe(false);
  });
});
