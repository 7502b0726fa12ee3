// The secrets file where there is no system keychain: private to this user, replaced whole on every write, sealed by
// the operating system's encryption when the host has it, and never silently replaced when it cannot be used.
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSecretsFile, secretsFileIn, SecretsFileError, type SecretsEncryption } from '../../../electron/store/secrets/secrets-file-driver';

const posix = process.platform !== 'win32';
let dataFolder: string;
let file: string;

beforeEach(() => {
  dataFolder = mkdtempSync(path.join(tmpdir(), 'abha-secrets-'));
  file = secretsFileIn(dataFolder);
});
afterEach(() => rmSync(dataFolder, { recursive: true, force: true }));

/** A stand-in for safeStorage: reversible, and the stored bytes do not show the secrets. */
function fakeEncryption(): SecretsEncryption & { encrypt: ReturnType<typeof vi.fn>; decrypt: ReturnType<typeof vi.fn> } {
  const flip = (bytes: Uint8Array) => Buffer.from(bytes.map((byte) => byte ^ 0x5a));
  return {
    encrypt: vi.fn(async (plain: string) => Buffer.concat([Buffer.from('FAKE1'), flip(Buffer.from(plain))])),
    decrypt: vi.fn(async (sealed: Uint8Array) => {
      const bytes = Buffer.from(sealed);
      if (bytes.subarray(0, 5).toString() !== 'FAKE1') throw new Error('not sealed by this key');
      return flip(bytes.subarray(5)).toString();
    }),
  };
}

async function refusal(promise: Promise<unknown>): Promise<SecretsFileError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(SecretsFileError);
  return error as SecretsFileError;
}

describe('secrets file without the operating system’s encryption (user-file)', () => {
  it('is written on the first secret, in <data folder>/vault/secrets.json, 0600 in a 0700 folder', async () => {
    const driver = await openSecretsFile(file);
    expect(file).toBe(path.join(dataFolder, 'vault', 'secrets.json'));
    expect(existsSync(file)).toBe(false);
    await driver.set('database-key', 'a'.repeat(64));
    if (posix) {
      expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
      expect((statSync(path.dirname(file)).mode & 0o777).toString(8)).toBe('700');
    }
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ format: 'abha-desk-secrets', version: 1, sealed: false, secrets: { 'database-key': 'a'.repeat(64) } });
  });

  it('gives back after a restart what was stored, and forgets what was deleted', async () => {
    const first = await openSecretsFile(file);
    await first.set('database-key', 'k1');
    await first.set('client-secret', 's3cret');
    expect(await first.delete('client-secret')).toBe(true);
    expect(await first.delete('client-secret')).toBe(false);

    const later = await openSecretsFile(file);
    expect(await later.get('database-key')).toBe('k1');
    expect(await later.get('client-secret')).toBeNull();
    expect(later.sealed).toBe(false);
  });

  it('replaces the file whole on each write (a new file renamed over the old) and leaves no temporary file', async () => {
    const driver = await openSecretsFile(file);
    await driver.set('database-key', 'k1');
    // A reader that opened the file before a write still reads the whole old file: it was replaced, not rewritten.
    const reader = openSync(file, 'r');
    try {
      await Promise.all([driver.set('records-key', 'r1'), driver.set('client-secret', 's1')]);
      expect(JSON.parse(readFileSync(reader, 'utf8')).secrets).toEqual({ 'database-key': 'k1' });
    } finally {
      closeSync(reader);
    }
    expect(readdirSync(path.dirname(file))).toEqual(['secrets.json']);
    expect(JSON.parse(readFileSync(file, 'utf8')).secrets).toEqual({ 'database-key': 'k1', 'records-key': 'r1', 'client-secret': 's1' });
  });

  it('reads the last whole file when a crash left a temporary one behind', async () => {
    const driver = await openSecretsFile(file);
    await driver.set('database-key', 'k1');
    writeFileSync(path.join(path.dirname(file), '.secrets.json.0f8c.tmp'), '{"format":"abha-de', { mode: 0o600 });
    expect(await (await openSecretsFile(file)).get('database-key')).toBe('k1');
  });

  it('refuses a damaged file with its name and what to do, and leaves it exactly as it was', async () => {
    mkdirSync(path.dirname(file), { mode: 0o700 });
    writeFileSync(file, '{"format":"abha-desk-secrets","version":1,"sealed":false,"secr', { mode: 0o600 });
    const error = await refusal(openSecretsFile(file));
    expect(error.file).toBe(file);
    expect(error.message).toContain(`${file} is damaged`);
    expect(error.message).toMatch(/restore it from a backup of the data folder/);
    expect(readFileSync(file, 'utf8')).toBe('{"format":"abha-desk-secrets","version":1,"sealed":false,"secr');
  });

  it('refuses a file that is not ABHA Desk’s', async () => {
    mkdirSync(path.dirname(file), { mode: 0o700 });
    writeFileSync(file, '{"database-key":"k1"}', { mode: 0o600 });
    expect((await refusal(openSecretsFile(file))).message).toMatch(/not an ABHA Desk secrets file/);
  });

  it.skipIf(!posix)('refuses a file others can read, naming the command that makes it private', async () => {
    await (await openSecretsFile(file)).set('database-key', 'k1');
    chmodSync(file, 0o644);
    const error = await refusal(openSecretsFile(file));
    expect(error.message).toContain(`can be read by other users (mode 644)`);
    expect(error.message).toContain(`chmod 600 "${file}"`);
    expect(statSync(file).mode & 0o777).toBe(0o644);
  });

  it.skipIf(!posix)('refuses a folder others can open', async () => {
    await (await openSecretsFile(file)).set('database-key', 'k1');
    chmodSync(path.dirname(file), 0o755);
    expect((await refusal(openSecretsFile(file))).message).toContain(`chmod 700 "${path.dirname(file)}"`);
  });

  it.skipIf(!posix)('never reads or writes through a link planted at the file’s name', async () => {
    const elsewhere = path.join(dataFolder, 'elsewhere.json');
    writeFileSync(elsewhere, '{}', { mode: 0o600 });
    mkdirSync(path.dirname(file), { mode: 0o700 });
    symlinkSync(elsewhere, file);
    expect((await refusal(openSecretsFile(file))).message).toMatch(/is a link/);
  });
});

describe('secrets file sealed by the operating system (os-encryption)', () => {
  it('goes through the encryption seam: the file shows no secret, and the same seam reads it back', async () => {
    const encryption = fakeEncryption();
    const driver = await openSecretsFile(file, { encryption });
    await driver.set('database-key', 'b'.repeat(64));
    expect(driver.sealed).toBe(true);
    expect(encryption.encrypt).toHaveBeenCalledWith(JSON.stringify({ 'database-key': 'b'.repeat(64) }));
    const onDisk = readFileSync(file, 'utf8');
    expect(onDisk).not.toContain('bbbb');
    expect(JSON.parse(onDisk)).toMatchObject({ format: 'abha-desk-secrets', version: 1, sealed: true });

    expect(await (await openSecretsFile(file, { encryption: fakeEncryption() })).get('database-key')).toBe('b'.repeat(64));
  });

  it('seals a file written in clear once the encryption is there', async () => {
    await (await openSecretsFile(file)).set('database-key', 'k1');
    const driver = await openSecretsFile(file, { encryption: fakeEncryption() });
    expect(await driver.get('database-key')).toBe('k1');
    expect(readFileSync(file, 'utf8')).not.toContain('k1');
    expect(JSON.parse(readFileSync(file, 'utf8')).sealed).toBe(true);
  });

  it('refuses a sealed file when the encryption is not available now, and keeps it', async () => {
    await (await openSecretsFile(file, { encryption: fakeEncryption() })).set('database-key', 'k1');
    const before = readFileSync(file, 'utf8');
    const error = await refusal(openSecretsFile(file));
    expect(error.message).toMatch(/encrypted by this computer's own key store, which ABHA Desk cannot use now/);
    expect(error.message).toMatch(/unlock the keyring/);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('refuses a sealed file the key store cannot decrypt (another user or computer)', async () => {
    await (await openSecretsFile(file, { encryption: fakeEncryption() })).set('database-key', 'k1');
    const otherKey: SecretsEncryption = { encrypt: async () => Buffer.from('x'), decrypt: async () => Promise.reject(new Error('Error while decrypting the ciphertext')) };
    const error = await refusal(openSecretsFile(file, { encryption: otherKey }));
    expect(error.message).toContain(`${file} could not be decrypted by this computer's key store (Error while decrypting the ciphertext)`);
  });

  it('keeps the old file and the old value when a write fails', async () => {
    const encryption = fakeEncryption();
    const driver = await openSecretsFile(file, { encryption });
    await driver.set('database-key', 'k1');
    const before = readFileSync(file, 'utf8');
    encryption.encrypt.mockRejectedValueOnce(new Error('keyring locked'));
    await expect(driver.set('database-key', 'k2')).rejects.toThrow('keyring locked');
    expect(await driver.get('database-key')).toBe('k1');
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
