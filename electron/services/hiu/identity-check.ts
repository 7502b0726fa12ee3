// Finding a patient for Records on ABDM v3 by ABHA number as well as by address (ABDM's HIU_FLOW_101): HIE-CM v3 has
// no patients/find, so the desk confirms who the patient is with the consent manager's demographic identity check
// (electron/abdm/gateway/v3/identity-authentication.ts: ABHA number, address, name, gender, year of birth). The
// details come from the desk's own verification of the patient (the page sends what the Verify screen showed); the
// consent manager answers whether they belong together. On the older API patients/find does this (hiu.findPatient).
import { authenticateIdentity, type IdentityParameters } from '../../abdm/gateway/v3/identity-authentication';
import { supports } from '../../abdm/gateway/capabilities';
import type { GatewaySession } from '../../abdm/session';
import { AppFailure } from '../../shared/errors';
import { callAbdm } from '../call-abdm';
import { hiuIdOf, type HiuContext, type PatientGuard } from './hiu-context';

export interface IdentifiedPatient {
  /** The ABHA address the consent manager confirmed (the id every consent request names). */
  id: string;
  name: string;
  gender: IdentityParameters['gender'];
  yearOfBirth: number;
}

export class IdentityCheck {
  constructor(
    private readonly ctx: HiuContext,
    private readonly guard: PatientGuard,
    private readonly gateway: () => Promise<{ gatewayBaseUrl: string; session: GatewaySession }>,
  ) {}

  async identify(input: IdentityParameters): Promise<{ patient: IdentifiedPatient }> {
    const settings = this.ctx.settings();
    if (!supports(settings.abdmApi, 'identity-authentication')) throw new AppFailure('NOT_ON_THIS_API', { params: { reason: 'identity-authentication' } });
    const abhaAddress = input.abhaAddress.trim().toLowerCase();
    this.guard.assertActive(abhaAddress);
    const requesterId = hiuIdOf(settings);
    const gateway = await this.gateway();
    const answer = await callAbdm(() => authenticateIdentity({ ...gateway, cmId: settings.cmId, requesterId, now: this.ctx.now }, { ...input, abhaAddress }));
    // The number is the patient's claim until the consent manager says these details are one person.
    if (!answer.authenticated) throw new AppFailure('IDENTITY_NOT_CONFIRMED', { params: { patientId: abhaAddress } });
    return { patient: { id: (answer.abhaAddress ?? abhaAddress).toLowerCase(), name: input.name, gender: input.gender, yearOfBirth: input.yearOfBirth } };
  }
}
