// Everything the main process does that is not Electron: stores, services, handlers, and the parts that hold
// something open (core/parts.ts). main.ts (Electron) and the web-mode server both start exactly this, so tests
// exercise the real handlers.
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { createDispatcher, type Dispatch } from './ipc/dispatch';
import { EventBus } from './ipc/events';
import { createHandlers } from './ipc/handlers';
import { keepShownPatients } from './ipc/shown-patients';
import { registerVerifiedPatients } from './ipc/registered-patients';
import type { AppInfo } from './ipc/contract';
import { Parts, type Part } from './core/parts';
import { startupNotices } from './core/startup-notices';
import { openAdminPin } from './services/admin-pin';
import type { SettingsStore } from './store/settings/settings';
import type { Settings } from './store/settings/settings-schema';
import { openVault, type SecretDriver } from './store/secrets/vault';
import { secretsFileIn, type SecretsEncryption } from './store/secrets/secrets-file-driver';
import { DATABASE_FILE_NAME, openDatabase } from './store/db';
import { AuditLogStore } from './store/desk/audit-log';
import { HeldCardStore } from './store/desk/held-cards';
import { DayPatientStore } from './store/desk/day-patients';
import { DayPatients } from './services/day/day-patients';
import { TodayService } from './services/day/today';
import { PatientRegisterStore } from './store/register/patient-register-store';
import { PatientRegister } from './services/register/patient-register';
import type { CounterSharesPort } from './services/counter/counter-types';
import { AbdmConnection, type TrainingEndpoints } from './services/abdm-connection';
import { VerifyService } from './services/verify/verify';
import { AuditLog } from './services/day/audit';
import { CardService } from './services/cards/cards';
import { PatientService } from './services/abha/patients';
import type { DesktopPort } from './services/desktop/desktop-port';
import { EnrolmentService } from './services/enrolment/enrolment';
import { folderDesktop } from './services/desktop/folder-desktop';
import type { TrainingSimulator } from './training/simulator';
import { UserTokens } from './services/abha/user-tokens';
import { HiuEngine } from './services/hiu/hiu-engine';
import { CounterShares } from './services/counter/counter-shares';
import { CounterPosters } from './services/counter/poster';
import { TrainerShare } from './services/counter/trainer-share';
import { startHip, type HipParts } from './services/hip/hip-start';
import type { RegisteredPatient } from './services/register/register-types';
import { PatientStatusStore } from './store/hiu/patient-status';
import { RELAY_CREDENTIAL_ACCOUNT } from './gateway/bridge-part';
import { RecordCipher } from './store/hiu/record-cipher';
import { APP_NAME, APP_VERSION } from './version';

export interface AppCoreOptions {
  dataFolder: string;
  settings: SettingsStore;
  secretDriver: SecretDriver | null;
  /**
   * Where the secrets go when the keychain cannot be used (store/secrets/vault.ts): 'file' (the default), the secrets file in
   * the data folder, so a restart keeps the data; 'memory', nothing past this run, for throwaway runs and tests.
   */
  secretsFallback?: 'file' | 'memory';
  /** Seals the secrets file for this user where the host has the operating system's encryption (Electron safeStorage). */
  secretsEncryption?: SecretsEncryption | null;
  transport: AppInfo['transport'];
  /** Save dialog and printer (Electron's; web mode's hands files to the browser); tests default to an `exports` folder inside the data folder. */
  desktop?: DesktopPort;
  /**
   * Where training mode's ABDM lives, handed in by the host: the embedded simulator (`trainingSimulator()`,
   * loaded on first use and closed with the core) or the endpoints of a simulator the caller runs itself.
   */
  training: TrainingEndpoints | TrainingSimulator;
  /** Told about a failed IPC call (the channel) or a part that failed to start, restart or close ("core: <part>"). */
  logError?: (channel: string, error: unknown) => void;
  /** Told what degraded the start (a repaired settings file, no keychain); by default main's log. */
  logNotice?: (notice: string) => void;
  /** More parts the host runs with the core: started after the core's own, closed before them. */
  parts?: readonly Part[];
  /** Overrides the settings' bridge port (0: any free port); web mode's --bridge-port. */
  bridgePort?: number;
  /** Main's clock: OTP resend timers, patient and gateway token expiry, audit times. Tests share a sandbox's. */
  now?: () => number;
}

export interface AppCore {
  dispatch: Dispatch;
  events: EventBus;
  /** Where the callback bridge listens (`http://127.0.0.1:<port>`), or null while it is not listening. */
  bridgeUrl(): string | null;
  /** The HIU engine, for tests that move the clock (sweep) or wait until every callback is applied (idle). */
  hiu: HiuEngine;
  /** The registration counter's shares (Scan & Share): the HIP role on the same pipeline. */
  counter: CounterShares;
  /** The clinic as an HIP (visits, documents, sharing), for tests that read what was filed. */
  hip: HipParts;
  /** Closes the parts in reverse order, then the database. Safe to call more than once. */
  close(): Promise<void>;
}

export async function startAppCore(opts: AppCoreOptions): Promise<AppCore> {
  mkdirSync(opts.dataFolder, { recursive: true });
  const vault = await openVault(opts.secretDriver, {
    fallback: opts.secretsFallback === 'memory' ? undefined : { file: secretsFileIn(opts.dataFolder), encryption: opts.secretsEncryption },
  });
  const database = await openDatabase({ file: path.join(opts.dataFolder, DATABASE_FILE_NAME), vault });
  for (const notice of startupNotices({ settings: opts.settings, vault, database })) (opts.logNotice ?? console.warn)(`[core] ${notice}`);
  // A forgotten-PIN reset asked for in the data folder is done before anything reads the secrets it removes.
  const { adminPin, notice: pinNotice } = await openAdminPin({ folder: opts.dataFolder, vault });
  if (pinNotice) (opts.logNotice ?? console.warn)(`[core] ${pinNotice}`);
  const events = new EventBus();
  const settings = () => opts.settings.get();
  const simulator = typeof opts.training === 'function' ? null : opts.training;
  const training: TrainingEndpoints = typeof opts.training === 'function' ? opts.training : () => simulator!.endpoints();
  const now = opts.now ?? Date.now;
  // The simulator's own address (its gateway sits at <url>/gateway): the training counter's QR and the Trainer button.
  const simulatorUrl = async () => new URL((await training()).gatewayBaseUrl).origin;
  const abdm = new AbdmConnection(settings, vault, training, now);
  const abha = () => abdm.abha();
  const tokens = new UserTokens(now);
  const audit = new AuditLog(new AuditLogStore(database.db), () => settings().operatorName, now);
  const desktop = opts.desktop ?? folderDesktop(path.join(opts.dataFolder, 'exports'));
  const logPartError = (what: string, error: unknown) =>
    opts.logError ? opts.logError(`core: ${what}`, error) : console.error(`[core] ${what} failed:`, error);
  // The records key: the HIU's records and the HIP's documents are sealed with it.
  const hiuCipher = await RecordCipher.open(vault);
  const hiu = new HiuEngine({
    db: database.db,
    settings,
    abdm,
    cipher: hiuCipher,
    audit,
    now,
    emit: (event, payload) => events.emit(event, payload),
    logError: logPartError,
    bridgePort: opts.bridgePort,
    desktop,
    relayCredential: () => vault.get(RELAY_CREDENTIAL_ACCOUNT),
  });
  // The HIP joins the pipeline the HIU engine built, before its bridge starts (its routes are served once a HIP id is set).
  const counter = new CounterShares({ db: database.db, roles: hiu.pipeline.roles, processor: hiu.pipeline.processor, settings, now, emit: (event, payload) => events.emit(event, payload) });
  counter.register();
  counter.sweep();
  const dayPatients = new DayPatients(new DayPatientStore(database.db), now);
  dayPatients.sweep();
  // The register reads the counter's shares and marks them registered (one database: one transaction). Every
  // registration opens the day's visit of the clinic as an HIP (services/hip/hip-start.ts), which links it.
  const registerStore = new PatientRegisterStore(database.db);
  let visitOpener: ((patient: RegisteredPatient) => void) | null = null;
  const register = new PatientRegister({ store: registerStore, shares: counter, prefix: () => settings().patientNumberPrefix, now, registered: (patient) => visitOpener?.(patient) });
  const hipParts = startHip({ db: database.db, hiu, register, registerStore, patientStatus: new PatientStatusStore(database.db), cipher: hiuCipher, settings, vault, simulatorUrl, now, emit: (event, payload) => events.emit(event, payload), logError: logPartError });
  visitOpener = hipParts.openVisit;
  const hip = hipParts.desk;
  const handlers = createHandlers({
    name: APP_NAME,
    version: APP_VERSION,
    dataFolder: opts.dataFolder,
    transport: opts.transport,
    settings: opts.settings,
    vault,
    events,
    enrolment: new EnrolmentService({ abha, tokens, audit, now }),
    verify: new VerifyService({ abha, tokens, audit, now }),
    patients: new PatientService({ abha, tokens }),
    cards: new CardService({ abha, tokens, audit, desktop, held: new HeldCardStore(database.db), now, patientName: (abhaNumber) => dayPatients.names([abhaNumber], [])[0]?.name ?? null }),
    audit,
    hiu,
    dayPatients,
    today: new TodayService({ audit, patients: dayPatients, desktop, recordSubject: (id) => hiu.records.records.record(id)?.meta ?? null }),
    adminPin,
    counter,
    register,
    counterPosters: new CounterPosters({ settings, desktop, simulatorUrl, now }),
    trainerShare: new TrainerShare({ settings, simulatorUrl }),
    hip,
  });
  const parts = new Parts([...(simulator ? [simulator] : []), ...hiu.parts(), ...(opts.parts ?? [])], settings, logPartError);
  await parts.start();
  hipParts.resume();
  // In training with the HIP role on, the simulator learns the bridge's address at once (and again after a restart of
  // the bridge), so a Trainer's share reaches a desk that has not called the gateway yet.
  const announceBridge = () => {
    if (settings().environment === 'training' && counter.isOn()) hiu.pipeline.announceToSimulator().catch((error: unknown) => logPartError('telling the simulator the bridge', error));
  };
  announceBridge();
  // settings.update announces every change on the bus; a part whose settings key changed is restarted.
  const detach = events.attach((event, payload) => {
    if (event === 'settings.changed') void parts.settingsChanged(payload as Settings).then(announceBridge);
  });
  let closing: Promise<void> | undefined;
  return {
    // Every profile a handler shows is also kept for Today (ipc/shown-patients.ts); Enrol and Verify register their
    // patient in the clinic's register (ipc/registered-patients.ts).
    dispatch: createDispatcher(
      registerVerifiedPatients(keepShownPatients(handlers, (patient) => dayPatients.keep(patient), logPartError), (patient) => register.registerVerified(patient), logPartError),
      opts.logError,
    ),
    events,
    bridgeUrl: () => hiu.bridge.url(),
    hiu,
    counter,
    hip: hipParts,
    close: () =>
      (closing ??= (async () => {
        detach();
        await hipParts.close();
        await parts.close();
        database.close();
      })()),
  };
}
