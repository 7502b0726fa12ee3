// The padding is pinned: what the client encrypts opens with RSA-OAEP SHA-1 (hash and MGF1) and the private key,
// and the same ciphertext does not open with OAEP SHA-256 or PKCS#1 v1.5 — the confusions peers hit
// (reference/spec/abdm-v3.md). Keys are made here with node:crypto, as the service's would be (RSA 4096).
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { abhaPublicKey, encryptForAbha } from '../../../electron/abdm/abha-v3/encryption';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 4096 });
const certificateBody = { publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64') };

const open = (ciphertext: string, padding: number, oaepHash?: string) =>
  privateDecrypt({ key: privateKey, padding, ...(oaepHash ? { oaepHash } : {}) }, Buffer.from(ciphertext, 'base64')).toString('utf8');

const attempt = (read: () => string): string | null => {
  try {
    return read();
  } catch {
    return null;
  }
};

describe('ABHA v3 input encryption', () => {
  it('opens with OAEP SHA-1 and the private key, and not with OAEP SHA-256 or PKCS#1 v1.5', () => {
    const ciphertext = encryptForAbha(abhaPublicKey(certificateBody.publicKey), '999941057058');
    expect(Buffer.from(ciphertext, 'base64')).toHaveLength(512);
    expect(open(ciphertext, constants.RSA_PKCS1_OAEP_PADDING, 'sha1')).toBe('999941057058');
    expect(() => open(ciphertext, constants.RSA_PKCS1_OAEP_PADDING, 'sha256')).toThrow();
    // OpenSSL answers a PKCS#1 v1.5 padding failure with random bytes rather than an error (implicit rejection),
    // so what counts is that the value does not come out.
    expect(attempt(() => open(ciphertext, constants.RSA_PKCS1_PADDING))).not.toBe('999941057058');
  });

  it('never sends the same ciphertext twice for the same value (OAEP is randomised)', () => {
    const key = abhaPublicKey(certificateBody.publicKey);
    expect(encryptForAbha(key, '123456')).not.toBe(encryptForAbha(key, '123456'));
  });

  it('reads the key as base64 DER (what the service sends) or as PEM', () => {
    const pem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
    const ciphertext = encryptForAbha(abhaPublicKey(pem), '91-1234-5678-9012');
    expect(open(ciphertext, constants.RSA_PKCS1_OAEP_PADDING, 'sha1')).toBe('91-1234-5678-9012');
    expect(() => abhaPublicKey('not a key')).toThrow();
  });
});
