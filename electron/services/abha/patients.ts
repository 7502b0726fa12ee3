// The patient's ABHA profile as the desk shows it, read with the user token of a recent verification.
import { readProfile } from './abha-account';
import { callWithPatientToken, type FlowDeps } from '../call-abdm';
import { toPatientView, type PatientView } from './patient-view';

export class PatientService {
  constructor(private readonly deps: Pick<FlowDeps, 'abha' | 'tokens'>) {}

  async profile(input: { abhaNumber: string }): Promise<PatientView> {
    return toPatientView(await callWithPatientToken(this.deps, input.abhaNumber, readProfile));
  }
}
