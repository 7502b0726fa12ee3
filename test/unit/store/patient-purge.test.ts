// A deleted patient's requests keep their ids (so a replay is still known) but nothing that names the patient.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GatewayOutboxStore } from '../../../electron/store/gateway/outbox';
import { purgePatient } from '../../../electron/store/hiu/patient-purge';
import { TimelineStore } from '../../../electron/store/gateway/timeline';
import { openTestDatabase, type TestDatabase } from '../bridge/bridge-support';

let db: TestDatabase;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(() => db.dispose());

describe('purgePatient', () => {
  it('blanks the patient’s requests and unlinks them, so a 202 or a timeout after the purge files nothing under them', () => {
    const outbox = new GatewayOutboxStore(db.database.db);
    const timeline = new TimelineStore(db.database.db);
    const at = '2026-11-25T10:00:00.000Z';
    outbox.add({ requestId: 'r-1', operation: 'patients.find', path: '/v0.5/patients/find', payload: { query: { patient: { id: 'asha.verma@sbx' } } }, expectsAnswer: true, at, patientId: 'asha.verma@sbx' });
    outbox.add({ requestId: 'r-2', operation: 'patients.find', path: '/v0.5/patients/find', payload: { query: { patient: { id: 'rohan.desai@sbx' } } }, expectsAnswer: true, at, patientId: 'rohan.desai@sbx' });

    purgePatient(db.database.db, 'asha.verma@sbx');

    expect(outbox.get('r-1')).toMatchObject({ payload: {}, patientId: null, consentRequestId: null });
    expect(outbox.get('r-2')).toMatchObject({ patientId: 'rohan.desai@sbx', payload: { query: { patient: { id: 'rohan.desai@sbx' } } } });
    // The purged request is answered late: its timeline row names nobody.
    const entry = outbox.get('r-1')!;
    timeline.add({ at, direction: 'out', path: entry.path, requestId: entry.requestId, respRequestId: null, step: 'accepted', httpStatus: 202, errorCode: null, patientId: entry.patientId, consentRequestId: entry.consentRequestId });
    expect(timeline.list({ patientId: 'asha.verma@sbx' })).toEqual([]);
  });
});
