// Finding a patient at the consent manager by ABHA address (gateway v0.5 patients/find → patients/on-find,
// reference/spec/gateway-v05.md §2.5): the CM answers with the name behind the address, or refuses (1414
// "Cannot find the user"), which the operator reads as ABDM's own code.
import { AppFailure } from '../../shared/errors';
import { CallbackAnswers } from '../../gateway/callback-answers';
import type { HiuMessages } from '../../abdm/gateway/hiu/hiu-messages';
import { hiuIdOf, type HiuContext, type PatientGuard } from './hiu-context';

export interface FoundPatient {
  /** The ABHA address as the consent manager spells it. */
  id: string;
  name: string;
}

export class PatientIdentification {
  private readonly answers: CallbackAnswers<HiuMessages['patients.onFind']>;

  constructor(
    private readonly ctx: HiuContext,
    private readonly guard: PatientGuard,
  ) {
    this.answers = new CallbackAnswers(ctx.outbox, ctx.now);
  }

  register(): void {
    this.ctx.processor.on('patients.onFind', (callback) => {
      this.answers.keep(callback);
      const { patient } = callback.message;
      return { applied: true, patientId: typeof patient?.id === 'string' ? patient.id : null };
    });
  }

  /** Asks the CM who `patientId` is. ABDM_ERROR with the CM's code when it refuses; NOT_FOUND when it names nobody. */
  async find(input: { patientId: string }): Promise<FoundPatient> {
    const { patientId } = input;
    this.guard.assertActive(patientId);
    const hiuId = hiuIdOf(this.ctx.settings());
    const entry = await this.ctx.outbox.send('patients.find', { query: { patient: { id: patientId }, requester: { type: 'HIU', id: hiuId } } }, { patientId });
    const answer = await this.answers.take(entry.requestId);
    const { patient } = answer;
    if (!patient || typeof patient.id !== 'string' || typeof patient.name !== 'string') throw new AppFailure('NOT_FOUND', { params: { patientId } });
    return { id: patient.id, name: patient.name };
  }
}
