// Training's SMS: the simulator takes it (`POST <simulator>/_sandbox/hip/sms` with {to, message}) and shows the trainer
// what the patient's phone would get (`GET /_sandbox/hip/sms?to=`, docs/sandbox.md), so no real SMS ever goes out.
import { SMS_TIMEOUT_MS, SmsFailure, type SmsMessage, type SmsSender } from './sms-sender';

export interface TrainingSmsDeps {
  /** The running simulator's own address (`http://127.0.0.1:<port>`), as TrainerShare gets it. */
  simulatorUrl: () => Promise<string>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export class TrainingSms implements SmsSender {
  constructor(private readonly deps: TrainingSmsDeps) {}

  async send(sms: SmsMessage): Promise<void> {
    let answer: Response;
    try {
      const url = new URL('/_sandbox/hip/sms', await this.deps.simulatorUrl());
      answer = await (this.deps.fetch ?? fetch)(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: sms.to, message: sms.message }),
        signal: AbortSignal.timeout(this.deps.timeoutMs ?? SMS_TIMEOUT_MS),
      });
    } catch (error) {
      throw new SmsFailure(error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable');
    }
    await answer.arrayBuffer().catch(() => undefined);
    if (!answer.ok) throw new SmsFailure(`refused-${answer.status}`);
  }
}
