// The simulator's consent manager over raw HTTP: gateway v0.5's HITypeEnum has seven HI types, so a v0.5 consent
// request naming Invoice (HIE-CM v3's eighth) is answered in on-init with ABDM's "invalid HI type" error (1419, as for
// any unknown type); the v3 side accepting it is covered by test/integration/checklist-invoice.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentRequest, startHiuHarness, type HiuHarness } from './hiu-harness';

describe('Invoice at the v0.5 consent manager', () => {
  let h: HiuHarness;
  beforeAll(async () => {
    h = await startHiuHarness({ consentDecision: 'manual' });
  });
  afterAll(() => h.close());

  it('refuses Invoice with 1419 and no consent request', async () => {
    const res = await h.send('/consent-requests/init', consentRequest({ patient: { id: 'kiran.rao@sbx' }, hiTypes: ['OPConsultation', 'Invoice'] }), { raw: true });
    expect(res.status, res.text).toBe(202);
    const call = await h.callback('/consent-requests/on-init', res.requestId);
    expect(call.body.error.code).toBe(1419);
    expect(call.body.consentRequest).toBeUndefined();
  });

  it('takes the same request without Invoice', async () => {
    const res = await h.send('/consent-requests/init', consentRequest({ patient: { id: 'kiran.rao@sbx' }, hiTypes: ['OPConsultation'] }));
    const call = await h.callback('/consent-requests/on-init', res.requestId);
    expect(call.body.consentRequest.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
