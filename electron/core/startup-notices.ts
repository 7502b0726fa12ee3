// What the person who looks after the desk should know about how the app started, written to main's log: a
// settings file that had to be repaired, and where the secrets are kept when the system keychain could not be used
// (and why not). The operator reads the same in plain words under Settings → Data protection.
import type { AppDatabase } from '../store/db';
import type { SettingsStore } from '../store/settings/settings';
import type { Vault } from '../store/secrets/vault';

export function startupNotices(parts: { settings: SettingsStore; vault: Vault; database: AppDatabase }): string[] {
  const notices: string[] = [];
  if (parts.settings.repaired.length > 0) {
    notices.push(`${parts.settings.path}: ${parts.settings.repaired.join(', ')} could not be read and were reset to their defaults.`);
  }
  const keychainNotice = vaultNotice(parts.vault);
  if (keychainNotice) notices.push(keychainNotice);
  if (!parts.database.persistent) {
    notices.push('The database is kept in memory for this run only (a throwaway run with no place to keep its key): nothing recorded will be there after a restart.');
  }
  return notices;
}

function vaultNotice(vault: Vault): string | null {
  const why = `The system keychain is not used (${vault.keychainProblem ?? 'unknown reason'})`;
  switch (vault.protection) {
    case 'keychain':
      return null;
    case 'os-encryption':
      return `${why}: the database key and the other secrets are kept in ${vault.secretsFile}, encrypted by the operating system for this user.`;
    case 'user-file':
      return `${why}: the database key and the other secrets are kept in ${vault.secretsFile}, readable only by this user (no encryption of its own). A working system keychain would protect them better; ABHA Desk moves them into it at the next start once it works.`;
    case 'memory':
      return `${why}: the client secret and the other secrets are kept in memory until ABHA Desk closes.`;
  }
}
