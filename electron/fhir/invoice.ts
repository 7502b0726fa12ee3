// A FHIR R4 Invoice (the v3 HI type `Invoice`, NRCeS InvoiceRecord) as the viewer shows it: each line with what
// was charged and its price components as the sender wrote them, the invoice's totals and status. Amounts are shown
// as received (value and currency), never recomputed: a bill the desk re-adds could disagree with the one the
// patient was given, and FHIR leaves whether a discount's amount is written positive or negative to the sender.
import type { Invoice } from 'fhir/r4';
import { sourceOf, type Entry } from './bundle-index';
import { asArray, conceptText, isObject, num, quantityText, str, strings, annotations, type Json } from './values';
import type { InvoiceItem, InvoiceLineView, PriceComponentView } from './view-model';

/** What the viewer needs from the items module, passed in so this file does not import it back (no cycle). */
export interface InvoiceHelpers {
  referenceName: (reference: unknown, markShown: boolean) => string | null;
  resolve: (reference: unknown) => Entry | null;
  markShown: (entry: Entry) => void;
  narrative: (resource: Json) => string | null;
}

/** Money as received: "500.00 INR"; the value as written (FHIR decimals keep their digits), null when absent. */
export function moneyText(value: unknown): string | null {
  if (!isObject(value)) return null;
  const amount = typeof value.value === 'number' || typeof value.value === 'string' ? String(value.value) : null;
  if (amount === null) return null;
  const currency = str(value.currency);
  return currency ? `${amount} ${currency}` : amount;
}

function priceComponent(value: unknown): PriceComponentView | null {
  if (!isObject(value)) return null;
  const amount = moneyText(value.amount);
  const type = str(value.type);
  if (!amount && !type) return null;
  return { type, code: conceptText(value.code), factor: num(value.factor), amount };
}

function lineView(line: Json, helpers: InvoiceHelpers): InvoiceLineView {
  let description = conceptText(line.chargeItemCodeableConcept);
  let quantity: string | null = null;
  // NRCeS InvoiceRecord points each line at a ChargeItem, which holds what was charged and how many.
  if (!description && isObject(line.chargeItemReference)) {
    const target = helpers.resolve(line.chargeItemReference);
    if (target?.resourceType === 'ChargeItem') {
      helpers.markShown(target);
      description = conceptText(target.resource.code);
      quantity = quantityText(target.resource.quantity);
    }
    description ??= helpers.referenceName(line.chargeItemReference, true);
  }
  const components = asArray(line.priceComponent).map(priceComponent).filter((c): c is PriceComponentView => c !== null);
  return { sequence: num(line.sequence), description, quantity, components };
}

export function invoiceItem(entry: Entry, helpers: InvoiceHelpers): InvoiceItem {
  const r = entry.resource as Json & Partial<Invoice>;
  return {
    kind: 'invoice',
    source: sourceOf(entry),
    narrative: helpers.narrative(entry.resource),
    type: conceptText(r.type),
    status: str(r.status),
    date: str(r.date),
    issuer: helpers.referenceName(r.issuer, true),
    recipient: helpers.referenceName(r.recipient, true),
    participants: strings(asArray(r.participant).map((p) => (isObject(p) ? helpers.referenceName(p.actor, true) : null))),
    lines: asArray(r.lineItem).filter(isObject).map((line) => lineView(line, helpers)),
    totalComponents: asArray(r.totalPriceComponent).map(priceComponent).filter((c): c is PriceComponentView => c !== null),
    totalNet: moneyText(r.totalNet),
    totalGross: moneyText(r.totalGross),
    paymentTerms: str(r.paymentTerms),
    cancelledReason: str(r.cancelledReason),
    notes: annotations(r.note),
  };
}
