// The HIP's data flow on a real encrypted database, with its callbacks handed in as the processor would (inside a
// transaction, `after` tasks run after it) and a real HTTP server as the HIU's dataPushUrl that decrypts every page
// with its own keys. The gateway side (wire, outbox sending) is the integration test's (test/integration/hip-data-flow*).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HealthInformationRequestToHip, HipConsentNotice } from '../../../electron/abdm/gateway/hip/hip-flow-messages';
import type { CallbackContext, CallbackHandler, Effects } from '../../../electron/gateway/callback-processor';
import { toX509PublicKey } from '../../../electron/crypto/fidelius-keys';
import { DataFlow, type DataFlowDeps } from '../../../electron/services/hip/data-flow';
import { openDatabase, type AppDatabase } from '../../../electron/store/db';
import { memorySecretDriver, openVault } from '../../../electron/store/secrets/vault';
import { DEFAULT_SETTINGS, type Settings } from '../../../electron/store/settings/settings-schema';
import { bundleText, fakeDocuments, startPushReceiver, type HeldDocument } from './data-flow-kit';

const HIP_ID = 'IN2810014366';
const CONSENT = 'c0a80101-0000-4000-8000-000000000001';

let dir: string;
let database: AppDatabase;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
let settings: Settings;
let flows: DataFlow[] = [];
let clock: number;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'abha-hip-flow-'));
  database = await openDatabase({ file: path.join(dir, 'abha-desk.db'), vault: await openVault(memorySecretDriver()) });
  receiver = await startPushReceiver();
  settings = { ...DEFAULT_SETTINGS, abdmApi: 'v3', hipId: HIP_ID };
  clock = Date.parse('2026-11-27T10:00:00.000Z');
});

afterEach(async () => {
  for (const flow of flows) await flow.stop();
  flows = [];
  await receiver.close();
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

const held: HeldDocument[] = [
  { id: 'doc-rx', visitId: 'visit-1', patientNumber: 'OPD-000001', kind: 'Prescription', date: '2026-11-27', bundle: bundleText('doc-rx') },
  { id: 'doc-lab', visitId: 'visit-1', patientNumber: 'OPD-000001', kind: 'DiagnosticReport', date: '2026-11-27', bundle: bundleText('doc-lab', 'CBC normal') },
  { id: 'doc-old', visitId: 'visit-0', patientNumber: 'OPD-000001', kind: 'Prescription', date: '2025-03-02', bundle: bundleText('doc-old') },
  { id: 'doc-other', visitId: 'visit-9', patientNumber: 'OPD-000009', kind: 'Prescription', date: '2026-11-27', bundle: bundleText('doc-other') },
];

/** The service with a processor and outbox that only record; `deliver` hands a callback in as the processor does. */
function flow(documents = fakeDocuments(held), push: DataFlowDeps['push'] = { retryDelaysMs: [10, 10, 10], timeoutMs: 5_000 }) {
  const handlers = new Map<string, CallbackHandler<never>>();
  const queued: { operation: string; payload: Record<string, any> }[] = [];
  const sent: { operation: string; payload: Record<string, any> }[] = [];
  const events: unknown[] = [];
  const service = new DataFlow({
    db: database.db,
    processor: { on: (kind, handler) => void handlers.set(kind, handler as CallbackHandler<never>) },
    outbox: { enqueue: (operation, payload) => (sent.push({ operation, payload }), randomUUID()), flush: () => undefined },
    documents,
    settings: () => settings,
    now: () => clock,
    emit: (event, payload) => void events.push({ event, payload }),
    isDeactivated: (abhaAddress) => abhaAddress === 'gone@sbx',
    push,
    logError: (what, error) => {
      throw new Error(`${what}: ${String(error)}`);
    },
  });
  service.register();
  flows.push(service);
  const deliver = <M>(kind: string, message: M) => {
    const requestId = randomUUID();
    const after: (() => void)[] = [];
    const effects: Effects = {
      enqueue: (operation, payload) => (queued.push({ operation, payload }), randomUUID()),
      emit: (event, payload) => void events.push({ event, payload }),
      after: (task) => void after.push(task),
    };
    const callback: CallbackContext<M> = { requestId, respRequestId: null, headers: {}, receivedAt: new Date(clock).toISOString(), message, errorCode: null };
    const outcome = database.db.transaction(() => (handlers.get(kind) as unknown as CallbackHandler<M>)(callback, effects))();
    for (const task of after) task();
    return { requestId, outcome };
  };
  return { service, deliver, queued, sent, events };
}

const granted = (change: Partial<HipConsentNotice> = {}): HipConsentNotice => ({
  consentId: CONSENT,
  status: 'GRANTED',
  abhaAddress: 'asha@sbx',
  hipId: HIP_ID,
  hiu: { id: 'HIU-CITY', name: 'City Hospital' },
  purpose: 'CAREMGT',
  careContexts: [
    { patientReference: 'OPD-000001', careContextReference: 'visit-1' },
    { patientReference: 'OPD-000001', careContextReference: 'visit-0' },
  ],
  hiTypes: ['Prescription', 'DiagnosticReport'],
  dateRange: { from: '2026-01-01T00:00:00.000Z', to: '2026-12-31T00:00:00.000Z' },
  dataEraseAt: '2027-01-31T00:00:00.000Z',
  ...change,
});

const hiRequest = (change: Partial<HealthInformationRequestToHip> = {}): HealthInformationRequestToHip => ({
  transactionId: randomUUID(),
  consentId: CONSENT,
  dateRange: { from: '2026-01-01T00:00:00.000Z', to: '2026-11-28T00:00:00.000Z' },
  dataPushUrl: receiver.url,
  keyMaterial: { cryptoAlg: 'ECDH', curve: 'Curve25519', publicKey: receiver.keys.publicKey, expiry: '2026-11-28T10:00:00.000Z', parameters: 'Curve25519/32byte random key', nonce: receiver.keys.nonce },
  ...change,
});

const onRequests = (queued: { operation: string; payload: Record<string, any> }[]) => queued.filter((q) => q.operation === 'healthInformation.hipOnRequest').map((q) => q.payload);
const notifies = (sent: { operation: string; payload: Record<string, any> }[]) => sent.filter((q) => q.operation === 'healthInformation.hipNotify').map((q) => q.payload);

describe('consents at the HIP', () => {
  it('keeps a GRANTED consent and acknowledges it; REVOKED drops it at once (a request under it is then refused)', () => {
    const desk = flow();
    const grant = desk.deliver('consents.hipNotify', granted());
    expect(desk.queued).toEqual([{ operation: 'consents.hipOnNotify', payload: { resp: { requestId: grant.requestId }, consentId: CONSENT, status: 'OK' } }]);
    const revoke = desk.deliver('consents.hipNotify', { ...granted(), status: 'REVOKED', careContexts: [], hiTypes: [], dateRange: null });
    expect(desk.queued[1]).toEqual({ operation: 'consents.hipOnNotify', payload: { resp: { requestId: revoke.requestId }, consentId: CONSENT, status: 'OK' } });
    const asked = hiRequest();
    desk.deliver('healthInformation.hipRequest', asked);
    expect(onRequests(desk.queued)).toEqual([
      { resp: { requestId: expect.any(String) }, transactionId: asked.transactionId, sessionStatus: 'ERRORED', error: { code: 'ABDM-1080', message: 'Cannot find the consent artefact' } },
    ]);
  });

  it('does not bring back a revoked consent when its GRANTED comes again (a retry) or comes after the REVOKED (overtaken)', () => {
    const revoked = { ...granted(), status: 'REVOKED', careContexts: [], hiTypes: [], dateRange: null };
    const retried = flow();
    retried.deliver('consents.hipNotify', granted());
    retried.deliver('consents.hipNotify', revoked);
    retried.deliver('consents.hipNotify', granted());
    const overtaken = flow();
    overtaken.deliver('consents.hipNotify', revoked);
    overtaken.deliver('consents.hipNotify', granted());
    for (const desk of [retried, overtaken]) {
      // Every notification is still acknowledged, as ABDM expects; none of them shares anything.
      expect(desk.queued.map((q) => q.operation)).toEqual(desk === retried ? Array(3).fill('consents.hipOnNotify') : Array(2).fill('consents.hipOnNotify'));
      desk.deliver('healthInformation.hipRequest', hiRequest());
      expect(onRequests(desk.queued)).toEqual([expect.objectContaining({ sessionStatus: 'ERRORED', error: { code: 'ABDM-1080', message: 'Cannot find the consent artefact' } })]);
    }
  });

  it('acknowledges but does not keep a GRANTED consent naming another HIP', () => {
    const desk = flow();
    desk.deliver('consents.hipNotify', granted({ hipId: 'IN-SOMEONE-ELSE' }));
    expect(desk.queued.map((q) => q.operation)).toEqual(['consents.hipOnNotify']);
    desk.deliver('healthInformation.hipRequest', hiRequest());
    expect(onRequests(desk.queued)[0]).toMatchObject({ sessionStatus: 'ERRORED', error: { code: 'ABDM-1080' } });
  });
});

describe('a health-information request', () => {
  it('is acknowledged, pushed encrypted to the HIU’s key, and told TRANSFERRED: every bundle byte-identical', async () => {
    const desk = flow();
    desk.deliver('consents.hipNotify', granted());
    const asked = hiRequest();
    desk.deliver('healthInformation.hipRequest', asked);
    expect(onRequests(desk.queued)).toEqual([{ resp: { requestId: expect.any(String) }, transactionId: asked.transactionId, sessionStatus: 'ACKNOWLEDGED', error: null }]);
    await desk.service.idle();
    // visit-0's prescription (2025) is outside the requested dates; visit-9 is not in the consent.
    expect(receiver.pages).toHaveLength(1);
    const [page] = receiver.pages;
    expect(page).toMatchObject({ pageNumber: 1, pageCount: 1, transactionId: asked.transactionId });
    expect(page!.bundles).toEqual([
      { careContextReference: 'visit-1', text: held[0]!.bundle, checksumMatches: true, media: 'application/fhir+json' },
      { careContextReference: 'visit-1', text: held[1]!.bundle, checksumMatches: true, media: 'application/fhir+json' },
    ]);
    // Our key, not theirs: a fresh pair for this transfer.
    expect(page!.nonce).not.toBe(receiver.keys.nonce);
    expect(notifies(desk.sent)).toEqual([
      {
        consentId: CONSENT,
        transactionId: asked.transactionId,
        doneAt: '2026-11-27T10:00:00.000Z',
        hipId: HIP_ID,
        sessionStatus: 'TRANSFERRED',
        statusResponses: [{ careContextReference: 'visit-1', hiStatus: 'DELIVERED', description: 'Delivered' }],
      },
    ]);
    expect(desk.service.sharedWith('doc-rx')).toEqual([{ hiuId: 'HIU-CITY', hiuName: 'City Hospital', consentId: CONSENT, at: '2026-11-27T10:00:00.000Z', status: 'delivered' }]);
    expect(desk.service.sharedWith('doc-old')).toEqual([]);
    expect(desk.events).toContainEqual({ event: 'hip.changed', payload: { visitId: 'visit-1', patientNumber: 'OPD-000001' } });
    // The transfer's own private key is dropped once it ends.
    expect(database.db.prepare('SELECT state, private_key FROM hip_transfers WHERE transaction_id = ?').get(asked.transactionId)).toEqual({ state: 'transferred', private_key: null });
  });

  it('encrypts to a requester key sent in X.509 form as well as raw', async () => {
    const desk = flow();
    desk.deliver('consents.hipNotify', granted());
    const asked = hiRequest();
    desk.deliver('healthInformation.hipRequest', { ...asked, keyMaterial: { ...asked.keyMaterial!, publicKey: toX509PublicKey(receiver.keys.publicKey) } });
    await desk.service.idle();
    expect(receiver.pages[0]!.bundles.map((b) => b.text)).toEqual([held[0]!.bundle, held[1]!.bundle]);
  });

  it('uses a fresh key pair and nonce for each transfer', async () => {
    const desk = flow();
    desk.deliver('consents.hipNotify', granted());
    desk.deliver('healthInformation.hipRequest', hiRequest());
    await desk.service.idle();
    desk.deliver('healthInformation.hipRequest', hiRequest());
    await desk.service.idle();
    expect(receiver.pages).toHaveLength(2);
    expect(receiver.pages[0]!.keyValue).not.toBe(receiver.pages[1]!.keyValue);
    expect(receiver.pages[0]!.nonce).not.toBe(receiver.pages[1]!.nonce);
  });

  const refused: [string, () => HipConsentNotice | null, () => HealthInformationRequestToHip, string][] = [
    ['dates outside the consent', () => granted(), () => hiRequest({ dateRange: { from: '2025-06-01T00:00:00.000Z', to: '2026-11-28T00:00:00.000Z' } }), 'ABDM-9999'],
    ['a consent for other HI types', () => granted({ hiTypes: ['GenomicsReport'] }), () => hiRequest(), 'ABDM-1058'],
    ['a consent whose types match no filed document', () => granted({ hiTypes: ['ImmunizationRecord'] }), () => hiRequest(), 'ABDM-1120'],
    ['a deactivated patient', () => granted({ abhaAddress: 'gone@sbx' }), () => hiRequest(), 'ABDM-1407'],
    ['an expired consent', () => granted({ dataEraseAt: '2026-11-27T09:00:00.000Z' }), () => hiRequest(), 'ABDM-1061'],
    ['a care context named under another patient', () => granted({ careContexts: [{ patientReference: 'OPD-000001', careContextReference: 'visit-9' }] }), () => hiRequest(), 'ABDM-1120'],
  ];
  it.each(refused)('is refused for %s, with nothing pushed', async (_what, consent, asked, code) => {
    const desk = flow();
    const notice = consent();
    if (notice) desk.deliver('consents.hipNotify', notice);
    desk.deliver('healthInformation.hipRequest', asked());
    await desk.service.idle();
    expect(onRequests(desk.queued)).toEqual([expect.objectContaining({ sessionStatus: 'ERRORED', error: expect.objectContaining({ code }) })]);
    expect(receiver.attempts).toEqual([]);
    expect(notifies(desk.sent)).toEqual([]);
  });

  it('answers with v0.5’s integer codes on the legacy generation', () => {
    settings = { ...settings, abdmApi: 'v1' };
    const desk = flow();
    desk.deliver('consents.hipNotify', granted());
    desk.deliver('healthInformation.hipRequest', hiRequest({ dateRange: { from: '2025-06-01T00:00:00.000Z', to: '2026-11-28T00:00:00.000Z' } }));
    expect(onRequests(desk.queued)[0]!.error).toEqual({ code: '1418', message: 'Date range given is invalid or outside the consent' });
  });

  it('retries a page the HIU failed twice, then delivers it: TRANSFERRED', async () => {
    const desk = flow();
    receiver.failNext(500, 503);
    desk.deliver('consents.hipNotify', granted());
    desk.deliver('healthInformation.hipRequest', hiRequest());
    await desk.service.idle();
    expect(receiver.attempts).toEqual([1, 1, 1]);
    expect(receiver.pages).toHaveLength(1);
    expect(notifies(desk.sent)[0]).toMatchObject({ sessionStatus: 'TRANSFERRED' });
  });

  it('ends FAILED with ERRORED per care context when the HIU never takes the page; the documents show the failure', async () => {
    const desk = flow();
    receiver.failAlways(503);
    desk.deliver('consents.hipNotify', granted());
    desk.deliver('healthInformation.hipRequest', hiRequest());
    await desk.service.idle();
    // The first try and the three retries.
    expect(receiver.attempts).toEqual([1, 1, 1, 1]);
    expect(notifies(desk.sent)).toEqual([
      expect.objectContaining({ sessionStatus: 'FAILED', statusResponses: [{ careContextReference: 'visit-1', hiStatus: 'ERRORED', description: 'page 1 of 1: not accepted after 4 attempt(s): HTTP 503' }] }),
    ]);
    expect(desk.service.sharedWith('doc-lab')).toEqual([expect.objectContaining({ hiuId: 'HIU-CITY', status: 'failed' })]);
  });

  it('splits the documents into pages, sent in order, each with its number and the count', async () => {
    const many: HeldDocument[] = Array.from({ length: 5 }, (_, i) => ({ id: `doc-${i}`, visitId: 'visit-1', patientNumber: 'OPD-000001', kind: 'Prescription', date: '2026-11-27', bundle: bundleText(`doc-${i}`) }));
    const desk = flow(fakeDocuments(many), { retryDelaysMs: [], timeoutMs: 5_000, pageLimits: { bytes: 4 * 1024 * 1024, entries: 2 } });
    desk.deliver('consents.hipNotify', granted());
    desk.deliver('healthInformation.hipRequest', hiRequest());
    await desk.service.idle();
    expect(receiver.pages.map((p) => [p.pageNumber, p.pageCount, p.bundles.length])).toEqual([[1, 3, 2], [2, 3, 2], [3, 3, 1]]);
    expect(receiver.pages.flatMap((p) => p.bundles.map((b) => b.text))).toEqual(many.map((d) => d.bundle));
    // One key material for the whole transfer.
    expect(new Set(receiver.pages.map((p) => p.keyValue)).size).toBe(1);
  });

  it('puts a document bigger than the page limit on a page of its own', async () => {
    const big = 'x'.repeat(3_000);
    const docs: HeldDocument[] = [
      { id: 'small-1', visitId: 'visit-1', patientNumber: 'OPD-000001', kind: 'Prescription', date: '2026-11-27', bundle: bundleText('small-1') },
      { id: 'big', visitId: 'visit-1', patientNumber: 'OPD-000001', kind: 'Prescription', date: '2026-11-27', bundle: bundleText('big', big) },
      { id: 'small-2', visitId: 'visit-1', patientNumber: 'OPD-000001', kind: 'Prescription', date: '2026-11-27', bundle: bundleText('small-2') },
    ];
    const desk = flow(fakeDocuments(docs), { retryDelaysMs: [], timeoutMs: 5_000, pageLimits: { bytes: 2_000, entries: 50 } });
    desk.deliver('consents.hipNotify', granted());
    desk.deliver('healthInformation.hipRequest', hiRequest());
    await desk.service.idle();
    expect(receiver.pages.map((p) => p.bundles.map((b) => JSON.parse(b.text).id))).toEqual([['small-1'], ['big'], ['small-2']]);
  });
});

describe('after a restart', () => {
  it('resumes at the next page with the same key material, and ends TRANSFERRED', async () => {
    const many: HeldDocument[] = Array.from({ length: 3 }, (_, i) => ({ id: `doc-${i}`, visitId: 'visit-1', patientNumber: 'OPD-000001', kind: 'Prescription', date: '2026-11-27', bundle: bundleText(`doc-${i}`) }));
    const limits = { bytes: 4 * 1024 * 1024, entries: 1 };
    const first = flow(fakeDocuments(many), { retryDelaysMs: [60_000], timeoutMs: 5_000, pageLimits: limits });
    first.deliver('consents.hipNotify', granted());
    receiver.failNext(202, 503);
    first.deliver('healthInformation.hipRequest', hiRequest());
    // Page 1 delivered, page 2 refused once and waiting a minute for its retry: the app closes.
    await vi.waitFor(() => expect(receiver.attempts).toEqual([1, 2]), { timeout: 5_000, interval: 10 });
    await first.service.stop();
    expect(notifies(first.sent)).toEqual([]);

    const second = flow(fakeDocuments(many), { retryDelaysMs: [], timeoutMs: 5_000, pageLimits: limits });
    second.service.resume();
    await second.service.idle();
    expect(receiver.attempts).toEqual([1, 2, 2, 3]);
    expect(receiver.pages.map((p) => p.pageNumber)).toEqual([1, 2, 3]);
    expect(new Set(receiver.pages.map((p) => `${p.keyValue} ${p.nonce}`)).size).toBe(1);
    expect(receiver.pages.flatMap((p) => p.bundles.map((b) => b.text))).toEqual(many.map((d) => d.bundle));
    expect(notifies(second.sent)).toEqual([expect.objectContaining({ sessionStatus: 'TRANSFERRED' })]);
  });

  it('ends FAILED, pushing nothing more, once ABDM’s two hours have passed', async () => {
    receiver.failNext(503);
    const stopped = flow(fakeDocuments(held), { retryDelaysMs: [60_000], timeoutMs: 5_000 });
    stopped.deliver('consents.hipNotify', granted());
    stopped.deliver('healthInformation.hipRequest', hiRequest());
    await vi.waitFor(() => expect(receiver.attempts).toEqual([1]), { timeout: 5_000, interval: 10 });
    await stopped.service.stop();

    clock += 2 * 3600_000 + 1;
    const second = flow();
    second.service.resume();
    await second.service.idle();
    expect(receiver.attempts).toEqual([1]);
    expect(notifies(second.sent)).toEqual([expect.objectContaining({ sessionStatus: 'FAILED', statusResponses: [expect.objectContaining({ hiStatus: 'ERRORED', description: 'past ABDM’s 2-hour limit for a transfer' })] })]);
  });

  it('stops a transfer whose consent was revoked before any page went: nothing pushed, nothing told', async () => {
    const desk = flow(fakeDocuments(held), { retryDelaysMs: [60_000], timeoutMs: 5_000 });
    desk.deliver('consents.hipNotify', granted());
    receiver.failNext(503);
    desk.deliver('healthInformation.hipRequest', hiRequest());
    await vi.waitFor(() => expect(receiver.attempts).toEqual([1]), { timeout: 5_000, interval: 10 });
    await desk.service.stop();
    desk.deliver('consents.hipNotify', { ...granted(), status: 'REVOKED' });
    const second = flow();
    second.service.resume();
    await second.service.idle();
    expect(receiver.pages).toEqual([]);
    expect(notifies(second.sent)).toEqual([]);
  });
});
