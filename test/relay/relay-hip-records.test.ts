// The clinic as an HIP behind the relay (docs/hip-wire.md, "At the relay"), on SQLite and on PostgreSQL: real HTTP
// callbacks signed as the gateway signs them, real desk WebSockets speaking the relay protocol. What a clinic would
// notice: a consent, a health-information request and the patient's discovery and linking reach the desk that keeps
// the clinic's records (it holds hip-records:<HIP id>), never another desk; with that desk away they wait for it; an
// answer to a desk's own request (a link token) reaches the desk that asked, not the records desk. Bodies are written
// by hand from NHA's v3 files and ndhm-gateway-v1.yml.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { hipRecordsKey, keyOf } from '../../electron/bridge/relay-protocol';
import { relayConfig } from '../../relay/config';
import { issueDesk } from '../../relay/desk-credentials';
import { silentLog } from '../../relay/relay-log';
import { startRelay } from '../../relay/relay-server';
import type { RelayStore } from '../../relay/store/relay-store';
import { connectProtocolDesk, freePort, MONITORING_TOKEN_SHA256, type ProtocolDesk } from '../support/relay-harness';
import { relayWorld } from '../support/relay-world';
import { bearer, gatewayToken, post } from '../unit/bridge/bridge-support';

const CLINIC = 'CLINIC-HIU-01';
const HIP_ID = 'IN2810014366';
const world = relayWorld('relay-hip-records-');
const settle = (ms = 200) => new Promise((resolve) => setTimeout(resolve, ms));

// NHA's consent-management-data-flow.yaml: a GRANTED consent at the HIP (its example values).
const consentGranted = () => ({
  notification: {
    status: 'GRANTED',
    consentId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
    consentDetail: {
      schemaVersion: 'v3',
      consentId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      createdAt: '2024-05-01T05:10:20.123Z',
      patient: { id: 'abdulkalam@abdm' },
      careContexts: [{ patientReference: 'batman@tmh', careContextReference: 'Episode1' }],
      purpose: { text: 'Care Management', code: 'CAREMGT', refUri: 'www.abc.com' },
      hip: { id: HIP_ID, name: 'Cowin' },
      hiu: { id: 'cowin_hiu_01', name: 'Cowin' },
      consentManager: { id: 'abdm' },
      requester: { name: 'Dr. Manju', identifier: { value: 'REG1', type: 'MH1001', system: 'https://www.sample.com' } },
      hiTypes: ['Prescription'],
      permission: { accessMode: 'VIEW', dateRange: { from: '2021-09-28T12:30:08.573Z', to: '2024-09-28T12:30:08.573Z' }, dataEraseAt: '2025-09-28T12:30:08.573Z', frequency: { unit: 'HOUR', value: 1, repeats: 0 } },
    },
    signature: 'Signature of CM',
    grantAcknowledgement: false,
  },
});

// The same file: a health-information request to the HIP.
const hiRequest = () => ({
  transactionId: '49455d89-cb13-483d-ad71-7a57d5f669a8',
  hiRequest: {
    consent: { id: '18235d89-cb13-479d-ad71-7a57d5f669a8' },
    dateRange: { from: '2022-10-06T15:10:00.587Z', to: '2022-11-06T15:10:00.587Z' },
    dataPushUrl: 'https://live.ndhm.gov.in/api-hiu/data/notification',
    keyMaterial: {
      cryptoAlg: 'ECDH',
      curve: 'curve25519',
      dhPublicKey: { expiry: '2022-12-28T13:18:20.742Z', parameters: 'Ephemeral public key', keyValue: 'BFN7KTdOT0jIAExG2A8Jg+01wMPWxptiGqwHRVvtiVEsUq2FR7P2UdqZxJyPJSeR6muai21iQhasNxnhh8I5M+g=' },
      nonce: '28236d89-cb13-479d-ad71-7a57d5f669a9',
    },
  },
});

interface Clinic {
  addDesk(name: string): Promise<ProtocolDesk>;
  /** POSTs a callback as the gateway would (v3: ids in headers; legacy: in the body). */
  callback(path: string, body: Record<string, unknown>): Promise<{ requestId: string; status: number }>;
}

const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of opened.splice(0).reverse()) await close();
});

async function startClinic(store: RelayStore, api: 'v1' | 'v3' = 'v3'): Promise<Clinic> {
  const port = await freePort();
  const config = relayConfig.parse({
    publicUrl: `http://127.0.0.1:${port}`,
    listen: { host: '127.0.0.1', port },
    hius: [{ id: CLINIC, api, gatewayCertsUrl: world.jwks.url, roles: { hip: HIP_ID } }],
    storage: { sqlite: ':memory:' },
    monitoring: { tokenSha256: MONITORING_TOKEN_SHA256 },
  });
  const relay = await startRelay({ config, store, log: silentLog });
  opened.push(async () => store.close());
  opened.push(() => relay.close());
  return {
    async addDesk(name) {
      const { credential } = await issueDesk(store, CLINIC, name, new Date().toISOString());
      const desk = await connectProtocolDesk(relay.url, credential);
      opened.push(() => desk.close());
      return desk;
    },
    async callback(path, body) {
      const requestId = randomUUID();
      const timestamp = new Date().toISOString();
      const headers: Record<string, string> = { ...bearer(await gatewayToken(world.key, { nowMs: Date.now() })), 'X-HIP-ID': HIP_ID, 'X-CM-ID': 'sbx' };
      const sent = api === 'v3' ? body : { requestId, timestamp, ...body };
      if (api === 'v3') Object.assign(headers, { 'REQUEST-ID': requestId, TIMESTAMP: timestamp });
      const response = await post(`${relay.url}/hiu/${CLINIC}${path}`, sent, headers);
      return { requestId, status: response.status };
    },
  };
}

/** Waits until the desks together have `count` deliveries (or 10 s pass), then a little longer for strays. */
async function deliveriesIn(desks: ProtocolDesk[], count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (desks.reduce((sum, desk) => sum + desk.deliveries().length, 0) < count && Date.now() < deadline) await settle(50);
  await settle();
}

const requestIdsOf = (desk: ProtocolDesk) => desk.deliveries().map((d) => d.callback.requestId).sort();

describe.each(world.storages)('HIP records at the relay, on %s', (_name, openStore) => {
  it('a consent and a health-information request reach the records desk, not the other desk', async () => {
    const clinic = await startClinic(await openStore());
    const records = await clinic.addDesk('Records desk');
    const counter = await clinic.addDesk('Counter desk');
    expect((await records.expect([hipRecordsKey(HIP_ID)])).accepted).toEqual([hipRecordsKey(HIP_ID)]);

    const consent = await clinic.callback('/api/v3/consent/request/hip/notify', consentGranted());
    const request = await clinic.callback('/api/v3/hip/health-information/request', hiRequest());
    expect([consent.status, request.status]).toEqual([202, 202]);
    await deliveriesIn([records, counter], 2);

    expect(requestIdsOf(records)).toEqual([consent.requestId, request.requestId].sort());
    expect(counter.deliveries()).toEqual([]);
  }, 30_000);

  it("the patient's discovery and link confirm wait for the records desk while it is away, then reach it", async () => {
    const clinic = await startClinic(await openStore());
    const counter = await clinic.addDesk('Counter desk');
    // user-initiated-linking.yaml: a discovery, and a confirm that names only its link reference and OTP.
    const discovery = await clinic.callback('/api/v3/hip/patient/care-context/discover', {
      transactionId: 'f901b782-bfdf-4224-9f8d-da2cadc20c0d',
      patient: { id: 'abc@abdm', verifiedIdentifiers: [{ type: 'MOBILE', value: '+919876543210' }], unverifiedIdentifiers: [], name: 'Abdul Kalam', gender: 'M', yearOfBirth: 1990 },
    });
    const confirm = await clinic.callback('/api/v3/hip/link/care-context/confirm', { confirmation: { token: 123456, linkRefNumber: 'd353b782-bfdf-4224-9f8d-da2cadc20c0d' } });
    expect([discovery.status, confirm.status]).toEqual([202, 202]);
    await settle(500);
    expect(counter.deliveries()).toEqual([]);

    const records = await clinic.addDesk('Records desk');
    await records.expect([hipRecordsKey(HIP_ID)]);
    await deliveriesIn([records], 2);
    expect(requestIdsOf(records)).toEqual([discovery.requestId, confirm.requestId].sort());
    expect(counter.deliveries()).toEqual([]);
  }, 30_000);

  it('a link token reaches the desk that asked for it, not the records desk', async () => {
    const clinic = await startClinic(await openStore());
    const records = await clinic.addDesk('Records desk');
    const asker = await clinic.addDesk('Counter desk');
    await records.expect([hipRecordsKey(HIP_ID)]);
    const asked = randomUUID();
    await asker.expect([keyOf('request', asked)]);

    // link-token.yaml: on-generate-token with the token, naming our request in `response`.
    const answer = await clinic.callback('/api/v3/hip/token/on-generate-token', { abhaAddress: 'abc@abdm', linkToken: 'eyJhbGciOiJSUzUxMiJ9.eyJzdWIiOiJ2YXNhbnRoYWt1bWFyLmtlc2F2', response: { requestId: asked } });
    expect(answer.status).toBe(202);
    await deliveriesIn([records, asker], 1);
    expect(requestIdsOf(asker)).toEqual([answer.requestId]);
    expect(records.deliveries()).toEqual([]);
  }, 30_000);
});

describe('HIP records at the relay, legacy generation', () => {
  it('a consent at the HIP on v0.5 reaches the records desk, not the other desk', async () => {
    const { openRelayStore } = await import('../../relay/store/open-store');
    const clinic = await startClinic(await openRelayStore({ sqlite: ':memory:' }), 'v1');
    const records = await clinic.addDesk('Records desk');
    const counter = await clinic.addDesk('Counter desk');
    await records.expect([hipRecordsKey(HIP_ID)]);

    const consent = await clinic.callback('/v0.5/consents/hip/notify', consentGranted());
    expect(consent.status).toBe(202);
    await deliveriesIn([records, counter], 1);
    expect(requestIdsOf(records)).toEqual([consent.requestId]);
    expect(counter.deliveries()).toEqual([]);
  }, 30_000);
});
