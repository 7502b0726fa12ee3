import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { remembered } from './remembered';

export interface SigningKey {
  alg: 'RS256' | 'RS512';
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** Public half as served in a JWKS (`kid`, `alg`, `use` included). */
  publicJwk: JWK;
}

/** A new RSA key, in memory only: nothing secret is shipped with the app or kept on disk. */
export async function createSigningKey(alg: SigningKey['alg']): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { alg, kid, privateKey, publicKey, publicJwk: { ...jwk, kid, alg, use: 'sig' } };
}

const processKeys = remembered<SigningKey>();

/** The process's key for `alg`, made at its first use (SandboxConfig.signingKeys). */
export function processSigningKey(alg: SigningKey['alg']): Promise<SigningKey> {
  return processKeys(alg, () => createSigningKey(alg));
}
