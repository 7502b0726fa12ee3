// End to end with the offline simulator: the sandbox signs its callbacks with its own key (served at
// /gateway/v0.5/certs) and posts them to the bridge, which verifies, stores and acknowledges them. Simulator and
// bridge share one fake clock.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GATEWAY_V05 } from '../../../electron/abdm/gateway/v05/generation';
import { dataPushPath, newPushSecret, startCallbackBridge, type RunningBridge } from '../../../electron/bridge/callback-bridge';
import { CallbackInboxStore } from '../../../electron/store/gateway/callback-inbox';
import { DataPushPageStore, secretHash } from '../../../electron/store/hiu/data-push-pages';
import { decrypt, generateKeyMaterial } from '../../../electron/crypto/fidelius';
import { manualClock, startSandbox, type RunningSandbox } from '../../../sandbox/index';
import { hiuWorldOf } from '../../../sandbox/gateway/hiu/index';
import { IMMEDIATE_HIU_SETTINGS } from '../../../sandbox/gateway/hiu/hiu-settings';
import { CLIENT } from '../../support/sandbox-http';
import { consentRequest, HIU_ID, keyMaterialFor } from '../../sandbox/hiu-harness';
import { addTransfer, openTestDatabase, post, type TestDatabase } from './bridge-support';

const clock = manualClock(Date.parse('2025-01-15T06:00:00.000Z'));
let db: TestDatabase;
let inbox: CallbackInboxStore;
let pushes: DataPushPageStore;
let bridge: RunningBridge;
let sandbox: RunningSandbox;
let headers: Record<string, string>;

beforeEach(async () => {
  db = await openTestDatabase();
  inbox = new CallbackInboxStore(db.database.db);
  pushes = new DataPushPageStore(db.database.db);
  let gatewayBaseUrl: string | undefined;
  bridge = await startCallbackBridge({
    host: '127.0.0.1',
    port: 0,
    generation: GATEWAY_V05,
    inbox,
    pushes,
    // Known only once the simulator is up; the bridge asks on the first callback.
    jwksUrl: async () => `${gatewayBaseUrl!}/v0.5/certs`,
    now: clock.now,
    dataPushLimitBytes: 64 * 1024 * 1024,
  });
  sandbox = await startSandbox({ bridgeUrl: bridge.url, clock, hiu: { ...IMMEDIATE_HIU_SETTINGS, pageSize: 1 } });
  gatewayBaseUrl = sandbox.gatewayBaseUrl;
  const session = await post(`${sandbox.gatewayBaseUrl}/v0.5/sessions`, { ...CLIENT, grantType: 'client_credentials' });
  headers = { authorization: `Bearer ${session.json.accessToken}`, 'x-cm-id': 'sbx' };
});

afterEach(async () => {
  await sandbox.close();
  await bridge.close();
  db.dispose();
});

/** Sends a gateway request stamped with the shared clock; returns its requestId. */
async function send(path: string, payload: Record<string, unknown>): Promise<string> {
  const requestId = randomUUID();
  const res = await post(`${sandbox.gatewayBaseUrl}/v0.5${path}`, { requestId, timestamp: new Date(clock.now()).toISOString(), ...payload }, headers);
  expect(res.status, res.text).toBe(202);
  return requestId;
}

const idle = () => hiuWorldOf(sandbox.context).work.idle();

describe('the bridge behind the simulator', () => {
  it('takes the on-find callback for patients/find into the inbox, with the answer naming our request', async () => {
    const requestId = await send('/patients/find', { query: { patient: { id: 'asha.verma@sbx' }, requester: { type: 'HIU', id: HIU_ID } } });
    await idle();
    const [entry] = inbox.answersTo(requestId);
    expect(entry).toMatchObject({ kind: 'patients.onFind', path: '/v0.5/patients/on-find', respRequestId: requestId, receivedAt: '2025-01-15T06:00:00.000Z', state: 'pending' });
    expect(entry!.headers).toEqual({ 'x-hiu-id': HIU_ID, 'x-cm-id': 'sbx' });
    expect(JSON.parse(entry!.body).patient).toEqual({ id: 'asha.verma@sbx', name: 'Asha Devi Verma' });
    // The simulator saw a 2xx for its delivery.
    const delivery = hiuWorldOf(sandbox.context).sender.log.find((d) => d.respRequestId === requestId)!;
    expect(delivery.attempts.map((a) => a.status)).toEqual([202]);
    expect(bridge.counters()).toMatchObject({ accepted: 1, refused: { 'bad-token': 0, 'no-token': 0 } });
  });

  it('stores each delivery of a callback the simulator sends twice once', async () => {
    await post(`${sandbox.url}/_sandbox/hiu/callback-faults`, { duplicate: true });
    const requestId = await send('/patients/find', { query: { patient: { id: 'rohan.desai@sbx' }, requester: { type: 'HIU', id: HIU_ID } } });
    await idle();
    expect(inbox.answersTo(requestId)).toHaveLength(1);
    expect(bridge.counters()).toMatchObject({ accepted: 1, duplicates: 1 });
  });

  it('carries a consent through to the encrypted pages a HIP pushes to the secret URL', async () => {
    const init = await send('/consent-requests/init', consentRequest({ hip: { id: 'HIP-CITYCLINIC-PUNE' } }));
    await idle();
    const consentRequestId = JSON.parse(inbox.answersTo(init)[0]!.body).consentRequest.id as string;
    const notify = inbox.pending(100).find((e) => e.kind === 'consents.notify' && JSON.parse(e.body).notification.consentRequestId === consentRequestId)!;
    const artefactId = JSON.parse(notify.body).notification.consentArtefacts[0].id as string;

    const secret = newPushSecret();
    addTransfer(db.database, secret);
    const keys = generateKeyMaterial();
    const request = await send('/health-information/cm/request', {
      hiRequest: {
        consent: { id: artefactId },
        dateRange: { from: '2019-01-01T00:00:00.000Z', to: new Date(clock.now()).toISOString() },
        dataPushUrl: `${bridge.url}${dataPushPath(secret)}`,
        keyMaterial: keyMaterialFor(keys),
      },
    });
    await idle();
    const transactionId = JSON.parse(inbox.answersTo(request)[0]!.body).hiRequest.transactionId as string;
    const summary = pushes.pagesOf(secretHash(secret));
    expect(summary).toMatchObject({ pageCount: 2, received: [1, 2], complete: true, transactionIds: [transactionId] });
    const [page] = pushes.pending(secretHash(secret));
    const body = JSON.parse(page!.body!);
    const bundle = decrypt({
      encryptedData: body.entries[0].content,
      requesterNonce: keys.nonce,
      senderNonce: body.keyMaterial.nonce,
      requesterPrivateKey: keys.privateKey,
      senderPublicKey: body.keyMaterial.dhPublicKey.keyValue,
    });
    expect(JSON.parse(bundle)).toMatchObject({ resourceType: 'Bundle', type: 'document' });
    expect(bridge.counters().pagesAccepted).toBe(2);
  });
});
