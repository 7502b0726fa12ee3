// Binds each contract channel to the service that answers it. Inputs arrive already validated.
import type { Handlers } from './dispatch';
import type { EventBus } from './events';
import type { AppInfo } from './contract';
import type { SettingsStore } from '../store/settings';
import type { Vault } from '../store/vault';

export interface HandlerContext {
  name: string;
  version: string;
  dataFolder: string;
  transport: AppInfo['transport'];
  settings: SettingsStore;
  vault: Vault;
  events: EventBus;
}

export function createHandlers(ctx: HandlerContext): Handlers {
  return {
    'app.info': () => ({
      name: ctx.name,
      version: ctx.version,
      environment: ctx.settings.get().environment,
      dataFolder: ctx.dataFolder,
      keychain: ctx.vault.status,
      transport: ctx.transport,
    }),
    'settings.get': () => ctx.settings.get(),
    'settings.update': (patch) => {
      const updated = ctx.settings.update(patch);
      ctx.events.emit('settings.changed', updated);
      return updated;
    },
  };
}
