// Everything the main process does that is not Electron: stores, services, handlers.
// main.ts (Electron) and the web-mode server both start exactly this, so tests exercise the real handlers.
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { createDispatcher, type Dispatch } from './ipc/dispatch';
import { EventBus } from './ipc/events';
import { createHandlers } from './ipc/handlers';
import type { AppInfo } from './ipc/contract';
import type { SettingsStore } from './store/settings';
import { openVault, type SecretDriver } from './store/vault';
import { openDatabase, type AppDatabase } from './store/db';
import { APP_NAME, APP_VERSION } from './version';

export interface AppCoreOptions {
  dataFolder: string;
  settings: SettingsStore;
  secretDriver: SecretDriver | null;
  transport: AppInfo['transport'];
  logError?: (channel: string, error: unknown) => void;
}

export interface AppCore {
  dispatch: Dispatch;
  events: EventBus;
  database: AppDatabase;
  close(): Promise<void>;
}

export async function startAppCore(opts: AppCoreOptions): Promise<AppCore> {
  mkdirSync(opts.dataFolder, { recursive: true });
  const vault = await openVault(opts.secretDriver);
  const database = await openDatabase({ file: path.join(opts.dataFolder, 'abha-desk.db'), vault });
  const events = new EventBus();
  const handlers = createHandlers({
    name: APP_NAME,
    version: APP_VERSION,
    dataFolder: opts.dataFolder,
    transport: opts.transport,
    settings: opts.settings,
    vault,
    events,
  });
  return {
    dispatch: createDispatcher(handlers, opts.logError),
    events,
    database,
    close: async () => database.close(),
  };
}
