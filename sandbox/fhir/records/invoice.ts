import { documentReferenceResource, profiled } from '../common-resources';
import type { FhirResource, RecordContext, RecordParts } from '../fhir-types';
import { codeable, referenceTo, section } from '../fhir-types';
import { snomed } from '../ig-catalog';

// The v3 HI type Invoice (NRCeS InvoiceRecord, IG 6.x): one section holding a FHIR R4 Invoice whose lines point at
// ChargeItems (what was charged, how many), each line priced as base + tax price components, with the invoice's own
// net and gross totals. A demo OPD bill: a consultation and a blood test, GST at 18 % on the test only.

const INR = (value: number) => ({ value, currency: 'INR' });

interface Charge {
  item: ReturnType<typeof snomed>;
  quantity: number;
  unitPrice: number;
  taxRate: number;
}

const CHARGES: Charge[] = [
  { item: snomed('11429006', 'Consultation'), quantity: 1, unitPrice: 500, taxRate: 0 },
  { item: snomed('26604007', 'Complete blood count'), quantity: 1, unitPrice: 350, taxRate: 0.18 },
];

const round2 = (value: number) => Math.round(value * 100) / 100;

export function invoice(context: RecordContext): RecordParts {
  const chargeItems = CHARGES.map((charge) =>
    profiled('ChargeItem', 'ChargeItem', {
      status: 'billed',
      code: codeable(charge.item),
      subject: context.refs.patient,
      occurrenceDateTime: context.date,
      quantity: { value: charge.quantity },
    }),
  );
  const lines = CHARGES.map((charge, i) => {
    const base = round2(charge.unitPrice * charge.quantity);
    const tax = round2(base * charge.taxRate);
    return {
      base,
      tax,
      line: {
        sequence: i + 1,
        chargeItemReference: referenceTo(chargeItems[i]!),
        priceComponent: [
          { type: 'base', amount: INR(base) },
          ...(tax > 0 ? [{ type: 'tax', code: { text: 'GST 18%' }, factor: charge.taxRate, amount: INR(tax) }] : []),
        ],
      },
    };
  });
  const net = round2(lines.reduce((sum, l) => sum + l.base, 0));
  const gross = round2(lines.reduce((sum, l) => sum + l.base + l.tax, 0));
  const bill: FhirResource = profiled('Invoice', 'Invoice', {
    identifier: [{ system: `https://${context.hip.id.toLowerCase()}.sandbox.abdm/invoices`, value: `INV-${context.careContext.careContextReference}` }],
    status: 'issued',
    type: { text: 'OPD bill' },
    subject: context.refs.patient,
    date: context.date,
    issuer: context.refs.organization,
    participant: [{ actor: context.refs.practitioner }],
    lineItem: lines.map((l) => l.line),
    totalNet: INR(net),
    totalGross: INR(gross),
    paymentTerms: 'Paid at the counter',
  });
  const inSection = [bill];
  // A padded bundle (benchmarks) carries its bulk as the bill's PDF copy.
  if (context.pdf) inSection.push(documentReferenceResource(context, 'Invoice copy', snomed('419891008', 'Record artifact')));
  return { sections: [section('Invoice', undefined, inSection)], resources: [...inSection, ...chargeItems] };
}
