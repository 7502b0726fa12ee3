// Which sender the HIP's OTP goes through: the clinic's SMS gateway when Settings name one; in training without one,
// the simulator; otherwise none (a link request is then answered with an error: no OTP could reach the patient).
import type { Vault } from '../../store/secrets/vault';
import type { Settings } from '../../store/settings/settings-schema';
import { HttpSmsGateway, SMS_KEY_ACCOUNT } from './sms-http-gateway';
import type { SmsSender } from './sms-sender';
import { TrainingSms } from './sms-training';

export interface SmsChoiceDeps {
  vault: Pick<Vault, 'get'>;
  simulatorUrl: () => Promise<string>;
  fetch?: typeof fetch;
}

export function smsSenderFor(settings: Settings, deps: SmsChoiceDeps): SmsSender | null {
  if (settings.smsGateway) return new HttpSmsGateway({ gateway: settings.smsGateway, key: () => deps.vault.get(SMS_KEY_ACCOUNT), fetch: deps.fetch });
  if (settings.environment === 'training') return new TrainingSms({ simulatorUrl: deps.simulatorUrl, fetch: deps.fetch });
  return null;
}
