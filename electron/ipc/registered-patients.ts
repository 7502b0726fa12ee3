// Enrol and Verify register their patient in the clinic's register (services/register/), verified by the OTP the
// patient just confirmed: new, or the registration that already holds this ABHA (docs/patient-register.md). Done
// here, around the handlers, as Today's day patients are (shown-patients.ts), so the flows need not know of the
// register. A profile read again (patient.profile) is not a visit and registers nobody. Registering never fails the
// operator's call: a failure is logged and the answer goes back as it was.
import type { ChannelName, OutputOf } from './contract';
import type { Handlers } from './dispatch';
import type { PatientView } from '../services/abha/patient-view';

type VerifiedBy<C extends ChannelName> = (output: OutputOf<C>) => PatientView | undefined;

const VERIFIED: { [C in ChannelName]?: VerifiedBy<C> } = {
  'enrol.verifyAadhaarOtp': (next) => (next.next === 'done' ? next.result.patient : undefined),
  'enrol.create': (result) => result.patient,
  'verify.confirm': (outcome) => ('patient' in outcome ? outcome.patient : undefined),
  'verify.choose': (outcome) => outcome.patient,
};

export function registerVerifiedPatients(handlers: Handlers, register: (patient: PatientView) => void, logError: (what: string, error: unknown) => void): Handlers {
  const wrapped = { ...handlers } as unknown as Record<string, (input: unknown) => unknown>;
  for (const [channel, verified] of Object.entries(VERIFIED) as [ChannelName, (output: unknown) => PatientView | undefined][]) {
    const handler = handlers[channel] as (input: unknown) => unknown;
    wrapped[channel] = async (input: unknown) => {
      const output = await handler(input);
      const patient = verified(output);
      if (patient) {
        try {
          register(patient);
        } catch (error) {
          logError('registering the verified patient', error);
        }
      }
      return output;
    };
  }
  return wrapped as unknown as Handlers;
}
