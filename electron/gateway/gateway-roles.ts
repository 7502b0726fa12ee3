// The roles the desk's gateway pipeline serves (HIU today, HIP next), each registered once at start-up with its
// description (electron/abdm/gateway/role-wire.ts: kinds, operations, wire per generation), its id from Settings,
// and whether it is on. The pipeline asks here for the generation to send with (every role's operations), the
// routes the bridge serves (the roles that are on), the generation a stored callback came in (to read it into its
// role's message) and the kinds the relay link may hand over. Handlers are registered with the callback processor.
import type { CallbackRoute, GatewayGeneration } from '../abdm/gateway/generation';
import { GATEWAY_TRANSPORTS, gatewayTransportFor } from '../abdm/gateway/generation-choice';
import { generationWithRoles, type RoleDescription, type RoleOnGeneration } from '../abdm/gateway/role-wire';
import type { AbdmApi } from '../shared/abdm-api';
import type { Settings } from '../store/settings/settings-schema';

export interface RoleRegistration {
  /** The role's id as the gateway knows it (Settings' HIU id, HIP id); may throw when none is set. */
  id: () => string;
  /** Whether the bridge serves the role's callbacks with these settings (a HIP id is set); default: always. */
  isOn?: (settings: Settings) => boolean;
  /**
   * The keys the role holds at the clinic's relay for as long as it is on, claimed after every hello: the counters
   * this desk serves, so that a profile shared at one reaches it (relay-protocol.ts counterKey). Default: none.
   */
  standingKeys?: (settings: Settings) => readonly string[];
}

interface Registered extends RoleOnGeneration {
  isOn: (settings: Settings) => boolean;
  standingKeys: (settings: Settings) => readonly string[];
}

export class GatewayRoles {
  private readonly registered: Registered[] = [];
  private readonly cache = new Map<string, GatewayGeneration>();

  register(role: RoleDescription, registration: RoleRegistration): void {
    const clash = this.registered.find((entry) => entry.role.name === role.name || entry.role.kinds.some((kind) => role.kinds.includes(kind)));
    if (clash) throw new Error(`the gateway role ${role.name} clashes with ${clash.role.name} (a name or a callback kind)`);
    this.registered.push({ role, id: registration.id, isOn: registration.isOn ?? (() => true), standingKeys: registration.standingKeys ?? (() => []) });
    this.cache.clear();
  }

  /** Every registered role on the generation of `api`: for requests, and for reading what was stored. */
  generation(api: AbdmApi): GatewayGeneration {
    const transport = gatewayTransportFor(api);
    return this.joined(transport.name, () => generationWithRoles(transport, this.registered));
  }

  /** The generation a stored callback arrived in, by its bridge path (even if the API was switched since). */
  generationOfPath(path: string): GatewayGeneration {
    for (const transport of GATEWAY_TRANSPORTS) {
      const generation = this.joined(transport.name, () => generationWithRoles(transport, this.registered));
      if (generation.callbackRoutes.some((route) => route.path === path)) return generation;
    }
    return this.generation('v1');
  }

  /** What the bridge serves with these settings: the callback routes, on their ABDM API, of the roles that are on. */
  routes(settings: Settings): CallbackRoute[] {
    return generationWithRoles(gatewayTransportFor(settings.abdmApi), this.registered.filter((entry) => entry.isOn(settings))).callbackRoutes.slice();
  }

  /** The roles on with these settings, by name (part of the bridge's settings key: one switched on serves its routes). */
  onNames(settings: Settings): string[] {
    return this.registered.filter((entry) => entry.isOn(settings)).map((entry) => entry.role.name);
  }

  /** The standing relay keys of the roles on with these settings. */
  standingKeys(settings: Settings): string[] {
    return this.registered.filter((entry) => entry.isOn(settings)).flatMap((entry) => entry.standingKeys(settings));
  }

  /** Every kind of every registered role: what the relay link may store. */
  kinds(): ReadonlySet<string> {
    return new Set(this.registered.flatMap((entry) => entry.role.kinds));
  }

  private joined(name: string, build: () => GatewayGeneration): GatewayGeneration {
    let generation = this.cache.get(name);
    if (!generation) this.cache.set(name, (generation = build()));
    return generation;
  }
}
