// POST /identity/authentication over raw HTTP (HIE-CM v3's demographic identity check, ABDM's HIU_FLOW_101), checked
// against abdm-frontdesk.md §4 and its one source (CARE's identity__authentication): `{scope:"DEMO", parameters:
// {abhaNumber, abhaAddress, name, gender, yearOfBirth}}` → 200 `{authenticated, transactionId, abhaAddress,
// response:{requestId}}`. asha.verma@sbx is the training ABHA 91-4820-1736-5529, Asha Devi Verma, F, 1988.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../support/sandbox-http';
import { startV3Harness, type V3Harness } from './hiecm-v3-harness';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ASHA = { abhaNumber: '91482017365529', abhaAddress: 'asha.verma@sbx', name: 'Asha Devi Verma', gender: 'F', yearOfBirth: 1988 };

describe('POST /identity/authentication', () => {
  let h: V3Harness;
  beforeAll(async () => {
    h = await startV3Harness();
  });
  afterAll(() => h.close());

  const ask = async (parameters: Record<string, unknown>, headers = h.headers()) => postJson(`${h.base}/identity/authentication`, { scope: 'DEMO', parameters }, headers);

  it('confirms matching details at once (200), echoing the REQUEST-ID', async () => {
    const headers = h.headers();
    const res = await ask(ASHA, headers);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ authenticated: true, transactionId: expect.stringMatching(UUID), abhaAddress: 'asha.verma@sbx', response: { requestId: headers['REQUEST-ID'] } });
  });

  it('takes the number with dashes, the name in another case, the year as text, and no number at all', async () => {
    for (const parameters of [
      { ...ASHA, abhaNumber: '91-4820-1736-5529' },
      { ...ASHA, name: '  asha devi   VERMA ' },
      { ...ASHA, yearOfBirth: '1988' },
      { abhaAddress: ASHA.abhaAddress, name: ASHA.name, gender: ASHA.gender, yearOfBirth: ASHA.yearOfBirth },
    ]) {
      const res = await ask(parameters);
      expect((res.json as { authenticated: boolean }).authenticated, JSON.stringify(parameters)).toBe(true);
    }
  });

  it('does not confirm a detail that is not the patient’s, nor an unknown address (the same answer)', async () => {
    for (const parameters of [
      { ...ASHA, yearOfBirth: 1989 },
      { ...ASHA, gender: 'M' },
      { ...ASHA, name: 'Asha Verma' },
      { ...ASHA, abhaNumber: '91-1111-2222-3333' },
      { ...ASHA, abhaAddress: 'nobody.here@sbx' },
    ]) {
      const res = await ask(parameters);
      expect(res.status).toBe(200);
      expect((res.json as { authenticated: boolean }).authenticated, JSON.stringify(parameters)).toBe(false);
    }
  });

  it('refuses a body that is not a DEMO check (400) and a call without the gateway session (401)', async () => {
    const wrongScope = await postJson(`${h.base}/identity/authentication`, { scope: 'OTP', parameters: ASHA }, h.headers());
    expect(wrongScope.status).toBe(400);
    const noToken = await postJson(`${h.base}/identity/authentication`, { scope: 'DEMO', parameters: ASHA }, { ...h.headers(), Authorization: 'Bearer nonsense' });
    expect(noToken.status).toBe(401);
  });

  it('refuses a REQUEST-ID used before', async () => {
    const headers = h.headers();
    expect((await ask(ASHA, headers)).status).toBe(200);
    expect((await ask(ASHA, headers)).status).toBe(400);
  });
});
