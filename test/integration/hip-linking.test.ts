// HIP-initiated linking end to end on a real pipeline: the desk's outbox sends to a fake gateway over HTTP, and the
// gateway's answers come back signed through the REAL callback bridge, are stored, and are applied by the visits
// service inside their transaction. On HIE-CM v3: generate-token → on-generate-token → link/carecontext with
// X-LINK-TOKEN → on_carecontext → linked; ABDM-1027 blocks; a refused token is renewed once; a restart resumes. On
// v0.5: users/auth/init (purpose LINK, DEMOGRAPHICS) → confirm → add-contexts with the access token. Every expected
// path, header and field is written by hand from reference/spec/abdm-frontdesk.md §3 and gateway-v05.md §2.7–2.8.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbdmError } from '../../electron/abdm/errors';
import { HIU_ROLE } from '../../electron/abdm/gateway/hiu/hiu-role';
import { startCallbackBridge, type RunningBridge } from '../../electron/bridge/callback-bridge';
import { CallbackProcessor } from '../../electron/gateway/callback-processor';
import { GatewayRoles } from '../../electron/gateway/gateway-roles';
import { GatewayOutbox } from '../../electron/gateway/outbox';
import { CounterShares } from '../../electron/services/counter/counter-shares';
import { HipVisits } from '../../electron/services/hip/visits';
import type { HiuContext } from '../../electron/services/hiu/hiu-context';
import { KycAuth } from '../../electron/services/hiu/kyc-auth';
import type { RegisteredPatient } from '../../electron/services/register/register-types';
import { AppFailure } from '../../electron/shared/errors';
import { CallbackInboxStore } from '../../electron/store/gateway/callback-inbox';
import { TimelineStore } from '../../electron/store/gateway/timeline';
import { openDatabase, type AppDatabase } from '../../electron/store/db';
import { memorySecretDriver, openVault } from '../../electron/store/secrets/vault';
import { DEFAULT_SETTINGS, type Settings } from '../../electron/store/settings/settings-schema';
import { startFakeGateway, type GatewayCall } from '../support/fake-gateway';
import { gatewayToken, signingKey, startJwksServer, type JwksServer, type SigningKey } from '../support/gateway-signing';
import { postTo, rethrow, testPipeline } from '../support/test-pipeline';

const HIP_ID = 'IN2810014366';
// abdm-frontdesk.md §3
const GENERATE_TOKEN = '/v3/token/generate-token';
const ON_GENERATE_TOKEN = '/api/v3/hip/token/on-generate-token';
const LINK_CARE_CONTEXT = '/hip/v3/link/carecontext';
const ON_CARE_CONTEXT = '/api/v3/link/on_carecontext';
// gateway-v05.md §2.7–2.8 and ndhm-gateway-v1.yml
const AUTH_INIT = '/v0.5/users/auth/init';
const AUTH_ON_INIT = '/v0.5/users/auth/on-init';
const AUTH_CONFIRM = '/v0.5/users/auth/confirm';
const AUTH_ON_CONFIRM = '/v0.5/users/auth/on-confirm';
const ADD_CONTEXTS = '/v0.5/links/link/add-contexts';
const ON_ADD_CONTEXTS = '/v0.5/links/link/on-add-contexts';

const asha: RegisteredPatient = {
  patientNumber: 'OPD-000001',
  abhaNumber: '91-7507-6821-7770',
  abhaAddress: 'asha@sbx',
  name: 'Asha Devi',
  gender: 'F',
  dateOfBirth: '1981-08-01',
  yearOfBirth: 1981,
  mobile: '9876543210',
  address: null,
  firstVisit: '2026-11-27T04:00:00.000Z',
  lastVisit: '2026-11-27T04:00:00.000Z',
  verified: true,
};

let dir: string;
let database: AppDatabase;
let gateway: { server: Server; url: string; calls: GatewayCall[] };
let key: SigningKey;
let jwks: JwksServer;
let bridge: RunningBridge | null = null;
let settings: Settings;
interface Desk {
  roles: GatewayRoles;
  inbox: CallbackInboxStore;
  outbox: GatewayOutbox;
  processor: CallbackProcessor;
  visits: HipVisits;
  timeline: TimelineStore;
}
let desks: Desk[] = [];
/** A gateway path answered 400 (none: every request is taken). */
let refusedPath: string | null = null;
/** A gateway path whose requests arrive but whose 202 never comes back (the desk stops before it would). */
let unansweredPath: string | null = null;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'abha-hip-link-'));
  database = await openDatabase({ file: path.join(dir, 'abha-desk.db'), vault: await openVault(memorySecretDriver()) });
  gateway = await startFakeGateway();
  key = await signingKey();
  jwks = await startJwksServer([key]);
  refusedPath = null;
  unansweredPath = null;
  settings = { ...DEFAULT_SETTINGS, abdmApi: 'v3', clientId: 'TEST-CLIENT', hipId: HIP_ID, hiuId: 'HIU-ABHADESK-01' };
});

afterEach(async () => {
  for (const built of desks) await shutDown(built);
  desks = [];
  await jwks.close();
  await new Promise<void>((resolve) => gateway.server.close(() => resolve()));
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The desk's pipeline as app-core builds it: the HIU (its users/auth/* answers) and the HIP, with the visits on it. */
function desk(): Desk {
  const db = database.db;
  const post = postTo(() => gateway.url);
  const { roles, inbox, outbox, processor, timeline } = testPipeline({
    db,
    api: () => settings.abdmApi,
    send: async (operation, request) => {
      // A gateway that refuses one path outright (HTTP 400), as the real client reports it.
      if (refusedPath === request.path) {
        gateway.calls.push({ path: request.path, headers: {}, body: request.body as Record<string, unknown> });
        throw new AbdmError({ status: 400, code: 'ABDM-1017', message: 'Bad request', service: 'gateway', operation });
      }
      if (unansweredPath === request.path) {
        gateway.calls.push({ path: request.path, headers: {}, body: request.body as Record<string, unknown> });
        return new Promise<number>(() => undefined);
      }
      return post(operation, request);
    },
    logError: rethrow,
  });
  roles.register(HIU_ROLE, { id: () => settings.hiuId });
  const kyc = new KycAuth({ db, outbox, processor, settings: () => settings, now: Date.now, emit: () => undefined } as unknown as HiuContext, { assertActive: () => undefined });
  kyc.register();
  new CounterShares({ db, roles, processor, settings: () => settings, now: Date.now, emit: () => undefined }).register();
  const visits = new HipVisits({
    db,
    outbox,
    processor,
    settings: () => settings,
    now: Date.now,
    emit: () => undefined,
    register: { get: ({ patientNumber }) => ({ ...asha, patientNumber }) },
    authAnswers: kyc.answers,
  });
  visits.register();
  const built = { roles, inbox, outbox, processor, visits, timeline };
  desks.push(built);
  return built;
}

async function shutDown(built: Desk) {
  built.visits.close();
  built.outbox.close();
  await built.processor.stop();
  await bridge?.close();
  bridge = null;
}

async function startBridge(parts: Desk) {
  bridge = await startCallbackBridge({
    host: '127.0.0.1',
    port: 0,
    generation: parts.roles.generation(settings.abdmApi),
    routes: parts.roles.routes(settings),
    inbox: parts.inbox,
    pushes: { knows: async () => false, store: async () => 'stored' },
    jwksUrl: async () => jwks.url,
    dataPushLimitBytes: 1024 * 1024,
    listener: { callbackStored: () => void parts.processor.kick() },
  });
}

/** A v3 callback as the gateway signs and sends it (REQUEST-ID and TIMESTAMP headers). */
async function postV3(callbackPath: string, body: unknown) {
  const response = await fetch(`${bridge!.url}${callbackPath}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await gatewayToken(key, { nowMs: Date.now() })}`,
      'request-id': randomUUID(),
      timestamp: new Date().toISOString(),
      'x-hip-id': HIP_ID,
      'x-cm-id': 'sbx',
    },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(202);
}

/** A v0.5 callback: requestId and timestamp in the body. */
async function postLegacy(callbackPath: string, body: Record<string, unknown>) {
  const response = await fetch(`${bridge!.url}${callbackPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await gatewayToken(key, { nowMs: Date.now() })}`, 'x-cm-id': 'sbx' },
    body: JSON.stringify({ requestId: randomUUID(), timestamp: new Date().toISOString(), ...body }),
  });
  expect(response.status).toBe(202);
}

const callsTo = (gatewayPath: string) => gateway.calls.filter((call) => call.path === gatewayPath);
async function nthCall(gatewayPath: string, n = 1): Promise<GatewayCall> {
  await vi.waitFor(() => expect(callsTo(gatewayPath).length).toBeGreaterThanOrEqual(n), { timeout: 10_000, interval: 10 });
  return callsTo(gatewayPath)[n - 1]!;
}
const requestIdOf = (call: GatewayCall) => call.headers['request-id'] as string;
const statusOf = (parts: Desk, visitId: string) => parts.visits.linkOf(visitId).status;
const waitForStatus = (parts: Desk, visitId: string, status: string) =>
  vi.waitFor(() => expect(statusOf(parts, visitId)).toBe(status), { timeout: 10_000, interval: 10 });

describe('HIP-initiated linking on HIE-CM v3', () => {
  it('links a new visit: generate-token with the patient’s demographics, then link/carecontext with X-LINK-TOKEN', async () => {
    const parts = desk();
    await startBridge(parts);
    const visit = parts.visits.open(asha, 'Rao');
    expect(visit.display).toMatch(/^OPD visit, \d\d-\d\d-\d{4}, Dr\. Rao$/);
    expect(statusOf(parts, visit.id)).toBe('linking');

    const generate = await nthCall(GENERATE_TOKEN);
    expect(generate.headers['x-hip-id']).toBe(HIP_ID);
    expect(generate.headers['x-cm-id']).toBe('sbx');
    expect(generate.headers['request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // NHA's files type the ABHA number as its 14 digits, a number.
    expect(generate.body).toEqual({ abhaNumber: 91750768217770, abhaAddress: 'asha@sbx', name: 'Asha Devi', gender: 'F', yearOfBirth: 1981 });

    await postV3(ON_GENERATE_TOKEN, { abhaAddress: 'asha@sbx', linkToken: 'LT-ASHA-1', response: { requestId: requestIdOf(generate) } });
    const link = await nthCall(LINK_CARE_CONTEXT);
    expect(link.headers['x-link-token']).toBe('LT-ASHA-1');
    expect(link.headers['x-hip-id']).toBe(HIP_ID);
    expect(link.body).toMatchObject({
      abhaAddress: 'asha@sbx',
      patient: [{ referenceNumber: 'OPD-000001', display: 'Asha Devi', careContexts: [{ referenceNumber: visit.id, display: visit.display }], hiType: 'OPConsultation', count: 1 }],
    });
    expect(statusOf(parts, visit.id)).toBe('linking');

    await postV3(ON_CARE_CONTEXT, { abhaAddress: 'asha@sbx', status: 'Successfully Linked care context', response: { requestId: requestIdOf(link) } });
    await waitForStatus(parts, visit.id, 'linked');
    expect(parts.visits.linkOf(visit.id)).toMatchObject({ status: 'linked', problem: null, how: 'desk' });
    // Each step on the patient's timeline: both requests out, both answers in.
    const steps = parts.timeline.list({ patientId: 'asha@sbx' }).map((entry) => `${entry.direction} ${entry.path} ${entry.step}`);
    expect(steps).toEqual(
      expect.arrayContaining([`out ${GENERATE_TOKEN} accepted`, `in ${ON_GENERATE_TOKEN} received`, `out ${LINK_CARE_CONTEXT} accepted`, `in ${ON_CARE_CONTEXT} received`]),
    );
  });

  it('reuses the patient’s token for the next visit: no second generate-token', async () => {
    const parts = desk();
    await startBridge(parts);
    const first = parts.visits.open(asha, 'Rao');
    await postV3(ON_GENERATE_TOKEN, { abhaAddress: 'asha@sbx', linkToken: 'LT-ASHA-1', response: { requestId: requestIdOf(await nthCall(GENERATE_TOKEN)) } });
    await postV3(ON_CARE_CONTEXT, { status: 'SUCCESS', response: { requestId: requestIdOf(await nthCall(LINK_CARE_CONTEXT)) } });
    await waitForStatus(parts, first.id, 'linked');
    // The same patient registered under a second number (a family member's phone, say): a visit of its own.
    const second = parts.visits.open({ ...asha, patientNumber: 'OPD-000002' }, null);
    const link = await nthCall(LINK_CARE_CONTEXT, 2);
    expect(link.headers['x-link-token']).toBe('LT-ASHA-1');
    expect(link.body).toMatchObject({ patient: [{ referenceNumber: 'OPD-000002', careContexts: [{ referenceNumber: second.id }] }] });
    expect(callsTo(GENERATE_TOKEN)).toHaveLength(1);
  });

  it('ABDM-1027: the visit is blocked for 24 hours, nothing more is sent, and "Link again" is refused', async () => {
    const parts = desk();
    await startBridge(parts);
    const visit = parts.visits.open(asha, 'Rao');
    const before = Date.now();
    await postV3(ON_GENERATE_TOKEN, { error: { code: 'ABDM-1027', message: 'Link token generation is blocked for 24 hours' }, response: { requestId: requestIdOf(await nthCall(GENERATE_TOKEN)) } });
    await waitForStatus(parts, visit.id, 'blocked');
    const link = parts.visits.linkOf(visit.id);
    expect(link.problem).toMatchObject({ code: 'LINK_REFUSED', abdmCode: 'ABDM-1027' });
    const retryAfter = Date.parse(link.problem!.retryAfter!);
    expect(retryAfter - before).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(retryAfter - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    let refusal: unknown;
    try {
      parts.visits.relink(visit.id);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppFailure);
    expect(refusal).toMatchObject({ code: 'LINK_REFUSED', abdmCode: 'ABDM-1027', params: { reason: 'blocked', until: link.problem!.retryAfter } });
    // Another visit of the patient asks nothing either while the block holds.
    parts.visits.open({ ...asha, patientNumber: 'OPD-000002' }, null);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(callsTo(GENERATE_TOKEN)).toHaveLength(1);
    expect(callsTo(LINK_CARE_CONTEXT)).toHaveLength(0);
  });

  it('ABDM-1051: the visit failed with ABDM’s code kept; "Link again" asks once more', async () => {
    const parts = desk();
    await startBridge(parts);
    const visit = parts.visits.open(asha, 'Rao');
    await postV3(ON_GENERATE_TOKEN, { error: { code: 'ABDM-1051', message: 'Invalid ABHA' }, response: { requestId: requestIdOf(await nthCall(GENERATE_TOKEN)) } });
    await waitForStatus(parts, visit.id, 'failed');
    expect(parts.visits.linkOf(visit.id).problem).toMatchObject({ code: 'LINK_REFUSED', abdmCode: 'ABDM-1051' });
    expect(parts.visits.relink(visit.id).linkStatus).toBe('linking');
    await nthCall(GENERATE_TOKEN, 2);
  });

  it('a link token ABDM refuses is dropped and a new one asked for, once', async () => {
    const parts = desk();
    await startBridge(parts);
    const visit = parts.visits.open(asha, 'Rao');
    await postV3(ON_GENERATE_TOKEN, { abhaAddress: 'asha@sbx', linkToken: 'LT-OLD', response: { requestId: requestIdOf(await nthCall(GENERATE_TOKEN)) } });
    await postV3(ON_CARE_CONTEXT, { error: { code: 'ABDM-1204', message: 'Invalid or expired X-LINK-TOKEN' }, response: { requestId: requestIdOf(await nthCall(LINK_CARE_CONTEXT)) } });
    await postV3(ON_GENERATE_TOKEN, { abhaAddress: 'asha@sbx', linkToken: 'LT-NEW', response: { requestId: requestIdOf(await nthCall(GENERATE_TOKEN, 2)) } });
    const second = await nthCall(LINK_CARE_CONTEXT, 2);
    expect(second.headers['x-link-token']).toBe('LT-NEW');
    // Refused again: no third token, the visit failed with the code.
    await postV3(ON_CARE_CONTEXT, { error: { code: 'ABDM-1204', message: 'Invalid or expired X-LINK-TOKEN' }, response: { requestId: requestIdOf(second) } });
    await waitForStatus(parts, visit.id, 'failed');
    expect(parts.visits.linkOf(visit.id).problem).toMatchObject({ abdmCode: 'ABDM-1204' });
    expect(callsTo(GENERATE_TOKEN)).toHaveLength(2);
  });

  it('a link the gateway refuses outright (HTTP 400): the visit failed with the gateway’s code, not left linking', async () => {
    refusedPath = LINK_CARE_CONTEXT;
    const parts = desk();
    await startBridge(parts);
    const visit = parts.visits.open(asha, 'Rao');
    await postV3(ON_GENERATE_TOKEN, { abhaAddress: 'asha@sbx', linkToken: 'LT-ASHA-1', response: { requestId: requestIdOf(await nthCall(GENERATE_TOKEN)) } });
    await waitForStatus(parts, visit.id, 'failed');
    expect(parts.visits.linkOf(visit.id).problem).toMatchObject({ abdmCode: 'ABDM-1017' });
  });

  it('a restart while the token is on its way: the answer that comes after it still links the visit', async () => {
    const first = desk();
    await startBridge(first);
    const visit = first.visits.open(asha, 'Rao');
    const generate = await nthCall(GENERATE_TOKEN);
    await vi.waitFor(() => expect(first.outbox.get(requestIdOf(generate))?.state).toBe('accepted'), { timeout: 5_000, interval: 10 });
    await shutDown(first);

    const second = desk();
    second.visits.resume();
    await startBridge(second);
    await postV3(ON_GENERATE_TOKEN, { abhaAddress: 'asha@sbx', linkToken: 'LT-ASHA-1', response: { requestId: requestIdOf(generate) } });
    const link = await nthCall(LINK_CARE_CONTEXT);
    await postV3(ON_CARE_CONTEXT, { status: 'SUCCESS', response: { requestId: requestIdOf(link) } });
    await waitForStatus(second, visit.id, 'linked');
    // Nothing asked twice: the request was still pending at the gateway.
    expect(callsTo(GENERATE_TOKEN)).toHaveLength(1);
  });

  it('a restart after the gateway refused the token request: linking starts again', async () => {
    const first = desk();
    const visit = first.visits.open(asha, 'Rao');
    const generate = await nthCall(GENERATE_TOKEN);
    await shutDown(first);
    // As if the gateway had refused it before the restart (a 400 while the desk was closing).
    database.db.prepare("UPDATE outbox SET state = 'refused' WHERE request_id = ?").run(requestIdOf(generate));

    const second = desk();
    second.visits.resume();
    await startBridge(second);
    const again = await nthCall(GENERATE_TOKEN, 2);
    expect(requestIdOf(again)).not.toBe(requestIdOf(generate));
    expect(statusOf(second, visit.id)).toBe('linking');
  });
});

describe('HIP-initiated linking on the legacy generation (gateway v0.5)', () => {
  beforeEach(() => {
    settings = { ...settings, abdmApi: 'v1' };
  });

  /** Answers the desk's users/auth/init and confirm, and returns its add-contexts. */
  async function linkThroughAuth() {
    const round = 1;
    const init = await nthCall(AUTH_INIT);
    expect(init.body).toMatchObject({ query: { id: 'asha@sbx', purpose: 'LINK', authMode: 'DEMOGRAPHICS', requester: { type: 'HIP', id: HIP_ID } } });
    await postLegacy(AUTH_ON_INIT, { auth: { transactionId: `txn-${round}`, mode: 'DEMOGRAPHICS' }, resp: { requestId: init.body.requestId } });
    const confirm = await nthCall(AUTH_CONFIRM);
    expect(confirm.body).toMatchObject({ transactionId: `txn-${round}`, credential: { demographic: { name: 'Asha Devi', gender: 'F', dateOfBirth: '1981-08-01' } } });
    await postLegacy(AUTH_ON_CONFIRM, {
      auth: { accessToken: `AT-${round}`, validity: { purpose: 'LINK', requester: { type: 'HIP', id: HIP_ID }, expiry: new Date(Date.now() + 600_000).toISOString(), limit: 1 } },
      resp: { requestId: confirm.body.requestId },
    });
    return nthCall(ADD_CONTEXTS);
  }

  it('links a visit with users/auth/* purpose LINK and add-contexts carrying the access token', async () => {
    const parts = desk();
    await startBridge(parts);
    const visit = parts.visits.open(asha, 'Rao');
    const add = await linkThroughAuth();
    expect(add.body).toMatchObject({
      link: { accessToken: 'AT-1', patient: { referenceNumber: 'OPD-000001', display: 'Asha Devi', careContexts: [{ referenceNumber: visit.id, display: visit.display }] } },
    });
    expect(add.headers).not.toHaveProperty('x-link-token');
    await postLegacy(ON_ADD_CONTEXTS, { acknowledgement: { status: 'SUCCESS' }, resp: { requestId: add.body.requestId } });
    await waitForStatus(parts, visit.id, 'linked');
  });

  it('a restart during the authentication: the answer to the request sent before it still links the visit', async () => {
    const first = desk();
    await startBridge(first);
    const visit = first.visits.open(asha, 'Rao');
    const init = await nthCall(AUTH_INIT);
    await vi.waitFor(() => expect(first.visits.linkOf(visit.id).status).toBe('linking'), { timeout: 5_000, interval: 10 });
    await shutDown(first);

    const second = desk();
    await startBridge(second);
    second.visits.resume();
    // No second authentication beside the first: its answer is awaited.
    await linksOnFirstAnswer(second, visit.id, init, 'txn-1', 'AT-1');
  });

  it('a restart while the authentication request is on its way (no 202 yet): the same request is sent again and its answer links the visit', async () => {
    unansweredPath = AUTH_INIT;
    const first = desk();
    await startBridge(first);
    const visit = first.visits.open(asha, 'Rao');
    const init = await nthCall(AUTH_INIT);
    await shutDown(first);
    unansweredPath = null;

    const second = desk();
    await startBridge(second);
    second.visits.resume();
    second.outbox.flush();
    // Sent again under the same requestId, as the outbox resends what it never heard accepted; no second authentication.
    const again = await nthCall(AUTH_INIT, 2);
    expect(again.body.requestId).toBe(init.body.requestId);
    await linksOnFirstAnswer(second, visit.id, init, 'txn-2', 'AT-2');
  });
});

/**
 * After a restart: the gateway answers the auth/init sent before it; the restarted desk confirms with that
 * transaction, links with the access token, and the visit is linked, with no auth/init under another requestId.
 */
async function linksOnFirstAnswer(parts: Desk, visitId: string, init: GatewayCall, transactionId: string, accessToken: string) {
  await postLegacy(AUTH_ON_INIT, { auth: { transactionId, mode: 'DEMOGRAPHICS' }, resp: { requestId: init.body.requestId } });
  const confirm = await nthCall(AUTH_CONFIRM);
  expect(confirm.body).toMatchObject({ transactionId });
  const validity = { purpose: 'LINK', requester: { type: 'HIP', id: HIP_ID }, expiry: new Date(Date.now() + 600_000).toISOString(), limit: 1 };
  await postLegacy(AUTH_ON_CONFIRM, { auth: { accessToken, validity }, resp: { requestId: confirm.body.requestId } });
  const add = await nthCall(ADD_CONTEXTS);
  expect(add.body).toMatchObject({ link: { accessToken } });
  await postLegacy(ON_ADD_CONTEXTS, { acknowledgement: { status: 'SUCCESS' }, resp: { requestId: add.body.requestId } });
  await waitForStatus(parts, visitId, 'linked');
  expect(new Set(callsTo(AUTH_INIT).map((call) => call.body.requestId))).toEqual(new Set([init.body.requestId]));
}
