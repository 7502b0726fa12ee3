// The HIE-CM v3 pieces of the app together against the sandbox's HIE-CM v3 (docs/sandbox-hiecm-v3.md): the v3
// gateway session, GATEWAY_V3 building every request from the payloads the HIU services give, the HIU gateway
// client sending them, and the callback bridge serving GATEWAY_V3's routes (tokens checked against
// /gateway/v3/certs, fetched with the v3 headers). Consent → notify → acknowledgement → fetch → health-information
// request → Fidelius push to the bridge → transfer notify, each callback read back into the v0.5 shape the
// services expect.
import { createHash, randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbdmError } from '../../electron/abdm/errors';
import type { HiuOperation } from '../../electron/abdm/gateway/generation';
import type { HiuCallbackKind } from '../../electron/abdm/gateway/hiu/hiu-kinds';
import type { HiuMessages } from '../../electron/abdm/gateway/hiu/hiu-messages';
import { GATEWAY_V3 } from '../../electron/abdm/gateway/v3/generation';
import { createGatewayClient, type GatewayClient } from '../../electron/abdm/gateway/gateway-client';
import { GatewaySession } from '../../electron/abdm/session';
import { v3Headers } from '../../electron/abdm/v3-headers';
import { dataPushPath, newPushSecret, startCallbackBridge, type RunningBridge } from '../../electron/bridge/callback-bridge';
import type { ReceivedCallback, ReceivedPushPage } from '../../electron/bridge/ports';
import { decrypt, generateKeyMaterial } from '../../electron/crypto/fidelius';
import { purposeOf } from '../../electron/shared/hiu-terms';
import { IMMEDIATE_HIU_SETTINGS } from '../../sandbox/gateway/hiu/hiu-settings';
import type { RunningSandbox } from '../../sandbox/index';
import { CLIENT, sendRaw, startTestSandbox } from '../support/sandbox-http';
import { consentRequest } from '../sandbox/hiu-harness';

const HIU_ID = 'HIU-ABHADESK-V3';
const PATIENT = 'asha.verma@sbx';

let sandbox: RunningSandbox;
let bridge: RunningBridge;
let session: GatewaySession;
let client: GatewayClient;
const callbacks: ReceivedCallback[] = [];
const pages: ReceivedPushPage[] = [];
const secrets = new Set<string>();

beforeEach(async () => {
  callbacks.length = 0;
  pages.length = 0;
  sandbox = await startTestSandbox({ hiu: IMMEDIATE_HIU_SETTINGS });
  const base = sandbox.hiecmBaseUrl;
  session = new GatewaySession({ gatewayBaseUrl: base, api: 'v3', cmId: 'sbx', clientId: CLIENT.clientId, clientSecret: async () => CLIENT.clientSecret });
  client = createGatewayClient({ gatewayBaseUrl: base, session });
  bridge = await startCallbackBridge({
    host: '127.0.0.1',
    port: 0,
    generation: GATEWAY_V3,
    inbox: { store: async (callback) => (callbacks.push(callback), 'stored') },
    pushes: { knows: async (secret) => secrets.has(secret), store: async (page) => (pages.push(page), 'stored') },
    jwksUrl: async () => `${base}${GATEWAY_V3.certsPath}`,
    jwksHeaders: () => GATEWAY_V3.certsHeaders('sbx'),
    dataPushLimitBytes: 16 * 1024 * 1024,
  });
  const registered = await sendRaw(`${base}/gateway/v3/bridge/url`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', Authorization: `Bearer ${await session.accessToken()}`, ...v3Headers(), 'X-CM-ID': 'sbx' },
    body: JSON.stringify({ url: bridge.url }),
  });
  expect(registered.status, registered.text).toBe(202);
});

afterEach(async () => {
  await bridge.close();
  await sandbox.close();
});

/** Sends an operation as the outbox does (our requestId, the time now, cm and HIU ids); returns its requestId. */
async function send(operation: HiuOperation, payload: Record<string, unknown>): Promise<string> {
  const requestId = randomUUID();
  const request = GATEWAY_V3.request(operation, { requestId, timestamp: new Date().toISOString(), cmId: 'sbx', hiuId: HIU_ID }, payload);
  expect(await client.send(operation, request)).toBe(202);
  return requestId;
}

/** The stored callback matching, once it has come; with the typed message the desk reads of it (a kind of `K`). */
async function received<K extends HiuCallbackKind>(match: (callback: ReceivedCallback) => boolean) {
  const callback = await vi.waitFor(() => {
    const found = callbacks.find(match);
    if (!found) throw new Error('not yet');
    return found;
  }, { timeout: 5_000, interval: 20 });
  const read = GATEWAY_V3.callbackMessage(callback.path, JSON.parse(callback.body), callback.headers)!;
  return { callback, message: read.message as HiuMessages[K], errorCode: read.errorCode };
}

const answering = (requestId: string) => (c: ReceivedCallback) => c.respRequestId === requestId;

function consentPayload() {
  return consentRequest({
    purpose: purposeOf('CAREMGT'),
    patient: { id: PATIENT },
    hiu: { id: HIU_ID },
    requester: { name: 'Dr. Kavya Rao', identifier: { type: 'REGNO', value: 'KA-45821', system: 'https://www.mciindia.org' } },
  });
}

describe('HIU on HIE-CM v3 against the sandbox', () => {
  it('consent, grant, acknowledgement, fetch, health-information request, push and transfer notify', async () => {
    // Consent request → on-init names the consent manager's id for it.
    const initId = await send('consentRequests.init', consentPayload());
    const onInit = await received<'consentRequests.onInit'>(answering(initId));
    expect(onInit.callback.kind).toBe('consentRequests.onInit');
    expect(onInit.callback.respRequestId).toBe(initId);
    const consentRequestId = onInit.message.consentRequestId!;

    // The grant comes as a notification with its own REQUEST-ID; acknowledged with response.requestId = that id
    // (the sandbox refuses an acknowledgement naming anything else with ABDM-1030).
    const notify = await received<'consents.notify'>((c) => c.kind === 'consents.notify' && JSON.parse(c.body).notification.consentRequestId === consentRequestId);
    expect(notify.callback.respRequestId).toBeNull();
    expect(notify.message.status).toBe('GRANTED');
    const artefacts = notify.message.artefactIds;
    expect(artefacts).toHaveLength(3);
    await send('consents.onNotify', { acknowledgement: artefacts.map((consentId) => ({ status: 'OK', consentId })), resp: { requestId: notify.callback.requestId } });

    // Status: on-status, about the same consent request.
    const statusId = await send('consentRequests.status', { consentRequestId });
    const onStatus = await received<'consentRequests.onStatus'>(answering(statusId));
    expect(JSON.parse(onStatus.callback.body).consentRequest.id).toBe(consentRequestId);
    expect(onStatus.message.status).toBe('GRANTED');

    // Fetch one artefact → its detail names the HIP.
    const fetchId = await send('consents.fetch', { consentId: artefacts[0] });
    const onFetch = await received<'consents.onFetch'>(answering(fetchId));
    const detail = onFetch.message.consent!.detail as Record<string, any>;
    expect(onFetch.message.consent!.status).toBe('GRANTED');
    expect(detail.consentId).toBe(artefacts[0]);
    expect(detail.patient.id).toBe(PATIENT);

    // Health-information request with a fresh Fidelius key; the HIP pushes to our bridge's secret URL.
    const keys = generateKeyMaterial();
    const secret = newPushSecret();
    secrets.add(secret);
    const hiRequestId = await send('healthInformation.request', {
      hiRequest: {
        consent: { id: artefacts[0] },
        dateRange: detail.permission.dateRange,
        dataPushUrl: `${bridge.url}${dataPushPath(secret)}`,
        keyMaterial: {
          cryptoAlg: 'ECDH',
          curve: 'Curve25519',
          dhPublicKey: { expiry: new Date(Date.now() + 3_600_000).toISOString(), parameters: 'Curve25519/32byte random key', keyValue: keys.publicKey },
          nonce: keys.nonce,
        },
      },
    });
    const onRequest = await received<'healthInformation.onRequest'>(answering(hiRequestId));
    const transactionId = onRequest.message.transactionId!;
    expect(transactionId).toBeTruthy();

    await vi.waitFor(() => expect(pages.length).toBeGreaterThan(0), { timeout: 5_000, interval: 20 });
    await vi.waitFor(() => expect(pages.length).toBe(pages[0]!.pageCount), { timeout: 5_000, interval: 20 });
    const entries = pages.flatMap((page) => {
      expect(page.secret).toBe(secret);
      expect(page.transactionId).toBe(transactionId);
      const body = JSON.parse(page.body);
      return (body.entries as any[]).map((entry) => ({ entry, keyMaterial: body.keyMaterial }));
    });
    expect(entries.length).toBeGreaterThan(0);
    for (const { entry, keyMaterial } of entries) {
      const text = decrypt({ encryptedData: entry.content, requesterNonce: keys.nonce, senderNonce: keyMaterial.nonce, requesterPrivateKey: keys.privateKey, senderPublicKey: keyMaterial.dhPublicKey.keyValue });
      expect(createHash('md5').update(text, 'utf8').digest('hex')).toBe(entry.checksum);
      expect(JSON.parse(text).resourceType).toBe('Bundle');
    }

    // The transfer is reported once; a second report of it is refused (ABDM-1101).
    const notification = {
      consentId: artefacts[0],
      transactionId,
      doneAt: new Date().toISOString(),
      notifier: { type: 'HIU', id: HIU_ID },
      statusNotification: {
        sessionStatus: 'TRANSFERRED',
        hipId: detail.hip.id,
        statusResponses: [...new Set(entries.map((e) => e.entry.careContextReference as string))].map((careContextReference) => ({ careContextReference, hiStatus: 'OK', description: 'Decrypted and stored' })),
      },
    };
    await send('healthInformation.notify', { notification });
    const again = await send('healthInformation.notify', { notification }).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(AbdmError);
    expect(again).toMatchObject({ status: 400 });
    expect(String((again as AbdmError).code)).toMatch(/ABDM-1101/);
  });

  it('a refused consent request comes back as an error in the on-init, read where the services read it', async () => {
    const payload = consentPayload();
    payload.consent.patient.id = 'nobody.here@sbx';
    const initId = await send('consentRequests.init', payload);
    const onInit = await received<'consentRequests.onInit'>(answering(initId));
    expect(onInit.errorCode).toMatch(/^ABDM-/);
    expect(onInit.callback.respRequestId).toBe(initId);
  });
});
