// electron-store is the settings backend inside Electron (it picks the per-user config folder itself).
import ElectronStore from 'electron-store';
import { createSettingsStore, type SettingsStore } from '../store/settings';

export function openElectronSettings(): SettingsStore {
  return createSettingsStore(new ElectronStore({ name: 'settings', clearInvalidConfig: false }));
}
