// Which ABDM the app talks to, decided by the settings: the embedded training sandbox, ABDM's sandbox or
// production. Clients are rebuilt when the environment, a base URL or the client id changes.
import { GatewaySession } from '../abdm/session';
import { createHealthIdClient, type HealthIdClient } from '../abdm/healthid';
import { AppFailure } from '../shared/errors';
import { serviceUrlProblem } from '../shared/service-url';
import type { Settings } from '../store/settings-schema';
import type { Vault } from '../store/vault';

export const CLIENT_SECRET_ACCOUNT = 'client-secret';

export interface AbdmEndpoints {
  healthIdBaseUrl: string;
  gatewayBaseUrl: string;
  clientId: string;
  clientSecret: () => Promise<string>;
}

/** Training mode's ABDM as the host hands it to the core (electron/training/simulator.ts embeds one); called on first use. */
export type TrainingEndpoints = () => Promise<AbdmEndpoints>;

interface Connected {
  key: string;
  healthId: HealthIdClient;
  gatewayBaseUrl: string;
  session: GatewaySession;
}

export class AbdmConnection {
  private current: Connected | null = null;

  constructor(
    private readonly settings: () => Settings,
    private readonly vault: Vault,
    private readonly training: TrainingEndpoints,
    private readonly now: () => number = Date.now,
  ) {}

  async healthId(): Promise<HealthIdClient> {
    return (await this.connect()).healthId;
  }

  /** The gateway of the current environment and its session (the HIU engine's requests). */
  async gateway(): Promise<{ gatewayBaseUrl: string; session: GatewaySession; training: boolean }> {
    const connected = await this.connect();
    return { gatewayBaseUrl: connected.gatewayBaseUrl, session: connected.session, training: this.settings().environment === 'training' };
  }

  private async connect(): Promise<Connected> {
    const settings = this.settings();
    const key = [settings.environment, settings.healthIdBaseUrl, settings.gatewayBaseUrl, settings.clientId].join('|');
    if (this.current?.key === key) return this.current;
    const endpoints = settings.environment === 'training' ? await this.training() : this.configured(settings);
    const session = new GatewaySession({ gatewayBaseUrl: endpoints.gatewayBaseUrl, clientId: endpoints.clientId, clientSecret: endpoints.clientSecret, now: this.now });
    this.current = { key, healthId: createHealthIdClient({ baseUrl: endpoints.healthIdBaseUrl, session }), gatewayBaseUrl: endpoints.gatewayBaseUrl, session };
    return this.current;
  }

  private configured(settings: Settings): AbdmEndpoints {
    // The first request carries the client secret: refuse plain http before anything is sent.
    if (serviceUrlProblem(settings.gatewayBaseUrl) === 'not-https') throw new AppFailure('INSECURE_URL', { params: { setting: 'gatewayBaseUrl' } });
    if (serviceUrlProblem(settings.healthIdBaseUrl) === 'not-https') throw new AppFailure('INSECURE_URL', { params: { setting: 'healthIdBaseUrl' } });
    if (settings.clientId.trim() === '') throw new AppFailure('CLIENT_ID_MISSING');
    return {
      healthIdBaseUrl: settings.healthIdBaseUrl,
      gatewayBaseUrl: settings.gatewayBaseUrl,
      clientId: settings.clientId,
      clientSecret: async () => {
        const secret = await this.vault.get(CLIENT_SECRET_ACCOUNT);
        if (!secret) throw new AppFailure('CLIENT_SECRET_MISSING');
        return secret;
      },
    };
  }
}
