// Shared by the bridge tests: the gateway stand-in (test/support/gateway-signing.ts: a JWKS over real HTTP, real
// RS256 tokens), a real encrypted database, and callback bodies as the gateway sends them.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type AppDatabase } from '../../../electron/store/db';
import { memorySecretDriver, openVault } from '../../../electron/store/secrets/vault';
import { secretHash } from '../../../electron/store/hiu/data-push-pages';

export { gatewayToken, signingKey, startJwksServer, type JwksServer, type SigningKey, type TokenOptions } from '../../support/gateway-signing';

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
