// Sandbox HIU flow with every delay at zero: patients/find → consent-requests/init → (automatic)
// grant → consents/fetch → health-information/cm/request → data push → decrypt →
// health-information/notify. Target: a full flow under 2 s. Also times one large push.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt, generateKeyMaterial } from '../electron/crypto/fidelius';
import { hiuWorldOf } from '../sandbox/gateway/hiu/index';
import { IMMEDIATE_HIU_SETTINGS, type HiuSettings } from '../sandbox/gateway/hiu/hiu-settings';
import { startSandbox } from '../sandbox/index';
import { line, median, percentile } from './report';

const FLOWS = 20;
const HIU_ID = 'HIU-BENCH';
const PATIENT = 'asha.verma@sbx';

type Json = Record<string, any>;

/** A bare bridge: resolves whoever waits for a message by its correlation key. */
async function startBridge() {
  const waiting = new Map<string, (body: Json) => void>();
  const early = new Map<string, Json>();
  const deliver = (key: string, body: Json) => {
    const wake = waiting.get(key);
    if (wake) {
      waiting.delete(key);
      wake(body);
    } else early.set(key, body);
  };
  const server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    response.statusCode = 202;
    response.end();
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
    if (body.resp?.requestId) deliver(body.resp.requestId, body);
    else if (body.notification?.consentRequestId) deliver(`consent:${body.notification.consentRequestId}`, body);
    else if (body.transactionId) deliver(`push:${body.transactionId}:${body.pageNumber}`, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const next = (key: string) =>
    new Promise<Json>((resolve) => {
      const got = early.get(key);
      if (got) {
        early.delete(key);
        resolve(got);
      } else waiting.set(key, resolve);
    });
  return { url, next, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function run(settings: Partial<HiuSettings>) {
  const bridge = await startBridge();
  const sandbox = await startSandbox({ bridgeUrl: bridge.url, hiu: { ...IMMEDIATE_HIU_SETTINGS, ...settings } });
  const session = (await (
    await fetch(`${sandbox.gatewayBaseUrl}/v0.5/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: sandbox.config.clientId, clientSecret: sandbox.config.clientSecret, grantType: 'client_credentials' }),
    })
  ).json()) as { accessToken: string };
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${session.accessToken}`, 'x-cm-id': 'sbx' };

  /** Sends a gateway request and waits for its callback. */
  async function call(path: string, payload: Json): Promise<Json> {
    const requestId = randomUUID();
    const answer = bridge.next(requestId);
    const response = await fetch(`${sandbox.gatewayBaseUrl}/v0.5${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ requestId, timestamp: new Date().toISOString(), ...payload }),
    });
    if (response.status !== 202) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return path === '/health-information/notify' ? {} : answer;
  }

  async function flow(hip?: string): Promise<number> {
    const started = performance.now();
    const now = Date.now();
    const found = await call('/patients/find', { query: { patient: { id: PATIENT }, requester: { type: 'HIU', id: HIU_ID } } });
    if (!found.patient) throw new Error(JSON.stringify(found));
    const range = { from: '2019-01-01T00:00:00.000Z', to: new Date(now).toISOString() };
    const init = await call('/consent-requests/init', {
      consent: {
        purpose: { text: 'Care Management', code: 'CAREMGT' },
        patient: { id: PATIENT },
        ...(hip ? { hip: { id: hip } } : {}),
        hiu: { id: HIU_ID },
        requester: { name: 'Dr. Bench' },
        hiTypes: ['OPConsultation', 'Prescription', 'DiagnosticReport', 'DischargeSummary'],
        permission: { accessMode: 'VIEW', dateRange: range, dataEraseAt: new Date(now + 86_400_000).toISOString(), frequency: { unit: 'HOUR', value: 1, repeats: 0 } },
      },
    });
    const granted = await bridge.next(`consent:${init.consentRequest.id}`);
    let records = 0;
    for (const { id: consentId } of granted.notification.consentArtefacts as Array<{ id: string }>) {
      const artefact = await call('/consents/fetch', { consentId });
      const keys = generateKeyMaterial();
      const keyMaterial = { cryptoAlg: 'ECDH', curve: 'Curve25519', dhPublicKey: { expiry: new Date(now + 3600_000).toISOString(), parameters: 'Curve25519/32byte random key', keyValue: keys.publicKey }, nonce: keys.nonce };
      const onRequest = await call('/health-information/cm/request', { hiRequest: { consent: { id: consentId }, dateRange: range, dataPushUrl: `${bridge.url}/data-push`, keyMaterial } });
      const transactionId = onRequest.hiRequest.transactionId as string;
      const first = await bridge.next(`push:${transactionId}:1`);
      const pages = [first];
      for (let page = 2; page <= first.pageCount; page++) pages.push(await bridge.next(`push:${transactionId}:${page}`));
      for (const page of pages) {
        for (const entry of page.entries) {
          decrypt({ encryptedData: entry.content, requesterNonce: keys.nonce, senderNonce: page.keyMaterial.nonce, requesterPrivateKey: keys.privateKey, senderPublicKey: page.keyMaterial.dhPublicKey.keyValue });
          records += 1;
        }
      }
      await call('/health-information/notify', {
        notification: {
          consentId,
          transactionId,
          doneAt: new Date().toISOString(),
          notifier: { type: 'HIU', id: HIU_ID },
          statusNotification: { sessionStatus: 'TRANSFERRED', hipId: artefact.consent.consentDetail.hip.id },
        },
      });
    }
    if (records === 0) throw new Error('the flow transferred no records');
    return performance.now() - started;
  }

  return {
    flow,
    async close() {
      await hiuWorldOf(sandbox.context).work.idle();
      await sandbox.close();
      await bridge.close();
    },
  };
}

async function main(): Promise<void> {
  const normal = await run({});
  await normal.flow(); // warm-up: JIT, first RSA signatures, PDF fonts
  const times: number[] = [];
  for (let i = 0; i < FLOWS; i++) times.push(await normal.flow());
  await normal.close();
  console.log(line(`full HIU flow, 3 HIPs (median of ${FLOWS})`, median(times), 'ms', 2000));
  console.log(line('full HIU flow, 3 HIPs (p95)', percentile(times, 95), 'ms', 2000));

  const large = await run({ bundleTargetBytes: 10_000_000 });
  const bigMs = await large.flow('HIP-SUNRISE-LABS');
  await large.close();
  console.log(line('flow with one 10 MB bundle pushed', bigMs, 'ms'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
