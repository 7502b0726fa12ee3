// The desk's own HIP wire (electron/abdm/gateway/hip/, the `wire` helper's) against the simulator, on both
// generations: every operation built by the wire from a neutral payload written here is accepted by the simulator's
// gateway, and every message the simulator sends the bridge passes the wire's schema for its path and reads into the
// message the desk's services expect. Neither side's code supplies the expected values: they are the payloads and
// the simulator inputs of this file.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayGeneration } from '../../electron/abdm/gateway/generation';
import { HIP_ROLE } from '../../electron/abdm/gateway/hip/hip-role';
import { generationWithRoles } from '../../electron/abdm/gateway/role-wire';
import { V05_TRANSPORT } from '../../electron/abdm/gateway/v05/generation';
import { V3_TRANSPORT } from '../../electron/abdm/gateway/v3/generation';
import type { ReceivedCall } from '../support/mini-bridge';
import { postJson, type HttpResult } from '../support/sandbox-http';
import { v3Session } from './hiecm-v3-harness';
import { ASHA, HIP_ID, startHipFlowHarness, type HipFlowHarness } from './hip-flow-harness';

let h: HipFlowHarness;
let v3Token: string;
beforeAll(async () => {
  h = await startHipFlowHarness();
  v3Token = ((await v3Session(h.sandbox.hiecmBaseUrl)).json as { accessToken: string }).accessToken;
});
afterAll(async () => h.close());

type Generation = 'v3' | 'v0.5';
const GENERATIONS: Record<Generation, GatewayGeneration> = {
  v3: generationWithRoles(V3_TRANSPORT, [{ role: HIP_ROLE, id: () => HIP_ID }]),
  'v0.5': generationWithRoles(V05_TRANSPORT, [{ role: HIP_ROLE, id: () => HIP_ID }]),
};

/** Sends one operation as the desk's pipeline would write it. */
async function send(generation: Generation, operation: string, payload: Record<string, unknown>): Promise<HttpResult & { requestId: string }> {
  const requestId = randomUUID();
  const request = GENERATIONS[generation].request(operation, { requestId, timestamp: new Date().toISOString(), cmId: 'sbx' }, payload);
  const base = generation === 'v3' ? h.sandbox.hiecmBaseUrl : h.sandbox.gatewayBaseUrl;
  const token = generation === 'v3' ? v3Token : h.v05Token;
  const result = await postJson(`${base}${request.path}`, request.body, { ...request.headers, Authorization: `Bearer ${token}` });
  return { ...result, requestId };
}

/** What the desk makes of a call the simulator sent its bridge: its schema must pass, then the reader's message. */
function read(generation: Generation, call: ReceivedCall) {
  const gen = GENERATIONS[generation];
  const route = gen.callbackRoutes.find((r) => r.path === call.path);
  expect(route, `the desk serves no callback at ${call.path}`).toBeDefined();
  const parsed = route!.schema.safeParse(call.body);
  expect(parsed.success, `${call.path}: ${JSON.stringify(parsed.error?.issues[0])}`).toBe(true);
  const headers = call.headers as Record<string, string | undefined>;
  const message = gen.callbackMessage(call.path, call.body, headers);
  return { kind: message?.kind, message: message?.message as any, errorCode: message?.errorCode, ids: gen.callbackIds(headers, call.body) };
}

const answering = (requestId: string) => (c: ReceivedCall) => (c.body?.response?.requestId ?? c.body?.resp?.requestId) === requestId;

describe('v3: HIP-initiated linking with the desk wire', () => {
  it('link token, care contexts, context notify and SMS deep link are accepted and answered in the desk words', async () => {
    const asked = await send('v3', 'linkToken.generate', { abhaNumber: '91-4820-1736-5529', ...ASHA });
    expect(asked.status, asked.text).toBe(202);
    const onToken = read('v3', await h.bridge.waitFor('/api/v3/hip/token/on-generate-token', answering(asked.requestId)));
    expect(onToken.kind).toBe('linkToken.onGenerate');
    expect(onToken.message).toMatchObject({ abhaAddress: 'asha.verma@sbx', linkToken: expect.any(String), error: null });

    const visit = { referenceNumber: 'VISIT-W3', display: 'OPD visit, 27-11-2026, Dr. Rao' };
    const linkPayload = { linkToken: onToken.message.linkToken, abhaNumber: null, abhaAddress: ASHA.abhaAddress, patientReference: 'PN-0042', patientDisplay: ASHA.name, careContexts: [visit], hiType: 'OPConsultation', count: 1 };
    const linked = await send('v3', 'links.addCareContexts', linkPayload);
    expect(linked.status, linked.text).toBe(202);
    const onLink = read('v3', await h.bridge.waitFor('/api/v3/link/on_carecontext', answering(linked.requestId)));
    expect(onLink).toMatchObject({ kind: 'links.onAddCareContexts', errorCode: null });
    const links = (await h.control('GET', '/links?abhaAddress=asha.verma@sbx')).json as { careContexts: Array<Record<string, unknown>> };
    expect(links.careContexts).toContainEqual(expect.objectContaining({ careContextReference: 'VISIT-W3', patientReference: 'PN-0042', hipId: HIP_ID }));

    const notified = await send('v3', 'links.contextNotify', { abhaAddress: ASHA.abhaAddress, patientReference: 'PN-0042', careContextReference: 'VISIT-W3', hiTypes: ['Prescription'], date: new Date().toISOString(), hipId: HIP_ID });
    expect(notified.status, notified.text).toBe(202);
    expect(read('v3', await h.bridge.waitFor('/api/v3/links/context/on-notify', answering(notified.requestId)))).toMatchObject({ kind: 'links.onContextNotify', errorCode: null });

    const sms = await send('v3', 'sms.notify', { phoneNo: '9812345670', hipId: HIP_ID, hipName: 'Shanti Clinic' });
    expect(sms.status, sms.text).toBe(202);
    expect(read('v3', await h.bridge.waitFor('/api/v3/patients/sms/on-notify', answering(sms.requestId)))).toMatchObject({ kind: 'sms.onNotify', errorCode: null });
  });

  it('a refused link token reads as the refusal, with ABDM code', async () => {
    const asked = await send('v3', 'linkToken.generate', { abhaNumber: null, ...ASHA, abhaAddress: 'nobody.here@sbx' });
    const onToken = read('v3', await h.bridge.waitFor('/api/v3/hip/token/on-generate-token', answering(asked.requestId)));
    expect(onToken.message.linkToken).toBeNull();
    expect(onToken.message.error?.code).toBe('ABDM-1051');
  });
});

describe('v0.5: linking with the users/auth LINK token and the desk wire', () => {
  it('add-contexts, context notify and SMS are accepted and answered', async () => {
    const init = await h.v05('/v0.5/users/auth/init', { query: { id: ASHA.abhaAddress, purpose: 'LINK', authMode: 'MOBILE_OTP', requester: { type: 'HIP', id: HIP_ID } } });
    const onInit = await h.bridge.waitFor('/v0.5/users/auth/on-init', (c) => c.body?.resp?.requestId === init.requestId);
    const confirm = await h.v05('/v0.5/users/auth/confirm', { transactionId: onInit.body.auth.transactionId, credential: { authCode: '123456' } });
    const onConfirm = await h.bridge.waitFor('/v0.5/users/auth/on-confirm', (c) => c.body?.resp?.requestId === confirm.requestId);

    const visit = { referenceNumber: 'VISIT-W05', display: 'OPD visit, 27-11-2026, Dr. Rao' };
    const added = await send('v0.5', 'links.addCareContexts', { linkToken: onConfirm.body.auth.accessToken, abhaNumber: null, abhaAddress: ASHA.abhaAddress, patientReference: 'PN-0042', patientDisplay: ASHA.name, careContexts: [visit], hiType: 'OPConsultation', count: 1 });
    expect(added.status, added.text).toBe(202);
    expect(read('v0.5', await h.bridge.waitFor('/v0.5/links/link/on-add-contexts', answering(added.requestId)))).toMatchObject({ kind: 'links.onAddCareContexts', errorCode: null });

    const notified = await send('v0.5', 'links.contextNotify', { abhaAddress: ASHA.abhaAddress, patientReference: 'PN-0042', careContextReference: 'VISIT-W05', hiTypes: ['Prescription'], date: new Date().toISOString(), hipId: HIP_ID });
    expect(notified.status, notified.text).toBe(202);
    expect(read('v0.5', await h.bridge.waitFor('/v0.5/links/context/on-notify', answering(notified.requestId))).kind).toBe('links.onContextNotify');

    const sms = await send('v0.5', 'sms.notify', { phoneNo: '9812345670', hipId: HIP_ID, hipName: null });
    expect(sms.status, sms.text).toBe(202);
    expect(read('v0.5', await h.bridge.waitFor('/v0.5/patients/sms/on-notify', answering(sms.requestId))).kind).toBe('sms.onNotify');
  });
});

const CONSENT = { from: '2026-01-01T00:00:00.000Z', to: '2026-12-31T23:59:59.000Z', dataEraseAt: '2027-06-30T00:00:00.000Z' };
const PATHS: Record<Generation, { consent: string; hiRequest: string; discover: string; init: string; confirm: string }> = {
  v3: {
    consent: '/api/v3/consent/request/hip/notify',
    hiRequest: '/api/v3/hip/health-information/request',
    discover: '/api/v3/hip/patient/care-context/discover',
    init: '/api/v3/hip/link/care-context/init',
    confirm: '/api/v3/hip/link/care-context/confirm',
  },
  'v0.5': {
    consent: '/v0.5/consents/hip/notify',
    hiRequest: '/v0.5/health-information/hip/request',
    discover: '/v0.5/care-contexts/discover',
    init: '/v0.5/links/link/init',
    confirm: '/v0.5/links/link/confirm',
  },
};

describe.each(['v3', 'v0.5'] as const)('%s: the foreign HIU and the patient app, read by the desk wire', (generation) => {
  it('a consent and a health-information request read into the desk messages, and the answers are taken', async () => {
    const careContexts = [{ patientReference: 'PN-0042', careContextReference: `VISIT-C-${generation}` }];
    const granted = await h.control('POST', '/consents', { hipId: HIP_ID, abhaAddress: ASHA.abhaAddress, careContexts, hiTypes: ['Prescription'], ...CONSENT, generation });
    const { consentId } = granted.json as { consentId: string };
    const notice = read(generation, await h.bridge.waitFor(PATHS[generation].consent, (c) => c.body?.notification?.consentId === consentId));
    expect(notice.kind).toBe('consents.hipNotify');
    expect(notice.message).toMatchObject({ consentId, status: 'GRANTED', abhaAddress: 'asha.verma@sbx', hipId: HIP_ID, careContexts, hiTypes: ['Prescription'], dataEraseAt: CONSENT.dataEraseAt });
    expect(Date.parse(notice.message.dateRange.from)).toBe(Date.parse(CONSENT.from));
    const ack = await send(generation, 'consents.hipOnNotify', { resp: { requestId: notice.ids.requestId }, consentId, status: 'OK' });
    expect(ack.status, ack.text).toBe(202);

    const asked = await h.control('POST', '/hi-requests', { consentId });
    const { transactionId, dataPushUrl } = asked.json as { transactionId: string; dataPushUrl: string };
    const request = read(generation, await h.bridge.waitFor(PATHS[generation].hiRequest, (c) => c.body?.transactionId === transactionId));
    expect(request.kind).toBe('healthInformation.hipRequest');
    expect(request.message).toMatchObject({ transactionId, consentId, dataPushUrl, keyMaterial: { publicKey: expect.any(String), nonce: expect.any(String) } });
    const onRequest = await send(generation, 'healthInformation.hipOnRequest', { resp: { requestId: request.ids.requestId }, transactionId, sessionStatus: 'ACKNOWLEDGED', error: null });
    expect(onRequest.status, onRequest.text).toBe(202);
    const statusResponses = [{ careContextReference: careContexts[0]!.careContextReference, hiStatus: 'DELIVERED', description: 'Delivered' }];
    const notify = await send(generation, 'healthInformation.hipNotify', { consentId, transactionId, doneAt: new Date().toISOString(), hipId: HIP_ID, sessionStatus: 'TRANSFERRED', statusResponses });
    expect(notify.status, notify.text).toBe(202);
    const view = (await h.control('GET', `/hi-requests/${transactionId}`)).json as { notify: { notification: { statusNotification: unknown } } };
    expect(view.notify.notification.statusNotification).toMatchObject({ sessionStatus: 'TRANSFERRED', hipId: HIP_ID, statusResponses });
  });

  it('discovery, link init and confirm read into the desk messages, and its answers link the visit', async () => {
    const visit = `VISIT-P-${generation}`;
    const sent = await h.control('POST', '/discover', { hipId: HIP_ID, ...ASHA, abhaNumber: '91-4820-1736-5529', mobile: '9812345670', generation });
    const { transactionId } = sent.json as { transactionId: string };
    const discovery = read(generation, await h.bridge.waitFor(PATHS[generation].discover, (c) => c.body?.transactionId === transactionId));
    expect(discovery.kind).toBe('careContexts.discover');
    expect(discovery.message).toMatchObject({ transactionId, abhaAddress: 'asha.verma@sbx', name: ASHA.name, gender: 'F', yearOfBirth: 1988 });
    const entries = [{ referenceNumber: visit, display: 'OPD visit, 26-11-2026, Dr. Rao' }];
    const onDiscover = await send(generation, 'careContexts.onDiscover', { resp: { requestId: discovery.ids.requestId }, transactionId, patient: { referenceNumber: 'PN-0042', display: ASHA.name, careContexts: entries, matchedBy: ['MOBILE'] }, error: null });
    expect(onDiscover.status, onDiscover.text).toBe(202);

    await h.control('POST', '/link-init', { hipId: HIP_ID, transactionId, abhaAddress: ASHA.abhaAddress, careContexts: [{ patientReference: 'PN-0042', careContextReference: visit }], generation });
    const init = read(generation, await h.bridge.waitFor(PATHS[generation].init, (c) => c.body?.transactionId === transactionId));
    expect(init.kind).toBe('link.init');
    expect(init.message.careContexts).toEqual([{ patientReference: 'PN-0042', careContextReference: visit }]);
    const linkRef = `LINK-${generation}`;
    const link = { referenceNumber: linkRef, communicationHint: '******5670', communicationExpiry: new Date(Date.now() + 600_000).toISOString() };
    const onInit = await send(generation, 'link.onInit', { resp: { requestId: init.ids.requestId }, transactionId, link, error: null });
    expect(onInit.status, onInit.text).toBe(202);

    await h.control('POST', '/link-confirm', { hipId: HIP_ID, linkRefNumber: linkRef, otp: '482913', generation });
    const confirm = read(generation, await h.bridge.waitFor(PATHS[generation].confirm, (c) => c.body?.confirmation?.linkRefNumber === linkRef));
    expect(confirm).toMatchObject({ kind: 'link.confirm', message: { linkRefNumber: linkRef, token: '482913' } });
    const onConfirm = await send(generation, 'link.onConfirm', { resp: { requestId: confirm.ids.requestId }, patient: { referenceNumber: 'PN-0042', display: ASHA.name, careContexts: entries }, error: null });
    expect(onConfirm.status, onConfirm.text).toBe(202);
    const links = (await h.control('GET', '/links?abhaAddress=asha.verma@sbx')).json as { careContexts: Array<Record<string, unknown>> };
    expect(links.careContexts).toContainEqual(expect.objectContaining({ careContextReference: visit, linkedBy: 'patient' }));
  });
});
