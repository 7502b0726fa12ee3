// A desk that started degraded says so in main's log, and why: the settings fields it reset, why the keychain is
// not used and where the secrets are kept instead, and, for a throwaway run only, that nothing survives a restart.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startAppCore, type AppCore, type AppCoreOptions } from '../../../electron/app-core';
import { openConfSettings } from '../../../electron/store/settings/settings';
import { DEFAULT_SETTINGS } from '../../../electron/store/settings/settings-schema';
import { memorySecretDriver } from '../../../electron/store/secrets/vault';

let core: AppCore | undefined;
const folders: string[] = [];
afterEach(async () => {
  await core?.close();
  core = undefined;
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function start(secretDriver: ReturnType<typeof memorySecretDriver> | null, settingsFile?: unknown, more: Partial<AppCoreOptions> = {}): Promise<{ notices: string[]; dataFolder: string }> {
  const dataFolder = mkdtempSync(path.join(tmpdir(), 'abha-notices-'));
  folders.push(dataFolder);
  if (settingsFile) writeFileSync(path.join(dataFolder, 'settings.json'), JSON.stringify(settingsFile));
  const notices: string[] = [];
  const noTraining = async () => { throw new Error('not used'); };
  core = await startAppCore({ dataFolder, settings: openConfSettings(dataFolder), secretDriver, transport: 'web', training: noTraining, logNotice: (n) => notices.push(n), ...more });
  return { notices, dataFolder };
}

it('says nothing when the settings are sound and the keychain works', async () => {
  expect((await start(memorySecretDriver())).notices).toEqual([]);
});

it('names the settings fields it reset to their defaults', async () => {
  const { notices } = await start(memorySecretDriver(), { ...DEFAULT_SETTINGS, gatewayBaseUrl: 'not a url', bridge: { ...DEFAULT_SETTINGS.bridge, port: -1 } });
  expect(notices).toEqual([expect.stringMatching(/settings\.json: gatewayBaseUrl, bridge\.port could not be read and were reset to their defaults\.$/)]);
});

it('without a keychain says why, and which file keeps the secrets instead, readable only by this user', async () => {
  const { notices, dataFolder } = await start(null);
  expect(notices).toEqual([
    `[core] The system keychain is not used (no keychain driver): the database key and the other secrets are kept in ${path.join(dataFolder, 'vault', 'secrets.json')}, readable only by this user (no encryption of its own). A working system keychain would protect them better; ABHA Desk moves them into it at the next start once it works.`,
  ]);
});

it('says the file is encrypted by the operating system when the host seals it', async () => {
  const reverse = { encrypt: async (plain: string) => Buffer.from(plain).reverse(), decrypt: async (sealed: Uint8Array) => Buffer.from(sealed).reverse().toString() };
  const { notices, dataFolder } = await start(null, undefined, { secretsEncryption: reverse });
  expect(notices).toEqual([
    `[core] The system keychain is not used (no keychain driver): the database key and the other secrets are kept in ${path.join(dataFolder, 'vault', 'secrets.json')}, encrypted by the operating system for this user.`,
  ]);
});

it('for a throwaway run, says nothing is kept past it', async () => {
  const { notices } = await start(null, undefined, { secretsFallback: 'memory' });
  expect(notices).toEqual([
    '[core] The system keychain is not used (no keychain driver): the client secret and the other secrets are kept in memory until ABHA Desk closes.',
    '[core] The database is kept in memory for this run only (a throwaway run with no place to keep its key): nothing recorded will be there after a restart.',
  ]);
});
