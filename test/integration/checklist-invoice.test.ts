// The v3 HI type Invoice end to end: the desk asks kiran.rao@sbx (a demo patient whose OPD visit came with a bill,
// docs/sandbox-hiu.md) for records including bills; the simulator's demo HIP sends its InvoiceRecord bundle; the
// desk stores it as an Invoice and the viewer shows its lines and totals. On the older API the desk refuses to ask
// for bills before anything is sent, and the simulator's v0.5 consent manager would refuse them too.
import { afterEach, describe, expect, it } from 'vitest';
import type { InvoiceItem } from '../../electron/fhir/view-model';
import { ALL_HI_TYPES, consentInput, startHiuApp, type HiuApp } from '../support/hiu-app';

let app: HiuApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('bills (HI type Invoice)', () => {
  it('on ABDM v3 a consent for bills brings the demo HIP’s invoice, shown with its lines and totals', async () => {
    app = await startHiuApp({}, {}, { api: 'v3' });
    const requested = await app.call('consents.request', consentInput('kiran.rao@sbx', Date.now(), { hiTypes: [...ALL_HI_TYPES, 'Invoice'] }));
    expect(requested.hiTypes).toContain('Invoice');
    await app.waitForConsent(requested.id, (c) => c.status === 'GRANTED' && c.artefacts.length === 1 && c.artefacts.every((a) => a.fetched), 'granted and fetched');
    await app.settle();
    const records = await app.call('records.list', { patientId: 'kiran.rao@sbx' });
    expect(records.map((r) => `${r.careContext} ${r.hiType} ${r.status}`).sort()).toEqual(['OPD-0451 Invoice delivered', 'OPD-0451 OPConsultation delivered']);
    // filtering by the new type works through the contract
    expect((await app.call('records.list', { hiType: 'Invoice' })).map((r) => r.careContext)).toEqual(['OPD-0451']);

    const bill = records.find((r) => r.hiType === 'Invoice')!;
    const { view } = await app.call('records.view', { id: bill.id });
    expect(view.hiType).toBe('Invoice');
    expect(view.sections.map((s) => s.key)).toEqual(['invoice']);
    const invoice = view.sections[0]!.items[0] as InvoiceItem;
    // The simulator's demo bill: consultation 500, blood count 350 with 18 % GST (63): net 850, gross 913 (by hand).
    expect(invoice).toMatchObject({ kind: 'invoice', status: 'issued', issuer: 'City Clinic, Pune', totalNet: '850 INR', totalGross: '913 INR' });
    expect(invoice.lines.map((line) => [line.description, line.quantity, line.components.map((c) => `${c.type} ${c.amount}`)])).toEqual([
      ['Consultation', '1', ['base 500 INR']],
      ['Complete blood count', '1', ['base 350 INR', 'tax 63 INR']],
    ]);
  });

  it('on the older API (gateway v0.5) the desk refuses to ask for bills and sends nothing', async () => {
    app = await startHiuApp({}, {}, { api: 'v1' });
    const failure = await app.fail('consents.request', consentInput('kiran.rao@sbx', Date.now(), { hiTypes: ['OPConsultation', 'Invoice'] }));
    expect(failure).toMatchObject({ code: 'NOT_ON_THIS_API', params: { reason: 'invoice-records' } });
    expect(await app.call('consents.list', {})).toEqual([]);
    expect(app.transfers()).toEqual([]);
  });

  it('an unknown HI type is refused by the contract with the field named', async () => {
    app = await startHiuApp({}, {}, { api: 'v3' });
    const failure = await app.fail('consents.request', consentInput('kiran.rao@sbx', Date.now(), { hiTypes: ['Bill'] }));
    expect(failure.code).toBe('INVALID_INPUT');
    expect(failure.fields?.[0]?.path).toBe('hiTypes.0');
  });
});
