// Every answer that shows the operator a patient's profile from ABDM (enrolment finished, new or existing; a
// verification; a profile read again) is also kept as one of the day's patients (services/day/day-patients.ts), so Today
// can name and reopen them. It is done here, around the handlers, so the flows need not know about Today; keeping
// it never fails the operator's call: a failure is logged and the answer goes back as it was.
import type { ChannelName, OutputOf } from './contract';
import type { Handlers } from './dispatch';
import type { PatientView } from '../services/abha/patient-view';

type ShownBy<C extends ChannelName> = (output: OutputOf<C>) => PatientView | undefined;

const SHOWN: { [C in ChannelName]?: ShownBy<C> } = {
  'enrol.verifyAadhaarOtp': (next) => (next.next === 'done' ? next.result.patient : undefined),
  'enrol.create': (result) => result.patient,
  'verify.confirm': (outcome) => ('patient' in outcome ? outcome.patient : undefined),
  'verify.choose': (outcome) => outcome.patient,
  'patient.profile': (patient) => patient,
};

export function keepShownPatients(handlers: Handlers, keep: (patient: PatientView) => void, logError: (what: string, error: unknown) => void): Handlers {
  const wrapped = { ...handlers } as unknown as Record<string, (input: unknown) => unknown>;
  for (const [channel, shown] of Object.entries(SHOWN) as [ChannelName, (output: unknown) => PatientView | undefined][]) {
    const handler = handlers[channel] as (input: unknown) => unknown;
    wrapped[channel] = async (input: unknown) => {
      const output = await handler(input);
      const patient = shown(output);
      if (patient) {
        try {
          keep(patient);
        } catch (error) {
          logError('keeping the day’s patient', error);
        }
      }
      return output;
    };
  }
  return wrapped as unknown as Handlers;
}
