// POST /_sandbox/hip/share: a training resident scans a counter's QR and ABDM posts the profile to the desk's bridge,
// in the exact shapes of ../shared/spec/abdm-frontdesk.md §1 (v3: NHA's patient-share.yaml; legacy: ndhm-gateway-v1.yml
// ShareProfileRequest1), with a gateway-signed JWT. Expected bodies are written out by hand from the training
// residents' data (docs/sandbox.md, docs/sandbox-abha-v3.md §3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertMatchesOfficial, GATEWAY_SPEC } from '../support/official-spec';
import { postJson } from '../support/sandbox-http';
import { COUNTER, HIP_ID, shareAndReceive, startShareHarness, type ShareHarness } from './hip-share-harness';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UTC_MILLIS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('Scan & Share: the simulated phone shares a profile at a counter', () => {
  let h: ShareHarness;
  beforeAll(async () => {
    h = await startShareHarness();
  });
  afterAll(() => h.close());

  it('v3: POST {cb}/api/v3/hip/patient/share with the spec body, REQUEST-ID, TIMESTAMP, X-HIP-ID and a gateway JWT', async () => {
    const { requestId, call, answer } = await shareAndReceive(h, 'asha.verma@sbx');
    expect(answer).toEqual({ requestId, bridgeStatus: 200 });
    expect(requestId).toMatch(UUID);
    expect(call.token.valid, call.token.error).toBe(true);
    expect(call.token.claims?.clientId).toBe('gateway');
    expect(call.token.claims?.aud).toBe('account');
    expect(call.headers['request-id']).toBe(requestId);
    expect(call.headers.timestamp).toMatch(UTC_MILLIS_Z);
    expect(call.headers['x-hip-id']).toBe(HIP_ID);
    // Asha Devi Verma, the training identity "existingAbha": born 14 July 1988, 12, Gandhi Road, Lucknow.
    expect(call.body).toEqual({
      intent: 'PROFILE_SHARE',
      metaData: { hipId: HIP_ID, context: COUNTER, hprId: null, latitude: expect.any(Number), longitude: expect.any(Number) },
      profile: {
        patient: {
          abhaNumber: '91-4820-1736-5529',
          abhaAddress: 'asha.verma@sbx',
          name: 'Asha Devi Verma',
          gender: 'F',
          dayOfBirth: '14',
          monthOfBirth: '7',
          yearOfBirth: '1988',
          address: { line: '12, Gandhi Road, Lucknow', district: 'Lucknow', state: 'UTTAR PRADESH', pincode: '226001' },
          phoneNumber: '9812345670',
        },
      },
    });
  });

  it('legacy: POST {cb}/v1.0/patients/profile/share with hipCode, healthId, healthIdNumber and identifiers', async () => {
    const { requestId, call, answer } = await shareAndReceive(h, 'rohan.joshi@sbx', 'v0.5');
    expect(answer).toEqual({ requestId, bridgeStatus: 200 });
    expect(call.token.valid, call.token.error).toBe(true);
    expect(call.headers['x-hip-id']).toBe(HIP_ID);
    // Rohan Joshi of ABHA v3's family (one mobile, three ABHAs): born 21 April 2001, 17, Civil Lines, Nagpur.
    expect(call.body).toEqual({
      requestId,
      timestamp: expect.stringMatching(UTC_MILLIS_Z),
      intent: { type: 'PROFILE_SHARE' },
      location: { latitude: expect.any(String), longitude: expect.any(String) },
      profile: {
        hipCode: COUNTER,
        patient: {
          healthId: 'rohan.joshi@sbx',
          healthIdNumber: '91-6381-5902-1234',
          name: 'Rohan Joshi',
          gender: 'M',
          yearOfBirth: 2001,
          dayOfBirth: 21,
          monthOfBirth: 4,
          address: { line: '17, Civil Lines, Nagpur', district: 'Nagpur', state: 'MAHARASHTRA', pincode: '440001' },
          identifiers: [{ type: 'MOBILE', value: '9123400006' }],
        },
      },
    });
    assertMatchesOfficial(GATEWAY_SPEC, 'ShareProfileRequest1', call.body);
  });

  it('an ABHA address is found whatever its case; the share does not wait for an on-share', async () => {
    const started = Date.now();
    const { call } = await shareAndReceive(h, 'Meena.Joshi@SBX');
    expect(call.body.profile.patient.abhaAddress).toBe('meena.joshi@sbx');
    // No on-share was ever sent; the control answered as soon as the bridge did.
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('GET /_sandbox/hip/shares lists what was sent, with the bridge status', async () => {
    const res = await h.control('/shares');
    expect(res.status).toBe(200);
    const { shares } = res.json as { shares: Array<Record<string, unknown>> };
    expect(shares.map((s) => [s.generation, s.abhaAddress, s.counterId, s.hipId, s.bridgeStatus])).toEqual([
      ['v3', 'asha.verma@sbx', COUNTER, HIP_ID, 200],
      ['v0.5', 'rohan.joshi@sbx', COUNTER, HIP_ID, 200],
      ['v3', 'meena.joshi@sbx', COUNTER, HIP_ID, 200],
    ]);
    expect(shares[0]).toMatchObject({ requestId: expect.stringMatching(UUID), sentAt: expect.stringMatching(UTC_MILLIS_Z), url: `${h.bridge.url}/api/v3/hip/patient/share` });
  });

  it('an ABHA address no training resident has: 404 naming abhaAddress, nothing sent', async () => {
    const before = h.bridge.calls.length;
    const res = await h.share({ hipId: HIP_ID, counterId: COUNTER, abhaAddress: 'nobody.here@sbx' });
    expect(res.status).toBe(404);
    expect(res.text).toContain('abhaAddress');
    expect(res.text).toContain('nobody.here@sbx');
    expect(h.bridge.calls.length).toBe(before);
  });

  it('bad inputs: 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ counterId: COUNTER, abhaAddress: 'asha.verma@sbx' }, 'hipId'],
      [{ hipId: HIP_ID, counterId: 'desk/1', abhaAddress: 'asha.verma@sbx' }, 'counterId'],
      [{ hipId: HIP_ID, counterId: 'x'.repeat(251), abhaAddress: 'asha.verma@sbx' }, 'counterId'],
      [{ hipId: HIP_ID, counterId: COUNTER }, 'abhaAddress'],
      [{ hipId: HIP_ID, counterId: COUNTER, abhaAddress: 'asha.verma@sbx', generation: 'v2' }, 'generation'],
      [{ hipId: HIP_ID, counterId: COUNTER, abhaAddress: 'asha.verma@sbx', extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await h.share(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.text, JSON.stringify(body)).toContain(field);
    }
  });

  it('is a /_sandbox control: refused from another web page', async () => {
    const res = await postJson(`${h.sandbox.url}/_sandbox/hip/share`, { hipId: HIP_ID, counterId: COUNTER, abhaAddress: 'asha.verma@sbx' }, { origin: 'http://evil.example' });
    expect(res.status).toBe(403);
  });
});

describe('Scan & Share without a desk', () => {
  it('no bridge registered: 409 saying so', async () => {
    const h = await startShareHarness({ registerBridge: false });
    try {
      const res = await h.share({ hipId: HIP_ID, counterId: COUNTER, abhaAddress: 'asha.verma@sbx' });
      expect(res.status).toBe(409);
      expect(res.text).toMatch(/bridge/i);
      expect(h.bridge.calls).toEqual([]);
    } finally {
      await h.close();
    }
  });

  it('a bridge that cannot be reached: the share is still answered, bridgeStatus null with the reason', async () => {
    const h = await startShareHarness();
    try {
      await h.bridge.close();
      const res = await h.share({ hipId: HIP_ID, counterId: COUNTER, abhaAddress: 'asha.verma@sbx' });
      expect(res.status, res.text).toBe(200);
      expect(res.json).toMatchObject({ requestId: expect.stringMatching(UUID), bridgeStatus: null, bridgeError: expect.stringContaining('could not be reached') });
    } finally {
      await h.sandbox.close();
    }
  });

  it('POST /_sandbox/reset forgets the shares and on-shares', async () => {
    const h = await startShareHarness();
    try {
      await shareAndReceive(h, 'asha.verma@sbx');
      expect(((await h.control('/shares')).json as { shares: unknown[] }).shares).toHaveLength(1);
      expect((await postJson(`${h.sandbox.url}/_sandbox/reset`, {})).status).toBe(200);
      expect((await h.control('/shares')).json).toEqual({ shares: [] });
      expect((await h.control('/on-shares')).json).toEqual({ onShares: [] });
    } finally {
      await h.close();
    }
  });
});
