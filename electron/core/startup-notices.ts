// What the person who looks after the desk should know about how the app started, written to main's log: a
// settings file that had to be repaired, a keychain that could not be used and what that means for the data.
// (The operator sees the keychain's state in the header; these lines say why.)
import type { AppDatabase } from '../store/db';
import type { SettingsStore } from '../store/settings';
import type { Vault } from '../store/vault';

export function startupNotices(parts: { settings: SettingsStore; vault: Vault; database: AppDatabase }): string[] {
  const notices: string[] = [];
  if (parts.settings.repaired.length > 0) {
    notices.push(`${parts.settings.path}: ${parts.settings.repaired.join(', ')} could not be read and were reset to their defaults.`);
  }
  if (parts.vault.status === 'unavailable') {
    notices.push(`No system keychain (${parts.vault.unavailableReason ?? 'unknown reason'}): the client secret and tokens are kept in memory until ABHA Desk closes.`);
  }
  if (!parts.database.persistent) {
    notices.push('The database is kept in memory for this session only, because there is no keychain to hold its key: nothing recorded today will be there after a restart.');
  }
  return notices;
}
