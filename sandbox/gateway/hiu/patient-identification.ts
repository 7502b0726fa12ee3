import type { z } from 'zod';
import type { patientFindBody } from './body-schemas';
import { CM, refuse } from './cm-errors';
import type { Caller, HiuWorld } from './hiu-world';

/** patients/find: the CM names the patient behind an ABHA address, or says it cannot find them. */
export function findPatient(world: HiuWorld, caller: Caller, body: z.infer<typeof patientFindBody>): void {
  world.answer(caller, '/patients/on-find', body.requestId, () => {
    const patient = world.directory.findActive(body.query.patient.id) ?? refuse(CM.userNotFound, 'Cannot find the user');
    world.rememberContact(patient.id, caller);
    return { patient: { id: patient.id, name: patient.name } };
  });
}
