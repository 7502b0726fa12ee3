import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';

export interface SigningKey {
  alg: 'RS256' | 'RS512';
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** Public half as served in a JWKS (`kid`, `alg`, `use` included). */
  publicJwk: JWK;
}

/** A fresh RSA key made at start: nothing secret is shipped with the app or kept on disk. */
export async function createSigningKey(alg: SigningKey['alg']): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { alg, kid, privateKey, publicKey, publicJwk: { ...jwk, kid, alg, use: 'sig' } };
}
