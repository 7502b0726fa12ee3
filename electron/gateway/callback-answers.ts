// What a callback said in answer to a request a service is waiting on. The outbox knows only that a request was
// answered (and the error code); the services that wait (find a patient, fetch auth modes, start and confirm an
// authentication) need the answer's message. Their processor handler keeps it here in memory under our requestId,
// and the service takes it once the outbox says the request was answered. Nothing here outlives the process: the
// caller waiting for the answer does not either.
import { AppFailure } from '../shared/errors';
import type { CallbackContext } from './callback-processor';
import type { GatewayOutbox } from './outbox';

/** Answers nobody took (the caller gave up, or the answer came after the timeout) are dropped after this long. */
const KEEP_MS = 15 * 60_000;

export interface KeptAnswer<M> {
  message: M;
  errorCode: string | null;
}

/** One service's answers, of one message type `M` (or a union of its kinds' messages). */
export class CallbackAnswers<M> {
  private readonly kept = new Map<string, KeptAnswer<M> & { at: number }>();

  constructor(
    private readonly outbox: GatewayOutbox,
    private readonly now: () => number,
  ) {}

  /** For a processor handler: keeps what the callback answering `callback.respRequestId` said. */
  keep(callback: Pick<CallbackContext<M>, 'respRequestId' | 'message' | 'errorCode'>): void {
    if (!callback.respRequestId) return;
    this.sweep();
    this.kept.set(callback.respRequestId, { message: callback.message, errorCode: callback.errorCode, at: this.now() });
  }

  /**
   * Waits until the request is answered and returns the answer's message. Rejects as the outbox does (refused by
   * the gateway, GATEWAY_NO_ANSWER), and with ABDM_ERROR carrying the code when the consent manager refused.
   */
  async take(requestId: string): Promise<M> {
    await this.outbox.waitForAnswer(requestId);
    const answer = this.kept.get(requestId);
    this.kept.delete(requestId);
    // Answered in the table but not kept here: the callback was applied without this service's handler.
    if (!answer) throw new AppFailure('INTERNAL', { params: { reason: 'answer-not-kept' } });
    if (answer.errorCode) throw new AppFailure('ABDM_ERROR', { abdmCode: answer.errorCode });
    return answer.message;
  }

  private sweep(): void {
    const oldest = this.now() - KEEP_MS;
    for (const [requestId, answer] of this.kept) if (answer.at < oldest) this.kept.delete(requestId);
  }
}
