// Shared by the bridge tests: a gateway stand-in that serves a JWKS over real HTTP and signs real RS256 tokens
// with jose, a real encrypted database, and callback bodies as the gateway sends them.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import { openDatabase, type AppDatabase } from '../../../electron/store/db';
import { memorySecretDriver, openVault } from '../../../electron/store/secrets/vault';
import { secretHash } from '../../../electron/store/hiu/data-push-pages';

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

/** An unsecured token (alg none), which jose will not sign. */
export function unsecuredToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

export function onFindBody(overrides: Record<string, unknown> = {}) {
  return {
    requestId: randomUUID(),
    timestamp: '2024-05-14T09:30:13.020Z',
    patient: { id: 'asha.verma@sbx', name: 'Asha Verma' },
    resp: { requestId: randomUUID() },
    ...overrides,
  };
}

export function pushBody(overrides: Record<string, unknown> = {}) {
  return {
    pageNumber: 1,
    pageCount: 1,
    transactionId: randomUUID(),
    entries: [{ content: 'cDhKZA==', media: 'application/fhir+json', checksum: '0f343b0931126a20f133d67c2b018a3b', careContextReference: 'OPD-0042' }],
    keyMaterial: {
      cryptoAlg: 'ECDH',
      curve: 'Curve25519',
      dhPublicKey: { expiry: '2024-05-15T09:53:00.000Z', parameters: 'Curve25519/32byte random key', keyValue: 'BEXo' },
      nonce: 'Zr9c',
    },
    ...overrides,
  };
}

export interface TestDatabase {
  database: AppDatabase;
  dispose(): void;
}

/** The app's encrypted database on a file in a fresh folder (key in a memory keychain). */
export async function openTestDatabase(): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), 'abha-bridge-'));
  const database = await openDatabase({ file: path.join(dir, 'abha-desk.db'), vault: await openVault(memorySecretDriver()) });
  return {
    database,
    dispose() {
      database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A health-information request waiting for pages on `secret` (a consent request and artefact to hang it on). */
export function addTransfer(database: AppDatabase, secret: string, opts: { ended?: boolean } = {}): string {
  const db = database.db;
  const at = '2024-05-14T09:52:00.000Z';
  const id = randomUUID();
  db.prepare(
    `INSERT INTO consent_requests (id, patient_id, hiu_id, purpose_code, hi_types, date_from, date_to, data_erase_at, requester, status, created_at, updated_at)
     VALUES (?, 'asha.verma@sbx', 'HIU-TEST', 'CAREMGT', '[]', ?, ?, ?, '{}', 'GRANTED', ?, ?)`,
  ).run(`cr-${id}`, at, at, at, at, at);
  db.prepare(`INSERT INTO consent_artefacts (id, consent_request_id, status, patient_id, updated_at) VALUES (?, ?, 'GRANTED', 'asha.verma@sbx', ?)`).run(
    `ca-${id}`,
    `cr-${id}`,
    at,
  );
  db.prepare(
    `INSERT INTO data_transfers (id, artefact_id, secret_hash, public_key, nonce, date_from, date_to, status, created_at, updated_at, ended_at)
     VALUES (?, ?, ?, 'pk', 'nonce', ?, ?, 'REQUESTED', ?, ?, ?)`,
  ).run(id, `ca-${id}`, secretHash(secret), at, at, at, at, opts.ended ? at : null);
  return id;
}

/** POSTs JSON text (or a string as is) and returns status, headers and text. */
export async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
