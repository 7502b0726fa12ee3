// Launches the real Electron app. Electron cannot be downloaded on the project's machines,
// so these skip there with the reason; they run wherever the binary is installed.
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findElectronBinary } from '../../scripts/electron-binary';
import pkg from '../../package.json' with { type: 'json' };
import { channelNames } from '../../electron/ipc/contract';

const binary = findElectronBinary();
test.skip(!binary.present, binary.reason);

let app: ElectronApplication;
let userData: string;

test.beforeEach(async () => {
  userData = mkdtempSync(path.join(os.tmpdir(), 'abha-desk-electron-'));
  app = await electron.launch({
    executablePath: binary.path ?? undefined,
    args: ['.'],
    env: { ...process.env, ABHA_DESK_USER_DATA: userData },
  });
});

test.afterEach(async () => {
  await app?.close();
  rmSync(userData, { recursive: true, force: true });
});

test('opens one window showing the version reported by main', async () => {
  const page = await app.firstWindow();
  await expect(page.getByText(pkg.version)).toBeVisible();
  expect(app.windows()).toHaveLength(1);
});

test('the window is sandboxed and isolated, with no Node in the page', async () => {
  const page = await app.firstWindow();
  const prefs = await app.evaluate(({ BrowserWindow }) => {
    // getLastWebPreferences is present at run time but missing from Electron's type declarations.
    const contents = BrowserWindow.getAllWindows()[0]!.webContents as unknown as { getLastWebPreferences(): Electron.WebPreferences | null };
    const p = contents.getLastWebPreferences();
    return { contextIsolation: p?.contextIsolation, sandbox: p?.sandbox, nodeIntegration: p?.nodeIntegration, webSecurity: p?.webSecurity };
  });
  expect(prefs).toEqual({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
  expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
  expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
});

test('the preload exposes exactly the contract and window.open is denied', async () => {
  const page = await app.firstWindow();
  const keys = await page.evaluate(() => Object.keys((window as unknown as { abhaDesk: object }).abhaDesk).sort());
  const areas = [...new Set(channelNames.map((c) => c.split('.')[0]!)), 'on'].sort();
  expect(keys).toEqual(areas);
  expect(await page.evaluate(() => window.open('https://example.org') === null)).toBe(true);
  expect(app.windows()).toHaveLength(1);
});
