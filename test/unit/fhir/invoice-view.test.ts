import { describe, expect, it } from 'vitest';
import { bundleFacts, recordView, type InvoiceItem } from '../../../electron/fhir/index';

// An InvoiceRecord bundle written by hand from the FHIR R4 Invoice and ChargeItem definitions
// (hl7.org/fhir/R4/invoice.html: status, type, subject, recipient, date, participant.actor, issuer,
// lineItem.sequence, lineItem.chargeItem[x], lineItem.priceComponent{type, code, factor, amount}, totalPriceComponent,
// totalNet, totalGross, paymentTerms, note) and the NRCeS InvoiceRecord Composition (type text "Invoice Record").
// Amounts are hand-chosen: 500 consultation + 800 X-ray, 18 % GST on the X-ray = 144, a 100 discount.
const bundle = {
  resourceType: 'Bundle',
  type: 'document',
  timestamp: '2026-11-20T10:00:00+05:30',
  entry: [
    {
      fullUrl: 'urn:uuid:c0',
      resource: {
        resourceType: 'Composition',
        id: 'c0',
        meta: { profile: ['https://nrces.in/ndhm/fhir/r4/StructureDefinition/InvoiceRecord'] },
        status: 'final',
        type: { text: 'Invoice Record' },
        subject: { reference: 'urn:uuid:p1' },
        date: '2026-11-20T10:00:00+05:30',
        author: [{ reference: 'urn:uuid:o1' }],
        title: 'Invoice Record',
        section: [{ title: 'Invoice', entry: [{ reference: 'urn:uuid:inv1' }] }],
      },
    },
    { fullUrl: 'urn:uuid:p1', resource: { resourceType: 'Patient', id: 'p1', name: [{ text: 'Sunita Kale' }], gender: 'female' } },
    { fullUrl: 'urn:uuid:o1', resource: { resourceType: 'Organization', id: 'o1', name: 'Shanti Clinic' } },
    { fullUrl: 'urn:uuid:dr1', resource: { resourceType: 'Practitioner', id: 'dr1', name: [{ text: 'Dr. Meera Nair' }] } },
    {
      fullUrl: 'urn:uuid:ci1',
      resource: { resourceType: 'ChargeItem', id: 'ci1', status: 'billed', code: { text: 'General consultation' }, subject: { reference: 'urn:uuid:p1' }, quantity: { value: 1 } },
    },
    {
      fullUrl: 'urn:uuid:inv1',
      resource: {
        resourceType: 'Invoice',
        id: 'inv1',
        status: 'balanced',
        type: { text: 'OPD bill' },
        subject: { reference: 'urn:uuid:p1' },
        recipient: { reference: 'urn:uuid:p1' },
        date: '2026-11-20T10:00:00+05:30',
        participant: [{ actor: { reference: 'urn:uuid:dr1' } }],
        issuer: { reference: 'urn:uuid:o1' },
        lineItem: [
          { sequence: 1, chargeItemReference: { reference: 'urn:uuid:ci1' }, priceComponent: [{ type: 'base', amount: { value: 500, currency: 'INR' } }] },
          {
            sequence: 2,
            chargeItemCodeableConcept: { coding: [{ system: 'http://snomed.info/sct', code: '399208008', display: 'Plain X-ray of chest' }] },
            priceComponent: [
              { type: 'base', amount: { value: 800, currency: 'INR' } },
              { type: 'tax', code: { text: 'GST' }, factor: 0.18, amount: { value: 144, currency: 'INR' } },
            ],
          },
        ],
        totalPriceComponent: [{ type: 'discount', code: { text: 'Senior citizen' }, amount: { value: 100, currency: 'INR' } }],
        totalNet: { value: 1200, currency: 'INR' },
        totalGross: { value: 1344, currency: 'INR' },
        paymentTerms: 'Paid in cash',
        note: [{ text: 'Thank you' }],
      },
    },
  ],
};

describe('an Invoice record (the v3 HI type Invoice)', () => {
  it('is indexed as the HI type Invoice', () => {
    expect(bundleFacts(bundle).hiType).toBe('Invoice');
  });

  it('shows one bill section with the invoice’s status, date, issuer, totals and terms as received', () => {
    const view = recordView(bundle);
    expect(view.hiType).toBe('Invoice');
    expect(view.sections).toHaveLength(1);
    expect(view.sections[0]!.key).toBe('invoice');
    const item = view.sections[0]!.items[0] as InvoiceItem;
    expect(item).toMatchObject({
      kind: 'invoice',
      type: 'OPD bill',
      status: 'balanced',
      date: '2026-11-20T10:00:00+05:30',
      issuer: 'Shanti Clinic',
      recipient: 'Sunita Kale',
      participants: ['Dr. Meera Nair'],
      totalNet: '1200 INR',
      totalGross: '1344 INR',
      paymentTerms: 'Paid in cash',
      notes: ['Thank you'],
    });
  });

  it('lists each line with what was charged, how many, and its price components; the totals’ own components too', () => {
    const item = recordView(bundle).sections[0]!.items[0] as InvoiceItem;
    expect(item.lines).toEqual([
      { sequence: 1, description: 'General consultation', quantity: '1', components: [{ type: 'base', code: null, factor: null, amount: '500 INR' }] },
      {
        sequence: 2,
        description: 'Plain X-ray of chest',
        quantity: null,
        components: [
          { type: 'base', code: null, factor: null, amount: '800 INR' },
          { type: 'tax', code: 'GST', factor: 0.18, amount: '144 INR' },
        ],
      },
    ]);
    expect(item.totalComponents).toEqual([{ type: 'discount', code: 'Senior citizen', factor: null, amount: '100 INR' }]);
  });

  it('does not list the ChargeItem a line shows again under “Also in this record”', () => {
    const view = recordView(bundle);
    expect(view.sections.some((section) => section.key === 'unreferenced')).toBe(false);
  });

  it('a cancelled invoice with no lines still shows its status and reason', () => {
    const cancelled = structuredClone(bundle);
    const invoice = cancelled.entry[5]!.resource as Record<string, unknown>;
    Object.assign(invoice, { status: 'cancelled', cancelledReason: 'Billed twice', lineItem: undefined, totalNet: undefined, totalGross: undefined });
    const item = recordView(cancelled).sections[0]!.items[0] as InvoiceItem;
    expect(item).toMatchObject({ status: 'cancelled', cancelledReason: 'Billed twice', lines: [], totalNet: null, totalGross: null });
  });
});

describe('an Invoice on the printed record', () => {
  it('prints the bill’s facts, a line each with its charges, and the total components', async () => {
    const { entriesOf } = await import('../../../electron/records/record-document');
    const item = recordView(bundle).sections[0]!.items[0]!;
    const entries = entriesOf(item);
    expect(entries.map((e) => e.heading)).toEqual(['OPD bill', 'General consultation', 'Plain X-ray of chest', 'Total charges']);
    expect(entries[0]!.lines).toEqual(expect.arrayContaining([['Status', 'balanced'], ['Total net', '1200 INR'], ['Total gross', '1344 INR']]));
    expect(entries[2]!.lines).toEqual([['Base', '800 INR'], ['Tax (GST)', '144 INR']]);
    expect(entries[3]!.lines).toEqual([['Discount (Senior citizen)', '100 INR']]);
  });
});
