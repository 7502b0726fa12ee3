// What a callback said in answer to a request a service is waiting on. The outbox knows only that a request was
// answered (and the error code); the services that wait (find a patient, fetch auth modes, start and confirm an
// authentication) need the answer's payload. Their processor handler keeps it here in memory under our requestId,
// and the service takes it once the outbox says the request was answered. Nothing here outlives the process: the
// caller waiting for the answer does not either.
import { AppFailure } from '../shared/errors';
import type { CallbackContext } from './callback-processor';
import type { GatewayOutbox } from './outbox';

/** Answers nobody took (the caller gave up, or the answer came after the timeout) are dropped after this long. */
const KEEP_MS = 15 * 60_000;

export interface KeptAnswer {
  payload: Record<string, any>;
  errorCode: string | null;
}

export class CallbackAnswers {
  private readonly kept = new Map<string, KeptAnswer & { at: number }>();

  constructor(
    private readonly outbox: GatewayOutbox,
    private readonly now: () => number,
  ) {}

  /** For a processor handler: keeps what the callback answering `callback.respRequestId` said. */
  keep(callback: Pick<CallbackContext, 'respRequestId' | 'payload' | 'errorCode'>): void {
    if (!callback.respRequestId) return;
    this.sweep();
    this.kept.set(callback.respRequestId, { payload: callback.payload, errorCode: callback.errorCode, at: this.now() });
  }

  /**
   * Waits until the request is answered and returns the answer's payload. Rejects as the outbox does (refused by
   * the gateway, GATEWAY_NO_ANSWER), and with ABDM_ERROR carrying the code when the consent manager refused.
   */
  async take(requestId: string): Promise<Record<string, any>> {
    await this.outbox.waitForAnswer(requestId);
    const answer = this.kept.get(requestId);
    this.kept.delete(requestId);
    // Answered in the table but not kept here: the callback was applied without this service's handler.
    if (!answer) throw new AppFailure('INTERNAL', { params: { reason: 'answer-not-kept' } });
    if (answer.errorCode) throw new AppFailure('ABDM_ERROR', { abdmCode: answer.errorCode });
    return answer.payload;
  }

  private sweep(): void {
    const oldest = this.now() - KEEP_MS;
    for (const [requestId, answer] of this.kept) if (answer.at < oldest) this.kept.delete(requestId);
  }
}
