// Electron's safeStorage as the vault's encryption for its secrets file (store/secrets/secrets-file-driver.ts), where the
// system keychain cannot be used through keytar but the operating system can still encrypt for this user: DPAPI on
// Windows, the Keychain on macOS, libsecret or KWallet on Linux. Usable only once the app is ready.
import { safeStorage } from 'electron';
import type { SecretsEncryption } from '../store/secrets/secrets-file-driver';
import { withTimeout } from '../shared/with-timeout';

// On Linux, 'basic_text' encrypts with a key written into Chromium itself (no protection at all) and 'unknown' means
// nothing was chosen: a file sealed that way would only look protected, so the plain user-only file is used instead.
const NO_REAL_BACKEND: ReadonlySet<string> = new Set(['basic_text', 'unknown']);
// A locked keyring can wait on an unlock prompt nobody answers; the app must still start (as the keychain probe).
const AVAILABLE_TIMEOUT_MS = 5_000;

/** The encryption, or null when this computer has none that protects anything (the vault then says 'user-file'). */
export async function safeStorageEncryption(platform: NodeJS.Platform = process.platform): Promise<SecretsEncryption | null> {
  const available = await withTimeout(safeStorage.isAsyncEncryptionAvailable(), AVAILABLE_TIMEOUT_MS, 'safeStorage').catch(() => false);
  if (!available) return null;
  if (platform === 'linux' && NO_REAL_BACKEND.has(safeStorage.getSelectedStorageBackend())) return null;
  return {
    encrypt: (plain) => safeStorage.encryptStringAsync(plain),
    decrypt: async (sealed) => (await safeStorage.decryptStringAsync(Buffer.from(sealed))).result,
  };
}
