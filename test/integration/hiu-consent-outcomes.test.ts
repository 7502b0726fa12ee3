// What the engine does with every way a consent can go, and with a gateway that delivers badly: duplicate,
// reordered and delayed callbacks (the simulator's faults), DENIED, REVOKED and EXPIRED decisions, and dataEraseAt
// passing. Expected outcomes come from the spec's rules (reference/spec/gateway-v05.md §2.12) and the simulator's
// own records of what it sent and what it was told. Every test runs on both ABDM APIs: HIE-CM v3 has the same
// consent flow under other paths and names (reference/spec/abdm-v3.md §3, docs/sandbox-hiecm-v3.md).
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ABDM_APIS, type AbdmApi } from '../../electron/store/settings/settings-schema';
import { manualClock } from '../../sandbox/index';
import { consentInput, startHiuApp, type HiuApp } from '../support/hiu-app';

let app: HiuApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const grantedWithArtefacts = (n: number) => (c: { status: string; artefacts: { fetched: boolean }[] }) =>
  c.status === 'GRANTED' && c.artefacts.length === n && c.artefacts.every((a) => a.fetched);

async function requestAll(h: HiuApp, patientId = 'asha.verma@sbx', now = Date.now()) {
  const requested = await h.call('consents.request', consentInput(patientId, now));
  return h.waitForConsent(requested.id, grantedWithArtefacts(3), 'granted with 3 fetched artefacts');
}

function digests(h: HiuApp): string[] {
  return h.transfers().flatMap((t) => t.sent.map((s) => s.sha256)).sort();
}

async function storedDigests(h: HiuApp, patientId: string): Promise<string[]> {
  const list = await h.call('records.list', { patientId });
  const out = [];
  for (const record of list) out.push(createHash('sha256').update((await h.call('records.get', { id: record.id })).bundle, 'utf8').digest('hex'));
  return out.sort();
}

/** What differs between the generations here (gateway-v05.md §2.12–2.14; abdm-v3.md §3; docs/sandbox-hiecm-v3.md §3). */
const WIRE: Record<AbdmApi, { consentFetch: string; answers: 'resp' | 'response'; gatewayRelayedRefusal: string }> = {
  v1: { consentFetch: '/v0.5/consents/fetch', answers: 'resp', gatewayRelayedRefusal: '2500' },
  v3: { consentFetch: '/consent/v3/fetch', answers: 'response', gatewayRelayedRefusal: 'ABDM-9999' },
};

describe.each(ABDM_APIS)('a gateway that delivers badly, on ABDM API %s', (api) => {
  it('with every callback delivered twice, reordered and delayed, the records are the same and each notification is applied once', async () => {
    app = await startHiuApp({ pageSize: 1 }, {}, { api });
    expect((await app.control('/hiu/callback-faults', { duplicate: true, outOfOrder: true, extraDelayMs: 30 })).status).toBe(200);
    const consent = await requestAll(app);
    await app.settle();
    const stored = await storedDigests(app, 'asha.verma@sbx');
    expect(stored).toHaveLength(4);
    expect(stored).toEqual(digests(app));
    // The GRANTED notification came twice with one requestId: applied once, so exactly one artefact fetch per HIP.
    const fetches = app.core.hiu.timelineList({ consentRequestId: consent.id }).filter((e) => e.direction === 'out' && e.path === WIRE[api].consentFetch && e.step === 'accepted');
    expect(fetches).toHaveLength(3);
    const inbox = app.core.hiu.bridge.status();
    expect(inbox.inbox).toEqual({ pending: 0, waiting: 0, failed: 0 });
    expect(inbox.counters?.duplicates).toBeGreaterThan(0);
  });
});

describe.each(ABDM_APIS)('the patient’s decisions on ABDM API %s', (api) => {
  it('DENIED: the request says so, nothing is fetched, and the notification is acknowledged', async () => {
    app = await startHiuApp({ consentDecision: 'DENIED' }, {}, { api });
    const requested = await app.call('consents.request', consentInput('rohan.desai@sbx', Date.now()));
    const denied = await app.waitForConsent(requested.id, (c) => c.status === 'DENIED', 'DENIED');
    expect(denied.artefacts).toEqual([]);
    expect(await app.call('records.list', { patientId: 'rohan.desai@sbx' })).toEqual([]);
    expect(await app.unmatchedAcknowledgements()).toEqual([]);
    const [notify] = await app.notificationsSent('/consents/hiu/notify');
    expect(notify?.acknowledgements).toHaveLength(1);
    expect(notify?.acknowledgements[0]?.body).toMatchObject({ acknowledgement: [], [WIRE[api].answers]: { requestId: notify?.requestId } });
  });

  it('REVOKED: that artefact’s records are erased at once and the erasure is in the audit log; the others stay', async () => {
    app = await startHiuApp({}, {}, { api });
    const consent = await requestAll(app);
    await app.settle();
    const nashik = consent.artefacts.find((a) => a.hipId === 'HIP-DH-NASHIK')!;
    expect((await app.call('records.list', { artefactId: nashik.id })).length).toBe(1);
    expect((await app.control(`/consents/${nashik.id}/revoke`)).status).toBe(200);
    const after = await app.waitForConsent(consent.id, (c) => c.artefacts.find((a) => a.id === nashik.id)?.status === 'REVOKED', 'artefact revoked');
    expect(after.status).toBe('GRANTED'); // two artefacts are still granted
    expect(after.artefacts.find((a) => a.id === nashik.id)?.erasedAt).not.toBeNull();
    expect(await app.call('records.list', { artefactId: nashik.id })).toEqual([]);
    expect((await app.call('records.list', { patientId: 'asha.verma@sbx' })).length).toBe(3);
    const erased = (await app.call('audit.list', {})).filter((e) => e.action === 'records.erased');
    expect(erased).toHaveLength(1);
    expect(JSON.parse(erased[0]!.detail!)).toMatchObject({ artefact: nashik.id, records: 1, reason: 'REVOKED' });
    expect(erased[0]!.detail).not.toMatch(/Discharge|resourceType/);
    await expectFailure(app.fail('records.fetch', { artefactId: nashik.id }), 'CONSENT_NOT_USABLE');
  });

  it('EXPIRED before a decision: the request is EXPIRED; an artefact that expires later loses its records at once', async () => {
    app = await startHiuApp({ consentDecision: 'manual' }, {}, { api });
    const requested = await app.call('consents.request', consentInput('meena.iyer@sbx', Date.now()));
    const pending = await app.waitForConsent(requested.id, (c) => c.gatewayId !== null, 'known to the CM');
    expect((await app.control(`/consent-requests/${pending.gatewayId}/expire`)).status).toBe(200);
    expect((await app.waitForConsent(requested.id, (c) => c.status === 'EXPIRED', 'EXPIRED')).artefacts).toEqual([]);

    const second = await app.call('consents.request', consentInput('meena.iyer@sbx', Date.now()));
    const known = await app.waitForConsent(second.id, (c) => c.gatewayId !== null, 'known to the CM');
    expect((await app.control(`/consent-requests/${known.gatewayId}/grant`)).status).toBe(200);
    const granted = await app.waitForConsent(second.id, grantedWithArtefacts(2), 'granted at two HIPs');
    await app.settle();
    expect((await app.call('records.list', { patientId: 'meena.iyer@sbx' })).length).toBe(5);
    for (const artefact of granted.artefacts) expect((await app.control(`/consents/${artefact.id}/expire`)).status).toBe(200);
    const expired = await app.waitForConsent(second.id, (c) => c.status === 'EXPIRED', 'EXPIRED');
    expect(expired.artefacts.every((a) => a.status === 'EXPIRED' && a.erasedAt !== null)).toBe(true);
    expect(await app.call('records.list', { patientId: 'meena.iyer@sbx' })).toEqual([]);
  });
});

describe.each(ABDM_APIS)('fetching again on ABDM API %s', (api) => {
  it('records.fetch brings an artefact’s records again: one copy of each, plus what the HIP added since', async () => {
    app = await startHiuApp({}, {}, { api });
    const consent = await requestAll(app);
    await app.settle();
    const clinic = consent.artefacts.find((a) => a.hipId === 'HIP-CITYCLINIC-PUNE')!;
    const before = await app.call('records.list', { artefactId: clinic.id });
    expect(before.map((r) => r.hiType).sort()).toEqual(['OPConsultation', 'Prescription']);
    // docs/sandbox-hiu.md §6: new data on a known care context (OPD-0042 at City Clinic), dated inside the consent.
    const added = await app.control('/patients/asha.verma@sbx/records', { hipId: 'HIP-CITYCLINIC-PUNE', hiTypes: ['WellnessRecord'], careContextReference: 'OPD-0042' });
    expect(added.status).toBeLessThan(300);
    const transfer = await app.call('records.fetch', { artefactId: clinic.id });
    expect(['SENDING', 'REQUESTED']).toContain(transfer.status);
    await app.settle();
    const after = await app.call('records.list', { artefactId: clinic.id });
    expect(after.map((r) => r.hiType).sort()).toEqual(['OPConsultation', 'Prescription', 'WellnessRecord']);
    expect(after.every((r) => r.transferId === transfer.id)).toBe(true);
    expect((await app.call('records.list', { patientId: 'asha.verma@sbx' })).length).toBe(5);
  });
});

describe.each(ABDM_APIS)('refusals in the callback on ABDM API %s', (api) => {
  // v0.5: ProjectEKA's gateway relays the CM's refusal as its own 2500 without a timestamp; v3: as ABDM-9999.
  it('an unknown patient, relayed the way the gateway does (to the bridge id, as the gateway’s own code), makes the request FAILED', async () => {
    app = await startHiuApp({ cmErrorStyle: 'gateway' }, {}, { api });
    const requested = await app.call('consents.request', consentInput('nobody.here@sbx', Date.now()));
    const failed = await app.waitForConsent(requested.id, (c) => c.status === 'FAILED', 'FAILED');
    expect(failed.errorCode).toBe(WIRE[api].gatewayRelayedRefusal);
    expect(app.core.hiu.bridge.status().counters?.refused['bad-body']).toBe(0);
  });
});

describe.each(ABDM_APIS)('dataEraseAt on ABDM API %s', (api) => {
  it('when it passes, the records and keys go and an audit entry says what went and why', async () => {
    const clock = manualClock(Date.now());
    app = await startHiuApp({}, { clock }, { now: clock.now, api });
    const consent = await requestAll(app, 'asha.verma@sbx', clock.now());
    await app.settle();
    expect((await app.call('records.list', { patientId: 'asha.verma@sbx' })).length).toBe(4);
    clock.advance(29 * 86_400_000);
    app.core.hiu.sweep();
    expect((await app.call('records.list', { patientId: 'asha.verma@sbx' })).length).toBe(4);
    clock.advance(2 * 86_400_000);
    app.core.hiu.sweep();
    expect(await app.call('records.list', { patientId: 'asha.verma@sbx' })).toEqual([]);
    const after = await app.call('consents.get', { id: consent.id });
    expect(after.artefacts.every((a) => a.erasedAt !== null)).toBe(true);
    const erased = (await app.call('audit.list', {})).filter((e) => e.action === 'records.erased').map((e) => JSON.parse(e.detail!));
    expect(erased.map((e) => e.reason)).toEqual(['data-erase-at', 'data-erase-at', 'data-erase-at']);
    expect(erased.map((e) => e.records).sort()).toEqual([1, 1, 2]);
  });
});

async function expectFailure(promise: Promise<{ code: string }>, code: string): Promise<void> {
  expect((await promise).code).toBe(code);
}
