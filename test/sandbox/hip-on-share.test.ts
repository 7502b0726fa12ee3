// The desk's answer with the token number (../shared/spec/abdm-frontdesk.md §1): POST {hiecm}/patient-share/v3/on-share
// and POST {gateway}/v1.0/patients/profile/on-share. Accepted with 202 in the spec's shapes and recorded for
// GET /_sandbox/hip/on-shares; refused with 400 naming the field otherwise. Bodies written by hand from the spec.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTER, legacySuccessOnShare, shareAndReceive, startShareHarness, v3SuccessOnShare, type ShareHarness } from './hip-share-harness';

const UTC_MILLIS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface V3Refusal {
  error: { code: string; message: string };
}

describe('on-share, HIE-CM v3', () => {
  let h: ShareHarness;
  let shareId: string;
  beforeAll(async () => {
    h = await startShareHarness();
    shareId = (await shareAndReceive(h, 'asha.verma@sbx')).requestId;
  });
  afterAll(() => h.close());

  const expectRefused = (res: { status: number; json: unknown; text: string }, field: string) => {
    expect(res.status, res.text).toBe(400);
    expect((res.json as V3Refusal).error.message).toContain(field);
    expect((res.json as V3Refusal).error.code).toMatch(/^ABDM-/);
  };

  it('the spec example (SUCCESS with token, context and expiry): 202, recorded with its receive time', async () => {
    const body = v3SuccessOnShare(shareId, 'asha.verma@sbx', '3');
    const res = await h.onShareV3(body);
    expect(res.status, res.text).toBe(202);
    expect(res.text).toBe('');
    const recorded = await h.control(`/on-shares?requestId=${shareId}`);
    expect(recorded.status).toBe(200);
    const { onShares } = recorded.json as { onShares: Array<Record<string, any>> };
    expect(onShares).toHaveLength(1);
    expect(onShares[0]).toMatchObject({ requestId: res.requestId, receivedAt: expect.stringMatching(UTC_MILLIS_Z), body });
    expect(onShares[0]!.share).toMatchObject({ requestId: shareId, abhaAddress: 'asha.verma@sbx', counterId: COUNTER, generation: 'v3' });
  });

  it('FAILED with error {code, message} and no acknowledgement: 202', async () => {
    const res = await h.onShareV3({ error: { code: 'ABDM-9999', message: 'Counter closed' }, response: { requestId: shareId } });
    expect(res.status, res.text).toBe(202);
    const failed = await h.onShareV3({
      acknowledgement: { status: 'FAILED', abhaAddress: 'asha.verma@sbx' },
      error: { code: 'ABDM-9999', message: 'Counter closed' },
      response: { requestId: shareId },
    });
    expect(failed.status, failed.text).toBe(202);
  });

  it('a field missing from SUCCESS: 400 naming it', async () => {
    const full = v3SuccessOnShare(shareId, 'asha.verma@sbx');
    const without = (drop: (body: any) => void) => {
      const body = structuredClone(full) as any;
      drop(body);
      return body;
    };
    expectRefused(await h.onShareV3(without((b) => delete b.acknowledgement.profile.tokenNumber)), 'acknowledgement.profile.tokenNumber');
    expectRefused(await h.onShareV3(without((b) => delete b.acknowledgement.profile.context)), 'acknowledgement.profile.context');
    expectRefused(await h.onShareV3(without((b) => delete b.acknowledgement.profile.expiry)), 'acknowledgement.profile.expiry');
    expectRefused(await h.onShareV3(without((b) => delete b.acknowledgement.profile)), 'acknowledgement.profile');
    expectRefused(await h.onShareV3(without((b) => delete b.acknowledgement.abhaAddress)), 'acknowledgement.abhaAddress');
    expectRefused(await h.onShareV3(without((b) => delete b.acknowledgement)), 'acknowledgement');
    expectRefused(await h.onShareV3(without((b) => delete b.response)), 'response');
    // The token is text in NHA's file ("3"), not a number.
    expectRefused(await h.onShareV3(without((b) => (b.acknowledgement.profile.tokenNumber = 3))), 'acknowledgement.profile.tokenNumber');
  });

  it('FAILED without error: 400 naming error', async () => {
    const res = await h.onShareV3({ acknowledgement: { status: 'FAILED', abhaAddress: 'asha.verma@sbx' }, response: { requestId: shareId } });
    expectRefused(res, 'error');
  });

  it('response.requestId naming no share, a legacy share, or another patient or counter: 400 naming the field', async () => {
    expectRefused(await h.onShareV3(v3SuccessOnShare(randomUUID(), 'asha.verma@sbx')), 'response.requestId');
    const legacy = await shareAndReceive(h, 'asha.verma@sbx', 'v0.5');
    expectRefused(await h.onShareV3(v3SuccessOnShare(legacy.requestId, 'asha.verma@sbx')), 'response.requestId');
    expectRefused(await h.onShareV3(v3SuccessOnShare(shareId, 'meena.joshi@sbx')), 'acknowledgement.abhaAddress');
    const otherCounter = v3SuccessOnShare(shareId, 'asha.verma@sbx');
    otherCounter.acknowledgement.profile.context = '7';
    expectRefused(await h.onShareV3(otherCounter), 'acknowledgement.profile.context');
  });

  it('headers as every HIE-CM v3 call: session token, REQUEST-ID as a UUID, TIMESTAMP in UTC, X-CM-ID', async () => {
    const body = v3SuccessOnShare(shareId, 'asha.verma@sbx');
    expect((await h.onShareV3(body, { Authorization: undefined })).status).toBe(401);
    const noId = await h.onShareV3(body, { 'REQUEST-ID': undefined });
    expect(noId.status).toBe(400);
    expect((noId.json as V3Refusal).error.message).toContain('REQUEST-ID');
    expect((await h.onShareV3(body, { 'REQUEST-ID': 'not-a-uuid' })).status).toBe(400);
    const noTime = await h.onShareV3(body, { TIMESTAMP: undefined });
    expect(noTime.status).toBe(400);
    expect((noTime.json as V3Refusal).error.message).toContain('TIMESTAMP');
    const noCm = await h.onShareV3(body, { 'X-CM-ID': undefined });
    expect(noCm.status).toBe(400);
    expect((noCm.json as V3Refusal).error.message).toContain('X-CM-ID');
  });

  it('GET /_sandbox/hip/on-shares: all of them, or 404 for a share never sent', async () => {
    const all = await h.control('/on-shares');
    expect(all.status).toBe(200);
    const { onShares } = all.json as { onShares: Array<{ share: { requestId: string } }> };
    expect(onShares.length).toBe(3);
    expect(onShares.every((o) => o.share.requestId === shareId)).toBe(true);
    expect((await h.control(`/on-shares?requestId=${randomUUID()}`)).status).toBe(404);
  });
});

describe('on-share, legacy v1.0', () => {
  let h: ShareHarness;
  let shareId: string;
  beforeAll(async () => {
    h = await startShareHarness();
    shareId = (await shareAndReceive(h, 'rohan.joshi@sbx', 'v0.5')).requestId;
  });
  afterAll(() => h.close());

  const expectRefused = (res: { status: number; text: string }, field: string) => {
    expect(res.status, res.text).toBe(400);
    expect(res.text).toContain(field);
  };

  it('acknowledgement {healthId, tokenNumber, status: SUCCESS} with resp.requestId: 202, recorded', async () => {
    const body = legacySuccessOnShare(shareId, 'rohan.joshi@sbx', '12');
    const res = await h.onShareLegacy(body);
    expect(res.status, res.text).toBe(202);
    const recorded = await h.control(`/on-shares?requestId=${shareId}`);
    const { onShares } = recorded.json as { onShares: Array<Record<string, any>> };
    expect(onShares).toHaveLength(1);
    expect(onShares[0]).toMatchObject({ requestId: body.requestId, receivedAt: expect.stringMatching(UTC_MILLIS_Z), body });
    expect(onShares[0]!.share).toMatchObject({ requestId: shareId, generation: 'v0.5', abhaAddress: 'rohan.joshi@sbx' });
  });

  it('FAILURE with error: 202; without error: 400 naming error', async () => {
    const failure = { ...legacySuccessOnShare(shareId, 'rohan.joshi@sbx'), acknowledgement: { status: 'FAILURE', healthId: 'rohan.joshi@sbx' } };
    expectRefused(await h.onShareLegacy(failure), 'error');
    const res = await h.onShareLegacy({ ...failure, error: { code: 1000, message: 'Counter closed' } });
    expect(res.status, res.text).toBe(202);
  });

  it('missing fields and unknown shares: 400 naming the field', async () => {
    const full = legacySuccessOnShare(shareId, 'rohan.joshi@sbx');
    expectRefused(await h.onShareLegacy({ ...full, acknowledgement: { status: 'SUCCESS', healthId: 'rohan.joshi@sbx' } }), 'acknowledgement.tokenNumber');
    expectRefused(await h.onShareLegacy({ ...full, acknowledgement: { status: 'SUCCESS', tokenNumber: '3' } }), 'acknowledgement.healthId');
    const { resp: _resp, ...noResp } = full;
    expectRefused(await h.onShareLegacy(noResp), 'resp');
    const { timestamp: _timestamp, ...noTimestamp } = full;
    expectRefused(await h.onShareLegacy(noTimestamp), 'timestamp');
    expectRefused(await h.onShareLegacy(legacySuccessOnShare(randomUUID(), 'rohan.joshi@sbx')), 'resp.requestId');
    expectRefused(await h.onShareLegacy(legacySuccessOnShare(shareId, 'asha.verma@sbx')), 'acknowledgement.healthId');
    const v3 = await shareAndReceive(h, 'rohan.joshi@sbx');
    expectRefused(await h.onShareLegacy(legacySuccessOnShare(v3.requestId, 'rohan.joshi@sbx')), 'resp.requestId');
  });

  it('the caller: session token and X-CM-ID, as on every gateway route', async () => {
    const body = legacySuccessOnShare(shareId, 'rohan.joshi@sbx');
    expect((await h.onShareLegacy(body, { 'X-CM-ID': 'sbx' })).status).toBe(401);
    const noCm = await h.onShareLegacy(body, { Authorization: `Bearer ${h.v05Token}` });
    expect(noCm.status).toBe(400);
    expect(noCm.text).toContain('X-CM-ID');
  });
});
