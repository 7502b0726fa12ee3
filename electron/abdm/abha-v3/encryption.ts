// ABHA v3 sends Aadhaar numbers, mobiles, OTPs and login ids encrypted to the service's public key: RSA-OAEP with
// SHA-1 for both the hash and MGF1 (Java's RSA/ECB/OAEPWithSHA-1AndMGF1Padding), standard base64 out.
// The key comes from GET {abha}/profile/public/certificate as `{ publicKey: <base64 DER SPKI> }`, no PEM armour
// (reference/spec/abdm-v3.md: NHA's own text still says PKCS#1 v1.5, which the service refuses).
import { constants, createPublicKey, publicEncrypt, type KeyObject } from 'node:crypto';

/** The service's key from the certificate endpoint's `publicKey` (base64 DER SPKI; PEM is accepted too). */
export function abhaPublicKey(publicKey: string): KeyObject {
  const text = publicKey.trim();
  if (text.startsWith('-----BEGIN')) return createPublicKey(text);
  return createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });
}

/** One value (an Aadhaar number, a mobile, an OTP, a login id) encrypted for ABHA v3. */
export function encryptForAbha(key: KeyObject, value: string): string {
  const sealed = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' }, Buffer.from(value, 'utf8'));
  return sealed.toString('base64');
}
