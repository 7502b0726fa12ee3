// What the desk can do on the ABDM API chosen in Settings, as main describes it (app.info's capabilities, from
// electron/abdm/gateway/capabilities.ts). Screens ask for a capability by what it lets the desk do; none of them
// names an API. Reactive in templates and $derived: it reads the app state.
import type { DeskCapability } from '../../electron/ipc/contract';
import { app } from './app-state.svelte';

/** False until the app info and settings have arrived (no screen that asks is shown before). */
export function supports(capability: DeskCapability): boolean {
  const api = app.settings?.abdmApi;
  return api ? (app.info?.capabilities[api] ?? []).includes(capability) : false;
}
