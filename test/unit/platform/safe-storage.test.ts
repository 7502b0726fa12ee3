// The safeStorage adapter, against a stand-in for Electron's safeStorage (the Electron binary cannot run here): it
// offers the operating system's encryption only where that protects something.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const safeStorage = {
  available: true,
  backend: 'gnome_libsecret' as string,
  isAsyncEncryptionAvailable: vi.fn(async () => safeStorage.available),
  getSelectedStorageBackend: vi.fn(() => safeStorage.backend),
  // A stand-in cipher written here: base64 of the reversed text, tagged, so a wrong input is refused.
  encryptStringAsync: vi.fn(async (plain: string) => Buffer.from(`sealed:${Buffer.from([...plain].reverse().join('')).toString('base64')}`)),
  decryptStringAsync: vi.fn(async (sealed: Buffer) => {
    const text = sealed.toString();
    if (!text.startsWith('sealed:')) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    return { result: [...Buffer.from(text.slice('sealed:'.length), 'base64').toString()].reverse().join(''), shouldReEncrypt: false };
  }),
};
vi.mock('electron', () => ({ default: { safeStorage }, safeStorage }));

const { safeStorageEncryption } = await import('../../../electron/platform/safe-storage');

beforeEach(() => {
  safeStorage.available = true;
  safeStorage.backend = 'gnome_libsecret';
});

describe('safeStorage as the secrets file’s encryption', () => {
  it('on Linux with libsecret, encrypts and decrypts through safeStorage', async () => {
    const encryption = await safeStorageEncryption('linux');
    expect(encryption).not.toBeNull();
    const sealed = await encryption!.encrypt('{"database-key":"abc"}');
    expect(Buffer.from(sealed).toString()).toBe('sealed:fSJjYmEiOiJ5ZWstZXNhYmF0YWQiew==');
    expect(await encryption!.decrypt(sealed)).toBe('{"database-key":"abc"}');
  });

  it('on Linux with KWallet too', async () => {
    safeStorage.backend = 'kwallet6';
    expect(await safeStorageEncryption('linux')).not.toBeNull();
  });

  it('on Linux with the basic_text backend (a key built into Chromium), offers none', async () => {
    safeStorage.backend = 'basic_text';
    expect(await safeStorageEncryption('linux')).toBeNull();
  });

  it('on Linux before a backend was chosen (unknown), offers none', async () => {
    safeStorage.backend = 'unknown';
    expect(await safeStorageEncryption('linux')).toBeNull();
  });

  it('on Windows and macOS, whenever encryption is available', async () => {
    safeStorage.backend = 'unknown'; // Linux only: not asked elsewhere
    expect(await safeStorageEncryption('win32')).not.toBeNull();
    expect(await safeStorageEncryption('darwin')).not.toBeNull();
  });

  it('offers none where encryption is not available', async () => {
    safeStorage.available = false;
    expect(await safeStorageEncryption('darwin')).toBeNull();
    expect(await safeStorageEncryption('linux')).toBeNull();
  });
});
