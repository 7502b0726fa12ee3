// Fetching an artefact again replaces only what the new transfer covers (security review, issue 23 item 8): in a
// visit, the older records of the HI types it brought, dated inside its range. A HIP that re-pushes one kind of
// record for a visit must not erase the visit's other kinds; the timeline says what was replaced. On both ABDM APIs.
import { afterEach, describe, expect, it } from 'vitest';
import { ABDM_APIS } from '../../electron/store/settings/settings-schema';
import { hiuWorldOf } from '../../sandbox/gateway/hiu/index';
import { consentInput, startHiuApp, type HiuApp } from '../support/hiu-app';

let app: HiuApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const CLINIC = 'HIP-CITYCLINIC-PUNE';
// docs/sandbox-hiu.md: Asha Verma's visit OPD-0042 at City Clinic holds an OPConsultation and a Prescription.
const VISIT = 'OPD-0042';

describe.each(ABDM_APIS)('a re-fetch on ABDM API %s', (api) => {
  it('that brings one kind of record for a visit replaces that kind only; the timeline says what was replaced', { timeout: 60_000 }, async () => {
    app = await startHiuApp({}, {}, { api });
    // A third kind of record in the same visit, before the consent is asked for.
    expect((await app.control('/patients/asha.verma@sbx/records', { hipId: CLINIC, hiTypes: ['WellnessRecord'], careContextReference: VISIT })).status).toBeLessThan(300);
    const requested = await app.call('consents.request', consentInput('asha.verma@sbx', Date.now()));
    const consent = await app.waitForConsent(requested.id, (c) => c.status === 'GRANTED' && c.artefacts.length === 3 && c.artefacts.every((a) => a.fetched), 'granted');
    await app.settle();
    const clinic = consent.artefacts.find((a) => a.hipId === CLINIC)!;
    const first = await app.call('records.list', { artefactId: clinic.id });
    expect(first.map((r) => `${r.careContext} ${r.hiType}`).sort()).toEqual([`${VISIT} OPConsultation`, `${VISIT} Prescription`, `${VISIT} WellnessRecord`]);

    // The HIP now sends only the visit's prescription (as a HIP re-pushing one corrected entry would).
    const visit = hiuWorldOf(app.sandbox.context).directory.find('asha.verma@sbx')!.careContexts.find((cc) => cc.careContextReference === VISIT)!;
    visit.hiTypes = ['Prescription'];
    const transfer = await app.call('records.fetch', { artefactId: clinic.id });
    await app.settle();

    const after = await app.call('records.list', { artefactId: clinic.id });
    expect(after.map((r) => `${r.careContext} ${r.hiType} ${r.transferId === transfer.id ? 'new' : 'kept'}`).sort()).toEqual([
      `${VISIT} OPConsultation kept`,
      `${VISIT} Prescription new`,
      `${VISIT} WellnessRecord kept`,
    ]);
    const replaced = app.core.hiu.timelineList({ consentRequestId: consent.id }).filter((e) => e.step === 'replaced');
    expect(replaced.map((e) => ({ requestId: e.requestId, detail: e.detail }))).toEqual([
      { requestId: transfer.id, detail: { careContext: VISIT, replaced: 1, hiTypes: ['Prescription'] } },
    ]);
  });
});
