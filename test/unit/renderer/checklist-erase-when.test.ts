// When a request's records leave the desk, as the clinic-wide list (HIU_FLOW_104) says it; dates written by hand.
import { describe, expect, it } from 'vitest';
import { asksEveryType, eraseWhen, type ArtefactView, type ConsentView } from '../../../renderer/lib/records/records-terms';

const request = (more: Partial<ConsentView> = {}): ConsentView => ({
  id: 'c1',
  gatewayId: 'g1',
  patientId: 'asha.verma@sbx',
  purposeCode: 'CAREMGT',
  hiTypes: ['OPConsultation'],
  from: '2024-01-01T00:00:00.000Z',
  to: '2026-11-01T00:00:00.000Z',
  dataEraseAt: '2026-12-31T00:00:00.000Z',
  requester: { name: 'Dr. K', identifier: null } as unknown as ConsentView['requester'],
  status: 'REQUESTED',
  errorCode: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
  artefacts: [],
  ...more,
});
const artefact = (more: Partial<ArtefactView>): ArtefactView => ({
  id: 'a',
  status: 'GRANTED',
  hipId: 'HIP-1',
  hipName: null,
  hiTypes: null,
  from: null,
  to: null,
  dataEraseAt: null,
  fetched: true,
  erasedAt: null,
  ...more,
});

describe('eraseWhen', () => {
  it('a request the patient has not answered: the date asked for', () => {
    expect(eraseWhen(request())).toEqual({ kind: 'erase-on', first: '2026-12-31T00:00:00.000Z', last: '2026-12-31T00:00:00.000Z' });
  });

  it('granted: each live artefact’s own date (the patient shortened one), first and last', () => {
    const granted = request({
      status: 'GRANTED',
      artefacts: [artefact({ id: 'a1', dataEraseAt: '2026-12-31T00:00:00.000Z' }), artefact({ id: 'a2', dataEraseAt: '2026-12-05T00:00:00.000Z' }), artefact({ id: 'a3', status: 'REVOKED', erasedAt: '2026-11-10T00:00:00.000Z' })],
    });
    expect(eraseWhen(granted)).toEqual({ kind: 'erase-on', first: '2026-12-05T00:00:00.000Z', last: '2026-12-31T00:00:00.000Z' });
  });

  it('every artefact erased: when the last went', () => {
    const gone = request({ status: 'EXPIRED', artefacts: [artefact({ id: 'a1', erasedAt: '2026-11-20T10:00:00.000Z' }), artefact({ id: 'a2', erasedAt: '2026-11-21T10:00:00.000Z' })] });
    expect(eraseWhen(gone)).toEqual({ kind: 'erased', at: '2026-11-21T10:00:00.000Z' });
  });

  it('denied, not sent, no answer: no records to erase', () => {
    for (const status of ['DENIED', 'FAILED', 'NO_ANSWER', 'REVOKED'] as const) expect(eraseWhen(request({ status }))).toEqual({ kind: 'none' });
  });
});

describe('asksEveryType', () => {
  it('the seven of v0.5, with or without Invoice, are every kind; six are not', () => {
    const seven = ['OPConsultation', 'Prescription', 'DischargeSummary', 'DiagnosticReport', 'ImmunizationRecord', 'HealthDocumentRecord', 'WellnessRecord'];
    expect(asksEveryType(seven)).toBe(true);
    expect(asksEveryType([...seven, 'Invoice'])).toBe(true);
    expect(asksEveryType(seven.slice(1))).toBe(false);
  });
});
