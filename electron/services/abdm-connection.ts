// Which ABDM the app talks to, decided by the settings: the embedded training sandbox, ABDM's sandbox or
// production, on the current API (ABHA v3 + HIE-CM v3) or the legacy one (Health ID v1 + gateway v0.5).
// Clients are rebuilt when the environment, the API, a base URL or the client id changes.
import { createAbhaV3Client } from '../abdm/abha-v3/client';
import { GatewaySession } from '../abdm/session';
import { createHealthIdClient } from '../abdm/healthid-v1/client';
import type { AbhaClients } from './abha/abha-clients';
import { AppFailure } from '../shared/errors';
import { serviceUrlProblem } from '../shared/service-url';
import type { Settings } from '../store/settings/settings-schema';
import type { Vault } from '../store/secrets/vault';

export const CLIENT_SECRET_ACCOUNT = 'client-secret';

export interface AbdmEndpoints {
  healthIdBaseUrl: string;
  gatewayBaseUrl: string;
  abhaV3BaseUrl: string;
  hiecmBaseUrl: string;
  clientId: string;
  clientSecret: () => Promise<string>;
}

/** Training mode's ABDM as the host hands it to the core (electron/training/simulator.ts embeds one); called on first use. */
export type TrainingEndpoints = () => Promise<AbdmEndpoints>;

interface Connected {
  key: string;
  abha: AbhaClients;
  /** The gateway of this API: gateway v0.5's base, or HIE-CM v3's. */
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

  /** The ABHA client of the API chosen in Settings. */
  async abha(): Promise<AbhaClients> {
    return (await this.connect()).abha;
  }

  /** The gateway of the current environment and its session (the HIU engine's requests). */
  async gateway(): Promise<{ gatewayBaseUrl: string; session: GatewaySession; training: boolean }> {
    const connected = await this.connect();
    return { gatewayBaseUrl: connected.gatewayBaseUrl, session: connected.session, training: this.settings().environment === 'training' };
  }

  private async connect(): Promise<Connected> {
    const settings = this.settings();
    const api = settings.abdmApi;
    const key = [settings.environment, api, settings.healthIdBaseUrl, settings.gatewayBaseUrl, settings.abhaV3BaseUrl, settings.hiecmBaseUrl, settings.cmId, settings.clientId].join('|');
    if (this.current?.key === key) return this.current;
    const endpoints = settings.environment === 'training' ? await this.training() : this.configured(settings);
    const credentials = { clientId: endpoints.clientId, clientSecret: endpoints.clientSecret, now: this.now };
    // The one place that picks the clients of an API generation (ABHA v3 + HIE-CM, or HealthID v1 + gateway v0.5):
    // a branch on the API belongs here, where the seam is chosen; everything past it asks the generation.
    if (api === 'v3') {
      const session = new GatewaySession({ ...credentials, gatewayBaseUrl: endpoints.hiecmBaseUrl, api: 'v3', cmId: settings.cmId });
      const client = createAbhaV3Client({ baseUrl: endpoints.abhaV3BaseUrl, session, now: this.now });
      this.current = { key, abha: { api, client }, gatewayBaseUrl: endpoints.hiecmBaseUrl, session };
    } else {
      const session = new GatewaySession({ ...credentials, gatewayBaseUrl: endpoints.gatewayBaseUrl });
      this.current = { key, abha: { api, client: createHealthIdClient({ baseUrl: endpoints.healthIdBaseUrl, session }) }, gatewayBaseUrl: endpoints.gatewayBaseUrl, session };
    }
    return this.current;
  }

  private configured(settings: Settings): AbdmEndpoints {
    // The first request carries the client secret: refuse plain http before anything is sent. Which URLs that is
    // follows the clients picked in connect(), so it branches on the API with it.
    const urls = settings.abdmApi === 'v3' ? (['abhaV3BaseUrl', 'hiecmBaseUrl'] as const) : (['gatewayBaseUrl', 'healthIdBaseUrl'] as const);
    for (const setting of urls) {
      if (serviceUrlProblem(settings[setting]) === 'not-https') throw new AppFailure('INSECURE_URL', { params: { setting } });
    }
    if (settings.clientId.trim() === '') throw new AppFailure('CLIENT_ID_MISSING');
    return {
      healthIdBaseUrl: settings.healthIdBaseUrl,
      gatewayBaseUrl: settings.gatewayBaseUrl,
      abhaV3BaseUrl: settings.abhaV3BaseUrl,
      hiecmBaseUrl: settings.hiecmBaseUrl,
      clientId: settings.clientId,
      clientSecret: async () => {
        const secret = await this.vault.get(CLIENT_SECRET_ACCOUNT);
        if (!secret) throw new AppFailure('CLIENT_SECRET_MISSING');
        return secret;
      },
    };
  }
}
