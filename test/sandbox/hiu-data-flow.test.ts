import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decrypt, generateKeyMaterial } from '../../electron/crypto/fidelius';
import type { ReceivedCall } from '../support/mini-bridge';
import { assertHiuSchema, grantedConsent, HIU_ID, keyMaterialFor, startHiuHarness, type HiuHarness } from './hiu-harness';

// health-information/cm/request → hiu/on-request → HIP data push (Fidelius, pages) →
// health-information/notify from the HIU (gateway-v05.md §2.14–2.16, fidelius.md).

const RANGE = { from: '2019-01-01T00:00:00.000Z', to: new Date().toISOString() };

describe('health-information data flow', () => {
  let h: HiuHarness;
  let artefacts: Array<{ id: string; hipId: string }>;

  beforeAll(async () => {
    h = await startHiuHarness({ pageSize: 1 });
    const { artefactIds } = await grantedConsent(h);
    artefacts = [];
    for (const consentId of artefactIds) {
      const fetch = await h.send('/consents/fetch', { consentId });
      const { consentDetail } = (await h.callback('/consents/on-fetch', fetch.requestId)).body.consent;
      artefacts.push({ id: consentId, hipId: consentDetail.hip.id });
    }
  });
  afterAll(() => h.close());

  const artefactAt = (hipId: string) => artefacts.find((a) => a.hipId === hipId)!.id;

  async function requestData(consentId: string, keys = generateKeyMaterial(), dateRange = RANGE, pushPath = '/data-push') {
    const res = await h.send('/health-information/cm/request', {
      hiRequest: { consent: { id: consentId }, dateRange, dataPushUrl: `${h.bridge.url}${pushPath}`, keyMaterial: keyMaterialFor(keys) },
    });
    expect(res.status, res.text).toBe(202);
    return { keys, onRequest: (await h.callback('/health-information/hiu/on-request', res.requestId)).body };
  }

  async function pushedPages(transactionId: string, pushPath = '/data-push'): Promise<ReceivedCall[]> {
    await h.world.work.idle();
    return h.bridge.callsTo(pushPath).filter((c) => c.body.transactionId === transactionId);
  }

  const open = (page: ReceivedCall, keys: { privateKey: string; nonce: string }) =>
    page.body.entries.map((entry: { content: string; checksum: string; careContextReference: string }) => ({
      entry,
      plaintext: decrypt({
        encryptedData: entry.content,
        requesterNonce: keys.nonce,
        senderNonce: page.body.keyMaterial.nonce,
        requesterPrivateKey: keys.privateKey,
        senderPublicKey: page.body.keyMaterial.dhPublicKey.keyValue,
      }),
    }));

  it('pushes the granted records in pages, encrypted to our key, checksummed', async () => {
    const { keys, onRequest } = await requestData(artefactAt('HIP-CITYCLINIC-PUNE'));
    expect(onRequest.hiRequest).toEqual({ transactionId: expect.any(String), sessionStatus: 'REQUESTED' });
    const pages = await pushedPages(onRequest.hiRequest.transactionId);
    expect(pages.map((p) => [p.body.pageNumber, p.body.pageCount])).toEqual([
      [1, 2],
      [2, 2],
    ]);
    const titles: string[] = [];
    for (const page of pages) {
      assertHiuSchema('DataNotification', page.body);
      expect(page.headers.authorization).toBeUndefined(); // HIPs push without a token
      expect(page.body.keyMaterial).toMatchObject({ cryptoAlg: 'ECDH', curve: 'Curve25519' });
      expect(page.body.keyMaterial.dhPublicKey.keyValue).toHaveLength(88);
      for (const { entry, plaintext } of open(page, keys)) {
        expect(createHash('md5').update(plaintext, 'utf8').digest('hex')).toBe(entry.checksum);
        const bundle = JSON.parse(plaintext);
        expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'document' });
        expect(entry.careContextReference).toBe('OPD-0042');
        titles.push(bundle.entry[0].resource.title);
      }
    }
    expect(titles.sort()).toEqual(['Consultation Report', 'Prescription record']);
  });

  it('decrypts to exactly the bytes the HIP encrypted', async () => {
    const { keys, onRequest } = await requestData(artefactAt('HIP-SUNRISE-LABS'));
    const [page] = await pushedPages(onRequest.hiRequest.transactionId);
    const [{ entry, plaintext }] = open(page!, keys);
    const ciphertext = Buffer.from(entry.content, 'base64');
    expect(ciphertext.length).toBe(Buffer.byteLength(plaintext, 'utf8') + 16);
    expect(createHash('md5').update(plaintext, 'utf8').digest('hex')).toBe(entry.checksum);
    const report = JSON.parse(plaintext).entry.find((e: { resource: { resourceType: string } }) => e.resource.resourceType === 'DiagnosticReport');
    expect(Buffer.from(report.resource.presentedForm[0].data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a Java-style HIP sends its key as X.509, which decrypts the same way', async () => {
    const { keys, onRequest } = await requestData(artefactAt('HIP-DH-NASHIK'));
    const [page] = await pushedPages(onRequest.hiRequest.transactionId);
    expect(page!.body.keyMaterial.dhPublicKey.keyValue).toHaveLength(412);
    expect(JSON.parse(open(page!, keys)[0].plaintext).entry[0].resource.title).toBe('Discharge Summary');
  });

  it('sends only records dated inside the requested range (an empty page otherwise)', async () => {
    const { onRequest } = await requestData(artefactAt('HIP-CITYCLINIC-PUNE'), undefined, { from: '2019-01-01T00:00:00.000Z', to: '2020-01-01T00:00:00.000Z' });
    const pages = await pushedPages(onRequest.hiRequest.transactionId);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.body).toMatchObject({ pageNumber: 1, pageCount: 1, entries: [] });
  });

  it('records the HIU health-information/notify against the transfer', async () => {
    const consentId = artefactAt('HIP-SUNRISE-LABS');
    const { onRequest } = await requestData(consentId);
    const transactionId = onRequest.hiRequest.transactionId;
    await pushedPages(transactionId);
    const notify = await h.send('/health-information/notify', {
      notification: {
        consentId,
        transactionId,
        doneAt: new Date().toISOString(),
        notifier: { type: 'HIU', id: HIU_ID },
        statusNotification: {
          sessionStatus: 'TRANSFERRED',
          hipId: 'HIP-SUNRISE-LABS',
          statusResponses: [{ careContextReference: 'LAB-7781', hiStatus: 'OK', description: 'Decrypted and stored' }],
        },
      },
    });
    expect(notify.status).toBe(202);
    const transfer = h.world.transfers.get(transactionId)!;
    expect(transfer.status).toBe('TRANSFERRED');
    expect(transfer.hiuNotifications).toHaveLength(1);
  });

  it.each([
    ['an unknown artefact', () => crypto.randomUUID(), RANGE, 1416],
    ['dates outside the granted range', () => artefactAt('HIP-SUNRISE-LABS'), { from: '2010-01-01T00:00:00.000Z', to: RANGE.to }, 1418],
    ['from after to', () => artefactAt('HIP-SUNRISE-LABS'), { from: RANGE.to, to: '2020-01-01T00:00:00.000Z' }, 1418],
  ])('refuses %s in on-request', async (_name, consentId, dateRange, code) => {
    const { onRequest } = await requestData(consentId(), undefined, dateRange);
    expect(onRequest.error.code).toBe(code);
    expect(onRequest.hiRequest).toBeUndefined();
  });

  it('refuses a key it cannot read (1514)', async () => {
    const keys = { ...generateKeyMaterial(), publicKey: Buffer.alloc(65, 4).toString('base64') };
    const { onRequest } = await requestData(artefactAt('HIP-SUNRISE-LABS'), keys);
    expect(onRequest.error.code).toBe(1514);
    expect(onRequest.error.message).toMatch(/keyValue/);
  });
});

describe('data requests against ended consents', () => {
  it('revoked → 1428, expired → 1410', async () => {
    const h = await startHiuHarness();
    try {
      const { artefactIds } = await grantedConsent(h);
      const [revoked, expired] = artefactIds;
      await h.control(`/consents/${revoked}/revoke`);
      await h.control(`/consents/${expired}/expire`);
      for (const [consentId, code] of [
        [revoked, 1428],
        [expired, 1410],
      ] as const) {
        const res = await h.send('/health-information/cm/request', {
          hiRequest: { consent: { id: consentId }, dateRange: RANGE, dataPushUrl: `${h.bridge.url}/data-push`, keyMaterial: keyMaterialFor(generateKeyMaterial()) },
        });
        expect((await h.callback('/health-information/hiu/on-request', res.requestId)).body.error.code).toBe(code);
      }
    } finally {
      await h.close();
    }
  });

  it('pads bundles to a configured size and still decrypts them', async () => {
    const h = await startHiuHarness({ bundleTargetBytes: 2_000_000, dataPushWithToken: true });
    try {
      const { artefactIds } = await grantedConsent(h, { hip: { id: 'HIP-SUNRISE-LABS' } });
      const keys = generateKeyMaterial();
      const res = await h.send('/health-information/cm/request', {
        hiRequest: { consent: { id: artefactIds[0] }, dateRange: RANGE, dataPushUrl: `${h.bridge.url}/big`, keyMaterial: keyMaterialFor(keys) },
      });
      await h.callback('/health-information/hiu/on-request', res.requestId);
      await h.world.work.idle();
      const [page] = h.bridge.callsTo('/big');
      expect(page!.rawBytes).toBeGreaterThan(2_500_000); // 2 MB of JSON → base64 ciphertext
      expect(page!.token.valid).toBe(true);
      const entry = page!.body.entries[0];
      const plaintext = decrypt({
        encryptedData: entry.content,
        requesterNonce: keys.nonce,
        senderNonce: page!.body.keyMaterial.nonce,
        requesterPrivateKey: keys.privateKey,
        senderPublicKey: page!.body.keyMaterial.dhPublicKey.keyValue,
      });
      expect(Math.abs(Buffer.byteLength(plaintext) - 2_000_000)).toBeLessThan(20_000);
    } finally {
      await h.close();
    }
  });
});
