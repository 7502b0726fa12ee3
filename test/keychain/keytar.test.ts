// Runs against a real Secret Service (gnome-keyring). `npm test` starts a private D-Bus session with a
// throwaway unlocked keyring; without a session bus there is nothing to talk to, so the tests are skipped.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import keytar from 'keytar';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_KEY_ACCOUNT, openDatabase } from '../../electron/store/db';
import { keytarDriver } from '../../electron/store/keytar-driver';
import { openVault } from '../../electron/store/vault';

const hasSessionBus = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
if (!hasSessionBus) console.info('keychain tests skipped: DBUS_SESSION_BUS_ADDRESS is unset (no Secret Service to test against)');

// A service name of our own, so a developer's real 'abha-desk' entries are never touched.
const service = `abha-desk-test-${randomUUID()}`;
const dir = mkdtempSync(path.join(tmpdir(), 'abha-keychain-'));

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (!hasSessionBus) return;
  for (const { account } of await keytar.findCredentials(service)) await keytar.deletePassword(service, account);
});

describe.skipIf(!hasSessionBus)('keytar driver against the Secret Service', () => {
  it('stores, reads and deletes a secret', async () => {
    const driver = keytarDriver(service);
    await driver.set('client-secret', 'd3c0-secret');
    expect(await keytar.getPassword(service, 'client-secret')).toBe('d3c0-secret');
    expect(await driver.get('client-secret')).toBe('d3c0-secret');
    expect(await driver.delete('client-secret')).toBe(true);
    expect(await driver.get('client-secret')).toBeNull();
    expect(await driver.delete('client-secret')).toBe(false);
  });

  it('files entries under the service "abha-desk" by default', async () => {
    const account = `test-${randomUUID()}`;
    const driver = keytarDriver();
    try {
      await driver.set(account, 'value');
      expect(await keytar.getPassword('abha-desk', account)).toBe('value');
    } finally {
      await keytar.deletePassword('abha-desk', account);
    }
  });

  it('lets openVault report the keychain as available and leaves only what was stored', async () => {
    const vault = await openVault(keytarDriver(service));
    expect(vault.status).toBe('available');
    await vault.set('gateway-token', 'tok');
    const accounts = (await keytar.findCredentials(service)).map((c) => c.account);
    expect(accounts).toEqual(['gateway-token']);
    await vault.delete('gateway-token');
  });

  it('keeps the database key in the keychain, so a later run opens the same database', async () => {
    const file = path.join(dir, 'abha-desk.db');
    const first = await openDatabase({ file, vault: await openVault(keytarDriver(service)) });
    first.db.prepare("INSERT INTO audit_log (at, operator, action) VALUES ('2024-05-14T09:50:09Z', 'Meena', 'test')").run();
    first.close();
    expect(await keytar.getPassword(service, DATABASE_KEY_ACCOUNT)).toMatch(/^[0-9a-f]{64}$/);

    const later = await openDatabase({ file, vault: await openVault(keytarDriver(service)) });
    expect(later.persistent).toBe(true);
    expect(later.db.prepare('SELECT operator FROM audit_log').all()).toEqual([{ operator: 'Meena' }]);
    later.close();
  });
});
