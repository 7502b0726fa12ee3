// How the HIP's OTP reaches a patient's phone (docs/hip-patient-link.md): a pluggable sender. A clinic names its SMS
// provider's HTTP API in Settings (sms-http-gateway.ts); training sends to the simulator (sms-training.ts), which
// shows the trainer what a patient's phone would get. A send that fails says why in a reason code, never the text.

export interface SmsMessage {
  /** Ten digits (an Indian mobile). */
  to: string;
  message: string;
}

export interface SmsSender {
  send(sms: SmsMessage): Promise<void>;
}

/**
 * Why an SMS did not go: no gateway set (and not training), no key in the keychain for the key header, a body
 * template that is not valid after filling in, the gateway unreachable or too slow, or it answered an HTTP error.
 */
export type SmsProblem = 'not-configured' | 'no-key' | 'bad-template' | 'unreachable' | 'timeout' | `refused-${number}`;

export class SmsFailure extends Error {
  constructor(readonly problem: SmsProblem) {
    super(`The SMS was not sent (${problem}).`);
    this.name = 'SmsFailure';
  }
}

/** How long a gateway may take to take an SMS; the link request is answered long before, this only bounds the send. */
export const SMS_TIMEOUT_MS = 10_000;
