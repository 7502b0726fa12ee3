// Patient-initiated discovery and linking end to end through the REAL callback bridge: the patient's app (played
// here) sends discover, link init and confirm signed as the gateway signs; the desk's pipeline stores each, the
// patient-link service answers inside the callback's transaction, and the answers reach a fake gateway over HTTP in
// the shape abdm-frontdesk.md §3 and NHA's v3 file give (written out by hand below). The HIP's OTP goes through the
// generic HTTP SMS sender to a local test SMS server; the test reads it there, as the patient reads their phone.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCallbackBridge, type RunningBridge } from '../../electron/bridge/callback-bridge';
import { CallbackProcessor } from '../../electron/gateway/callback-processor';
import { GatewayOutbox } from '../../electron/gateway/outbox';
import { CounterShares } from '../../electron/services/counter/counter-shares';
import { PatientLink } from '../../electron/services/hip/patient-link';
import { smsSenderFor } from '../../electron/services/hip/sms-choice';
import { soundCodes } from '../../electron/services/register/name-sounds';
import { PatientRegisterStore } from '../../electron/store/register/patient-register-store';
import { memorySecretDriver, openVault, type Vault } from '../../electron/store/secrets/vault';
import { DEFAULT_SETTINGS, type Settings } from '../../electron/store/settings/settings-schema';
import { startFakeGateway, type FakeGateway, type GatewayCall } from '../support/fake-gateway';
import { gatewayToken, signingKey, startJwksServer, type JwksServer, type SigningKey } from '../support/gateway-signing';
import { FakeVisits } from '../support/patient-link-visits';
import { startSmsServer, type SmsServer } from '../support/sms-server';
import { openTestDatabase, type TestDatabase } from '../unit/bridge/bridge-support';
import { postTo, testPipeline } from '../support/test-pipeline';

const HIP_ID = 'IN2810014366';
const T0 = Date.parse('2026-11-27T05:00:00.000Z');
const V3 = {
  discover: '/api/v3/hip/patient/care-context/discover',
  init: '/api/v3/hip/link/care-context/init',
  confirm: '/api/v3/hip/link/care-context/confirm',
  onDiscover: '/user-initiated-linking/v3/patient/care-context/on-discover',
  onInit: '/user-initiated-linking/v3/link/care-context/on-init',
  onConfirm: '/user-initiated-linking/v3/link/care-context/on-confirm',
};
const V05 = {
  discover: '/v0.5/care-contexts/discover',
  init: '/v0.5/links/link/init',
  confirm: '/v0.5/links/link/confirm',
  onDiscover: '/v0.5/care-contexts/on-discover',
  onInit: '/v0.5/links/link/on-init',
  onConfirm: '/v0.5/links/link/on-confirm',
};

let db: TestDatabase;
let gateway: FakeGateway;
let sms: SmsServer;
let key: SigningKey;
let jwks: JwksServer;
let vault: Vault;
let bridge: RunningBridge | null = null;
let settings: Settings;
let clock: number;
let visits: FakeVisits;
let built: { outbox: GatewayOutbox; processor: CallbackProcessor } | null = null;

beforeEach(async () => {
  db = await openTestDatabase();
  gateway = await startFakeGateway();
  sms = await startSmsServer();
  key = await signingKey();
  jwks = await startJwksServer([key]);
  vault = await openVault(memorySecretDriver());
  await vault.set('sms-gateway-key', 'test-sms-key');
  clock = T0;
  settings = {
    ...DEFAULT_SETTINGS,
    environment: 'abdm-sandbox',
    abdmApi: 'v3',
    clientId: 'TEST-CLIENT',
    hipId: HIP_ID,
    hipName: 'Sharma Clinic',
    smsGateway: {
      url: `${sms.url}/api/v2/sms`,
      method: 'POST',
      keyHeader: 'authorization',
      bodyTemplate: '{"route":"otp","numbers":"{{mobile}}","message":"{{message}}"}',
      contentType: 'application/json',
    },
  };
  const register = new PatientRegisterStore(db.database.db);
  const asha = { abhaNumber: null, abhaAddress: null, name: 'Asha Verma', gender: 'F', dateOfBirth: null, yearOfBirth: 1988, mobile: '9812345670', address: null, firstVisit: '2026-11-01T05:00:00.000Z', lastVisit: '2026-11-27T05:00:00.000Z', verified: true };
  register.add(asha, () => 'OPD-000001', soundCodes(asha.name));
  visits = new FakeVisits();
  visits.add({ id: 'visit-27', patientNumber: 'OPD-000001', display: 'OPD visit, 27-11-2026, Dr. Rao' });
  visits.add({ id: 'visit-02', patientNumber: 'OPD-000001', display: 'OPD visit, 02-11-2026, Dr. Rao' });
  visits.add({ id: 'visit-01', patientNumber: 'OPD-000001', display: 'OPD visit, 01-11-2026, Dr. Rao', linkStatus: 'linked' });
});

afterEach(async () => {
  await bridge?.close();
  bridge = null;
  built?.outbox.close();
  await built?.processor.stop();
  built = null;
  await jwks.close();
  await sms.close();
  await new Promise<void>((resolve) => gateway.server.close(() => resolve()));
  db.dispose();
});

/** The HIP's side of the pipeline as app-core builds it, the counter registering the role and patient-link joining. */
async function startDesk() {
  const dbx = db.database.db;
  const { roles, inbox, outbox, processor } = testPipeline({ db: dbx, api: () => settings.abdmApi, send: postTo(() => gateway.url) });
  new CounterShares({ db: dbx, roles, processor, settings: () => settings, now: Date.now, emit: () => undefined }).register();
  const link = new PatientLink({
    db: dbx,
    processor,
    register: new PatientRegisterStore(dbx),
    visits,
    settings: () => settings,
    sms: (current) => smsSenderFor(current, { vault, simulatorUrl: async () => 'http://127.0.0.1:9' }),
    now: () => clock,
    emit: () => undefined,
  });
  link.register();
  built = { outbox, processor };
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
  return link;
}

/** Posts a callback signed as the gateway signs (v3 headers; v0.5 puts requestId and timestamp in the body too). */
async function post(path: string, body: Record<string, unknown>) {
  const requestId = randomUUID();
  const timestamp = new Date().toISOString();
  const legacy = path.startsWith('/v0.5/');
  const response = await fetch(`${bridge!.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await gatewayToken(key, { nowMs: Date.now() })}`,
      'request-id': requestId,
      timestamp,
      'x-hip-id': HIP_ID,
      'x-cm-id': 'sbx',
    },
    body: JSON.stringify(legacy ? { requestId, timestamp, ...body } : body),
  });
  expect(response.status).toBe(202);
  return requestId;
}

/** The next answer the desk sends the gateway on `path` (the n-th on that path). */
async function answerOn(path: string, n: number): Promise<GatewayCall> {
  await vi.waitFor(() => expect(gateway.calls.filter((call) => call.path === path).length).toBeGreaterThanOrEqual(n), { timeout: 10_000, interval: 10 });
  return gateway.calls.filter((call) => call.path === path)[n - 1]!;
}

async function otpSent(n: number): Promise<string> {
  await vi.waitFor(() => expect(sms.calls.length).toBeGreaterThanOrEqual(n), { timeout: 10_000, interval: 10 });
  const body = JSON.parse(sms.calls[n - 1]!.body) as { numbers: string; message: string };
  return /^(\d{6}) is your OTP/.exec(body.message)![1]!;
}

const wrongOf = (otp: string) => String((Number(otp) + 7) % 1_000_000).padStart(6, '0');

// The patient's app: discovery by the verified mobile with name, gender and year of birth (NHA's v3 body).
const v3Discover = (transactionId: string) => ({
  transactionId,
  patient: {
    id: 'asha.verma@sbx',
    name: 'Aasha Varma',
    gender: 'F',
    yearOfBirth: 1988,
    verifiedIdentifiers: [{ type: 'MOBILE', value: '9812345670' }],
    unverifiedIdentifiers: [],
  },
});
const v3Init = (transactionId: string, careContexts: string[]) => ({
  transactionId,
  abhaAddress: 'asha.verma@sbx',
  patient: [{ referenceNumber: 'OPD-000001', careContexts: careContexts.map((referenceNumber) => ({ referenceNumber })), hiType: 'OPConsultation', count: careContexts.length }],
});
const confirmBody = (linkRefNumber: string, token: string) => ({ confirmation: { linkRefNumber, token } });

describe('patient-initiated linking on HIE-CM v3', () => {
  it('discover → init → OTP by SMS → a wrong OTP refused and counted → the right one links the visits', async () => {
    await startDesk();
    const transactionId = randomUUID();
    const discoverId = await post(V3.discover, v3Discover(transactionId));
    const onDiscover = await answerOn(V3.onDiscover, 1);
    expect(onDiscover.headers['x-hip-id']).toBe(HIP_ID);
    expect(onDiscover.body).toEqual({
      transactionId,
      patient: [
        {
          referenceNumber: 'OPD-000001',
          display: 'Asha Verma',
          careContexts: [
            { referenceNumber: 'visit-27', display: 'OPD visit, 27-11-2026, Dr. Rao' },
            { referenceNumber: 'visit-02', display: 'OPD visit, 02-11-2026, Dr. Rao' },
          ],
          hiType: 'OPConsultation',
          count: 2,
        },
      ],
      matchedBy: ['MOBILE'],
      response: { requestId: discoverId },
    });

    const initId = await post(V3.init, v3Init(transactionId, ['visit-27', 'visit-02']));
    const onInit = await answerOn(V3.onInit, 1);
    const link = onInit.body.link as { referenceNumber: string };
    expect(onInit.body).toEqual({
      transactionId,
      link: {
        referenceNumber: expect.any(String),
        authenticationType: 'DIRECT',
        meta: { communicationMedium: 'MOBILE', communicationHint: 'XXXXXX5670', communicationExpiry: '2026-11-27T05:05:00.000Z' },
      },
      response: { requestId: initId },
    });
    const otp = await otpSent(1);
    const smsCall = sms.calls[0]!;
    expect(smsCall.path).toBe('/api/v2/sms');
    expect(smsCall.headers.authorization).toBe('test-sms-key');
    expect(JSON.parse(smsCall.body)).toMatchObject({ route: 'otp', numbers: '9812345670' });
    expect(JSON.parse(smsCall.body).message).toContain(`${otp} is your OTP to link your records at Sharma Clinic. Valid 5 minutes.`);
    // The OTP went out after the commit; the answer never carries it.
    expect(JSON.stringify(onInit.body)).not.toContain(otp);

    await post(V3.confirm, confirmBody(link.referenceNumber, wrongOf(otp)));
    const refused = await answerOn(V3.onConfirm, 1);
    expect(refused.body).toMatchObject({ error: { code: '1405' } });
    // v3's schema requires `patient`: a refusal names none (docs/hip-wire.md).
    expect(refused.body.patient ?? []).toEqual([]);
    expect(visits.linkedByPatient).toEqual([]);

    const confirmId = await post(V3.confirm, confirmBody(link.referenceNumber, otp));
    const linked = await answerOn(V3.onConfirm, 2);
    expect(linked.body).toEqual({
      patient: [
        {
          referenceNumber: 'OPD-000001',
          display: 'Asha Verma',
          careContexts: [
            { referenceNumber: 'visit-27', display: 'OPD visit, 27-11-2026, Dr. Rao' },
            { referenceNumber: 'visit-02', display: 'OPD visit, 02-11-2026, Dr. Rao' },
          ],
          hiType: 'OPConsultation',
          count: 2,
        },
      ],
      response: { requestId: confirmId },
    });
    expect(visits.linkedByPatient).toEqual([['visit-27', 'visit-02']]);
  });

  it('an OTP typed after 5 minutes is refused as expired and links nothing', async () => {
    await startDesk();
    const transactionId = randomUUID();
    await post(V3.discover, v3Discover(transactionId));
    await answerOn(V3.onDiscover, 1);
    await post(V3.init, v3Init(transactionId, ['visit-27']));
    const link = (await answerOn(V3.onInit, 1)).body.link as { referenceNumber: string };
    const otp = await otpSent(1);
    clock = T0 + 5 * 60_000 + 1_000;
    await post(V3.confirm, confirmBody(link.referenceNumber, otp));
    expect((await answerOn(V3.onConfirm, 1)).body).toMatchObject({ error: { code: '1406' } });
    expect(visits.linkedByPatient).toEqual([]);
  });

  it('the third wrong OTP kills the link request: the right one is refused after it', async () => {
    await startDesk();
    const transactionId = randomUUID();
    await post(V3.discover, v3Discover(transactionId));
    await answerOn(V3.onDiscover, 1);
    await post(V3.init, v3Init(transactionId, ['visit-27']));
    const link = (await answerOn(V3.onInit, 1)).body.link as { referenceNumber: string };
    const otp = await otpSent(1);
    for (let n = 1; n <= 3; n += 1) {
      await post(V3.confirm, confirmBody(link.referenceNumber, wrongOf(otp)));
      await answerOn(V3.onConfirm, n);
    }
    await post(V3.confirm, confirmBody(link.referenceNumber, otp));
    const codes = (await Promise.all([1, 2, 3, 4].map((n) => answerOn(V3.onConfirm, n)))).map((call) => (call.body.error as { code: string }).code);
    expect(codes).toEqual(['1405', '1405', '1408', '1408']);
    expect(visits.linkedByPatient).toEqual([]);
  });

  it('an SMS gateway that refuses leaves the link request kept and marked failed (the patient may ask again)', async () => {
    sms.answer = 503;
    const link = await startDesk();
    const transactionId = randomUUID();
    await post(V3.discover, v3Discover(transactionId));
    await answerOn(V3.onDiscover, 1);
    await post(V3.init, v3Init(transactionId, ['visit-27']));
    await answerOn(V3.onInit, 1);
    await vi.waitFor(() => expect(link.requestsOf('OPD-000001')).toEqual([expect.objectContaining({ status: 'waiting', smsStatus: 'failed', smsProblem: 'refused-503' })]), { timeout: 10_000, interval: 10 });
  });
});

describe('patient-initiated linking on the legacy generation (gateway v0.5)', () => {
  it('discover → init → confirm in v0.5’s words: one patient object with matchedBy inside, resp, integer error codes', async () => {
    settings = { ...settings, abdmApi: 'v1' };
    await startDesk();
    const transactionId = randomUUID();
    const discoverId = await post(V05.discover, {
      transactionId,
      patient: { id: 'asha.verma@sbx', name: 'Asha Verma', gender: 'F', yearOfBirth: 1988, verifiedIdentifiers: [{ type: 'MOBILE', value: '+919812345670' }], unverifiedIdentifiers: [] },
    });
    const onDiscover = await answerOn(V05.onDiscover, 1);
    expect(onDiscover.body).toMatchObject({
      transactionId,
      patient: {
        referenceNumber: 'OPD-000001',
        display: 'Asha Verma',
        careContexts: [
          { referenceNumber: 'visit-27', display: 'OPD visit, 27-11-2026, Dr. Rao' },
          { referenceNumber: 'visit-02', display: 'OPD visit, 02-11-2026, Dr. Rao' },
        ],
        matchedBy: ['MOBILE'],
      },
      error: null,
      resp: { requestId: discoverId },
    });
    await post(V05.init, { transactionId, patient: { id: 'asha.verma@sbx', referenceNumber: 'OPD-000001', careContexts: [{ referenceNumber: 'visit-27' }] } });
    const onInit = await answerOn(V05.onInit, 1);
    expect(onInit.body).toMatchObject({ transactionId, link: { authenticationType: 'DIRECT', meta: { communicationMedium: 'MOBILE', communicationHint: 'XXXXXX5670' } } });
    const otp = await otpSent(1);
    const reference = (onInit.body.link as { referenceNumber: string }).referenceNumber;
    await post(V05.confirm, confirmBody(reference, wrongOf(otp)));
    expect((await answerOn(V05.onConfirm, 1)).body).toMatchObject({ patient: null, error: { code: 1405 } });
    await post(V05.confirm, confirmBody(reference, otp));
    expect((await answerOn(V05.onConfirm, 2)).body).toMatchObject({
      patient: { referenceNumber: 'OPD-000001', display: 'Asha Verma', careContexts: [{ referenceNumber: 'visit-27', display: 'OPD visit, 27-11-2026, Dr. Rao' }] },
      error: null,
    });
    expect(visits.linkedByPatient).toEqual([['visit-27']]);
  });

  it('a discovery nobody matches is answered 1404 with no patient', async () => {
    settings = { ...settings, abdmApi: 'v1' };
    await startDesk();
    const transactionId = randomUUID();
    await post(V05.discover, { transactionId, patient: { id: 'zoya@sbx', name: 'Zoya Khan', gender: 'F', yearOfBirth: 1990, verifiedIdentifiers: [{ type: 'MOBILE', value: '9000000009' }] } });
    expect((await answerOn(V05.onDiscover, 1)).body).toMatchObject({ transactionId, patient: null, error: { code: 1404 } });
  });
});
