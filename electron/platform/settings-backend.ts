// electron-store is the settings backend inside Electron (it picks the per-user config folder itself). It gets the
// same options as the conf backend of web mode and tests, so a damaged file is repaired here too.
import ElectronStore from 'electron-store';
import { createSettingsStore, SETTINGS_FILE_NAME, SETTINGS_FILE_OPTIONS, type SettingsStore } from '../store/settings/settings';

export function openElectronSettings(): SettingsStore {
  return createSettingsStore(new ElectronStore<Record<string, unknown>>({ name: SETTINGS_FILE_NAME, ...SETTINGS_FILE_OPTIONS }));
}
