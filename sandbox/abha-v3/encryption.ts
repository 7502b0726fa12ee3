import { constants, privateDecrypt } from 'node:crypto';
import { abhaV3KeyPair } from './rsa-key';

// Every encrypted v3 input (Aadhaar number, mobile, OTP, login id) is RSA-OAEP with SHA-1 for both the hash
// and MGF1, standard base64 (reference/spec/abdm-v3.md §1). Anything else fails here: PKCS#1 v1.5 (NHA's stale
// text), OAEP with SHA-256, plain text, another key. OAEP decoding of such input throws in OpenSSL (there is no
// implicit rejection for OAEP), so a refusal never yields garbage that could pass for a value.

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** An RSA-4096 ciphertext is 512 bytes. */
const CIPHERTEXT_BYTES = 512;

/** The clear text, or null when `value` is not an OAEP-SHA-1 ciphertext under the sandbox's v3 key. */
export async function decryptInput(value: unknown): Promise<string | null> {
  if (typeof value !== 'string') return null;
  const compact = value.replace(/\s/g, '');
  if (!BASE64.test(compact)) return null;
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length !== CIPHERTEXT_BYTES) return null;
  const { privateKey } = await abhaV3KeyPair();
  try {
    return privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' }, bytes).toString('utf8');
  } catch {
    return null;
  }
}
