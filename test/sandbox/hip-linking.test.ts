// The simulator as the gateway an HIP links visits through (docs/sandbox-hip.md §9–§11; abdm-frontdesk.md §3; NHA's
// link-token.yaml and hip-initiated-linking.yaml; ndhm-gateway-v1.yml for v0.5). Expected values are written here
// from those files, never read from the simulator's code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASHA, HIP_ID, linkTokenFor, oneVisit, startHipFlowHarness, type HipFlowHarness } from './hip-flow-harness';

let h: HipFlowHarness;
beforeAll(async () => {
  h = await startHipFlowHarness();
});
afterAll(async () => h.close());

const linksOf = async (abhaAddress: string) => {
  const res = await h.control('GET', `/links?abhaAddress=${encodeURIComponent(abhaAddress)}`);
  expect(res.status, res.text).toBe(200);
  return (res.json as { careContexts: Array<Record<string, unknown>> }).careContexts;
};

describe('v3 link token by demographics', () => {
  it('issues a link token for a known ABHA address, on the callback NHA names, answering the REQUEST-ID', async () => {
    const asked = await h.v3('/v3/token/generate-token', { abhaNumber: 91482017365529, ...ASHA });
    expect(asked.status, asked.text).toBe(202);
    const call = await h.bridge.waitFor('/api/v3/hip/token/on-generate-token', (c) => c.body?.response?.requestId === asked.requestId);
    expect(call.token.valid).toBe(true);
    expect(call.headers['x-hip-id']).toBe(HIP_ID);
    expect(call.headers['request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call.body).toEqual({ abhaAddress: 'asha.verma@sbx', linkToken: expect.stringMatching(/.{20,}/), response: { requestId: asked.requestId } });
  });

  it('answers ABDM-1051 for an ABHA address the consent manager does not know, and for wrong demographics', async () => {
    for (const who of [{ ...ASHA, abhaAddress: 'nobody.here@sbx' }, { ...ASHA, yearOfBirth: 1990 }]) {
      const asked = await h.v3('/v3/token/generate-token', who);
      expect(asked.status, asked.text).toBe(202);
      const call = await h.bridge.waitFor('/api/v3/hip/token/on-generate-token', (c) => c.body?.response?.requestId === asked.requestId);
      expect(call.body.error).toEqual({ code: 'ABDM-1051', message: 'Invalid ABHA Number or ABHA Address' });
      expect(call.body.linkToken).toBeUndefined();
    }
  });

  it('answers ABDM-1027 while a control blocks the patient, and issues again once unblocked', async () => {
    expect((await h.control('POST', '/patients/asha.verma@sbx/link-block', { blocked: true })).status).toBe(200);
    const asked = await h.v3('/v3/token/generate-token', ASHA);
    const call = await h.bridge.waitFor('/api/v3/hip/token/on-generate-token', (c) => c.body?.response?.requestId === asked.requestId);
    expect(call.body.error.code).toBe('ABDM-1027');
    expect((await h.control('POST', '/patients/asha.verma@sbx/link-block', { blocked: false })).status).toBe(200);
    await linkTokenFor(h);
  });

  it('refuses a malformed request at the door with 400 naming the field', async () => {
    const noYear = await h.v3('/v3/token/generate-token', { abhaAddress: ASHA.abhaAddress, name: ASHA.name, gender: 'F' });
    expect(noYear.status).toBe(400);
    expect((noYear.json as { error: { code: string; message: string } }).error.message).toContain('yearOfBirth');
    const noHip = await h.v3('/v3/token/generate-token', ASHA, { 'X-HIP-ID': undefined });
    expect(noHip.status).toBe(400);
    expect((noHip.json as { error: { message: string } }).error.message).toContain('X-HIP-ID');
  });
});

describe('v3 HIP-initiated linking', () => {
  it('links the care contexts under the ABHA when X-LINK-TOKEN is the token issued for it', async () => {
    const token = await linkTokenFor(h);
    const linked = await h.v3('/hip/v3/link/carecontext', oneVisit('VISIT-V3-1'), { 'X-LINK-TOKEN': token });
    expect(linked.status, linked.text).toBe(202);
    const call = await h.bridge.waitFor('/api/v3/link/on_carecontext', (c) => c.body?.response?.requestId === linked.requestId);
    expect(call.body).toEqual({ abhaAddress: 'asha.verma@sbx', status: 'Successfully Linked care context', response: { requestId: linked.requestId } });
    const held = await linksOf('asha.verma@sbx');
    expect(held).toContainEqual(
      expect.objectContaining({ hipId: HIP_ID, patientReference: 'PN-0042', careContextReference: 'VISIT-V3-1', display: 'OPD visit, 27-11-2026, Dr. Rao', linkedBy: 'desk' }),
    );
  });

  it('refuses a wrong X-LINK-TOKEN on on_carecontext with ABDM-1038 and links nothing', async () => {
    const linked = await h.v3('/hip/v3/link/carecontext', oneVisit('VISIT-WRONG-TOKEN'), { 'X-LINK-TOKEN': 'not-a-token-it-issued' });
    expect(linked.status).toBe(202);
    const call = await h.bridge.waitFor('/api/v3/link/on_carecontext', (c) => c.body?.response?.requestId === linked.requestId);
    expect(call.body.error.code).toBe('ABDM-1038');
    expect((await linksOf('asha.verma@sbx')).map((c) => c.careContextReference)).not.toContain('VISIT-WRONG-TOKEN');
  });

  it('refuses a token issued for another ABHA address', async () => {
    const token = await linkTokenFor(h);
    const other = { ...oneVisit('VISIT-OTHER'), abhaAddress: 'rohan.desai@sbx' };
    const linked = await h.v3('/hip/v3/link/carecontext', other, { 'X-LINK-TOKEN': token });
    const call = await h.bridge.waitFor('/api/v3/link/on_carecontext', (c) => c.body?.response?.requestId === linked.requestId);
    expect(call.body.error.code).toBe('ABDM-1038');
  });

  it('refuses a missing X-LINK-TOKEN with 400, and a count that does not match its care contexts with ABDM-1037', async () => {
    const missing = await h.v3('/hip/v3/link/carecontext', oneVisit('VISIT-NO-HEADER'));
    expect(missing.status).toBe(400);
    expect((missing.json as { error: { message: string } }).error.message).toContain('X-LINK-TOKEN');
    const token = await linkTokenFor(h);
    const body = oneVisit('VISIT-COUNT');
    body.patient[0]!.count = 2;
    const miscounted = await h.v3('/hip/v3/link/carecontext', body, { 'X-LINK-TOKEN': token });
    const call = await h.bridge.waitFor('/api/v3/link/on_carecontext', (c) => c.body?.response?.requestId === miscounted.requestId);
    expect(call.body.error.code).toBe('ABDM-1037');
  });

  it('acknowledges a context notify and records it', async () => {
    const notification = {
      patient: { id: 'asha.verma@sbx' },
      careContext: { patientReference: 'PN-0042', careContextReference: 'VISIT-V3-1' },
      hiTypes: ['Prescription'],
      date: new Date().toISOString(),
      hip: { id: HIP_ID },
    };
    const sent = await h.v3('/hip/v3/link/context/notify', { notification });
    expect(sent.status, sent.text).toBe(202);
    const call = await h.bridge.waitFor('/api/v3/links/context/on-notify', (c) => c.body?.response?.requestId === sent.requestId);
    expect(call.body.acknowledgement).toEqual({ status: 'SUCCESS' });
    const received = await h.control('GET', `/received?path=${encodeURIComponent('/api/hiecm/hip/v3/link/context/notify')}`);
    expect((received.json as { messages: Array<{ requestId: string; body: unknown }> }).messages).toContainEqual(
      expect.objectContaining({ requestId: sent.requestId, body: { notification } }),
    );
    const badType = await h.v3('/hip/v3/link/context/notify', { notification: { ...notification, hiTypes: ['Xray'] } });
    expect(badType.status).toBe(400);
  });

  it('acknowledges the SMS deep link and drops the SMS in the training inbox', async () => {
    const sent = await h.v3('/hip/v3/link/patient/links/sms/notify2', { notification: { phoneNo: '9812345670', hip: { id: HIP_ID, name: 'Shanti Clinic' } } });
    expect(sent.status, sent.text).toBe(202);
    const call = await h.bridge.waitFor('/api/v3/patients/sms/on-notify', (c) => c.body?.response?.requestId === sent.requestId);
    expect(call.body.acknowledgement).toEqual({ status: 'SUCCESS' });
    const inbox = await h.control('GET', '/sms?to=9812345670');
    expect((inbox.json as { messages: Array<{ message: string }> }).messages[0]?.message).toContain('Shanti Clinic');
  });
});

describe('v0.5 linking with the users/auth LINK token', () => {
  it('links care contexts with the access token of users/auth/confirm (purpose LINK, requester HIP)', async () => {
    const init = await h.v05('/v0.5/users/auth/init', { query: { id: ASHA.abhaAddress, purpose: 'LINK', authMode: 'MOBILE_OTP', requester: { type: 'HIP', id: HIP_ID } } });
    expect(init.status, init.text).toBe(202);
    const onInit = await h.bridge.waitFor('/v0.5/users/auth/on-init', (c) => c.body?.resp?.requestId === init.requestId);
    const confirm = await h.v05('/v0.5/users/auth/confirm', { transactionId: onInit.body.auth.transactionId, credential: { authCode: '123456' } });
    expect(confirm.status, confirm.text).toBe(202);
    const onConfirm = await h.bridge.waitFor('/v0.5/users/auth/on-confirm', (c) => c.body?.resp?.requestId === confirm.requestId);
    const accessToken = onConfirm.body.auth.accessToken as string;
    expect(accessToken).toEqual(expect.any(String));

    const link = { accessToken, patient: { referenceNumber: 'PN-0042', display: 'Asha Devi Verma', careContexts: [{ referenceNumber: 'VISIT-V05-1', display: 'OPD visit, 27-11-2026, Dr. Rao' }] } };
    const added = await h.v05('/v0.5/links/link/add-contexts', { link });
    expect(added.status, added.text).toBe(202);
    const onAdd = await h.bridge.waitFor('/v0.5/links/link/on-add-contexts', (c) => c.body?.resp?.requestId === added.requestId);
    expect(onAdd.body.acknowledgement).toEqual({ status: 'SUCCESS' });
    expect(onAdd.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await linksOf('asha.verma@sbx')).map((c) => c.careContextReference)).toContain('VISIT-V05-1');

    const forged = await h.v05('/v0.5/links/link/add-contexts', { link: { ...link, accessToken: 'link-token-forged' } });
    const refused = await h.bridge.waitFor('/v0.5/links/link/on-add-contexts', (c) => c.body?.resp?.requestId === forged.requestId);
    expect(refused.body.error.code).toBe(1000);
  });

  it('refuses add-contexts without a link at all (400, the field named)', async () => {
    const res = await h.v05('/v0.5/links/link/add-contexts', {});
    expect(res.status).toBe(400);
    expect((res.json as { error: { message: string } }).error.message).toContain('link');
  });
});
