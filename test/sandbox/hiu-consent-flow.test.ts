import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAINING_IDENTITIES } from '../../sandbox/index';
import { enrol } from '../support/sandbox-http';
import { consentRequest, grantedConsent, HIU_ID, startHiuHarness, type HiuHarness } from './hiu-harness';

// Consent manager: patients/find, consent-requests/init|status, consents/hiu/notify + on-notify,
// consents/fetch, and the patient's decisions through /_sandbox (gateway-v05.md §2.5, §2.10–2.13).

describe('consent flow with the default automatic grant', () => {
  let h: HiuHarness;
  beforeAll(async () => {
    h = await startHiuHarness();
  });
  afterAll(() => h.close());

  it('patients/find names a known patient and answers 1414 for an unknown one', async () => {
    const known = await h.send('/patients/find', { query: { patient: { id: 'rohan.desai@sbx' }, requester: { type: 'HIU', id: HIU_ID } } });
    expect((await h.callback('/patients/on-find', known.requestId)).body.patient).toEqual({ id: 'rohan.desai@sbx', name: 'Rohan Desai' });
    const unknown = await h.send('/patients/find', { query: { patient: { id: 'nobody.here@sbx' }, requester: { type: 'HIU', id: HIU_ID } } });
    const call = await h.callback('/patients/on-find', unknown.requestId);
    expect(call.body.error).toEqual({ code: 1414, message: 'Cannot find the user' });
    expect(call.body.patient).toBeUndefined();
  });

  it('grants with one artefact per HIP, which consents/fetch returns in full', async () => {
    const { consentRequestId, notify, artefactIds } = await grantedConsent(h);
    expect(notify.headers['x-hiu-id']).toBe(HIU_ID);
    expect(artefactIds).toHaveLength(3); // asha.verma@sbx has care contexts at three demo HIPs
    const hips = new Set<string>();
    for (const consentId of artefactIds) {
      const fetch = await h.send('/consents/fetch', { consentId });
      const { consent } = (await h.callback('/consents/on-fetch', fetch.requestId)).body;
      expect(consent.status).toBe('GRANTED');
      expect(consent.consentDetail).toMatchObject({
        consentId,
        patient: { id: 'asha.verma@sbx' },
        hiu: { id: HIU_ID },
        consentManager: { id: 'sbx' },
        purpose: { code: 'CAREMGT' },
        hiTypes: ['OPConsultation', 'Prescription', 'DiagnosticReport', 'DischargeSummary'],
      });
      expect(consent.consentDetail.careContexts.length).toBeGreaterThan(0);
      expect(consent.signature).toMatch(/^[A-Za-z0-9+/]+=*$/);
      hips.add(consent.consentDetail.hip.id);
    }
    expect(hips.size).toBe(3);

    const status = await h.send('/consent-requests/status', { consentRequestId });
    const onStatus = await h.callback('/consent-requests/on-status', status.requestId);
    expect(onStatus.body.consentRequest).toEqual({ id: consentRequestId, status: 'GRANTED', consentArtefacts: artefactIds.map((id) => ({ id })) });
  });

  it('records the HIU acknowledgement of a consent notification', async () => {
    const { notify, artefactIds } = await grantedConsent(h);
    const ack = await h.send('/consents/hiu/on-notify', {
      acknowledgement: artefactIds.map((consentId) => ({ status: 'OK', consentId })),
      resp: { requestId: notify.body.requestId },
    });
    expect(ack.status).toBe(202);
    const sent = h.world.notifications.all().find((n) => n.requestId === notify.body.requestId)!;
    expect(sent.acknowledgements).toHaveLength(1);
    expect(sent.acknowledgements[0]!.path).toBe('/consents/hiu/on-notify');
  });

  it('narrows the artefacts to the HIP and care contexts asked for', async () => {
    const { artefactIds } = await grantedConsent(h, { hip: { id: 'HIP-SUNRISE-LABS' } });
    expect(artefactIds).toHaveLength(1);
    const fetch = await h.send('/consents/fetch', { consentId: artefactIds[0] });
    const { consentDetail } = (await h.callback('/consents/on-fetch', fetch.requestId)).body.consent;
    expect(consentDetail.hip).toEqual({ id: 'HIP-SUNRISE-LABS', name: 'Sunrise Diagnostics' });
    expect(consentDetail.careContexts).toEqual([{ patientReference: 'SDL-55190', careContextReference: 'LAB-7781' }]);
  });

  it('answers unknown consent requests (1415) and artefacts (1416) in the callback', async () => {
    const status = await h.send('/consent-requests/status', { consentRequestId: crypto.randomUUID() });
    expect((await h.callback('/consent-requests/on-status', status.requestId)).body.error.code).toBe(1415);
    const fetch = await h.send('/consents/fetch', { consentId: crypto.randomUUID() });
    expect((await h.callback('/consents/on-fetch', fetch.requestId)).body.error.code).toBe(1416);
  });
});

describe('consent-requests/init validation (errors in on-init)', () => {
  let h: HiuHarness;
  beforeAll(async () => {
    h = await startHiuHarness({ consentDecision: 'manual' });
  });
  afterAll(() => h.close());

  const cases: Array<[string, ReturnType<typeof consentRequest>, number]> = [
    ['unknown patient', consentRequest({ patient: { id: 'nobody.here@sbx' } }), 1414],
    ['invalid purpose', consentRequest({ purpose: { text: 'Marketing', code: 'MARKETING' } }), 1420],
    ['invalid HI type', consentRequest({ hiTypes: ['OPConsultation', 'LabResult'] }), 1419],
    ['no HI type', consentRequest({ hiTypes: [] }), 1419],
    ['date range from after to', consentRequest({}, { dateRange: { from: '2024-05-01T00:00:00.000Z', to: '2023-01-01T00:00:00.000Z' } }), 1418],
    ['expiry in the past', consentRequest({}, { dataEraseAt: '2020-01-01T00:00:00.000Z' }), 1418],
    ['unknown HIP', consentRequest({ hip: { id: 'HIP-NOWHERE' } }), 1421],
  ];

  it.each(cases)('%s', async (_name, body, code) => {
    const res = await h.send('/consent-requests/init', body, { raw: true });
    expect(res.status, res.text).toBe(202);
    const call = await h.callback('/consent-requests/on-init', res.requestId);
    expect(call.body.error.code).toBe(code);
    expect(call.body.error.message.length).toBeGreaterThan(0);
    expect(call.body.consentRequest).toBeUndefined();
  });

  it('rejects a structurally invalid consent synchronously (400)', async () => {
    const body = consentRequest();
    delete (body.consent as Record<string, unknown>).permission;
    const res = await h.send('/consent-requests/init', body, { raw: true });
    expect(res.status).toBe(400);
    expect((res.json as { error: { message: string } }).error.message).toBe('consent.permission: must not be null');
  });
});

describe("the patient's decisions through /_sandbox", () => {
  let h: HiuHarness;
  beforeAll(async () => {
    h = await startHiuHarness({ consentDecision: 'manual' });
  });
  afterAll(() => h.close());

  async function requested(overrides: Record<string, unknown> = {}) {
    const init = await h.send('/consent-requests/init', consentRequest(overrides));
    return (await h.callback('/consent-requests/on-init', init.requestId)).body.consentRequest.id as string;
  }
  const notified = (consentRequestId: string, status: string) =>
    h.notification('/consents/hiu/notify', (c) => c.body.notification.consentRequestId === consentRequestId && c.body.notification.status === status);
  const statusOf = async (consentRequestId: string) => {
    const res = await h.send('/consent-requests/status', { consentRequestId });
    return (await h.callback('/consent-requests/on-status', res.requestId)).body.consentRequest;
  };

  it('stays REQUESTED until the patient acts', async () => {
    const id = await requested();
    expect(await statusOf(id)).toEqual({ id, status: 'REQUESTED', consentArtefacts: [] });
  });

  it('deny → DENIED notification without artefacts', async () => {
    const id = await requested();
    expect((await h.control(`/consent-requests/${id}/deny`)).status).toBe(200);
    const call = await notified(id, 'DENIED');
    expect(call.body.notification.consentArtefacts).toBeUndefined();
    expect((await statusOf(id)).status).toBe('DENIED');
    expect((await h.control(`/consent-requests/${id}/grant`)).status).toBe(409);
  });

  it('grant with the patient narrowing HI types and dates', async () => {
    const id = await requested();
    const granted = await h.control(`/consent-requests/${id}/grant`, {
      hiTypes: ['Prescription'],
      dateRange: { from: '2023-01-01T00:00:00.000Z', to: '2024-06-01T00:00:00.000Z' },
    });
    expect(granted.status, granted.text).toBe(200);
    const artefactId = (await notified(id, 'GRANTED')).body.notification.consentArtefacts[0].id;
    const fetch = await h.send('/consents/fetch', { consentId: artefactId });
    const { consentDetail } = (await h.callback('/consents/on-fetch', fetch.requestId)).body.consent;
    expect(consentDetail.hiTypes).toEqual(['Prescription']);
    expect(consentDetail.permission.dateRange).toEqual({ from: '2023-01-01T00:00:00.000Z', to: '2024-06-01T00:00:00.000Z' });
  });

  it('refuses a grant that widens what was asked', async () => {
    const id = await requested({ hiTypes: ['Prescription'] });
    const res = await h.control(`/consent-requests/${id}/grant`, { hiTypes: ['Prescription', 'WellnessRecord'] });
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/subset of the requested/);
  });

  it('revoke and expire an artefact → REVOKED / EXPIRED notifications naming it', async () => {
    const id = await requested();
    await h.control(`/consent-requests/${id}/grant`);
    const [first, second, third] = (await notified(id, 'GRANTED')).body.notification.consentArtefacts.map((a: { id: string }) => a.id);
    expect((await h.control(`/consents/${first}/revoke`)).status).toBe(200);
    expect((await notified(id, 'REVOKED')).body.notification.consentArtefacts).toEqual([{ id: first }]);
    expect((await h.control(`/consents/${second}/expire`)).status).toBe(200);
    expect((await notified(id, 'EXPIRED')).body.notification.consentArtefacts).toEqual([{ id: second }]);
    expect((await statusOf(id)).status).toBe('GRANTED'); // the third artefact is still granted
    await h.control(`/consents/${third}/revoke`);
    expect((await statusOf(id)).status).toBe('REVOKED');
    const fetch = await h.send('/consents/fetch', { consentId: first });
    expect((await h.callback('/consents/on-fetch', fetch.requestId)).body.consent.status).toBe('REVOKED');
  });

  it('expire a request nobody acted on → EXPIRED', async () => {
    const id = await requested();
    expect((await h.control(`/consent-requests/${id}/expire`)).status).toBe(200);
    await notified(id, 'EXPIRED');
  });

  it('answers 404 for an unknown id', async () => {
    expect((await h.control(`/consent-requests/${crypto.randomUUID()}/grant`)).status).toBe(404);
    expect((await h.control(`/consents/${crypto.randomUUID()}/revoke`)).status).toBe(404);
  });
});

describe('consent-manager refusals relayed the way the ProjectEKA gateway does', () => {
  it('code 2500 with the CM message, no timestamp, addressed to bridge_<clientId>', async () => {
    const h = await startHiuHarness({ cmErrorStyle: 'gateway' });
    try {
      const res = await h.send('/consent-requests/init', consentRequest({ patient: { id: 'nobody.here@sbx' } }));
      const call = await h.bridge.waitFor('/v0.5/consent-requests/on-init', (c) => c.body.resp.requestId === res.requestId);
      expect(call.token.valid).toBe(true);
      expect(call.body).toEqual({ requestId: expect.any(String), error: { code: 2500, message: 'Invalid patient' }, resp: { requestId: res.requestId } });
      expect(call.headers['x-hiu-id']).toBe('bridge_abha-desk-training');
    } finally {
      await h.close();
    }
  });
});

describe('ABHAs enrolled through the Health ID sandbox', () => {
  it('are consent-manager users: found, authenticated, and asked for consent (no records yet)', async () => {
    const h = await startHiuHarness();
    try {
      const resident = TRAINING_IDENTITIES.newResident;
      const account = await enrol(h.sandbox, h.token, resident.aadhaar, '9876500001', { healthId: 'ravi.trainee' });
      expect(account.healthId).toBe('ravi.trainee@sbx');

      const find = await h.send('/patients/find', { query: { patient: { id: 'ravi.trainee@sbx' }, requester: { type: 'HIU', id: HIU_ID } } });
      expect((await h.callback('/patients/on-find', find.requestId)).body.patient).toEqual({ id: 'ravi.trainee@sbx', name: 'Ravi Kumar Sharma' });

      const modes = await h.send('/users/auth/fetch-modes', { query: { id: 'ravi.trainee@sbx', purpose: 'KYC', requester: { type: 'HIU', id: HIU_ID } } });
      expect((await h.callback('/users/auth/on-fetch-modes', modes.requestId)).body.auth.modes).toContain('AADHAAR_OTP');

      const { artefactIds } = await grantedConsent(h, { patient: { id: 'ravi.trainee@sbx' } });
      expect(artefactIds).toEqual([]);
      expect(JSON.stringify(h.bridge.calls)).not.toContain(resident.aadhaar);
    } finally {
      await h.close();
    }
  });
});
