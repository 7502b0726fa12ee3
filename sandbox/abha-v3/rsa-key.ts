import { generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import type { RunningSandbox } from '../index';
import { remembered } from '../remembered';

// ABHA v3's own encryption key (reference/spec/abdm-v3.md §1): RSA 4096, a different key from v1's. Making one
// takes a noticeable moment, so it is made once per process, on first use, and shared by every sandbox in the
// process; a test file that starts a hundred sandboxes pays for one key, and one that never calls v3 pays nothing.

export interface AbhaV3KeyPair {
  publicKey: KeyObject;
  privateKey: KeyObject;
  /** base64 of the DER SubjectPublicKeyInfo, no PEM armour: what the certificate endpoint answers. */
  publicKeyBase64: string;
}

const generate = promisify(generateKeyPair);
const shared = remembered<AbhaV3KeyPair>();

async function makeKeyPair(): Promise<AbhaV3KeyPair> {
  const { publicKey, privateKey } = await generate('rsa', { modulusLength: 4096, publicExponent: 0x10001 });
  const der = publicKey.export({ format: 'der', type: 'spki' });
  return { publicKey, privateKey, publicKeyBase64: der.toString('base64') };
}

/** The process-wide v3 key pair (made at the first call). */
export function abhaV3KeyPair(): Promise<AbhaV3KeyPair> {
  return shared('rsa-4096', makeKeyPair);
}

/**
 * The private key a running sandbox decrypts ABHA v3 inputs with, for tests that check a client's ciphertext
 * (RSA-OAEP, SHA-1 for hash and MGF1). Every sandbox of the process shares it; `running` says which one is meant.
 */
export async function abhaV3PrivateKey(_running: RunningSandbox): Promise<KeyObject> {
  return (await abhaV3KeyPair()).privateKey;
}
