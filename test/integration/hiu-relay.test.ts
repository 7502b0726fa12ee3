// The whole HIU flow with the desk in relay mode: the simulator calls the relay (its registered bridge URL is the
// relay's /hiu/<id>), the relay verifies and keeps each callback and data push, and the desk takes them over its
// WebSocket. On SQLite and on a real PostgreSQL server this suite starts, on both ABDM APIs. Afterwards the relay's
// storage is scanned: no FHIR content from the bundles and no Fidelius private key may be found in it.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ABDM_APIS, type AbdmApi } from '../../electron/store/settings/settings-schema';
import { openRelayStore } from '../../relay/store/open-store';
import type { RelayStore } from '../../relay/store/relay-store';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { IMMEDIATE_HIU_SETTINGS } from '../../sandbox/gateway/hiu/hiu-settings';
import { filesUnder } from '../support/data-folder';
import { consentInput, startHiuApp, type HiuApp } from '../support/hiu-app';
import { startPostgres, withClient, type PostgresServer } from '../support/postgres-server';
import { certsUrlOf, startTestRelay, type TestRelay } from '../support/relay-harness';

// Every Fidelius key pair made in this process: the desk's per-transfer keys and the simulated HIPs'.
const keyPairs = vi.hoisted(() => [] as { privateKey: string }[]);
vi.mock('../../electron/crypto/fidelius', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../electron/crypto/fidelius')>();
  return {
    ...actual,
    generateKeyMaterial: () => {
      const keys = actual.generateKeyMaterial();
      keyPairs.push({ privateKey: keys.privateKey });
      return keys;
    },
  };
});

const HIU_ID = 'CLINIC-HIU-01';
let postgres: PostgresServer;
const folders: string[] = [];
let app: HiuApp | undefined;
let relay: TestRelay | undefined;
let store: RelayStore | undefined;
let sandbox: RunningSandbox | undefined;

beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
afterEach(async () => {
  await app?.close();
  await relay?.close();
  await store?.close();
  await sandbox?.close();
  app = relay = store = sandbox = undefined;
});


const STORAGES = [
  ['SQLite', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'relay-flow-'));
    folders.push(folder);
    return { storage: { sqlite: path.join(folder, 'relay.db') }, files: () => filesUnder(folder) };
  }],
  ['PostgreSQL', async () => ({ storage: { postgres: await postgres.createDatabase() }, files: () => [] as string[] })],
] as const;

/** Every row of every table of the relay's database, as text (SQLite's file bytes are read as well). */
async function relayStorageText(storage: { sqlite: string } | { postgres: string }, files: string[]): Promise<string> {
  if ('sqlite' in storage) return files.map((file) => readFileSync(file).toString('latin1')).join('\n');
  return withClient(storage.postgres, async (client) => {
    const tables = await client.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`);
    const rows: string[] = [];
    for (const { table_name: table } of tables.rows as { table_name: string }[]) {
      const result = await client.query(`SELECT row_to_json(t)::text AS row FROM "${table}" t`);
      rows.push(...result.rows.map((r: { row: string }) => r.row));
    }
    return rows.join('\n');
  });
}

describe.each(STORAGES)('HIU flow through a relay on %s', (_name, makeStorage) => {
  it.each(ABDM_APIS)('on ABDM API %s: consent, encrypted push, every record byte for byte; the relay keeps no record content or key', { timeout: 90_000 }, async (api) => {
    const { storage, files } = await makeStorage();
    sandbox = await startSandbox({ port: 0, hiu: { ...IMMEDIATE_HIU_SETTINGS, pageSize: 2 } });
    store = await openRelayStore(storage);
    relay = await startTestRelay(store, [{ id: HIU_ID, api, gatewayCertsUrl: certsUrlOf(sandbox, api) }]);
    const { credential } = await relay.addDesk(HIU_ID, 'Front desk 1');
    const backlog = store.backlog.bind(store);
    app = await startHiuApp({}, {}, { api, sandbox, relay: { url: relay.url, credential }, relayBacklog: backlog });

    if (api === 'v1') {
      expect(await app.call('hiu.findPatient', { patientId: 'asha.verma@sbx' })).toEqual({ id: 'asha.verma@sbx', name: 'Asha Devi Verma' });
      const started = await app.call('hiu.authStart', { patientId: 'asha.verma@sbx', mode: 'MOBILE_OTP' });
      const kyc = await app.call('hiu.authConfirm', { flowId: started.flowId, otp: '123456' });
      expect(kyc.patient).toMatchObject({ id: 'asha.verma@sbx', name: 'Asha Devi Verma' });
    }
    const requested = await app.call('consents.request', consentInput('asha.verma@sbx', Date.now()));
    await app.waitForConsent(requested.id, (c) => c.status === 'GRANTED' && c.artefacts.length === 3 && c.artefacts.every((a) => a.fetched), 'granted with 3 fetched artefacts');
    await app.settle();

    const records = await app.call('records.list', { patientId: 'asha.verma@sbx' });
    expect(records.map((r) => `${r.hipId} ${r.careContext} ${r.hiType} ${r.status}`).sort()).toEqual([
      'HIP-CITYCLINIC-PUNE OPD-0042 OPConsultation delivered',
      'HIP-CITYCLINIC-PUNE OPD-0042 Prescription delivered',
      'HIP-DH-NASHIK IPD-1190 DischargeSummary delivered',
      'HIP-SUNRISE-LABS LAB-7781 DiagnosticReport delivered',
    ]);
    const sent = app.transfers().flatMap((t) => t.sent);
    const bundles: any[] = [];
    for (const record of records) {
      const stored = await app.call('records.get', { id: record.id });
      const original = sent.find((s) => s.careContextReference === record.careContext && s.hiType === record.hiType);
      expect(createHash('sha256').update(stored.bundle, 'utf8').digest('hex'), `${record.hiType} at ${record.hipId}`).toBe(original?.sha256);
      bundles.push(JSON.parse(stored.bundle));
    }
    // The pushes went to the relay, not to the desk: every transfer's data-push URL is the relay's.
    for (const transfer of app.transfers()) expect(transfer.dataPushUrl.startsWith(`${relay.url}/hiu/${HIU_ID}/data-push/`)).toBe(true);

    // The relay tells the desk its backlog in a status frame once the desk's last acknowledgements have committed: a
    // moment after the relay's store is empty, so the desk's word is waited for (a few milliseconds, more on a busy machine).
    await expect.poll(async () => (await app!.call('bridge.status')).relay?.backlog, { timeout: 10_000 }).toBe(0);
    const status = await app.call('bridge.status');
    expect(status).toMatchObject({ mode: 'relay', callbackUrl: `${relay.url}/hiu/${HIU_ID}`, relay: { connected: true, backlog: 0 } });
    expect(await store.backlog()).toEqual({});

    // Nothing of the records and no private key in the relay's storage (ciphertext and metadata only).
    const resources = bundles.flatMap((b) => (b.entry as { resource: any }[]).map((e) => e.resource));
    const practitioner = resources.find((r) => r.resourceType === 'Practitioner');
    const composition = resources.find((r) => r.resourceType === 'Composition');
    const needles = [
      ['practitioner name', practitioner.name[0].text],
      ['Composition id', composition.id],
      ['FHIR resource type marker', '"resourceType"'],
      ...keyPairs.flatMap((pair, i) => [
        [`private key #${i + 1}`, pair.privateKey],
        [`private key #${i + 1} (hex)`, Buffer.from(pair.privateKey, 'base64').toString('hex')],
      ]),
    ] as [string, string][];
    expect(keyPairs.length).toBeGreaterThanOrEqual(3);
    const text = await relayStorageText(storage, files());
    expect(text, 'the scan reads the relay’s storage (its desk is there)').toContain('Front desk 1');
    expect(needles.filter(([, value]) => text.includes(value)).map(([what]) => what)).toEqual([]);
  });
});
