// Everything the main process does that is not Electron: stores, services, handlers.
// main.ts (Electron) and the web-mode server both start exactly this, so tests exercise the real handlers.
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { createDispatcher, type Dispatch } from './ipc/dispatch';
import { EventBus } from './ipc/events';
import { createHandlers } from './ipc/handlers';
import type { AppInfo } from './ipc/contract';
import type { SettingsStore } from './store/settings';
import { openVault, type SecretDriver, type Vault } from './store/vault';
import { openDatabase, type AppDatabase } from './store/db';
import { AuditLogStore } from './store/audit-log';
import { AbdmConnection, type TrainingEndpoints } from './services/abdm-connection';
import { AbhaLoginService } from './services/abha-login';
import { AuditLog } from './services/audit';
import { CardService } from './services/cards';
import type { DesktopPort } from './services/desktop-port';
import { EnrolmentService } from './services/enrolment';
import { folderDesktop } from './services/folder-desktop';
import type { TrainingSimulator } from './training/simulator';
import { UserTokens } from './services/user-tokens';
import { APP_NAME, APP_VERSION } from './version';

export interface AppCoreOptions {
  dataFolder: string;
  settings: SettingsStore;
  secretDriver: SecretDriver | null;
  transport: AppInfo['transport'];
  /** Save dialog and printer; web mode and tests default to an `exports` folder inside the data folder. */
  desktop?: DesktopPort;
  /**
   * Where training mode's ABDM lives, handed in by the host: the embedded simulator (`trainingSimulator()`,
   * loaded on first use and closed with the core) or the endpoints of a simulator the caller runs itself.
   */
  training: TrainingEndpoints | TrainingSimulator;
  logError?: (channel: string, error: unknown) => void;
  /** Main's clock: OTP resend timers, patient and gateway token expiry, audit times. Tests share a sandbox's. */
  now?: () => number;
}

export interface AppCore {
  dispatch: Dispatch;
  events: EventBus;
  database: AppDatabase;
  vault: Vault;
  close(): Promise<void>;
}

export async function startAppCore(opts: AppCoreOptions): Promise<AppCore> {
  mkdirSync(opts.dataFolder, { recursive: true });
  const vault = await openVault(opts.secretDriver);
  const database = await openDatabase({ file: path.join(opts.dataFolder, 'abha-desk.db'), vault });
  const events = new EventBus();
  const settings = () => opts.settings.get();
  const lang = () => settings().language;
  const simulator = typeof opts.training === 'function' ? null : opts.training;
  const training: TrainingEndpoints = typeof opts.training === 'function' ? opts.training : () => simulator!.endpoints();
  const now = opts.now ?? Date.now;
  const abdm = new AbdmConnection(settings, vault, training, now);
  const healthId = () => abdm.healthId();
  const tokens = new UserTokens(now);
  const audit = new AuditLog(new AuditLogStore(database.db), () => settings().operatorName, now);
  const handlers = createHandlers({
    name: APP_NAME,
    version: APP_VERSION,
    dataFolder: opts.dataFolder,
    transport: opts.transport,
    settings: opts.settings,
    vault,
    events,
    enrolment: new EnrolmentService({ healthId, tokens, audit, lang, now }),
    login: new AbhaLoginService({ healthId, tokens, audit, lang, now }),
    cards: new CardService({ healthId, tokens, audit, desktop: opts.desktop ?? folderDesktop(path.join(opts.dataFolder, 'exports')), lang }),
    audit,
  });
  return {
    dispatch: createDispatcher(handlers, opts.logError),
    events,
    database,
    vault,
    close: async () => {
      await simulator?.close();
      database.close();
    },
  };
}
