// A desk that started degraded says so in main's log, and why: the settings fields it reset, the keychain's
// reason, and that today's data will not survive a restart.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startAppCore, type AppCore } from '../../../electron/app-core';
import { openConfSettings } from '../../../electron/store/settings';
import { DEFAULT_SETTINGS } from '../../../electron/store/settings-schema';
import { memorySecretDriver } from '../../../electron/store/vault';

let core: AppCore | undefined;
const folders: string[] = [];
afterEach(async () => {
  await core?.close();
  core = undefined;
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function start(secretDriver: ReturnType<typeof memorySecretDriver> | null, settingsFile?: unknown): Promise<string[]> {
  const dataFolder = mkdtempSync(path.join(tmpdir(), 'abha-notices-'));
  folders.push(dataFolder);
  if (settingsFile) writeFileSync(path.join(dataFolder, 'settings.json'), JSON.stringify(settingsFile));
  const notices: string[] = [];
  const noTraining = async () => { throw new Error('not used'); };
  core = await startAppCore({ dataFolder, settings: openConfSettings(dataFolder), secretDriver, transport: 'web', training: noTraining, logNotice: (n) => notices.push(n) });
  return notices;
}

it('says nothing when the settings are sound and the keychain works', async () => {
  expect(await start(memorySecretDriver())).toEqual([]);
});

it('names the settings fields it reset to their defaults', async () => {
  const notices = await start(memorySecretDriver(), { ...DEFAULT_SETTINGS, gatewayBaseUrl: 'not a url', bridge: { ...DEFAULT_SETTINGS.bridge, port: -1 } });
  expect(notices).toEqual([expect.stringMatching(/settings\.json: gatewayBaseUrl, bridge\.port could not be read and were reset to their defaults\.$/)]);
});

it('says why there is no keychain and that today’s data will not survive a restart', async () => {
  const notices = await start(null);
  expect(notices).toEqual([
    '[core] No system keychain (no keychain driver): the client secret and tokens are kept in memory until ABHA Desk closes.',
    expect.stringMatching(/database is kept in memory .* nothing recorded today will be there after a restart/),
  ]);
});
