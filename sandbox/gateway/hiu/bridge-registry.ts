// Callback ("bridge") URLs per gateway client id, as the sandbox devservice keeps them
// (PATCH /v1/bridges), plus the HIU/HIP service ids linked to each bridge (addUpdateServices).

export interface BridgeService {
  id: string;
  name: string;
  type: 'HIU' | 'HIP' | 'HEALTH_LOCKER';
  active: boolean;
}

export class BridgeRegistry {
  private readonly urls = new Map<string, string>();
  private readonly services = new Map<string, BridgeService[]>();

  constructor(defaults: { clientId: string; bridgeUrl: string | undefined }) {
    if (defaults.bridgeUrl) this.setUrl(defaults.clientId, defaults.bridgeUrl);
  }

  /** Stores the base URL; callbacks go to `<url>/v0.5/...`. */
  setUrl(clientId: string, url: string): void {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new Error(`bridge url must be http or https, got ${parsed.protocol}`);
    }
    this.urls.set(clientId, url.replace(/\/+$/, ''));
  }

  urlFor(clientId: string): string | undefined {
    return this.urls.get(clientId);
  }

  clients(): string[] {
    return [...this.urls.keys()];
  }

  upsertServices(clientId: string, services: BridgeService[]): void {
    const current = new Map((this.services.get(clientId) ?? []).map((service) => [service.id, service]));
    for (const service of services) current.set(service.id, service);
    this.services.set(clientId, [...current.values()]);
  }

  servicesOf(clientId: string): BridgeService[] {
    return this.services.get(clientId) ?? [];
  }
}
