// The Electron settings backend, run for real (electron-store) against a stand-in for Electron's `app`, since the
// Electron binary cannot run here: a damaged settings file must not stop the desk's app from starting.
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../electron/store/settings/settings-schema';

const userData = mkdtempSync(path.join(tmpdir(), 'abha-electron-settings-'));
afterAll(() => rmSync(userData, { recursive: true, force: true }));

vi.mock('electron', () => {
  const app = { getPath: (name: string) => (name === 'userData' ? userData : tmpdir()), getVersion: () => '0.1.0' };
  const ipcMain = { on: () => ipcMain };
  return { default: { app, ipcMain, shell: {} }, app, ipcMain, shell: {} };
});

const { openElectronSettings } = await import('../../../electron/platform/settings-backend');
const settingsFile = path.join(userData, 'settings.json');

describe('Electron settings backend', () => {
  it('writes settings.json in the user data folder, and keeps an update across a reopen', () => {
    const store = openElectronSettings();
    expect(store.path).toBe(settingsFile);
    store.update({ operatorName: 'Meena' });
    expect(openElectronSettings().get().operatorName).toBe('Meena');
  });

  it('starts with the defaults when settings.json is not JSON, instead of stopping the app', () => {
    writeFileSync(settingsFile, '{"operatorName": "Meena", trailing garbage');
    const store = openElectronSettings();
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(JSON.parse(readFileSync(settingsFile, 'utf8'))).toEqual(DEFAULT_SETTINGS);
  });

  it('repairs only the invalid fields of a damaged file', () => {
    writeFileSync(settingsFile, JSON.stringify({ ...DEFAULT_SETTINGS, operatorName: 'Meena', bridge: { ...DEFAULT_SETTINGS.bridge, port: 'eighty' } }));
    const store = openElectronSettings();
    expect(store.get().operatorName).toBe('Meena');
    expect(store.get().bridge.port).toBe(DEFAULT_SETTINGS.bridge.port);
    expect(store.repaired).toEqual(['bridge.port']);
  });

  it.skipIf(process.platform === 'win32')('keeps settings.json readable by this user only (0600), and makes an older 0644 file so at start', () => {
    openElectronSettings().update({ operatorName: 'Meena' });
    expect(statSync(settingsFile).mode & 0o777).toBe(0o600);
    chmodSync(settingsFile, 0o644);
    expect(openElectronSettings().get().operatorName).toBe('Meena');
    expect(statSync(settingsFile).mode & 0o777).toBe(0o600);
  });
});
