import type { HiuWorld } from './hiu-world';
import type { PatientStatus } from './patient-directory';

export type AnnouncedStatus = 'DEACTIVATED' | 'REACTIVATED' | 'DELETED';

/**
 * The patient's ABHA is deactivated, reactivated or deleted: the CM tells every HIU that dealt
 * with the patient (or, if none did, every registered bridge under the default HIU id).
 */
export function announcePatientStatus(world: HiuWorld, patientId: string, status: AnnouncedStatus): string[] {
  const patient = world.directory.find(patientId);
  if (!patient) throw new Error(`no patient ${patientId}`);
  const next: PatientStatus = status === 'REACTIVATED' ? 'ACTIVE' : status;
  world.directory.setStatus(patient.id, next);
  const contacts = [...(world.contacts.get(patient.id)?.values() ?? [])];
  const recipients =
    contacts.length > 0
      ? contacts
      : world.bridges.clients().map((clientId) => ({ clientId, serviceId: world.settings.defaultHiuId }));
  return recipients.map((recipient) =>
    world.notify(recipient, '/patients/status/notify', { notification: { status, patient: { id: patient.id } } }),
  );
}
