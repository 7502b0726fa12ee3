// Where `npm ci` left keytar out (no libsecret-1-dev or no compiler: it is an optional dependency), the keychain
// driver fails when first used, and the vault falls back to the secrets file and says why, instead of the app
// failing to start. The module's absence is stood in for by a mock that throws as Node does for a missing package.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { keytarDriver } from '../../../electron/store/secrets/keytar-driver';
import { openVault } from '../../../electron/store/secrets/vault';
import { secretsFileIn } from '../../../electron/store/secrets/secrets-file-driver';

vi.mock('keytar', () => {
  throw Object.assign(new Error("Cannot find module 'keytar'"), { code: 'ERR_MODULE_NOT_FOUND' });
});

const dataFolder = mkdtempSync(path.join(tmpdir(), 'abha-no-keytar-'));
afterAll(() => rmSync(dataFolder, { recursive: true, force: true }));

it('without the keytar module, the vault keeps the secrets in the data folder and names the reason', async () => {
  const vault = await openVault(keytarDriver(), { fallback: { file: secretsFileIn(dataFolder) } });
  expect(vault.protection).toBe('user-file');
  // Vitest words the import's failure its own way; the app's part of the reason is what the log reader needs.
  expect(vault.keychainProblem).toMatch(/^the keytar native module could not be loaded \(.+\)$/);
  await vault.set('database-key', '5'.repeat(64));
  expect(existsSync(path.join(dataFolder, 'vault', 'secrets.json'))).toBe(true);
});
