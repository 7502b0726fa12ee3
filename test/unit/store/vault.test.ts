import { describe, expect, it, vi } from 'vitest';
import { memorySecretDriver, openVault, type SecretDriver } from '../../../electron/store/vault';

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

describe('vault', () => {
  it('uses a working keychain and reports it available', async () => {
    const driver = memorySecretDriver();
    const vault = await openVault(driver);
    expect(vault.status).toBe('available');
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

  it('falls back to memory for the session when the keychain throws', async () => {
    const driver = failingDriver('Cannot autolaunch D-Bus without X11 $DISPLAY');
    const vault = await openVault(driver);
    expect(vault.status).toBe('unavailable');
    expect(vault.unavailableReason).toMatch(/D-Bus/);
    await vault.set('gateway-token', 'tok');
    expect(await vault.get('gateway-token')).toBe('tok');
    expect(await vault.delete('gateway-token')).toBe(true);
    expect(await vault.get('gateway-token')).toBeNull();
    // After the failed probe the broken keychain is never asked again.
    expect(driver.set).toHaveBeenCalledTimes(1);
    expect(driver.get).not.toHaveBeenCalled();
  });

  it('is unavailable without a driver', async () => {
    const vault = await openVault(null);
    expect(vault.status).toBe('unavailable');
    await vault.set('records-key', 'k');
    expect(await vault.get('records-key')).toBe('k');
  });

  it('is unavailable when the keychain does not give back what was stored', async () => {
    const forgetful: SecretDriver = { get: async () => null, set: async () => {}, delete: async () => false };
    const vault = await openVault(forgetful);
    expect(vault.status).toBe('unavailable');
    expect(vault.unavailableReason).toMatch(/did not return/);
  });

  it('gives up on a keychain that never answers (a locked keyring waiting on a prompt)', async () => {
    const silent: SecretDriver = {
      get: () => new Promise(() => {}),
      set: () => new Promise(() => {}),
      delete: () => new Promise(() => {}),
    };
    const vault = await openVault(silent, { probeTimeoutMs: 50 });
    expect(vault.status).toBe('unavailable');
    expect(vault.unavailableReason).toMatch(/did not answer within 50 ms/);
  });

  it('keeps the in-memory secrets of one session away from another', async () => {
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
