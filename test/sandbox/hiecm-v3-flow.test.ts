import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decrypt, generateKeyMaterial } from '../../electron/crypto/fidelius';
import { grantedV3Consent, startV3Harness, V3_HIU_ID, v3ConsentRequest, type V3Harness } from './hiecm-v3-harness';

// The whole HIU flow on HIE-CM v3 (reference/spec/abdm-v3.md §3) against the demo patients and HIPs:
// consent init → on-init → notify GRANTED → on-notify → fetch → on-fetch → HI request → on-request →
// encrypted data push (unchanged from v0.5) → health-information notify; a repeated notify → ABDM-1101.

const keyMaterialFor = (keys: { publicKey: string; nonce: string }) => ({
  cryptoAlg: 'ECDH',
  curve: 'Curve25519',
  dhPublicKey: { expiry: new Date(Date.now() + 3600_000).toISOString(), parameters: 'Curve25519/32byte random key', keyValue: keys.publicKey },
  nonce: keys.nonce,
});

describe('HIE-CM v3 consent and data flow', () => {
  let h: V3Harness;
  beforeAll(async () => {
    h = await startV3Harness();
  });
  afterAll(() => h.close());

  it('runs consent → artefact → HI request → encrypted push → notify, all callbacks in v3 form', async () => {
    const { consentRequestId, onInit, notify, artefactIds } = await grantedV3Consent(h);
    expect(onInit.body.consentRequest).toEqual({ id: expect.any(String) });
    expect(onInit.body.error).toBeUndefined();
    expect(notify.headers['x-hiu-id']).toBe(V3_HIU_ID);
    expect(notify.body).toEqual({ notification: { consentRequestId, status: 'GRANTED', consentArtefacts: artefactIds.map((id) => ({ id })) } });
    expect(artefactIds).toHaveLength(3); // asha.verma@sbx has records at three demo HIPs

    const ack = await h.send('/consent/v3/request/hiu/on-notify', {
      acknowledgement: artefactIds.map((consentId) => ({ status: 'OK', consentId })),
      response: { requestId: notify.headers['request-id'] },
    });
    expect(ack.status, ack.text).toBe(202);

    const fetch = await h.send('/consent/v3/fetch', { consentId: artefactIds[0] });
    expect(fetch.status, fetch.text).toBe(202);
    const { consent } = (await h.callback('/consent/on-fetch', fetch.requestId)).body;
    expect(consent.status).toBe('GRANTED');
    expect(consent.consentDetail).toMatchObject({ consentId: artefactIds[0], patient: { id: 'asha.verma@sbx' }, hiu: { id: V3_HIU_ID }, consentManager: { id: 'sbx' } });
    expect(consent.consentDetail.permission.dateRange.from).toBe('2019-01-01T00:00:00.000Z');
    expect(consent.signature).toMatch(/^[A-Za-z0-9+/]+=*$/);

    const keys = generateKeyMaterial();
    const dataPushUrl = `${h.bridge.url}/data-push`;
    const hiRequest = await h.send('/data-flow/v3/health-information/request', {
      hiRequest: { consent: { id: artefactIds[0] }, dateRange: consent.consentDetail.permission.dateRange, dataPushUrl, keyMaterial: keyMaterialFor(keys) },
    });
    expect(hiRequest.status, hiRequest.text).toBe(202);
    const onRequest = (await h.callback('/health-information/on-request', hiRequest.requestId)).body;
    expect(onRequest.hiRequest).toEqual({ transactionId: expect.any(String), sessionStatus: 'REQUESTED' });
    const { transactionId } = onRequest.hiRequest;

    await h.world.work.idle();
    const pages = h.bridge.callsTo('/data-push').filter((c) => c.body.transactionId === transactionId);
    expect(pages.length).toBeGreaterThan(0);
    const entries = pages.flatMap((page) =>
      page.body.entries.map((entry: { content: string; checksum: string; careContextReference: string }) => {
        const plaintext = decrypt({
          encryptedData: entry.content,
          requesterNonce: keys.nonce,
          senderNonce: page.body.keyMaterial.nonce,
          requesterPrivateKey: keys.privateKey,
          senderPublicKey: page.body.keyMaterial.dhPublicKey.keyValue,
        });
        expect(createHash('md5').update(plaintext, 'utf8').digest('hex')).toBe(entry.checksum);
        expect(JSON.parse(plaintext).resourceType).toBe('Bundle');
        return entry.careContextReference;
      }),
    );
    expect(entries.length).toBeGreaterThan(0);

    const notification = {
      notification: {
        consentId: artefactIds[0],
        transactionId,
        doneAt: new Date().toISOString(),
        notifier: { type: 'HIU', id: V3_HIU_ID },
        statusNotification: {
          sessionStatus: 'TRANSFERRED',
          hipId: consent.consentDetail.hip.id,
          statusResponses: [...new Set(entries)].map((careContextReference) => ({ careContextReference, hiStatus: 'OK', description: 'Data received' })),
        },
      },
    };
    const done = await h.send('/data-flow/v3/health-information/notify', notification);
    expect(done.status, done.text).toBe(202);
    const again = await h.send('/data-flow/v3/health-information/notify', notification);
    expect(again.status).toBe(400);
    expect((again.json as { error: { code: string } }).error.code).toMatch(/^ABDM-1101/);
  });

  it('on-status answers with the request and its artefacts; an unknown id is an error in the callback', async () => {
    const { consentRequestId, artefactIds } = await grantedV3Consent(h);
    const status = await h.send('/consent/v3/request/status', { consentRequestId });
    expect(status.status, status.text).toBe(202);
    const onStatus = await h.callback('/consent/request/on-status', status.requestId);
    expect(onStatus.body.consentRequest).toEqual({ id: consentRequestId, status: 'GRANTED', consentArtefacts: artefactIds.map((id) => ({ id })) });

    const unknown = await h.send('/consent/v3/request/status', { consentRequestId: crypto.randomUUID() });
    const refused = await h.callback('/consent/request/on-status', unknown.requestId);
    expect(refused.body.consentRequest).toBeUndefined();
    expect(refused.body.error).toEqual({ code: expect.stringMatching(/^ABDM-\d{4}$/), message: expect.any(String) });
  });

  it('a consent manager refusal comes back in on-init with a string ABDM code', async () => {
    const init = await h.send('/consent/v3/request/init', v3ConsentRequest({ patient: { id: 'nobody.here@sbx' } }));
    expect(init.status).toBe(202);
    const onInit = await h.callback('/consent/request/on-init', init.requestId);
    expect(onInit.body.consentRequest).toBeUndefined();
    expect(onInit.body.error.code).toMatch(/^ABDM-\d{4}$/);
  });

  it('a notify for a transaction the CM does not know is accepted once, then ABDM-1101', async () => {
    const notification = {
      notification: {
        consentId: crypto.randomUUID(),
        transactionId: crypto.randomUUID(),
        doneAt: new Date().toISOString(),
        notifier: { type: 'HIU', id: V3_HIU_ID },
        statusNotification: { sessionStatus: 'FAILED', hipId: 'HIP-CITYCLINIC-PUNE', statusResponses: [] },
      },
    };
    expect((await h.send('/data-flow/v3/health-information/notify', notification)).status).toBe(202);
    const again = await h.send('/data-flow/v3/health-information/notify', notification);
    expect(again.status).toBe(400);
    expect((again.json as { error: { code: string } }).error.code).toMatch(/^ABDM-1101/);
  });

  it('on-notify for a notification never sent is refused', async () => {
    const ack = await h.send('/consent/v3/request/hiu/on-notify', { acknowledgement: [], response: { requestId: crypto.randomUUID() } });
    expect(ack.status).toBe(400);
    expect((ack.json as { error: { code: string } }).error.code).toMatch(/^ABDM-/);
  });
});

describe('later notifications keep the generation the HIU used', () => {
  it('a v3 consent request denied by hand is notified at the v3 path, a v0.5 one at the v0.5 path', async () => {
    const h = await startV3Harness({ consentDecision: 'manual' });
    try {
      const init = await h.send('/consent/v3/request/init', v3ConsentRequest());
      const id = (await h.callback('/consent/request/on-init', init.requestId)).body.consentRequest.id as string;
      const denied = await fetch(`${h.sandbox.url}/_sandbox/consent-requests/${id}/deny`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(denied.status).toBe(200);
      const notify = await h.notification('/consent/request/notify', (c) => c.body.notification?.consentRequestId === id);
      expect(notify.body.notification).toEqual({ consentRequestId: id, status: 'DENIED', consentArtefacts: [] });
      expect(h.bridge.calls.filter((c) => c.path.startsWith('/v0.5/'))).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
