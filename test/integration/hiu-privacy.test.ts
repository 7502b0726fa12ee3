// After the whole HIU flow (find → KYC → consent → encrypted push → records stored), nothing sensitive may be readable
// at rest in the data folder: not the patient's name or ABHA address, not what was inside the FHIR bundles received,
// not the Fidelius private keys, the records key or the database key, not the gateway tokens, not the client secret.
// The files are scanned twice, as they are while the app runs (database, -wal, -shm) and after it closed. The
// keychain is a file outside the data folder (test/support/file-secret-driver.ts), as the OS keychain would be.
// The decrypted database must not hold the bundles' contents or any key either: records are sealed with the
// records key, and a transfer's private key is erased when it ends. On both ABDM APIs: on HIE-CM v3 there is no
// find or KYC (reference/spec/abdm-v3.md §3), so the desk is told NOT_ON_THIS_API there and the flow starts at consent.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyKey } from '../../electron/store/db-cipher';
import { DATABASE_FILE_NAME, DATABASE_KEY_ACCOUNT } from '../../electron/store/db';
import { RECORDS_KEY_ACCOUNT } from '../../electron/store/hiu/record-cipher';
import { ABDM_APIS } from '../../electron/store/settings/settings-schema';
import { fileSecretDriver } from '../support/file-secret-driver';
import { consentInput, DOCTOR, startHiuApp, type HiuApp } from '../support/hiu-app';
import { decryptedDump, filesUnder } from '../support/data-folder';

// Every Fidelius key pair made in this process (the app's per-transfer keys, and the simulated HIPs' too).
const keyPairs = vi.hoisted(() => [] as { privateKey: string; publicKey: string }[]);
vi.mock('../../electron/crypto/fidelius', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../electron/crypto/fidelius')>();
  return {
    ...actual,
    generateKeyMaterial: () => {
      const keys = actual.generateKeyMaterial();
      keyPairs.push({ privateKey: keys.privateKey, publicKey: keys.publicKey });
      return keys;
    },
  };
});

let app: HiuApp | undefined;
const folders: string[] = [];
afterEach(async () => {
  await app?.close();
  app = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A secret and the ways it could sit in a file: as text, and base64 of that text (and of its bytes, for keys). */
interface Needle {
  what: string;
  forms: string[];
}
const text = (what: string, value: string): Needle => ({ what, forms: [value, Buffer.from(value, 'utf8').toString('base64')] });
const base64Key = (what: string, value: string): Needle => {
  const bytes = Buffer.from(value, 'base64');
  return { what, forms: [value, bytes.toString('hex'), bytes.toString('base64url'), Buffer.from(value, 'utf8').toString('base64')] };
};
const hexKey = (what: string, value: string): Needle => {
  const bytes = Buffer.from(value, 'hex');
  return { what, forms: [value, value.toUpperCase(), bytes.toString('base64'), Buffer.from(value, 'utf8').toString('base64')] };
};

function scan(folder: string, needles: Needle[], when: string): string[] {
  const files = filesUnder(folder);
  const found: string[] = [];
  for (const file of files) {
    const bytes = readFileSync(file).toString('latin1');
    for (const needle of needles) {
      for (const form of needle.forms) {
        if (bytes.includes(Buffer.from(form, 'utf8').toString('latin1'))) found.push(`${when}: ${needle.what} (${form.slice(0, 24)}…) in ${path.basename(file)}`);
      }
    }
  }
  return found;
}

/** Where each generation hands out gateway tokens (gateway-v05.md §1; abdm-v3.md §1). */
const SESSIONS_PATH = { v1: '/v0.5/sessions', v3: '/gateway/v3/sessions' } as const;

describe.each(ABDM_APIS)('at rest on ABDM API %s', (api) => {
  it('after the full HIU flow, no patient name, record content, key, token or secret is readable in the data folder', { timeout: 60_000 }, async () => {
    // The gateway tokens: every bearer token on a request in this process (the app's own towards the simulator, and the
    // simulator's signed tokens on its callbacks), and every token the sessions endpoint handed out.
    const tokens = new Set<string>();
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
      const authorization = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).get('authorization');
      const bearer = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
      if (bearer) tokens.add(bearer);
      const response = await realFetch(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith(SESSIONS_PATH[api]) && response.ok) {
        const session = (await response.clone().json()) as { accessToken?: string; refreshToken?: string };
        for (const token of [session.accessToken, session.refreshToken]) if (token) tokens.add(token);
      }
      return response;
    });

    const keychainFolder = mkdtempSync(path.join(os.tmpdir(), 'abha-desk-keychain-'));
    folders.push(keychainFolder);
    const keychain = fileSecretDriver(path.join(keychainFolder, 'keychain.json'));
    app = await startHiuApp({ pageSize: 2 }, {}, { secretDriver: keychain, api });
    folders.push(app.dataFolder);
    const dataFolder = app.dataFolder;
    const dbFile = path.join(dataFolder, DATABASE_FILE_NAME);

    // The flow of hiu-records.test.ts.
    if (api === 'v1') {
      expect(await app.call('hiu.findPatient', { patientId: 'asha.verma@sbx' })).toEqual({ id: 'asha.verma@sbx', name: 'Asha Devi Verma' });
      const started = await app.call('hiu.authStart', { patientId: 'asha.verma@sbx', mode: 'MOBILE_OTP' });
      await app.call('hiu.authConfirm', { flowId: started.flowId, otp: '123456' });
    } else {
      expect((await app.fail('hiu.findPatient', { patientId: 'asha.verma@sbx' })).code).toBe('NOT_ON_THIS_API');
      expect((await app.fail('hiu.authStart', { patientId: 'asha.verma@sbx', mode: 'MOBILE_OTP' })).code).toBe('NOT_ON_THIS_API');
    }
    const requested = await app.call('consents.request', consentInput('asha.verma@sbx', Date.now()));
    await app.waitForConsent(requested.id, (c) => c.status === 'GRANTED' && c.artefacts.length === 3 && c.artefacts.every((a) => a.fetched), 'granted with 3 fetched artefacts');
    const records = await app.waitForRecords('asha.verma@sbx', (list) => list.length >= 4, 'four records');
    expect(records).toHaveLength(4);
    expect(records.every((r) => r.status === 'delivered')).toBe(true);

    // Strings from inside the bundles as received (decrypted by the app, read back through records.get).
    const bundles = await Promise.all(records.map(async (r) => JSON.parse((await app!.call('records.get', { id: r.id })).bundle) as any));
    const resources = bundles.flatMap((b) => (b.entry as { resource: any }[]).map((e) => e.resource));
    const practitioner = resources.find((r) => r.resourceType === 'Practitioner');
    const composition = resources.find((r) => r.resourceType === 'Composition');
    const pdf = resources.flatMap((r) => r.presentedForm ?? (r.content ?? []).map((c: any) => c.attachment)).find((a: any) => typeof a?.data === 'string' && a.data.length > 400);
    expect(practitioner?.name?.[0]?.text).toBeTruthy();
    expect(pdf, 'a bundle with an inline PDF').toBeTruthy();
    const inside: Needle[] = [
      text('practitioner name from a bundle', practitioner.name[0].text),
      text('practitioner registration number from a bundle', practitioner.identifier[0].value),
      text('Composition id from a bundle', composition.id),
      text('a stretch of an inline PDF (base64) from a bundle', pdf.data.slice(200, 260)),
    ];
    const patient: Needle[] = [text('patient name', 'Asha Devi Verma'), text('ABHA address', 'asha.verma')];

    // Keys and secrets as they stand now, read from outside the app.
    const databaseKey = (await keychain.get(DATABASE_KEY_ACCOUNT))!;
    const recordsKey = (await keychain.get(RECORDS_KEY_ACCOUNT))!;
    expect(databaseKey).toMatch(/^[0-9a-f]{64}$/);
    expect(recordsKey).toMatch(/^[0-9a-f]{64}$/);
    expect(keyPairs.length).toBeGreaterThanOrEqual(3); // one per transfer at least
    const clientSecret = app.sandbox.config.clientSecret;
    expect(tokens.size).toBeGreaterThan(0);
    const secrets: Needle[] = [
      ...keyPairs.map((pair, i) => base64Key(`Fidelius private key #${i + 1}`, pair.privateKey)),
      hexKey('records key', recordsKey),
      hexKey('database key', databaseKey),
      ...[...tokens].map((token, i) => text(`gateway token #${i + 1}`, token)),
      text('client secret', clientSecret),
    ];
    const needles = [...patient, ...inside, ...secrets];

    // While the app runs: the database with its -wal and -shm as they are on disk.
    const running = filesUnder(dataFolder).map((f) => path.basename(f));
    expect(running).toContain(DATABASE_FILE_NAME);
    expect(running).toContain(`${DATABASE_FILE_NAME}-wal`);
    const foundRunning = scan(dataFolder, needles, 'while running');
    // The scan does see what is written in clear (settings.json holds the requesting doctor's name).
    expect(scan(dataFolder, [text('requesting doctor', DOCTOR.requesterName)], 'control')).not.toEqual([]);

    // The folder is kept past the close for the scan; afterEach removes it.
    await app.close({ keepDataFolder: true });
    app = undefined;
    const foundClosed = scan(dataFolder, needles, 'after closing');
    expect([...foundRunning, ...foundClosed]).toEqual([]);

    // Inside the decrypted database: every transfer ended with its private key erased, and nothing of the bundles,
    // no key, token or secret (patient names and care-context references are there by design, as metadata).
    const db = new Database(dbFile, { readonly: true });
    applyKey(db, databaseKey);
    const transfers = db.prepare('SELECT status, ended_at, private_key, public_key FROM data_transfers').all() as {
      status: string;
      ended_at: string | null;
      private_key: Buffer | null;
      public_key: string;
    }[];
    db.close();
    expect(transfers).toHaveLength(3);
    for (const transfer of transfers) {
      // The private key scanned for above is this transfer's own.
      expect(keyPairs.map((pair) => pair.publicKey)).toContain(transfer.public_key);
      expect(transfer.status).toBe('TRANSFERRED');
      expect(transfer.ended_at).not.toBeNull();
      expect(transfer.private_key).toBeNull();
    }
    const dump = decryptedDump(dbFile, databaseKey);
    const inDump = [...inside, ...secrets].flatMap((needle) => needle.forms.filter((form) => dump.includes(form)).map((form) => `${needle.what} (${form.slice(0, 24)}…)`));
    expect(inDump).toEqual([]);
    expect(dump).toContain('asha.verma@sbx'); // the dump is real: the metadata is there
  });
});
