// Sharing on consent end to end through the REAL callback bridge and pipeline, on HIE-CM v3 and on gateway v0.5: a
// consent notification and a health-information request, signed as the gateway signs them, are verified, stored,
// applied by the data flow, and answered to a fake gateway; the pages go to a local HTTP server standing for the
// HIU's dataPushUrl, which decrypts them with ITS OWN key pair (electron/crypto/fidelius.ts, requester side) and
// finds each bundle byte-identical to what the (fake) documents hold; the end is told to the gateway. A revoked
// consent, dates outside the consent, other HI types and a deactivated patient are refused ERRORED, nothing pushed.
// Bodies expected at the gateway are written out by hand from reference/spec/abdm-frontdesk.md §3 and
// gateway-v05.md §2.12–2.16 (the HIP's twins of the HIU's calls).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCallbackBridge, type RunningBridge } from '../../electron/bridge/callback-bridge';
import { CallbackProcessor } from '../../electron/gateway/callback-processor';
import { GatewayOutbox } from '../../electron/gateway/outbox';
import { CounterShares } from '../../electron/services/counter/counter-shares';
import { DataFlow } from '../../electron/services/hip/data-flow';
import { openDatabase, type AppDatabase } from '../../electron/store/db';
import { memorySecretDriver, openVault } from '../../electron/store/secrets/vault';
import { DEFAULT_SETTINGS, type AbdmApi, type Settings } from '../../electron/store/settings/settings-schema';
import { gatewayToken, signingKey, startJwksServer, type JwksServer, type SigningKey } from '../support/gateway-signing';
import { startFakeGateway, type GatewayCall } from '../support/fake-gateway';
import { postTo, rethrow, testPipeline } from '../support/test-pipeline';
import { bundleText, fakeDocuments, startPushReceiver, type HeldDocument } from '../unit/hip/data-flow-kit';

const HIP_ID = 'IN2810014366';
const HIU_ID = 'HIU-CITY-HOSPITAL';

/** Each generation's paths (abdm-frontdesk.md §3 for v3; ndhm-gateway-v1.yml for v0.5) and envelope. */
const WIRES = {
  v3: {
    consentNotify: '/api/v3/consent/request/hip/notify',
    hiRequest: '/api/v3/hip/health-information/request',
    consentOnNotify: '/consent/v3/request/hip/on-notify',
    onRequest: '/data-flow/v3/health-information/hip/on-request',
    transferNotify: '/data-flow/v3/health-information/notify',
  },
  v1: {
    consentNotify: '/v0.5/consents/hip/notify',
    hiRequest: '/v0.5/health-information/hip/request',
    consentOnNotify: '/v0.5/consents/hip/on-notify',
    onRequest: '/v0.5/health-information/hip/on-request',
    transferNotify: '/v0.5/health-information/notify',
  },
} as const;

let dir: string;
let database: AppDatabase;
let gateway: { url: string; calls: GatewayCall[]; server: import('node:http').Server };
let key: SigningKey;
let jwks: JwksServer;
let bridge: RunningBridge | null = null;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
let settings: Settings;
let built: { outbox: GatewayOutbox; processor: CallbackProcessor; flow: DataFlow }[] = [];
const deactivated = new Set<string>();

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'abha-hip-data-flow-'));
  database = await openDatabase({ file: path.join(dir, 'abha-desk.db'), vault: await openVault(memorySecretDriver()) });
  gateway = await startFakeGateway();
  key = await signingKey();
  jwks = await startJwksServer([key]);
  receiver = await startPushReceiver();
  deactivated.clear();
});

afterEach(async () => {
  await bridge?.close();
  bridge = null;
  for (const parts of built) {
    await parts.flow.stop();
    parts.outbox.close();
    await parts.processor.stop();
  }
  built = [];
  await receiver.close();
  await jwks.close();
  await new Promise<void>((resolve) => gateway.server.close(() => resolve()));
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

// A prescription (PDF) and a lab report (JPEG) filed on today's visit; an older visit's outside the requested dates.
const held: HeldDocument[] = [
  { id: 'doc-rx', visitId: 'visit-today', patientNumber: 'OPD-000001', kind: 'Prescription', date: '2026-11-27', bundle: bundleText('doc-rx') },
  { id: 'doc-lab', visitId: 'visit-today', patientNumber: 'OPD-000001', kind: 'DiagnosticReport', date: '2026-11-27', bundle: bundleText('doc-lab', 'Haemoglobin 13.1 g/dL') },
  { id: 'doc-2024', visitId: 'visit-2024', patientNumber: 'OPD-000001', kind: 'Prescription', date: '2024-02-10', bundle: bundleText('doc-2024') },
];

/** The HIP's side of the pipeline as app-core builds it, with the data flow registered on it. */
async function desk(api: AbdmApi) {
  settings = { ...DEFAULT_SETTINGS, abdmApi: api, clientId: 'TEST-CLIENT', hipId: HIP_ID };
  const db = database.db;
  const { roles, inbox, outbox, processor } = testPipeline({ db, api: () => settings.abdmApi, send: postTo(() => gateway.url), logError: rethrow });
  // The HIP role joins the pipeline through the counter (counter-shares.ts); the data flow adds its handlers.
  new CounterShares({ db, roles, processor, settings: () => settings, now: Date.now, emit: () => undefined }).register();
  const flow = new DataFlow({
    db,
    processor,
    outbox,
    documents: fakeDocuments(held),
    settings: () => settings,
    now: Date.now,
    emit: () => undefined,
    isDeactivated: (abhaAddress) => deactivated.has(abhaAddress),
    push: { retryDelaysMs: [20, 20], timeoutMs: 5_000 },
    logError: (what, error) => console.error(what, error),
  });
  flow.register();
  built.push({ outbox, processor, flow });
  bridge = await startCallbackBridge({
    host: '127.0.0.1',
    port: 0,
    generation: roles.generation(settings.abdmApi),
    routes: roles.routes(settings),
    inbox,
    pushes: { knows: async () => false, store: async () => 'stored' },
    jwksUrl: async () => jwks.url,
    dataPushLimitBytes: 1024 * 1024,
    listener: { callbackStored: () => void processor.kick() },
  });
  return { flow, processor };
}

/** Posts a callback signed as the gateway signs, in the generation's envelope; returns its status and request id. */
async function post(api: AbdmApi, callbackPath: string, body: Record<string, unknown>) {
  const requestId = randomUUID();
  const token = await gatewayToken(key, { nowMs: Date.now() });
  const timestamp = new Date().toISOString();
  const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-hip-id': HIP_ID, 'x-cm-id': 'sbx' };
  const sent = api === 'v3' ? body : { requestId, timestamp, ...body };
  if (api === 'v3') Object.assign(headers, { 'request-id': requestId, timestamp });
  const response = await fetch(`${bridge!.url}${callbackPath}`, { method: 'POST', headers, body: JSON.stringify(sent) });
  return { status: response.status, requestId };
}

/** The consent manager's notification at the HIP (ConsentArtefact's detail; abdm-frontdesk.md §3). */
function consentNotice(consentId: string, status: string, change: { hiTypes?: string[]; patient?: string } = {}) {
  return {
    notification: {
      status,
      consentId,
      consentDetail: {
        schemaVersion: 'v3',
        consentId,
        createdAt: new Date().toISOString(),
        patient: { id: change.patient ?? 'asha@sbx' },
        careContexts: [
          { patientReference: 'OPD-000001', careContextReference: 'visit-today' },
          { patientReference: 'OPD-000001', careContextReference: 'visit-2024' },
        ],
        purpose: { text: 'Care Management', code: 'CAREMGT' },
        hip: { id: HIP_ID, name: 'Sharma Clinic' },
        hiu: { id: HIU_ID, name: 'City Hospital' },
        consentManager: { id: 'sbx' },
        requester: { name: 'Dr. Rao' },
        hiTypes: change.hiTypes ?? ['Prescription', 'DiagnosticReport'],
        permission: {
          accessMode: 'VIEW',
          dateRange: { from: '2025-01-01T00:00:00.000Z', to: '2026-12-31T00:00:00.000Z' },
          dataEraseAt: new Date(Date.now() + 30 * 24 * 3600_000).toISOString(),
          frequency: { unit: 'HOUR', value: 1, repeats: 0 },
        },
      },
      signature: 'c2lnbmF0dXJl',
      grantAcknowledgement: false,
    },
  };
}

/** The health-information request the consent manager passes on (gateway-v05.md §2.14's twin at the HIP). */
function hiRequest(consentId: string, transactionId: string, from = '2026-01-01T00:00:00.000Z') {
  return {
    transactionId,
    hiRequest: {
      consent: { id: consentId },
      dateRange: { from, to: '2026-11-28T00:00:00.000Z' },
      dataPushUrl: receiver.url,
      keyMaterial: {
        cryptoAlg: 'ECDH',
        curve: 'Curve25519',
        dhPublicKey: { expiry: new Date(Date.now() + 3600_000).toISOString(), parameters: 'Curve25519/32byte random key', keyValue: receiver.keys.publicKey },
        nonce: receiver.keys.nonce,
      },
    },
  };
}

const callsTo = (callPath: string) => gateway.calls.filter((call) => call.path === callPath);
const waitForCalls = (callPath: string, count: number) => vi.waitFor(() => expect(callsTo(callPath)).toHaveLength(count), { timeout: 10_000, interval: 10 });
/** The v3 transport names an answer's callback in `response`, v0.5 in `resp`. */
const answered = (api: AbdmApi, requestId: string) => (api === 'v3' ? { response: { requestId } } : { resp: { requestId } });

describe.each(['v3', 'v1'] as const)('sharing on consent on ABDM API %s', (api) => {
  const wire = WIRES[api];

  it('acknowledges the consent and the request, pushes both documents decryptable and byte-identical, and notifies TRANSFERRED', async () => {
    const { flow } = await desk(api);
    const consentId = randomUUID();
    const notice = await post(api, wire.consentNotify, consentNotice(consentId, 'GRANTED'));
    expect(notice.status).toBe(202);
    await waitForCalls(wire.consentOnNotify, 1);
    expect(callsTo(wire.consentOnNotify)[0]!.body).toMatchObject({ acknowledgement: { status: 'OK', consentId }, ...answered(api, notice.requestId) });

    const transactionId = randomUUID();
    const asked = await post(api, wire.hiRequest, hiRequest(consentId, transactionId));
    expect(asked.status).toBe(202);
    await waitForCalls(wire.onRequest, 1);
    expect(callsTo(wire.onRequest)[0]!.body).toMatchObject({ hiRequest: { transactionId, sessionStatus: 'ACKNOWLEDGED' }, ...answered(api, asked.requestId) });

    await waitForCalls(wire.transferNotify, 1);
    await flow.idle();
    // The HIU decrypted one page holding today's two documents, each exactly as filed (2024's is outside the dates).
    expect(receiver.pages).toHaveLength(1);
    expect(receiver.pages[0]).toMatchObject({ pageNumber: 1, pageCount: 1, transactionId });
    expect(receiver.pages[0]!.bundles.map((b) => b.text)).toEqual([held[0]!.bundle, held[1]!.bundle]);
    expect(receiver.pages[0]!.bundles.every((b) => b.checksumMatches && b.media === 'application/fhir+json' && b.careContextReference === 'visit-today')).toBe(true);
    const notify = callsTo(wire.transferNotify)[0]!;
    expect(notify.body).toMatchObject({
      notification: {
        notifier: { type: 'HIP', id: HIP_ID },
        consentId,
        transactionId,
        doneAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        statusNotification: { sessionStatus: 'TRANSFERRED', hipId: HIP_ID, statusResponses: [{ careContextReference: 'visit-today', hiStatus: 'DELIVERED', description: 'Delivered' }] },
      },
    });
    // ProjectEKA's gateway tells the HIP's notify from the HIU's by this raw text (gateway-v05.md §2.16).
    expect(JSON.stringify(notify.body)).toContain('"notifier":{"type":"HIP"');
    if (api === 'v3') expect(notify.headers['x-hip-id']).toBe(HIP_ID);
    expect(flow.sharedWith('doc-rx')).toEqual([{ hiuId: HIU_ID, hiuName: 'City Hospital', consentId, at: expect.any(String), status: 'delivered' }]);
    expect(flow.sharedWith('doc-2024')).toEqual([]);
  });

  const refusals = [
    { what: 'a revoked consent', revoke: true, from: '2026-01-01T00:00:00.000Z', hiTypes: undefined, patient: undefined, v3: 'ABDM-1080', v1: 1416 },
    { what: 'dates outside the consent', revoke: false, from: '2024-01-01T00:00:00.000Z', hiTypes: undefined, patient: undefined, v3: 'ABDM-9999', v1: 1418 },
    { what: 'other HI types', revoke: false, from: '2026-01-01T00:00:00.000Z', hiTypes: ['GenomicsReport'], patient: undefined, v3: 'ABDM-1058', v1: 1419 },
    { what: 'a deactivated patient', revoke: false, from: '2026-01-01T00:00:00.000Z', hiTypes: undefined, patient: 'gone@sbx', v3: 'ABDM-1407', v1: 1414 },
  ];
  it.each(refusals)('refuses $what with ABDM’s error, pushing nothing', async (refusal) => {
    await desk(api);
    deactivated.add('gone@sbx');
    const consentId = randomUUID();
    await post(api, wire.consentNotify, consentNotice(consentId, 'GRANTED', { hiTypes: refusal.hiTypes, patient: refusal.patient }));
    if (refusal.revoke) await post(api, wire.consentNotify, { notification: { status: 'REVOKED', consentId } });
    await waitForCalls(wire.consentOnNotify, refusal.revoke ? 2 : 1);
    const transactionId = randomUUID();
    const asked = await post(api, wire.hiRequest, hiRequest(consentId, transactionId, refusal.from));
    await waitForCalls(wire.onRequest, 1);
    const body = callsTo(wire.onRequest)[0]!.body;
    if (api === 'v3') expect(body).toMatchObject({ hiRequest: { transactionId, sessionStatus: 'ERRORED' }, error: { code: refusal.v3 }, response: { requestId: asked.requestId } });
    else expect(body).toMatchObject({ error: { code: refusal.v1 }, resp: { requestId: asked.requestId } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.attempts).toEqual([]);
    expect(callsTo(wire.transferNotify)).toEqual([]);
  });

  it('delivers after the HIU failed the page twice: TRANSFERRED', async () => {
    const { flow } = await desk(api);
    receiver.failNext(500, 502);
    const consentId = randomUUID();
    await post(api, wire.consentNotify, consentNotice(consentId, 'GRANTED'));
    await post(api, wire.hiRequest, hiRequest(consentId, randomUUID()));
    await waitForCalls(wire.transferNotify, 1);
    await flow.idle();
    expect(receiver.attempts).toEqual([1, 1, 1]);
    expect(receiver.pages).toHaveLength(1);
    expect(callsTo(wire.transferNotify)[0]!.body).toMatchObject({ notification: { statusNotification: { sessionStatus: 'TRANSFERRED' } } });
  });

  it('notifies FAILED, ERRORED per care context, when the HIU never takes the page', async () => {
    const { flow } = await desk(api);
    receiver.failAlways(500);
    const consentId = randomUUID();
    await post(api, wire.consentNotify, consentNotice(consentId, 'GRANTED'));
    await post(api, wire.hiRequest, hiRequest(consentId, randomUUID()));
    await waitForCalls(wire.transferNotify, 1);
    await flow.idle();
    expect(receiver.attempts).toEqual([1, 1, 1]);
    expect(callsTo(wire.transferNotify)[0]!.body).toMatchObject({
      notification: { statusNotification: { sessionStatus: 'FAILED', statusResponses: [{ careContextReference: 'visit-today', hiStatus: 'ERRORED' }] } },
    });
    expect(flow.sharedWith('doc-lab')).toEqual([expect.objectContaining({ status: 'failed' })]);
  });
});
