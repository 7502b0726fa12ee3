// The link token on the legacy generation (gateway v0.5, reference/spec/gateway-v05.md §2.7–2.8): users/auth/init
// with purpose LINK, the HIP as requester and DEMOGRAPHICS, then users/auth/confirm with the patient's name, gender
// and date of birth; on-confirm's `auth.accessToken` is the token links/link/add-contexts carries. These are the
// HIU's `auth.*` operations (one path serves both roles on v0.5; the body's requester says who asks), and their
// callbacks are kept by KycAuth's handler: the answers are taken from its CallbackAnswers by our requestId.
import type { GatewayOutbox } from '../../gateway/outbox';
import { AppFailure } from '../../shared/errors';
import type { RegisteredPatient } from '../register/register-types';

/** KycAuth's kept answers (services/hiu/kyc-auth.ts `answers`): the callback's message for our request. */
export interface AuthAnswers {
  take(requestId: string): Promise<unknown>;
}

export interface LegacyLinkTokenInput {
  outbox: GatewayOutbox;
  answers: AuthAnswers;
  hipId: string;
  abhaAddress: string;
  patient: Pick<RegisteredPatient, 'name' | 'gender' | 'dateOfBirth' | 'yearOfBirth'>;
  /**
   * Puts a request in the outbox and names it on the visit, in one transaction, before it is sent: a restart while
   * it is on its way then waits for its answer rather than starting a second authentication beside it.
   */
  enqueue(operation: 'auth.init' | 'auth.confirm', payload: Record<string, unknown>): string;
}

/**
 * The access token for linking. `pending`: a users/auth/* request of ours still under way at the gateway when the
 * desk restarted (the outbox sends it again under the same requestId): its answer is awaited instead of starting a
 * second authentication beside it.
 */
export async function legacyLinkToken(input: LegacyLinkTokenInput, pending?: { operation: string; requestId: string }): Promise<string> {
  const { outbox, answers, abhaAddress, patient } = input;
  if (pending?.operation === 'auth.confirm') return accessTokenOf(await answers.take(pending.requestId));
  let initId = pending?.operation === 'auth.init' ? pending.requestId : null;
  if (!initId) {
    const query = { id: abhaAddress, purpose: 'LINK', authMode: 'DEMOGRAPHICS', requester: { type: 'HIP', id: input.hipId } };
    initId = input.enqueue('auth.init', { query });
    await outbox.sendNow(initId);
  }
  const started = (await answers.take(initId)) as { transactionId?: unknown } | null;
  if (typeof started?.transactionId !== 'string') throw new AppFailure('ABDM_BAD_ANSWER');
  const credential = { demographic: { name: patient.name, gender: genderOf(patient.gender), dateOfBirth: patient.dateOfBirth ?? String(patient.yearOfBirth ?? '') } };
  const confirmId = input.enqueue('auth.confirm', { transactionId: started.transactionId, credential });
  await outbox.sendNow(confirmId);
  return accessTokenOf(await answers.take(confirmId));
}

function accessTokenOf(answer: unknown): string {
  const token = (answer as { accessToken?: unknown } | null)?.accessToken;
  if (typeof token !== 'string' || !token) throw new AppFailure('ABDM_BAD_ANSWER');
  return token;
}

/** v0.5's demographic gender is M, F, O or U; ABDM's D and T (as some profiles send) are O there. */
function genderOf(gender: string): string {
  return ['M', 'F', 'O', 'U'].includes(gender) ? gender : 'O';
}
