// The admin PIN that guards the connection settings: kept only as scrypt with the documented parameters, checked in
// constant time, five wrong tries then a fifteen-minute wait that a restart does not end, an unlock that lasts ten
// minutes, and the documented reset for a forgotten PIN, which takes the client secret and relay credential with it.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scrypt as nobleScrypt } from '@noble/hashes/scrypt.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminPin, openAdminPin } from '../../../electron/services/admin-pin';
import { hashPin, pinMatches } from '../../../electron/services/pin-hash';
import { AdminPinFile } from '../../../electron/store/settings/admin-pin-file';
import { AppFailure } from '../../../electron/shared/errors';
import { memorySecretDriver, openVault } from '../../../electron/store/secrets/vault';

let folder: string;
let clock: number;
const now = () => clock;
const MINUTE = 60_000;

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'abha-desk-pin-'));
  clock = Date.parse('2025-07-14T10:05:00Z');
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const onDisk = () => JSON.parse(readFileSync(path.join(folder, 'admin-pin.json'), 'utf8')) as Record<string, any>;

async function refusal(run: () => unknown): Promise<AppFailure> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppFailure);
    return error as AppFailure;
  }
  throw new Error('expected a refusal');
}

describe('the PIN hash', () => {
  it('is scrypt with N = 2^15, r = 8, p = 1, a 16-byte salt and a 32-byte key: an independent scrypt gives the same bytes', async () => {
    const salt = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
    const stored = await hashPin('482916', salt);
    expect(stored).toMatchObject({ algorithm: 'scrypt', N: 32_768, r: 8, p: 1, salt: salt.toString('base64') });
    // @noble/hashes' scrypt (pure JS, RFC 7914) with the parameters docs/decisions.md names.
    const independent = nobleScrypt(new TextEncoder().encode('482916'), salt, { N: 2 ** 15, r: 8, p: 1, dkLen: 32 });
    expect(Buffer.from(stored.hash, 'base64')).toEqual(Buffer.from(independent));
  });

  it('stores in admin-pin.json (owner-only) a fresh 16-byte salt and the hash, never the PIN; the same scrypt recomputes it', async () => {
    const pin = new AdminPin(new AdminPinFile(folder), now);
    await pin.setPin('93017265');
    const text = readFileSync(path.join(folder, 'admin-pin.json'), 'utf8');
    expect(text).not.toContain('93017265');
    const file = onDisk();
    expect(file).toMatchObject({ failedTries: 0, retryAt: null, pin: { algorithm: 'scrypt', N: 32_768, r: 8, p: 1 } });
    const salt = Buffer.from(file.pin.salt, 'base64');
    expect(salt).toHaveLength(16);
    const independent = nobleScrypt(new TextEncoder().encode('93017265'), salt, { N: 2 ** 15, r: 8, p: 1, dkLen: 32 });
    expect(Buffer.from(file.pin.hash, 'base64')).toEqual(Buffer.from(independent));
    if (process.platform !== 'win32') expect(statSync(path.join(folder, 'admin-pin.json')).mode & 0o777).toBe(0o600);
    // Two PINs set one after the other get different salts.
    await pin.setPin('93017265');
    expect(onDisk().pin.salt).not.toBe(file.pin.salt);
  });

  it('tells the right PIN from a wrong one, and from one a digit longer', async () => {
    const stored = await hashPin('482916');
    expect(await pinMatches('482916', stored)).toBe(true);
    expect(await pinMatches('482917', stored)).toBe(false);
    expect(await pinMatches('4829160', stored)).toBe(false);
  });
});

describe('unlocking the connection settings', () => {
  it('starts with no PIN: a change is refused as "set a PIN first", and setting one unlocks for ten minutes', async () => {
    const pin = new AdminPin(new AdminPinFile(folder), now);
    expect(pin.access()).toEqual({ pin: 'none', unlockedUntil: null, triesLeft: 5, retryAt: null, unlockMinutes: 10, waitMinutes: 15 });
    expect((await refusal(() => pin.requireUnlocked())).params).toEqual({ reason: 'not-set' });
    expect(await pin.setPin('482916')).toEqual({ pin: 'set', unlockedUntil: '2025-07-14T10:15:00.000Z', triesLeft: 5, retryAt: null, unlockMinutes: 10, waitMinutes: 15 });
    expect(() => pin.requireUnlocked()).not.toThrow();
    clock += 10 * MINUTE - 1;
    expect(() => pin.requireUnlocked()).not.toThrow();
    clock += 1;
    expect((await refusal(() => pin.requireUnlocked())).params).toEqual({ reason: 'locked' });
  });

  it('locks when Settings is left, and unlocks again with the PIN only', async () => {
    const pin = new AdminPin(new AdminPinFile(folder), now);
    await pin.setPin('482916');
    expect(pin.lock().unlockedUntil).toBeNull();
    expect((await refusal(() => pin.requireUnlocked())).code).toBe('ADMIN_PIN_REQUIRED');
    // A locked desk cannot replace the PIN without it.
    expect((await refusal(() => pin.setPin('111111'))).params).toEqual({ reason: 'locked' });
    expect((await pin.unlock('482916')).unlockedUntil).toBe('2025-07-14T10:15:00.000Z');
    expect(() => pin.requireUnlocked()).not.toThrow();
    // Unlocked, it may be changed; the old one then no longer opens.
    await pin.setPin('705318');
    pin.lock();
    expect((await refusal(() => pin.unlock('482916'))).code).toBe('ADMIN_PIN_WRONG');
    await pin.unlock('705318');
  });

  it('says how many tries are left after each wrong PIN; the fifth starts a fifteen-minute wait that a restart does not end', async () => {
    await new AdminPin(new AdminPinFile(folder), now).setPin('482916');
    let pin = new AdminPin(new AdminPinFile(folder), now);
    for (const left of [4, 3, 2, 1]) {
      const wrong = await refusal(() => pin.unlock('000000'));
      expect(wrong.code).toBe('ADMIN_PIN_WRONG');
      expect(wrong.params).toEqual({ triesLeft: left, minutes: 15, ...(left === 1 ? { reason: 'last-try' } : {}) });
      expect(pin.access().triesLeft).toBe(left);
    }
    const fifth = await refusal(() => pin.unlock('000000'));
    expect(fifth.code).toBe('ADMIN_PIN_LOCKED_OUT');
    expect(fifth.params).toEqual({ retryAt: '2025-07-14T10:20:00.000Z', minutes: 15 });

    // Restarted (a new process reads the same file): still waiting, and even the right PIN is not checked.
    pin = new AdminPin(new AdminPinFile(folder), now);
    expect(pin.access()).toMatchObject({ pin: 'set', triesLeft: 0, retryAt: '2025-07-14T10:20:00.000Z' });
    clock += 14 * MINUTE;
    expect((await refusal(() => pin.unlock('482916'))).code).toBe('ADMIN_PIN_LOCKED_OUT');

    // After the wait every try is back, and the right PIN opens.
    clock += MINUTE;
    expect(pin.access()).toMatchObject({ triesLeft: 5, retryAt: null });
    expect((await pin.unlock('482916')).unlockedUntil).not.toBeNull();
    expect(onDisk()).toMatchObject({ failedTries: 0, retryAt: null });
  });

  it('gives the tries back after the right PIN', async () => {
    const pin = new AdminPin(new AdminPinFile(folder), now);
    await pin.setPin('482916');
    pin.lock();
    await refusal(() => pin.unlock('123456'));
    await refusal(() => pin.unlock('123456'));
    expect(pin.access().triesLeft).toBe(3);
    await pin.unlock('482916');
    expect(pin.access().triesLeft).toBe(5);
  });

  it('counts two tries sent at once as two', async () => {
    const pin = new AdminPin(new AdminPinFile(folder), now);
    await pin.setPin('482916');
    pin.lock();
    const both = await Promise.allSettled([pin.unlock('111111'), pin.unlock('222222')]);
    expect(both.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(onDisk().failedTries).toBe(2);
  });

  it('treats a damaged admin-pin.json as locked for good, never as "no PIN", until the documented reset', async () => {
    writeFileSync(path.join(folder, 'admin-pin.json'), '{"pin": "gone"');
    const pin = new AdminPin(new AdminPinFile(folder), now);
    expect(pin.access().pin).toBe('unreadable');
    expect((await refusal(() => pin.requireUnlocked())).params).toEqual({ reason: 'unreadable' });
    expect((await refusal(() => pin.unlock('482916'))).params).toEqual({ reason: 'unreadable' });
    expect((await refusal(() => pin.setPin('482916'))).params).toEqual({ reason: 'unreadable' });
  });
});

describe('the reset of a forgotten PIN', () => {
  it('a reset-admin-pin file in the data folder removes the PIN, the client secret and the relay credential at the next start', async () => {
    const vault = await openVault(memorySecretDriver());
    await vault.set('client-secret', 's3cret-from-abdm');
    await vault.set('relay-credential', 'desk-frontdesk1.s3cr3t');
    await vault.set('database-key', 'kept');
    const first = await openAdminPin({ folder, vault, now });
    expect(first.notice).toBeUndefined();
    await first.adminPin.setPin('482916');

    writeFileSync(path.join(folder, 'reset-admin-pin'), '');
    const second = await openAdminPin({ folder, vault, now });
    expect(second.notice).toMatch(/admin PIN was reset/);
    expect(second.adminPin.access().pin).toBe('none');
    expect(await vault.get('client-secret')).toBeNull();
    expect(await vault.get('relay-credential')).toBeNull();
    expect(await vault.get('database-key')).toBe('kept');
    // The request is used up: the next start keeps the new PIN.
    await second.adminPin.setPin('705318');
    const third = await openAdminPin({ folder, vault, now });
    expect(third.notice).toBeUndefined();
    expect(third.adminPin.access().pin).toBe('set');
  });
});
