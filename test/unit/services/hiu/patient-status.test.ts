// PatientStatusService against the offline ABDM: the simulator's status control (docs/sandbox-hiu.md §6) notifies
// our bridge; shapes and the `acknowledgment` spelling from reference/spec/gateway-v05.md §2.20.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PatientIdentification } from '../../../../electron/services/hiu/patient-identification';
import { PatientStatusService } from '../../../../electron/services/hiu/patient-status';
import { SubscriptionService } from '../../../../electron/services/hiu/subscriptions';
import { AppFailure } from '../../../../electron/shared/errors';
import { startHiuKit, type HiuKit } from './hiu-kit';

const ASHA = 'asha.verma@sbx';

function failureOf(action: () => unknown): AppFailure {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(AppFailure);
    return error as AppFailure;
  }
  throw new Error('expected a failure');
}

describe('PatientStatusService', () => {
  let kit: HiuKit;
  let status: PatientStatusService;
  let identification: PatientIdentification;
  let subscriptions: SubscriptionService;
  let erased: { patientId: string; reason: string; inTransaction: boolean }[];

  beforeEach(async () => {
    kit = await startHiuKit();
    erased = [];
    status = new PatientStatusService(kit.ctx, {
      erasePatient: (patientId, reason) => void erased.push({ patientId, reason, inTransaction: kit.db.inTransaction }),
    });
    status.register();
    identification = new PatientIdentification(kit.ctx, status);
    identification.register();
    subscriptions = new SubscriptionService(kit.ctx, status, { fetchNewRecords: async () => undefined });
    subscriptions.register();
  });
  afterEach(async () => {
    await kit.close();
  });

  async function announce(patientId: string, next: 'DEACTIVATED' | 'REACTIVATED' | 'DELETED') {
    const answer = await kit.control(`/patients/${patientId}/status`, { status: next });
    expect(answer.status).toBe(200);
    await kit.settle();
    return answer.json.notified as string[];
  }

  async function statusNotifications() {
    const log = (await kit.read('/hiu/notifications')) as { sent: { requestId: string; path: string; acknowledgements: { path: string; body: any }[] }[] };
    return log.sent.filter((n) => n.path === '/patients/status/notify');
  }

  const auditActions = () => kit.ctx.audit.list().map((entry) => `${entry.action} ${entry.detail}`).reverse();

  it('an active patient passes; status says ACTIVE when the CM never said otherwise', () => {
    expect(() => status.assertActive(ASHA)).not.toThrow();
    expect(status.status(ASHA)).toEqual({ patientId: ASHA, status: 'ACTIVE', changedAt: null, purgedAt: null });
  });

  it('DEACTIVATED refuses new requests → REACTIVATED allows them again; each is acknowledged, shown and audited', async () => {
    await identification.find({ patientId: ASHA });
    const [deactivation] = await announce(ASHA, 'DEACTIVATED');

    const inactive = failureOf(() => status.assertActive(ASHA));
    expect(inactive.code).toBe('PATIENT_INACTIVE');
    expect(inactive.params).toEqual({ patientId: ASHA });
    await expect(identification.find({ patientId: ASHA })).rejects.toMatchObject({ code: 'PATIENT_INACTIVE' });
    await expect(subscriptions.request({ patientId: ASHA, categories: ['LINK'], from: new Date().toISOString(), to: new Date().toISOString() })).rejects.toMatchObject({
      code: 'PATIENT_INACTIVE',
    });
    expect(kit.outbox('patients.find')).toHaveLength(1);
    expect(kit.outbox('subscriptionRequests.init')).toHaveLength(0);
    expect(status.status(ASHA)).toMatchObject({ status: 'DEACTIVATED', purgedAt: null });
    // Addresses are compared without case.
    expect(failureOf(() => status.assertActive('Asha.Verma@SBX')).code).toBe('PATIENT_INACTIVE');
    // Another patient is not affected.
    expect(() => status.assertActive('rohan.desai@sbx')).not.toThrow();

    await announce(ASHA, 'REACTIVATED');
    expect(() => status.assertActive(ASHA)).not.toThrow();
    expect(status.status(ASHA).status).toBe('ACTIVE');
    await expect(identification.find({ patientId: ASHA })).resolves.toEqual({ id: ASHA, name: 'Asha Devi Verma' });

    expect(kit.eventsOf('patients.statusChanged')).toEqual([
      { patientId: ASHA, status: 'DEACTIVATED' },
      { patientId: ASHA, status: 'REACTIVATED' },
    ]);
    expect(auditActions()).toEqual([`patient.deactivated ${ASHA}`, `patient.reactivated ${ASHA}`]);
    const sent = await statusNotifications();
    expect(sent.map((n) => n.requestId)[0]).toBe(deactivation);
    for (const notification of sent) {
      expect(notification.acknowledgements).toHaveLength(1);
      const ack = notification.acknowledgements[0]!;
      expect(ack.path).toBe('/patients/status/on-notify');
      expect(ack.body).toMatchObject({ acknowledgment: { status: 'OK' }, resp: { requestId: notification.requestId } });
      expect(ack.body).not.toHaveProperty('acknowledgement');
    }
    expect(erased).toEqual([]);
  });

  it('DELETED erases everything held inside the notification’s transaction, records the purge, and is final', async () => {
    await identification.find({ patientId: ASHA });
    const before = new Date().toISOString();
    // Rows are told apart by id, not time: the find's answer can carry the same millisecond as `before`.
    const lastRowBefore = (kit.db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM timeline').get() as { id: number }).id;
    await announce(ASHA, 'DELETED');

    expect(erased).toEqual([{ patientId: ASHA, reason: 'patient-deleted', inTransaction: true }]);
    const deleted = failureOf(() => status.assertActive(ASHA));
    expect(deleted.code).toBe('PATIENT_DELETED');
    expect(deleted.params).toEqual({ patientId: ASHA });
    const view = status.status(ASHA);
    expect(view.status).toBe('DELETED');
    expect(view.purgedAt! >= before).toBe(true);
    const row = kit.db.prepare('SELECT * FROM patient_status').get() as { patient_id: string; status: string; purged_at: string };
    expect(row).toMatchObject({ patient_id: ASHA, status: 'DELETED', purged_at: view.purgedAt });
    expect(kit.eventsOf('patients.statusChanged')).toEqual([{ patientId: ASHA, status: 'DELETED' }]);
    expect(auditActions()).toEqual([`patient.deleted ${ASHA}`]);
    // Nothing new is filed under the patient after the erasure: neither the notification nor its acknowledgement.
    expect(kit.outbox('patientStatus.onNotify')[0]!.patientId).toBeNull();
    expect(kit.db.prepare(`SELECT * FROM timeline WHERE patient_id = ? AND id > ?`).all(ASHA, lastRowBefore)).toEqual([]);
    expect((await statusNotifications())[0]!.acknowledgements).toHaveLength(1);

    // ABDM's deletion is final: a later REACTIVATED for the address is acknowledged but lifts nothing.
    await announce(ASHA, 'REACTIVATED');
    expect(failureOf(() => status.assertActive(ASHA)).code).toBe('PATIENT_DELETED');
    await expect(identification.find({ patientId: ASHA })).rejects.toMatchObject({ code: 'PATIENT_DELETED' });
    expect(erased).toHaveLength(1);
    expect(kit.eventsOf('patients.statusChanged')).toHaveLength(1);
    expect((await statusNotifications()).map((n) => n.acknowledgements.length)).toEqual([1, 1]);
  });

  it('duplicate delivery (same requestId) changes nothing twice', async () => {
    await kit.control('/hiu/callback-faults', { duplicate: true });
    await announce(ASHA, 'DELETED');
    expect(kit.deliveries.filter((d) => d.kind === 'patientStatus.notify')).toHaveLength(2);
    expect(erased).toHaveLength(1);
    expect(kit.eventsOf('patients.statusChanged')).toHaveLength(1);
    expect(auditActions()).toEqual([`patient.deleted ${ASHA}`]);
    expect(kit.outbox('patientStatus.onNotify')).toHaveLength(1);
    expect((await statusNotifications())[0]!.acknowledgements).toHaveLength(1);
  });

  it('the same news again under a new requestId is acknowledged again and changes nothing', async () => {
    await announce(ASHA, 'DEACTIVATED');
    const body = kit.deliveries.find((d) => d.kind === 'patientStatus.notify')!.body;
    await kit.inject('patientStatus.notify', { ...body, requestId: randomUUID() });
    await kit.settle();
    expect(kit.outbox('patientStatus.onNotify')).toHaveLength(2);
    expect(kit.eventsOf('patients.statusChanged')).toHaveLength(1);
    expect(auditActions()).toEqual([`patient.deactivated ${ASHA}`]);
  });

  it('ACTIVE (the spec text’s word) is read as REACTIVATED', async () => {
    await announce(ASHA, 'DEACTIVATED');
    await kit.inject('patientStatus.notify', { requestId: randomUUID(), timestamp: new Date().toISOString(), notification: { status: 'ACTIVE', patient: { id: ASHA } } });
    await kit.settle();
    expect(() => status.assertActive(ASHA)).not.toThrow();
    expect(kit.eventsOf('patients.statusChanged').at(-1)).toEqual({ patientId: ASHA, status: 'REACTIVATED' });
  });

  it('an older notification arriving late does not undo a newer one; ABDM’s local times without offset are read as UTC', async () => {
    await announce(ASHA, 'DEACTIVATED');
    await announce(ASHA, 'REACTIVATED');
    const anHourAgo = new Date(Date.now() - 3600_000).toISOString().replace('Z', '');
    await kit.inject('patientStatus.notify', { requestId: randomUUID(), timestamp: `${anHourAgo}123`, notification: { status: 'DEACTIVATED', patient: { id: ASHA } } });
    await kit.settle();
    expect(() => status.assertActive(ASHA)).not.toThrow();
    expect(kit.outbox('patientStatus.onNotify')).toHaveLength(3);

    await kit.inject('patientStatus.notify', { requestId: randomUUID(), timestamp: '2099-06-01T08:00:00.123456', notification: { status: 'DEACTIVATED', patient: { id: 'rohan.desai@sbx' } } });
    expect(status.status('rohan.desai@sbx')).toMatchObject({ status: 'DEACTIVATED', changedAt: '2099-06-01T08:00:00.123Z' });
  });

  it('when erasing fails, nothing of the notification is applied or acknowledged, and it is kept as failed', async () => {
    const failing = new PatientStatusService(kit.ctx, {
      erasePatient: () => {
        throw new Error('disk full');
      },
    });
    failing.register();
    await announce(ASHA, 'DELETED');
    expect(() => failing.assertActive(ASHA)).not.toThrow();
    expect(kit.db.prepare('SELECT COUNT(*) AS n FROM patient_status').get()).toEqual({ n: 0 });
    expect(kit.outbox('patientStatus.onNotify')).toHaveLength(0);
    expect(kit.eventsOf('patients.statusChanged')).toEqual([]);
    expect(kit.ctx.audit.list()).toEqual([]);
    expect(kit.inboxStates()).toEqual({ failed: 1 });
  });
});
