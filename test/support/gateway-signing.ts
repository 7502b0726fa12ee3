// A gateway stand-in for tests: RS256 signing keys, a JWKS served over real HTTP (as the gateway's certs), and
// gateway-shaped tokens signed with jose, as the gateway signs its callbacks. Knows no role: the bridge tests and the
// pipeline's own tests (test/unit/gateway/) share it.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export async function signingKey(kid = `k-${randomUUID().slice(0, 8)}`): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

/** A JWKS over HTTP, as the gateway's /v0.5/certs; counts how often it was fetched. */
export interface JwksServer {
  url: string;
  fetches(): number;
  serve(keys: SigningKey[]): void;
  /** 'down': answer 503 to every fetch. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

export async function startJwksServer(keys: SigningKey[]): Promise<JwksServer> {
  let served = keys;
  let fetches = 0;
  let down = false;
  const server: Server = createServer((request, response) => {
    fetches += 1;
    if (down) {
      response.statusCode = 503;
      response.end();
      return;
    }
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: served.map((k) => k.publicJwk) }));
    void request;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/gateway/v0.5/certs`,
    fetches: () => fetches,
    serve(next) {
      served = next;
    },
    setDown(next) {
      down = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface TokenOptions {
  nowMs: number;
  /** Lifetime in seconds (600 like the gateway's). */
  ttl?: number;
  claims?: Record<string, unknown>;
  /** Claims to leave out. */
  without?: string[];
  header?: Record<string, unknown>;
}

/** A gateway-shaped token (sandbox/gateway/access-tokens.ts, gateway-v05.md §3.1). */
export async function gatewayToken(key: SigningKey, opts: TokenOptions): Promise<string> {
  const iat = Math.floor(opts.nowMs / 1000);
  const claims: JWTPayload = {
    typ: 'Bearer',
    azp: 'gateway',
    clientId: 'gateway',
    scope: 'openid email profile',
    realm_access: { roles: ['gateway'] },
    iss: 'https://gateway.test/auth/realms/central-registry',
    sub: 'service-account:gateway',
    aud: 'account',
    jti: randomUUID(),
    iat,
    exp: iat + (opts.ttl ?? 600),
    ...opts.claims,
  };
  for (const name of opts.without ?? []) delete claims[name];
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: key.kid, ...opts.header }).sign(key.privateKey);
}
