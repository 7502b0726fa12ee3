// The real app core (stores, services, handlers) on a throwaway data folder, talking to an embedded
// sandbox, driven through the same dispatch function both transports use.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAppCore, type AppCore } from '../../electron/app-core';
import type { ChannelName, InputOf, OutputOf } from '../../electron/ipc/contract';
import type { AppError } from '../../electron/shared/errors';
import { errorText } from '../../renderer/lib/error-text';
import type { Language } from '../../renderer/lib/i18n';
import { endpointsOf } from '../../electron/training/simulator';
import { openConfSettings } from '../../electron/store/settings/settings';
import type { AbdmApi } from '../../electron/store/settings/settings-schema';
import { memorySecretDriver, type SecretDriver } from '../../electron/store/secrets/vault';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/index';

/** The admin PIN every harness desk is set up with (electron/services/admin-pin.ts). */
export const HARNESS_ADMIN_PIN = '482916';

export interface AppHarness {
  core: AppCore;
  sandbox: RunningSandbox;
  dataFolder: string;
  call<C extends ChannelName>(channel: C, input?: InputOf<C>): Promise<OutputOf<C>>;
  /** The failure, with `message`: its words as the desk shows them in the language set in Settings. */
  fail<C extends ChannelName>(channel: C, input?: InputOf<C>): Promise<AppError & { message: string }>;
  /** Closes the core (and the simulator it started) and removes the data folder, unless asked to keep it for a look. */
  close(options?: { keepDataFolder?: boolean }): Promise<void>;
}

export interface AppHarnessOptions {
  /** The keychain the app core sees; by default one held in this process's memory. */
  secretDriver?: SecretDriver;
  /** Main's clock; share the sandbox's (`sandbox.context.clock.now`) to move both together. */
  now?: () => number;
  /** The ABDM API the desk is set to (Settings' "ABDM API"); suites run on both with describe.each(ABDM_APIS). */
  api?: AbdmApi;
  /** Callbacks through a relay (Settings: Callbacks arrive through the clinic's relay) with this desk's credential. */
  relay?: { url: string; credential: string };
  /** A simulator already running (shared by several desks, or known to a relay first); left running on close. */
  sandbox?: RunningSandbox;
}

export async function startAppHarness(sandboxOptions: SandboxOptions = {}, options: AppHarnessOptions = {}): Promise<AppHarness> {
  const dataFolder = mkdtempSync(path.join(os.tmpdir(), 'abha-desk-app-'));
  const sandbox = options.sandbox ?? (await startSandbox({ port: 0, ...sandboxOptions }));
  const settings = openConfSettings(dataFolder);
  settings.update({ operatorName: 'Meena (front desk)', abdmApi: options.api ?? 'v1' });
  const core = await startAppCore({
    dataFolder,
    settings,
    secretDriver: options.secretDriver ?? memorySecretDriver(),
    transport: 'web',
    training: async () => endpointsOf(sandbox),
    // Any free port: integration tests run side by side.
    bridgePort: 0,
    now: options.now,
  });
  const call = async <C extends ChannelName>(channel: C, input?: InputOf<C>) => {
    const result = await core.dispatch(channel, input);
    if (!result.ok) throw new Error(`${channel} failed: ${result.error.code} ${JSON.stringify(result.error)} ${result.error.abdmCode ?? ''}`);
    return result.value as OutputOf<C>;
  };
  // The clinic's administrator has set the admin PIN and unlocked the connection settings (for ten minutes, on the
  // wall clock), as a person changing them in Settings would; tests of the PIN itself start their own core.
  await call('settings.setAdminPin', { pin: HARNESS_ADMIN_PIN });
  if (options.relay) {
    // The credential first, so the bridge restarted by the mode change connects with it at once.
    await call('secrets.setRelayCredential', { credential: options.relay.credential });
    await call('settings.update', { bridge: { mode: 'relay', relayUrl: options.relay.url } });
    // The bridge restarts in the background; a desk is ready once the relay's hello named its callback URL.
    for (let i = 0; i < 200 && !core.hiu.bridge.status().relay?.connected; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    if (!core.hiu.bridge.status().relay?.connected) throw new Error(`the desk did not connect to the relay: ${JSON.stringify(core.hiu.bridge.status().relay)}`);
  }
  const fail = async <C extends ChannelName>(channel: C, input?: InputOf<C>) => {
    const result = await core.dispatch(channel, input);
    if (result.ok) throw new Error(`${channel} unexpectedly succeeded`);
    const settings = await core.dispatch('settings.get', undefined);
    const language = settings.ok ? (settings.value as { language: Language }).language : 'en';
    return { ...result.error, message: errorText(result.error, language) };
  };
  return {
    core,
    sandbox,
    dataFolder,
    call,
    fail,
    close: async ({ keepDataFolder = false } = {}) => {
      await core.close();
      if (!options.sandbox) await sandbox.close();
      if (!keepDataFolder) rmSync(dataFolder, { recursive: true, force: true });
    },
  };
}
