// The patient's ABHA app driving patient-initiated linking at the desk (docs/sandbox-hip.md §16, §17): discovery,
// link init and confirm sent to the desk's bridge as the consent manager relays them (abdm-frontdesk.md §3; NHA's
// user-initiated-linking.yaml; ndhm-gateway-v1.yml), the desk's answers read back, and the training SMS inbox.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASHA, HIP_ID, startHipFlowHarness, type HipFlowHarness } from './hip-flow-harness';

let h: HipFlowHarness;
beforeAll(async () => {
  h = await startHipFlowHarness();
});
afterAll(async () => h.close());

const PHONE = { ...ASHA, hipId: HIP_ID, abhaNumber: '91-4820-1736-5529', mobile: '9812345670' };

describe('discovery', () => {
  it('sends care-context/discover with the verified identifiers, and shows the desk on-discover once it came (v3)', async () => {
    const sent = await h.control('POST', '/discover', PHONE);
    expect(sent.status, sent.text).toBe(200);
    const { requestId, transactionId } = sent.json as { requestId: string; transactionId: string };
    const call = await h.bridge.waitFor('/api/v3/hip/patient/care-context/discover', (c) => c.headers['request-id'] === requestId);
    expect(call.token.valid).toBe(true);
    expect(call.body).toEqual({
      transactionId,
      patient: {
        id: 'asha.verma@sbx',
        name: 'Asha Devi Verma',
        gender: 'F',
        yearOfBirth: 1988,
        verifiedIdentifiers: [
          { type: 'MOBILE', value: '9812345670' },
          { type: 'ABHA_NUMBER', value: '91-4820-1736-5529' },
        ],
        unverifiedIdentifiers: [],
      },
    });
    expect((await h.control('GET', `/discoveries/${requestId}`)).json).toMatchObject({ answer: null });

    const patient = [{ referenceNumber: 'PN-0042', display: 'Asha Devi Verma', careContexts: [{ referenceNumber: 'VISIT-9', display: 'OPD visit, 26-11-2026, Dr. Rao' }], hiType: 'OPConsultation', count: 1 }];
    const answer = { transactionId, patient, matchedBy: ['MOBILE'], response: { requestId } };
    const onDiscover = await h.v3('/user-initiated-linking/v3/patient/care-context/on-discover', answer);
    expect(onDiscover.status, onDiscover.text).toBe(202);
    expect((await h.control('GET', `/discoveries/${requestId}`)).json).toMatchObject({ answer: { body: answer } });

    const stray = await h.v3('/user-initiated-linking/v3/patient/care-context/on-discover', { ...answer, response: { requestId: randomUUID() } });
    expect(stray.status).toBe(400);
  });

  it('on v0.5 names the ABHA number NDHM_HEALTH_NUMBER and takes the on-discover with its resp', async () => {
    const sent = await h.control('POST', '/discover', { ...PHONE, generation: 'v0.5' });
    const { requestId, transactionId } = sent.json as { requestId: string; transactionId: string };
    const call = await h.bridge.waitFor('/v0.5/care-contexts/discover', (c) => c.body?.requestId === requestId);
    expect(call.body.patient.verifiedIdentifiers).toContainEqual({ type: 'NDHM_HEALTH_NUMBER', value: '91-4820-1736-5529' });
    const answer = { transactionId, patient: null, error: { code: 1000, message: 'No patient found' }, resp: { requestId } };
    expect((await h.v05('/v0.5/care-contexts/on-discover', answer)).status).toBe(202);
    expect((await h.control('GET', `/discoveries/${requestId}`)).json).toMatchObject({ answer: { body: { error: { code: 1000 } } } });
  });
});

describe('link init and confirm', () => {
  it('relays init and confirm; a confirmed link puts the care contexts under the ABHA as linked by the patient', async () => {
    const transactionId = randomUUID();
    const careContexts = [{ patientReference: 'PN-0042', careContextReference: 'VISIT-9' }];
    const init = await h.control('POST', '/link-init', { hipId: HIP_ID, transactionId, abhaAddress: ASHA.abhaAddress, careContexts });
    expect(init.status, init.text).toBe(200);
    const initId = (init.json as { requestId: string }).requestId;
    const initCall = await h.bridge.waitFor('/api/v3/hip/link/care-context/init', (c) => c.headers['request-id'] === initId);
    expect(initCall.body).toEqual({
      transactionId,
      abhaAddress: 'asha.verma@sbx',
      patient: [{ referenceNumber: 'PN-0042', careContexts: [{ referenceNumber: 'VISIT-9' }], hiType: 'OPConsultation', count: 1 }],
    });
    const link = { referenceNumber: 'LINK-REF-1', authenticationType: 'DIRECT', meta: { communicationMedium: 'MOBILE', communicationHint: '******5670', communicationExpiry: new Date(Date.now() + 600_000).toISOString() } };
    expect((await h.v3('/user-initiated-linking/v3/link/care-context/on-init', { transactionId, link, response: { requestId: initId } })).status).toBe(202);

    const confirm = await h.control('POST', '/link-confirm', { hipId: HIP_ID, linkRefNumber: 'LINK-REF-1', otp: '482913' });
    const confirmId = (confirm.json as { requestId: string }).requestId;
    const confirmCall = await h.bridge.waitFor('/api/v3/hip/link/care-context/confirm', (c) => c.headers['request-id'] === confirmId);
    expect(confirmCall.body).toEqual({ confirmation: { linkRefNumber: 'LINK-REF-1', token: '482913' } });

    const patient = [{ referenceNumber: 'PN-0042', display: 'Asha Devi Verma', careContexts: [{ referenceNumber: 'VISIT-9', display: 'OPD visit, 26-11-2026, Dr. Rao' }], hiType: 'OPConsultation', count: 1 }];
    expect((await h.v3('/user-initiated-linking/v3/link/care-context/on-confirm', { patient, response: { requestId: confirmId } })).status).toBe(202);
    const links = (await h.control('GET', '/links?abhaAddress=asha.verma@sbx')).json as { careContexts: Array<Record<string, unknown>> };
    expect(links.careContexts).toContainEqual(expect.objectContaining({ hipId: HIP_ID, careContextReference: 'VISIT-9', linkedBy: 'patient' }));
    expect((await h.control('GET', `/link-confirms/${confirmId}`)).json).toMatchObject({ answer: { body: { patient } } });
  });

  it('a confirm refused for a wrong OTP links nothing', async () => {
    const confirm = await h.control('POST', '/link-confirm', { hipId: HIP_ID, linkRefNumber: 'LINK-REF-NONE', otp: '000000' });
    const confirmId = (confirm.json as { requestId: string }).requestId;
    const error = { code: 'ABDM-1040', message: 'Invalid OTP' };
    expect((await h.v3('/user-initiated-linking/v3/link/care-context/on-confirm', { error, response: { requestId: confirmId } })).status).toBe(202);
    expect((await h.control('GET', `/link-confirms/${confirmId}`)).json).toMatchObject({ answer: { body: { error } } });
  });

  it('refuses a malformed init at the control with the field named', async () => {
    const res = await h.control('POST', '/link-init', { hipId: HIP_ID, transactionId: 't', abhaAddress: ASHA.abhaAddress, careContexts: [] });
    expect(res.status).toBe(400);
    expect((res.json as { details: Array<{ message: string }> }).details[0]?.message).toContain('careContexts');
  });
});

describe('the training SMS inbox', () => {
  it('keeps what the desk posts, per number (any spelling), newest first', async () => {
    expect((await h.control('POST', '/sms', { to: '+919900011122', message: 'Your OTP is 111111' })).status).toBe(200);
    expect((await h.control('POST', '/sms', { to: '9900011122', message: 'Your OTP is 222222' })).status).toBe(200);
    expect((await h.control('POST', '/sms', { to: '9900033344', message: 'Someone else' })).status).toBe(200);
    const inbox = (await h.control('GET', '/sms?to=9900011122')).json as { messages: Array<{ message: string }> };
    expect(inbox.messages.map((m) => m.message)).toEqual(['Your OTP is 222222', 'Your OTP is 111111']);
    expect((await h.control('POST', '/sms', { to: 'abc', message: 'x' })).status).toBe(400);
    expect((await h.control('GET', '/sms')).status).toBe(400);
  });
});
