// The admin PIN is kept only as a slow, salted hash: scrypt (RFC 7914) through node:crypto, so a copied
// admin-pin.json costs an attacker about a tenth of a second and 32 MiB per guess instead of nothing. The parameters
// are stored with each hash, so a later build can make new hashes slower and still check the old ones.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { StoredPinHash } from '../store/settings/admin-pin-file';

/** N = 2^15, r = 8, p = 1: 32 MiB of memory a guess; a 16-byte random salt; a 32-byte key (docs/decisions.md). */
export const PIN_HASH_PARAMETERS = { N: 2 ** 15, r: 8, p: 1, saltBytes: 16, keyBytes: 32 } as const;

// scrypt needs 128 · N · r bytes; Node refuses anything at or above its 32 MiB default, so the ceiling is raised.
const MAX_MEMORY = 64 * 1024 * 1024;

export async function hashPin(pin: string, salt: Buffer = randomBytes(PIN_HASH_PARAMETERS.saltBytes)): Promise<StoredPinHash> {
  const { N, r, p, keyBytes } = PIN_HASH_PARAMETERS;
  const key = await derive(pin, salt, keyBytes, { N, r, p });
  return { algorithm: 'scrypt', N, r, p, salt: salt.toString('base64'), hash: key.toString('base64') };
}

/** Recomputes with the stored salt and parameters and compares in constant time. */
export async function pinMatches(pin: string, stored: StoredPinHash): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64');
  const key = await derive(pin, Buffer.from(stored.salt, 'base64'), expected.length, { N: stored.N, r: stored.r, p: stored.p });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

function derive(pin: string, salt: Buffer, keyBytes: number, cost: Pick<ScryptOptions, 'N' | 'r' | 'p'>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Runs on libuv's thread pool: main keeps answering while the hash is worked out.
    scrypt(pin, salt, keyBytes, { ...cost, maxmem: MAX_MEMORY }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}
