// Runs against a real Secret Service (gnome-keyring). `npm test` starts a private D-Bus session with a
// throwaway unlocked keyring; without a session bus there is nothing to talk to, so the tests are skipped.
// keytar is an optional dependency: `npm ci` leaves it out where it cannot be built (no libsecret-1-dev or no
// compiler), and these tests then skip with that reason. `npm test` builds it once it has installed the Debian
// packages and says so with ABHA_DESK_EXPECT_KEYCHAIN=1: there a missing keytar fails instead of skipping.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KEY_ACCOUNT, openDatabase } from '../../electron/store/db';
import { keytarDriver } from '../../electron/store/secrets/keytar-driver';
import { openVault } from '../../electron/store/secrets/vault';
import { secretsFileIn } from '../../electron/store/secrets/secrets-file-driver';

type Keytar = typeof import('keytar');

async function loadKeytar(): Promise<{ keytar: Keytar } | { problem: string }> {
  try {
    const module = (await import('keytar')) as Keytar & { default?: Keytar };
    return { keytar: module.default ?? module };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

const loaded = await loadKeytar();
const expected = process.env.ABHA_DESK_EXPECT_KEYCHAIN === '1';
const hasSessionBus = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
const skipReason =
  'problem' in loaded
    ? `the keytar module is not installed or cannot load (${loaded.problem}); npm ci leaves it out where libsecret-1-dev or a compiler is missing`
    : !hasSessionBus
      ? 'DBUS_SESSION_BUS_ADDRESS is unset (no Secret Service to test against)'
      : null;
if (skipReason && !expected) console.info(`keychain tests skipped: ${skipReason}`);
const keytar = 'keytar' in loaded ? loaded.keytar : (undefined as unknown as Keytar);

it.runIf(expected)('npm test has a keychain to test against (keytar built, a Secret Service on the session bus)', () => {
  expect(skipReason).toBeNull();
});

// A service name of our own, so a developer's real 'abha-desk' entries are never touched.
const service = `abha-desk-test-${randomUUID()}`;

describe.skipIf(skipReason !== null)('keytar driver against the Secret Service', () => {
  // Made and removed inside the suite: a skipped file runs no hooks, so a folder made at the top would be left behind.
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'abha-keychain-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    for (const { account } of await keytar.findCredentials(service)) await keytar.deletePassword(service, account);
  });

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

  it('lets openVault report the keychain as the protection and leaves only what was stored', async () => {
    const vault = await openVault(keytarDriver(service), { fallback: { file: secretsFileIn(dir) } });
    expect(vault.protection).toBe('keychain');
    expect(existsSync(secretsFileIn(dir))).toBe(false);
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

  it('moves a secrets file from days without a keychain into it, then removes the file', async () => {
    const folder = mkdtempSync(path.join(dir, 'moved-'));
    const file = secretsFileIn(folder);
    await (await openVault(null, { fallback: { file } })).set('records-key', '7'.repeat(64));
    const vault = await openVault(keytarDriver(service), { fallback: { file } });
    expect(vault.protection).toBe('keychain');
    expect(await keytar.getPassword(service, 'records-key')).toBe('7'.repeat(64));
    expect(existsSync(file)).toBe(false);
    await keytar.deletePassword(service, 'records-key');
  });
});
