import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { COORDINATE_BYTES, curve25519Ecdh } from './curve25519-weierstrass';
import { FideliusError } from './fidelius-error';
import { decodeBase64Field, parseNonce, parsePrivateKey, parsePublicKey } from './fidelius-keys';

// ABDM "Fidelius" encryption of health-information transfers: ECDH on BouncyCastle's
// Weierstrass Curve25519, HKDF-SHA256 and AES-256-GCM. Sender = HIP, requester = HIU.

export interface FideliusKeyMaterial {
  /** base64 big-endian private scalar */
  privateKey: string;
  /** base64 raw uncompressed point 0x04 ‖ X ‖ Y (65 bytes, 88 characters) */
  publicKey: string;
  /** base64 of 32 random bytes */
  nonce: string;
}

export interface FideliusEncryptInput {
  plaintext: string;
  senderNonce: string;
  requesterNonce: string;
  senderPrivateKey: string;
  requesterPublicKey: string;
}

export interface FideliusDecryptInput {
  encryptedData: string;
  requesterNonce: string;
  senderNonce: string;
  requesterPrivateKey: string;
  senderPublicKey: string;
}

const GCM_TAG_BYTES = 16;
const SALT_BYTES = 20;

/** A fresh key pair and nonce; use one per health-information request, never twice. */
export function generateKeyMaterial(): FideliusKeyMaterial {
  const secretKey = curve25519Ecdh.utils.randomSecretKey();
  return {
    privateKey: Buffer.from(secretKey).toString('base64'),
    publicKey: Buffer.from(curve25519Ecdh.getPublicKey(secretKey, false)).toString('base64'),
    nonce: randomBytes(32).toString('base64'),
  };
}

/** Encrypts UTF-8 text the way an ABDM HIP does; returns base64(ciphertext ‖ tag). */
export function encrypt(input: FideliusEncryptInput): string {
  if (typeof input.plaintext !== 'string') throw new FideliusError('plaintext must be a string');
  const secret = sharedSecret(
    parsePrivateKey(input.senderPrivateKey, 'senderPrivateKey'),
    parsePublicKey(input.requesterPublicKey, 'requesterPublicKey'),
  );
  const { key, iv } = deriveKeyAndIv(secret, input.senderNonce, input.requesterNonce);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(input.plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return ciphertext.toString('base64');
}

/** Decrypts a HIP's entry content; throws FideliusError when authentication fails. */
export function decrypt(input: FideliusDecryptInput): string {
  const data = decodeBase64Field(input.encryptedData, 'encryptedData');
  if (data.length < GCM_TAG_BYTES) {
    throw new FideliusError(`encryptedData is ${data.length} bytes, shorter than the 16-byte GCM tag`);
  }
  const secret = sharedSecret(
    parsePrivateKey(input.requesterPrivateKey, 'requesterPrivateKey'),
    parsePublicKey(input.senderPublicKey, 'senderPublicKey'),
  );
  const plaintext =
    tryDecrypt(data, secret, input) ??
    // Several HIP ports feed HKDF the shared secret without its leading zero bytes.
    (secret[0] === 0 ? tryDecrypt(data, stripLeadingZeros(secret), input) : undefined);
  if (plaintext === undefined) {
    throw new FideliusError(
      'Fidelius decryption failed: authentication tag mismatch (wrong keys or nonces, or the data was altered)',
    );
  }
  // Like Java's new String(bytes, UTF_8): a byte-order mark is kept, bad sequences become U+FFFD.
  return plaintext.toString('utf8');
}

function tryDecrypt(data: Uint8Array, secret: Uint8Array, input: FideliusDecryptInput): Buffer | undefined {
  const { key, iv } = deriveKeyAndIv(secret, input.senderNonce, input.requesterNonce);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(data.subarray(data.length - GCM_TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(data.subarray(0, data.length - GCM_TAG_BYTES)), decipher.final()]);
  } catch {
    return undefined;
  }
}

/** X coordinate of the ECDH point, always 32 bytes (leading zeros kept, as BouncyCastle does). */
function sharedSecret(privateKey: Uint8Array, publicKey: Uint8Array): Uint8Array {
  const compressed = curve25519Ecdh.getSharedSecret(privateKey, publicKey, true);
  return compressed.subarray(1, 1 + COORDINATE_BYTES);
}

function deriveKeyAndIv(secret: Uint8Array, senderNonce: string, requesterNonce: string) {
  const sender = parseNonce(senderNonce, 'senderNonce');
  const requester = parseNonce(requesterNonce, 'requesterNonce');
  const xor = sender.map((byte, index) => byte ^ (requester[index] ?? 0));
  const salt = xor.subarray(0, SALT_BYTES);
  const iv = xor.subarray(SALT_BYTES);
  const key = Buffer.from(hkdfSync('sha256', secret, salt, Buffer.alloc(0), 32));
  return { key, iv };
}

function stripLeadingZeros(bytes: Uint8Array): Uint8Array {
  const first = bytes.findIndex((byte) => byte !== 0);
  return first === -1 ? new Uint8Array(0) : bytes.subarray(first);
}
