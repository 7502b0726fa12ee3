// Health records and transfer keys are encrypted again inside the (already encrypted) database, with a key of
// their own kept in the keychain as 'records-key': erasing an artefact's rows leaves nothing readable even in
// pages SQLite has not yet reused, and a copy of the database alone opens no record. AES-256-GCM, a random
// 12-byte nonce per value, and the row's id as associated data so a value cannot be moved to another row.
// A bundle kept in a file (sealed-files.ts) is these same sealed bytes; the file is never opened with another id.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Vault } from '../secrets/vault';

export const RECORDS_KEY_ACCOUNT = 'records-key';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** nonce ‖ ciphertext ‖ tag, AES-256-GCM under `key` with `associated` as associated data. */
export function sealWith(key: Buffer, plaintext: Buffer | string, associated: string): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(associated, 'utf8'));
  const body = cipher.update(typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : plaintext);
  const rest = cipher.final();
  // One copy into the result (bundles are megabytes): nonce, body, whatever final gave, tag.
  return Buffer.concat([nonce, body, rest, cipher.getAuthTag()]);
}

/** The plaintext of `sealWith`'s output; throws when the key, the associated data or a byte is wrong. */
export function openWith(key: Buffer, sealed: Buffer, associated: string): Buffer {
  const nonce = sealed.subarray(0, NONCE_BYTES);
  const tag = sealed.subarray(sealed.length - TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(Buffer.from(associated, 'utf8'));
  decipher.setAuthTag(tag);
  const body = decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES));
  const rest = decipher.final();
  return rest.length ? Buffer.concat([body, rest]) : body;
}

export class RecordCipher {
  private constructor(private readonly key: Buffer) {}

  /** The records key from the vault, made and stored on first use. */
  static async open(vault: Vault): Promise<RecordCipher> {
    const stored = await vault.get(RECORDS_KEY_ACCOUNT);
    if (stored && /^[0-9a-f]{64}$/.test(stored)) return new RecordCipher(Buffer.from(stored, 'hex'));
    const key = randomBytes(32);
    await vault.set(RECORDS_KEY_ACCOUNT, key.toString('hex'));
    return new RecordCipher(key);
  }

  seal(plaintext: Buffer | string, rowId: string): Buffer {
    return sealWith(this.key, plaintext, rowId);
  }

  open(sealed: Buffer, rowId: string): Buffer {
    return openWith(this.key, sealed, rowId);
  }
}
