import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memorySecretDriver, openVault, type SecretDriver } from '../../../electron/store/secrets/vault';
import { openSecretsFile, secretsFileIn, SecretsFileError, type SecretsEncryption } from '../../../electron/store/secrets/secrets-file-driver';

function failingDriver(message: string): SecretDriver {
  return {
    get: vi.fn(async () => {
      throw new Error(message);
    }),
    set: vi.fn(async () => {
      throw new Error(message);
    }),
    delete: vi.fn(async () => {
      throw new Error(message);
    }),
  };
}

/** A stand-in for safeStorage, written here: reversible, and what it returns does not show the secret. */
const fakeEncryption: SecretsEncryption = {
  encrypt: async (plain) => Buffer.from(plain).reverse(),
  decrypt: async (sealed) => Buffer.from(sealed).reverse().toString(),
};

describe('vault', () => {
  it('uses a working keychain and says so', async () => {
    const driver = memorySecretDriver();
    const vault = await openVault(driver);
    expect(vault.protection).toBe('keychain');
    expect(vault.keychainProblem).toBeUndefined();
    await vault.set('client-secret', 's3cret');
    expect(await driver.get('client-secret')).toBe('s3cret');
    expect(await vault.get('client-secret')).toBe('s3cret');
    expect(await vault.delete('client-secret')).toBe(true);
    expect(await vault.get('client-secret')).toBeNull();
    expect(await vault.delete('client-secret')).toBe(false);
  });

  it('leaves no probe entry behind in the keychain', async () => {
    const driver = memorySecretDriver();
    const set = vi.spyOn(driver, 'set');
    await openVault(driver);
    const probeAccount = set.mock.calls[0]?.[0] ?? '';
    expect(probeAccount).not.toBe('');
    expect(await driver.get(probeAccount)).toBeNull();
  });

  it('without a fallback (a throwaway run), keeps the secrets in memory when the keychain throws', async () => {
    const driver = failingDriver('Cannot autolaunch D-Bus without X11 $DISPLAY');
    const vault = await openVault(driver);
    expect(vault.protection).toBe('memory');
    expect(vault.keychainProblem).toMatch(/D-Bus/);
    await vault.set('gateway-token', 'tok');
    expect(await vault.get('gateway-token')).toBe('tok');
    expect(await vault.delete('gateway-token')).toBe(true);
    expect(await vault.get('gateway-token')).toBeNull();
    // After the failed probe the broken keychain is never asked again.
    expect(driver.set).toHaveBeenCalledTimes(1);
    expect(driver.get).not.toHaveBeenCalled();
  });

  it('is memory without a driver and without a fallback', async () => {
    const vault = await openVault(null);
    expect(vault.protection).toBe('memory');
    expect(vault.keychainProblem).toBe('no keychain driver');
    await vault.set('records-key', 'k');
    expect(await vault.get('records-key')).toBe('k');
  });

  it('does not trust a keychain that does not give back what was stored', async () => {
    const forgetful: SecretDriver = { get: async () => null, set: async () => {}, delete: async () => false };
    const vault = await openVault(forgetful);
    expect(vault.protection).toBe('memory');
    expect(vault.keychainProblem).toMatch(/did not return/);
  });

  it('gives up on a keychain that never answers (a locked keyring waiting on a prompt)', async () => {
    const silent: SecretDriver = {
      get: () => new Promise(() => {}),
      set: () => new Promise(() => {}),
      delete: () => new Promise(() => {}),
    };
    const vault = await openVault(silent, { probeTimeoutMs: 50 });
    expect(vault.protection).toBe('memory');
    expect(vault.keychainProblem).toMatch(/did not answer within 50 ms/);
  });

  it('keeps the in-memory secrets of one run away from another', async () => {
    const first = await openVault(null);
    await first.set('database-key', 'a'.repeat(64));
    const second = await openVault(null);
    expect(await second.get('database-key')).toBeNull();
  });

  it('rejects an empty account name or value with a clear error', async () => {
    const vault = await openVault(memorySecretDriver());
    await expect(vault.get('')).rejects.toThrow(/non-empty account name/);
    await expect(vault.set('client-secret', '')).rejects.toThrow(/use delete\(\)/);
  });
});

describe('vault with the secrets file as its fallback', () => {
  let dataFolder: string;
  let file: string;
  beforeEach(() => {
    dataFolder = mkdtempSync(path.join(tmpdir(), 'abha-vault-'));
    file = secretsFileIn(dataFolder);
  });
  afterEach(() => rmSync(dataFolder, { recursive: true, force: true }));

  it('without a keychain keeps every secret in the user-only file, and a restart finds them there', async () => {
    const vault = await openVault(failingDriver('The name org.freedesktop.secrets was not provided'), { fallback: { file } });
    expect(vault.protection).toBe('user-file');
    expect(vault.secretsFile).toBe(file);
    expect(vault.keychainProblem).toMatch(/org\.freedesktop\.secrets/);
    await vault.set('database-key', 'c'.repeat(64));
    await vault.set('relay-credential', 'desk-7.secret');

    const afterRestart = await openVault(null, { fallback: { file } });
    expect(afterRestart.protection).toBe('user-file');
    expect(await afterRestart.get('database-key')).toBe('c'.repeat(64));
    expect(await afterRestart.get('relay-credential')).toBe('desk-7.secret');
  });

  it('seals the file with the operating system’s encryption when the host has it', async () => {
    const vault = await openVault(null, { fallback: { file, encryption: fakeEncryption } });
    expect(vault.protection).toBe('os-encryption');
    await vault.set('database-key', 'd'.repeat(64));
    expect(readFileSync(file, 'utf8')).not.toContain('dddd');
    expect(await (await openVault(null, { fallback: { file, encryption: fakeEncryption } })).get('database-key')).toBe('d'.repeat(64));
  });

  it('keeps a working keychain: the secrets stay in it and no file is written', async () => {
    const keychain = memorySecretDriver();
    await keychain.set('database-key', 'e'.repeat(64));
    const vault = await openVault(keychain, { fallback: { file } });
    expect(vault.protection).toBe('keychain');
    await vault.set('client-secret', 's3cret');
    expect(await keychain.get('client-secret')).toBe('s3cret');
    expect(await vault.get('database-key')).toBe('e'.repeat(64));
    expect(existsSync(file)).toBe(false);
  });

  it('moves the file’s secrets into a keychain that works again, and then removes the file', async () => {
    await (await openVault(null, { fallback: { file } })).set('database-key', 'f'.repeat(64));
    const keychain = memorySecretDriver();
    const vault = await openVault(keychain, { fallback: { file } });
    expect(vault.protection).toBe('keychain');
    expect(await keychain.get('database-key')).toBe('f'.repeat(64));
    expect(existsSync(file)).toBe(false);
  });

  it('never overwrites a keychain entry: with another value already there, the file stays and is used', async () => {
    await (await openVault(null, { fallback: { file } })).set('database-key', 'f'.repeat(64));
    const keychain = memorySecretDriver();
    await keychain.set('database-key', '0'.repeat(64));
    const vault = await openVault(keychain, { fallback: { file } });
    expect(vault.protection).toBe('user-file');
    expect(vault.keychainProblem).toBe('the keychain already holds another "database-key", so the secrets file was kept');
    expect(await vault.get('database-key')).toBe('f'.repeat(64));
    expect(await keychain.get('database-key')).toBe('0'.repeat(64));
  });

  it('refuses to start on a secrets file it cannot use, and never writes a new one over it', async () => {
    const driver = await openSecretsFile(file, { encryption: fakeEncryption });
    await driver.set('database-key', 'a'.repeat(64));
    const before = readFileSync(file, 'utf8');
    const error = await openVault(null, { fallback: { file } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SecretsFileError);
    expect((error as Error).message).toContain(file);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
