// The simulator's foreign HIU asking the clinic for records (docs/sandbox-hip.md §14, §15): a consent notified to the
// desk's bridge with the fields of ndhm-gateway-v1.yml's HIPConsentNotification (written here by hand), the desk's
// on-notify, a revoke, a health-information request with fresh key material, and pages the test pushes as the desk
// would: encrypted with a Fidelius key pair made here, decrypted and checked by the simulator.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encrypt, generateKeyMaterial } from '../../electron/crypto/fidelius';
import { postJson } from '../support/sandbox-http';
import { ASHA, HIP_ID, linkTokenFor, oneVisit, startHipFlowHarness, type HipFlowHarness } from './hip-flow-harness';

let h: HipFlowHarness;
beforeAll(async () => {
  h = await startHipFlowHarness();
  const token = await linkTokenFor(h);
  const linked = await h.v3('/hip/v3/link/carecontext', oneVisit('VISIT-FH-1', 'Prescription'), { 'X-LINK-TOKEN': token });
  await h.bridge.waitFor('/api/v3/link/on_carecontext', (c) => c.body?.response?.requestId === linked.requestId);
});
afterAll(async () => h.close());

const CONSENT_RANGE = { from: '2026-01-01T00:00:00.000Z', to: '2026-12-31T23:59:59.000Z', dataEraseAt: '2027-06-30T00:00:00.000Z' };

async function grant(generation: 'v3' | 'v0.5' = 'v3') {
  const res = await h.control('POST', '/consents', { hipId: HIP_ID, abhaAddress: ASHA.abhaAddress, hiTypes: ['Prescription', 'DiagnosticReport'], ...CONSENT_RANGE, generation });
  expect(res.status, res.text).toBe(200);
  return (res.json as { consentId: string }).consentId;
}

/** A Prescription document as the NRCeS profile has it, written by hand: Composition, Patient, Practitioner, the file. */
function prescriptionBundle(): string {
  return JSON.stringify({
    resourceType: 'Bundle',
    id: 'rx-1',
    meta: { profile: ['https://nrces.in/ndhm/fhir/r4/StructureDefinition/DocumentBundle'] },
    identifier: { system: 'http://hip.in', value: 'rx-1' },
    type: 'document',
    timestamp: '2026-11-27T10:00:00+05:30',
    entry: [
      {
        fullUrl: 'urn:uuid:comp-1',
        resource: {
          resourceType: 'Composition',
          id: 'comp-1',
          meta: { profile: ['https://nrces.in/ndhm/fhir/r4/StructureDefinition/PrescriptionRecord'] },
          status: 'final',
          type: { coding: [{ system: 'http://snomed.info/sct', code: '440545006', display: 'Prescription record' }], text: 'Prescription record' },
          subject: { reference: 'urn:uuid:pat-1' },
          date: '2026-11-27T10:00:00+05:30',
          author: [{ reference: 'urn:uuid:prac-1' }],
          title: 'Prescription record',
          section: [{ title: 'Prescription', code: { coding: [{ system: 'http://snomed.info/sct', code: '440545006' }] }, entry: [{ reference: 'urn:uuid:bin-1' }] }],
        },
      },
      { fullUrl: 'urn:uuid:pat-1', resource: { resourceType: 'Patient', id: 'pat-1', name: [{ text: 'Asha Devi Verma' }], gender: 'female' } },
      { fullUrl: 'urn:uuid:prac-1', resource: { resourceType: 'Practitioner', id: 'prac-1', name: [{ text: 'Dr. Rao' }] } },
      { fullUrl: 'urn:uuid:bin-1', resource: { resourceType: 'Binary', id: 'bin-1', contentType: 'application/pdf', data: 'JVBERi0xLjQK' } },
    ],
  });
}

describe('consents from the foreign HIU', () => {
  it('notifies the desk of a GRANTED consent with what it covers, as the consent manager writes it (v3)', async () => {
    const consentId = await grant();
    const call = await h.bridge.waitFor('/api/v3/consent/request/hip/notify', (c) => c.body?.notification?.consentId === consentId);
    expect(call.token.valid).toBe(true);
    expect(call.headers['x-hip-id']).toBe(HIP_ID);
    expect(call.headers['x-cm-id']).toBe('sbx');
    const { notification } = call.body;
    expect(notification.status).toBe('GRANTED');
    expect(notification.signature).toEqual(expect.any(String));
    expect(notification.consentDetail).toMatchObject({
      consentId,
      createdAt: expect.any(String),
      patient: { id: 'asha.verma@sbx' },
      careContexts: [{ patientReference: 'PN-0042', careContextReference: 'VISIT-FH-1' }],
      purpose: { code: expect.any(String), text: expect.any(String) },
      hip: { id: HIP_ID },
      consentManager: { id: 'sbx' },
      hiTypes: ['Prescription', 'DiagnosticReport'],
      permission: { accessMode: 'VIEW', dateRange: { from: CONSENT_RANGE.from, to: CONSENT_RANGE.to }, dataEraseAt: CONSENT_RANGE.dataEraseAt, frequency: expect.any(Object) },
    });

    const ack = await h.v3('/consent/v3/request/hip/on-notify', { acknowledgement: { status: 'OK', consentId }, response: { requestId: call.headers['request-id'] } });
    expect(ack.status, ack.text).toBe(202);
    expect(((await h.control('GET', `/consents/${consentId}`)).json as { acknowledgements: unknown[] }).acknowledgements).toHaveLength(1);
    const stray = await h.v3('/consent/v3/request/hip/on-notify', { acknowledgement: { status: 'OK', consentId }, response: { requestId: '00000000-0000-4000-8000-000000000000' } });
    expect(stray.status).toBe(400);
    expect((stray.json as { error: { code: string } }).error.code).toBe('ABDM-1030');
  });

  it('on v0.5 the notify carries requestId and timestamp in the body, and a revoke sends REVOKED', async () => {
    const consentId = await grant('v0.5');
    const granted = await h.bridge.waitFor('/v0.5/consents/hip/notify', (c) => c.body?.notification?.consentId === consentId);
    expect(granted.body).toMatchObject({ requestId: expect.stringMatching(/^[0-9a-f-]{36}$/), timestamp: expect.any(String), notification: { status: 'GRANTED' } });
    const ack = await h.v05('/v0.5/consents/hip/on-notify', { acknowledgement: { status: 'OK', consentId }, resp: { requestId: granted.body.requestId } });
    expect(ack.status, ack.text).toBe(202);

    expect((await h.control('POST', `/consents/${consentId}/revoke`)).status).toBe(200);
    const revoked = await h.bridge.waitFor('/v0.5/consents/hip/notify', (c) => c.body?.notification?.consentId === consentId && c.body.notification.status === 'REVOKED');
    expect(revoked.body.notification.consentId).toBe(consentId);
    expect((await h.control('POST', `/consents/${consentId}/revoke`)).status).toBe(409);

    const other = await grant('v0.5');
    expect((await h.control('POST', `/consents/${other}/expire`)).status).toBe(200);
    const expired = await h.bridge.waitFor('/v0.5/consents/hip/notify', (c) => c.body?.notification?.consentId === other && c.body.notification.status === 'EXPIRED');
    expect(expired.body.notification.consentDetail.consentId).toBe(other);
  });

  it('refuses a consent with nothing linked to cover, and a bad date', async () => {
    const none = await h.control('POST', '/consents', { hipId: 'IN-NOBODY', abhaAddress: ASHA.abhaAddress, hiTypes: ['Prescription'], ...CONSENT_RANGE });
    expect(none.status).toBe(409);
    const badDate = await h.control('POST', '/consents', { hipId: HIP_ID, abhaAddress: ASHA.abhaAddress, hiTypes: ['Prescription'], ...CONSENT_RANGE, from: '27-11-2026' });
    expect(badDate.status).toBe(400);
    expect((badDate.json as { details: Array<{ message: string }> }).details[0]?.message).toContain('from');
  });
});

describe('a health-information request and the pushed pages', () => {
  it('sends fresh key material and a push URL, then decrypts and checks what the desk pushes', async () => {
    const consentId = await grant();
    const asked = await h.control('POST', '/hi-requests', { consentId });
    expect(asked.status, asked.text).toBe(200);
    const { transactionId, dataPushUrl } = asked.json as { transactionId: string; dataPushUrl: string };
    const call = await h.bridge.waitFor('/api/v3/hip/health-information/request', (c) => c.body?.transactionId === transactionId);
    const { hiRequest } = call.body;
    expect(hiRequest).toMatchObject({
      consent: { id: consentId },
      dateRange: { from: CONSENT_RANGE.from, to: CONSENT_RANGE.to },
      dataPushUrl,
      keyMaterial: { cryptoAlg: 'ECDH', curve: 'Curve25519', dhPublicKey: { expiry: expect.any(String), parameters: expect.any(String), keyValue: expect.any(String) }, nonce: expect.any(String) },
    });

    const ack = await h.v3('/data-flow/v3/health-information/hip/on-request', { hiRequest: { transactionId, sessionStatus: 'ACKNOWLEDGED' }, response: { requestId: call.headers['request-id'] } });
    expect(ack.status, ack.text).toBe(202);

    // The desk's side, played here: its own key pair and nonce, the foreign HIU's public key and nonce.
    const desk = generateKeyMaterial();
    const seal = (plaintext: string) =>
      encrypt({ plaintext, senderNonce: desk.nonce, requesterNonce: hiRequest.keyMaterial.nonce, senderPrivateKey: desk.privateKey, requesterPublicKey: hiRequest.keyMaterial.dhPublicKey.keyValue });
    const bundle = prescriptionBundle();
    const notABundle = JSON.stringify({ resourceType: 'Patient', id: 'p' });
    const keyMaterial = { cryptoAlg: 'ECDH', curve: 'Curve25519', dhPublicKey: { expiry: '2026-12-01T00:00:00.000Z', parameters: 'Curve25519/32byte random key', keyValue: desk.publicKey }, nonce: desk.nonce };
    const page = (pageNumber: number, content: string) => ({
      pageNumber,
      pageCount: 2,
      transactionId,
      entries: [{ content: seal(content), media: 'application/fhir+json', checksum: createHash('md5').update(content).digest('hex'), careContextReference: 'VISIT-FH-1' }],
      keyMaterial,
    });
    expect((await postJson(dataPushUrl, page(1, bundle))).status).toBe(202);
    expect((await postJson(dataPushUrl, page(2, notABundle))).status).toBe(202);
    // A desk resuming after a restart pushes page 1 again: it replaces the first, it is not counted twice.
    expect((await postJson(dataPushUrl, page(1, bundle))).status).toBe(202);

    const notify = {
      notification: {
        consentId,
        transactionId,
        doneAt: new Date().toISOString(),
        notifier: { type: 'HIP', id: HIP_ID },
        statusNotification: { sessionStatus: 'TRANSFERRED', hipId: HIP_ID, statusResponses: [{ careContextReference: 'VISIT-FH-1', hiStatus: 'DELIVERED', description: 'ok' }] },
      },
    };
    const notified = await h.v3('/data-flow/v3/health-information/notify', notify);
    expect(notified.status, notified.text).toBe(202);
    const again = await h.v3('/data-flow/v3/health-information/notify', notify);
    expect((again.json as { error: { code: string } }).error.code).toBe('ABDM-1101');

    const seen = await h.control('GET', `/hi-requests/${transactionId}`);
    expect(seen.status).toBe(200);
    const view = seen.json as Record<string, any>;
    expect(view.pagesReceived).toBe(2);
    expect(view.pageCount).toBe(2);
    expect(view.entries).toHaveLength(2);
    expect(view.entries[0]).toMatchObject({ careContextReference: 'VISIT-FH-1', bundle, valid: true, problems: [], hiType: 'Prescription' });
    expect(view.entries[0].sha256).toBe(createHash('sha256').update(bundle).digest('hex'));
    expect(view.entries[1].valid).toBe(false);
    expect(view.entries[1].problems[0]).toContain('Bundle');
    expect(view.notify).toEqual(notify);
    expect(view.onRequest).toEqual({ hiRequest: { transactionId, sessionStatus: 'ACKNOWLEDGED' }, response: { requestId: call.headers['request-id'] } });
    expect(JSON.stringify(view)).not.toContain('privateKey');
  });

  it('flags an entry sealed to the wrong key as undecryptable, answers 503 while told to fail, and refuses unknown transactions', async () => {
    const consentId = await grant();
    const asked = await h.control('POST', '/hi-requests', { consentId });
    const { transactionId, dataPushUrl } = asked.json as { transactionId: string; dataPushUrl: string };
    const stranger = generateKeyMaterial();
    const desk = generateKeyMaterial();
    const content = encrypt({ plaintext: prescriptionBundle(), senderNonce: desk.nonce, requesterNonce: stranger.nonce, senderPrivateKey: desk.privateKey, requesterPublicKey: stranger.publicKey });
    const body = {
      pageNumber: 1,
      pageCount: 1,
      transactionId,
      entries: [{ content, media: 'application/fhir+json', checksum: 'x', careContextReference: 'VISIT-FH-1' }],
      keyMaterial: { cryptoAlg: 'ECDH', curve: 'Curve25519', dhPublicKey: { expiry: '2026-12-01T00:00:00.000Z', parameters: 'p', keyValue: desk.publicKey }, nonce: desk.nonce },
    };
    expect((await h.control('POST', '/push-failures', { count: 1 })).status).toBe(200);
    expect((await postJson(dataPushUrl, body)).status).toBe(503);
    expect((await postJson(dataPushUrl, body)).status).toBe(202);
    const view = (await h.control('GET', `/hi-requests/${transactionId}`)).json as Record<string, any>;
    expect(view.pages.map((p: { answeredWith: number }) => p.answeredWith)).toEqual([503, 202]);
    expect(view.entries).toHaveLength(1);
    expect(view.entries[0]).toMatchObject({ bundle: null, valid: false });
    expect(view.entries[0].problems[0]).toContain('decrypt');

    const unknown = await postJson(dataPushUrl, { ...body, transactionId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
  });

  it('on v0.5 the request carries its envelope in the body, and the HIP notify on the shared path reaches the transfer', async () => {
    const consentId = await grant('v0.5');
    const asked = await h.control('POST', '/hi-requests', { consentId, from: '2026-11-01T00:00:00.000Z', to: '2026-11-30T00:00:00.000Z' });
    const { transactionId } = asked.json as { transactionId: string };
    const call = await h.bridge.waitFor('/v0.5/health-information/hip/request', (c) => c.body?.transactionId === transactionId);
    expect(call.body).toMatchObject({
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      timestamp: expect.any(String),
      hiRequest: { consent: { id: consentId }, dateRange: { from: '2026-11-01T00:00:00.000Z', to: '2026-11-30T00:00:00.000Z' } },
    });
    const refused = { error: { code: 1000, message: 'Consent revoked' }, resp: { requestId: call.body.requestId } };
    expect((await h.v05('/v0.5/health-information/hip/on-request', refused)).status).toBe(202);
    const notification = {
      consentId,
      transactionId,
      doneAt: new Date().toISOString(),
      notifier: { type: 'HIP', id: HIP_ID },
      statusNotification: { sessionStatus: 'FAILED', hipId: HIP_ID, statusResponses: [{ careContextReference: 'VISIT-FH-1', hiStatus: 'ERRORED', description: 'refused' }] },
    };
    expect((await h.v05('/v0.5/health-information/notify', { notification })).status).toBe(202);
    const view = (await h.control('GET', `/hi-requests/${transactionId}`)).json as Record<string, any>;
    expect(view.onRequest).toMatchObject({ error: { code: 1000 } });
    expect(view.notify.notification).toEqual(notification);
    expect(view.entries).toEqual([]);
    const invoice = await h.control('POST', '/consents', { hipId: HIP_ID, abhaAddress: ASHA.abhaAddress, hiTypes: ['Invoice'], ...CONSENT_RANGE, generation: 'v0.5' });
    expect(invoice.status).toBe(400);
  });
});
