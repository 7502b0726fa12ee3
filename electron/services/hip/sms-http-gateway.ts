// A generic HTTP SMS gateway (Settings smsGateway): most Indian SMS providers take a POST or PUT with an API key in a
// header and the number and text in a JSON or form body. The key lives in the keychain (account `sms-gateway-key`).
import type { Settings } from '../../store/settings/settings-schema';
import { SMS_TIMEOUT_MS, SmsFailure, type SmsMessage, type SmsSender } from './sms-sender';
import { smsBody } from './sms-template';

export const SMS_KEY_ACCOUNT = 'sms-gateway-key';

export type SmsGatewaySettings = NonNullable<Settings['smsGateway']>;

export interface HttpSmsGatewayDeps {
  gateway: SmsGatewaySettings;
  /** The provider's API key (the vault's `sms-gateway-key`); null when none is kept. */
  key: () => Promise<string | null>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export class HttpSmsGateway implements SmsSender {
  constructor(private readonly deps: HttpSmsGatewayDeps) {}

  async send(sms: SmsMessage): Promise<void> {
    const { gateway } = this.deps;
    const headers: Record<string, string> = { 'content-type': gateway.contentType };
    if (gateway.keyHeader) {
      const key = await this.deps.key();
      if (!key) throw new SmsFailure('no-key');
      headers[gateway.keyHeader] = key;
    }
    const body = smsBody(gateway.bodyTemplate, gateway.contentType, sms);
    let answer: Response;
    try {
      answer = await (this.deps.fetch ?? fetch)(gateway.url, {
        method: gateway.method,
        headers,
        body,
        signal: AbortSignal.timeout(this.deps.timeoutMs ?? SMS_TIMEOUT_MS),
      });
    } catch (error) {
      throw new SmsFailure(error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable');
    }
    // The answer's body may echo the message (the OTP): it is read and dropped, never kept or logged.
    await answer.arrayBuffer().catch(() => undefined);
    if (!answer.ok) throw new SmsFailure(`refused-${answer.status}`);
  }
}
