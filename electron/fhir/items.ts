// One resource → one typed item of the view model. Unknown resource types become a GenericItem with their key fields
// and narrative, so nothing a sender puts in a section shows as a blank.
import type {
  AllergyIntolerance,
  Appointment,
  CarePlan,
  Condition,
  DiagnosticReport,
  Dosage,
  FamilyMemberHistory,
  Immunization,
  MedicationRequest,
  Observation,
  ObservationReferenceRange,
  Procedure,
  ServiceRequest,
  Timing,
} from 'fhir/r4';
import { attachmentsOf } from './attachments';
import { sourceOf, type BundleIndex, type Entry } from './bundle-index';
import { invoiceItem } from './invoice';
import { narrativeText } from './narrative';
import {
  annotations,
  asArray,
  choiceText,
  conceptText,
  conceptsText,
  humanName,
  isObject,
  num,
  quantityParts,
  quantityText,
  str,
  strings,
  valueText,
  type Json,
} from './values';
import type {
  AllergyItem,
  AppointmentItem,
  CarePlanItem,
  ConditionItem,
  DiagnosticReportItem,
  DocumentItem,
  FamilyHistoryItem,
  GenericItem,
  ImmunizationItem,
  ItemView,
  MedicationRow,
  ObservationItem,
  ProcedureItem,
  ReferenceRangeView,
  ServiceRequestItem,
  TimingRepeat,
} from './view-model';

/** What rendering one document shares: the index, which entries were shown, which attachments a section reaches. */
export interface RenderContext {
  index: BundleIndex;
  shown: Set<number>;
  referencedAttachments: Set<string>;
  /** Entries being rendered now, so a reference cycle cannot recurse for ever. */
  active: Set<number>;
}

export const MEDICATION_TYPES: ReadonlySet<string> = new Set([
  'MedicationRequest',
  'MedicationStatement',
  'MedicationAdministration',
  'MedicationDispense',
]);

/** Items for one entry; a medication resource gives a MedicationRow (the caller groups rows into a table). */
export function itemFor(context: RenderContext, entry: Entry): ItemView | MedicationRow {
  context.shown.add(entry.index);
  if (context.active.has(entry.index)) return genericItem(entry);
  context.active.add(entry.index);
  try {
    return typedItem(context, entry);
  } catch {
    // a shape no typed rendering expected: its key fields and narrative still show
    return genericItem(entry);
  } finally {
    context.active.delete(entry.index);
  }
}

function typedItem(context: RenderContext, entry: Entry): ItemView | MedicationRow {
  if (MEDICATION_TYPES.has(entry.resourceType)) return medicationRow(context, entry);
  switch (entry.resourceType) {
    case 'Observation':
      return observationItem(context, entry);
    case 'Condition':
      return conditionItem(entry);
    case 'AllergyIntolerance':
      return allergyItem(entry);
    case 'Procedure':
      return procedureItem(entry);
    case 'Immunization':
      return immunizationItem(context, entry);
    case 'DiagnosticReport':
      return diagnosticReportItem(context, entry);
    case 'DocumentReference':
      return documentItem(context, entry);
    case 'Binary':
    case 'Media':
      return {
        kind: 'attachment',
        source: sourceOf(entry),
        narrative: narrativeOf(entry.resource),
        attachmentIds: reachAttachments(context, entry),
      };
    case 'CarePlan':
      return carePlanItem(entry);
    case 'Appointment':
      return appointmentItem(context, entry);
    case 'ServiceRequest':
      return serviceRequestItem(context, entry);
    case 'FamilyMemberHistory':
      return familyHistoryItem(entry);
    case 'Invoice':
      return invoiceItem(entry, {
        referenceName: (reference, markShown) => referenceName(context, reference, markShown),
        resolve: (reference) => (isObject(reference) ? context.index.resolve(reference) : null),
        markShown: (target) => context.shown.add(target.index),
        narrative: narrativeOf,
      });
    default:
      return genericItem(entry);
  }
}

export const narrativeOf = (resource: Json): string | null => (isObject(resource.text) ? narrativeText(resource.text.div) : null);

function reachAttachments(context: RenderContext, entry: Entry): string[] {
  const ids = attachmentsOf(entry).map((located) => located.id);
  for (const id of ids) context.referencedAttachments.add(id);
  return ids;
}

/** A reference as a name: the resolved resource's name or code, else the reference's display. */
export function referenceName(context: RenderContext, reference: unknown, markShown = false): string | null {
  if (!isObject(reference)) return null;
  let target = context.index.resolve(reference);
  // a PractitionerRole names its practitioner
  if (target?.resourceType === 'PractitionerRole') target = context.index.resolve(target.resource.practitioner) ?? target;
  if (target) {
    const name = resourceName(target.resource);
    if (name) {
      if (markShown) context.shown.add(target.index);
      return name;
    }
  }
  return str(reference.display) ?? str(reference.reference);
}

/** A resource contained in another (a `#id` reference), as senders do with a prescription's Medication. */
function containedResource(container: Json, reference: Json): Json | null {
  const ref = str(reference.reference);
  if (!ref?.startsWith('#')) return null;
  const found = asArray(container.contained).find((resource) => isObject(resource) && resource.id === ref.slice(1));
  return isObject(found) ? found : null;
}

export function resourceName(resource: Json): string | null {
  switch (resource.resourceType) {
    case 'Patient':
    case 'Practitioner':
    case 'RelatedPerson':
    case 'Person':
      return humanName(resource.name);
    case 'Organization':
    case 'Location':
    case 'HealthcareService':
      return str(resource.name);
    case 'Device':
      return humanName(resource.deviceName) ?? conceptText(resource.type);
    case 'PractitionerRole':
      return (isObject(resource.practitioner) ? str(resource.practitioner.display) : null) ?? conceptsText(resource.code);
    default:
      return conceptText(resource.code) ?? str(resource.title) ?? str(resource.name) ?? str(resource.description);
  }
}

function medicationRow(context: RenderContext, entry: Entry): MedicationRow {
  const r = entry.resource as Json & Partial<MedicationRequest>;
  let drug = conceptText(r.medicationCodeableConcept);
  if (!drug && isObject(r.medicationReference)) {
    const contained = containedResource(entry.resource, r.medicationReference);
    drug = contained ? resourceName(contained) : null;
    drug ??= referenceName(context, r.medicationReference, true);
  }
  const dosages = asArray(r.dosageInstruction ?? entry.resource.dosage).filter(isObject) as Array<Partial<Dosage>>;
  const dosage = dosages[0];
  const timing = isObject(dosage?.timing) ? (dosage.timing as Partial<Timing>) : null;
  const repeat = timing && isObject(timing.repeat) ? timing.repeat : null;
  const doseAndRate = asArray(dosage?.doseAndRate).find(isObject);
  const dose = doseAndRate ? (quantityText(doseAndRate.doseQuantity) ?? valueText('Range', doseAndRate.doseRange)) : null;
  const repeatView: TimingRepeat | null = repeat
    ? { frequency: num(repeat.frequency), period: num(repeat.period), periodUnit: str(repeat.periodUnit), when: strings(asArray(repeat.when).map(str)) }
    : null;
  const duration =
    (repeat ? (quantityText(repeat.boundsDuration) ?? valueText('Period', repeat.boundsPeriod) ?? valueText('Range', repeat.boundsRange)) : null) ??
    (isObject(r.dispenseRequest) ? quantityText(r.dispenseRequest.expectedSupplyDuration) : null);
  // The first dosage's text is how the prescriber wrote dose and rhythm ("1 tablet 2 times a day"): the screen shows
  // it in place of a structured dose and frequency; any further dosage's text is an instruction.
  const dosageText = str(dosage?.text);
  const instructions = strings(
    dosages.flatMap((d, i) => [
      i === 0 ? null : str(d.text),
      ...asArray(d.additionalInstruction).map(conceptText),
      str(d.patientInstruction),
      conceptText(d.asNeededCodeableConcept),
    ]),
  );
  if (dosages.length === 0 && str(entry.resource.dosage)) instructions.push(str(entry.resource.dosage)!);
  instructions.push(...annotations(r.note));
  const reasons = strings([...asArray(r.reasonCode).map(conceptText), ...asArray(r.reasonReference).map((ref) => referenceName(context, ref, true))]);
  return {
    source: sourceOf(entry),
    resourceType: entry.resourceType,
    drug,
    dose,
    route: conceptText(dosage?.route),
    frequency: timing ? (conceptText(timing.code) ?? null) : null,
    repeat: repeatView,
    dosageText,
    duration,
    instructions,
    status: str(r.status),
    date: str(r.authoredOn) ?? choiceText(entry.resource, 'effective') ?? str(entry.resource.dateAsserted),
    reasons,
    narrative: narrativeOf(entry.resource),
  };
}

function referenceRangeOf(value: unknown): ReferenceRangeView | null {
  const range = asArray(value).find(isObject) as Partial<ObservationReferenceRange> | undefined;
  if (!range) return null;
  const low = quantityParts(range.low);
  const high = quantityParts(range.high);
  const view = { low: low.value, high: high.value, unit: low.unit ?? high.unit, text: str(range.text) };
  return view.low || view.high || view.text ? view : null;
}

const INTERPRETATION_FLAGS: Record<string, 'low' | 'high' | 'abnormal'> = {
  L: 'low',
  LL: 'low',
  LU: 'low',
  H: 'high',
  HH: 'high',
  HU: 'high',
  A: 'abnormal',
  AA: 'abnormal',
};

function observationFromParts(
  context: RenderContext,
  entry: Entry,
  part: Json,
  isComponent: boolean,
): ObservationItem {
  const o = part as Json & Partial<Observation>;
  let value: string | null = null;
  let unit: string | null = null;
  let numeric: number | null = null;
  if (isObject(o.valueQuantity)) {
    const parts = quantityParts(o.valueQuantity);
    value = parts.value;
    unit = parts.unit;
    numeric = str(o.valueQuantity.comparator) ? null : num(o.valueQuantity.value);
  } else {
    value = choiceText(part, 'value');
  }
  if (value === null && isObject(o.dataAbsentReason)) value = conceptText(o.dataAbsentReason);
  const referenceRange = referenceRangeOf(o.referenceRange);
  let flag: ObservationItem['flag'] = null;
  if (numeric !== null && referenceRange && (referenceRange.unit === null || unit === null || referenceRange.unit === unit)) {
    const low = num(referenceRange.low);
    const high = num(referenceRange.high);
    if (low !== null && numeric < low) flag = 'low';
    else if (high !== null && numeric > high) flag = 'high';
  }
  const interpretationCode = asArray(o.interpretation)
    .flatMap((concept) => (isObject(concept) ? asArray(concept.coding) : []))
    .map((coding) => (isObject(coding) ? str(coding.code) : null))
    .find((code): code is string => code !== null && INTERPRETATION_FLAGS[code] !== undefined);
  if (flag === null && interpretationCode) flag = INTERPRETATION_FLAGS[interpretationCode]!;
  return {
    kind: 'observation',
    source: sourceOf(entry),
    narrative: isComponent ? null : narrativeOf(entry.resource),
    name: conceptText(o.code),
    value,
    unit,
    referenceRange,
    flag,
    interpretation: conceptsText(o.interpretation),
    date: isComponent ? null : (choiceText(part, 'effective') ?? str(o.issued)),
    status: isComponent ? null : str(o.status),
    components: isComponent ? [] : asArray(o.component).filter(isObject).map((component) => observationFromParts(context, entry, component, true)),
    notes: isComponent ? [] : annotations(o.note),
  };
}

function observationItem(context: RenderContext, entry: Entry): ObservationItem {
  const item = observationFromParts(context, entry, entry.resource, false);
  // hasMember (panels): members that are Observations join as components of the panel
  for (const member of asArray(entry.resource.hasMember)) {
    const target = context.index.resolve(member);
    if (target && target.resourceType === 'Observation' && !context.active.has(target.index)) {
      const child = itemFor(context, target);
      if ('kind' in child && child.kind === 'observation') item.components.push(child);
    }
  }
  return item;
}

function conditionItem(entry: Entry): ConditionItem {
  const c = entry.resource as Json & Partial<Condition>;
  return {
    kind: 'condition',
    source: sourceOf(entry),
    narrative: narrativeOf(entry.resource),
    name: conceptText(c.code),
    clinicalStatus: conceptText(c.clinicalStatus),
    verificationStatus: conceptText(c.verificationStatus),
    severity: conceptText(c.severity),
    category: conceptsText(c.category),
    onset: choiceText(entry.resource, 'onset'),
    recordedDate: str(c.recordedDate),
    notes: annotations(c.note),
  };
}

function allergyItem(entry: Entry): AllergyItem {
  const a = entry.resource as Json & Partial<AllergyIntolerance>;
  return {
    kind: 'allergy',
    source: sourceOf(entry),
    narrative: narrativeOf(entry.resource),
    substance: conceptText(a.code),
    clinicalStatus: conceptText(a.clinicalStatus),
    verificationStatus: conceptText(a.verificationStatus),
    criticality: str(a.criticality),
    category: strings(asArray(a.category).map(str)),
    reactions: strings(
      asArray(a.reaction).flatMap((reaction) =>
        isObject(reaction) ? [...asArray(reaction.manifestation).map(conceptText), str(reaction.description)] : [],
      ),
    ),
    onset: choiceText(entry.resource, 'onset') ?? str(a.recordedDate),
    notes: annotations(a.note),
  };
}

function procedureItem(entry: Entry): ProcedureItem {
  const p = entry.resource as Json & Partial<Procedure>;
  return {
    kind: 'procedure',
    source: sourceOf(entry),
    narrative: narrativeOf(entry.resource),
    name: conceptText(p.code),
    status: str(p.status),
    date: choiceText(entry.resource, 'performed'),
    outcome: conceptText(p.outcome),
    complications: strings(asArray(p.complication).map(conceptText)),
    notes: annotations(p.note),
  };
}

function immunizationItem(context: RenderContext, entry: Entry): ImmunizationItem {
  const i = entry.resource as Json & Partial<Immunization>;
  const protocol = asArray(i.protocolApplied).find(isObject);
  return {
    kind: 'immunization',
    source: sourceOf(entry),
    narrative: narrativeOf(entry.resource),
    vaccine: conceptText(i.vaccineCode),
    doseNumber: protocol ? choiceText(protocol, 'doseNumber') : null,
    date: choiceText(entry.resource, 'occurrence') ?? str(i.recorded),
    lotNumber: str(i.lotNumber),
    route: conceptText(i.route),
    site: conceptText(i.site),
    manufacturer: isObject(i.manufacturer) ? referenceName(context, i.manufacturer) : null,
    status: str(i.status),
    notes: annotations(i.note),
  };
}

function diagnosticReportItem(context: RenderContext, entry: Entry): DiagnosticReportItem {
  const d = entry.resource as Json & Partial<DiagnosticReport>;
  const results: ItemView[] = [];
  for (const reference of asArray(d.result)) {
    const target = context.index.resolve(reference);
    if (!target) {
      context.index.warnings.push({ code: 'unresolvedReference', reference: isObject(reference) ? str(reference.reference) : null });
      results.push({ kind: 'missing', reference: isObject(reference) ? str(reference.reference) : null, display: isObject(reference) ? str(reference.display) : null });
      continue;
    }
    const item = itemFor(context, target);
    results.push('kind' in item ? item : { kind: 'medications', rows: [item] });
  }
  const attachmentIds = reachAttachments(context, entry);
  for (const media of asArray(d.media)) {
    const target = isObject(media) ? context.index.resolve(media.link) : null;
    if (target) {
      context.shown.add(target.index);
      attachmentIds.push(...reachAttachments(context, target));
    }
  }
  for (const study of asArray(d.imagingStudy)) {
    const target = context.index.resolve(study);
    if (target && !context.active.has(target.index)) {
      const item = itemFor(context, target);
      if ('kind' in item) results.push(item);
    }
  }
  return {
    kind: 'diagnosticReport',
    source: sourceOf(entry),
    narrative: narrativeOf(entry.resource),
    name: conceptText(d.code),
    category: conceptsText(d.category),
    status: str(d.status),
    date: choiceText(entry.resource, 'effective') ?? str(d.issued),
    performers: strings([...asArray(d.performer), ...asArray(d.resultsInterpreter)].map((ref) => referenceName(context, ref))),
    conclusion: str(d.conclusion) ?? conceptsText(d.conclusionCode),
    results,
    attachmentIds,
  };
}

function documentItem(context: RenderContext, entry: Entry): DocumentItem {
  const r = entry.resource;
  return {
    kind: 'document',
    source: sourceOf(entry),
    narrative: narrativeOf(r),
    type: conceptText(r.type),
    description: str(r.description),
    date: str(r.date) ?? (isObject(r.context) ? valueText('Period', r.context.period) : null),
    status: str(r.docStatus) ?? str(r.status),
    attachmentIds: reachAttachments(context, entry),
  };
}

function carePlanItem(entry: Entry): CarePlanItem {
  const c = entry.resource as Json & Partial<CarePlan>;
  return {
    kind: 'carePlan',
    source: sourceOf(entry),
    narrative: narrativeOf(entry.resource),
    title: str(c.title) ?? conceptsText(c.category),
    description: str(c.description),
    status: str(c.status),
    period: valueText('Period', c.period),
    activities: strings(
      asArray(c.activity).flatMap((activity) =>
        isObject(activity) && isObject(activity.detail)
          ? [str(activity.detail.description) ?? conceptText(activity.detail.code)]
          : isObject(activity)
            ? annotations(activity.progress)
            : [],
      ),
    ),
    notes: annotations(c.note),
  };
}

function appointmentItem(context: RenderContext, entry: Entry): AppointmentItem {
  const a = entry.resource as Json & Partial<Appointment>;
  return {
    kind: 'appointment',
    source: sourceOf(entry),
    narrative: narrativeOf(entry.resource),
    description: str(a.description) ?? conceptsText(a.serviceType) ?? conceptsText(a.reasonCode),
    start: str(a.start),
    end: str(a.end),
    status: str(a.status),
    participants: strings(asArray(a.participant).map((p) => (isObject(p) ? referenceName(context, p.actor) : null))),
  };
}

function serviceRequestItem(context: RenderContext, entry: Entry): ServiceRequestItem {
  const s = entry.resource as Json & Partial<ServiceRequest>;
  return {
    kind: 'serviceRequest',
    source: sourceOf(entry),
    narrative: narrativeOf(entry.resource),
    name: conceptText(s.code),
    status: str(s.status),
    intent: str(s.intent),
    date: str(s.authoredOn) ?? choiceText(entry.resource, 'occurrence'),
    requester: referenceName(context, s.requester),
    notes: [...annotations(s.note), ...strings([str(s.patientInstruction)]), ...strings(asArray(s.reasonCode).map(conceptText))],
  };
}

function familyHistoryItem(entry: Entry): FamilyHistoryItem {
  const f = entry.resource as Json & Partial<FamilyMemberHistory>;
  return {
    kind: 'familyHistory',
    source: sourceOf(entry),
    narrative: narrativeOf(entry.resource),
    relationship: conceptText(f.relationship) ?? str(f.name),
    conditions: strings(asArray(f.condition).map((c) => (isObject(c) ? conceptText(c.code) : null))),
    status: str(f.status),
    notes: annotations(f.note),
  };
}

// Element names worth showing for a resource the viewer does not know, in this order.
const KEY_FIELDS = [
  'title',
  'name',
  'code',
  'type',
  'category',
  'description',
  'status',
  'intent',
  'date',
  'created',
  'authoredOn',
  'recordedDate',
  'effective',
  'occurrence',
  'performed',
  'onset',
  'period',
  'issued',
  'value',
  'result',
  'outcome',
  'note',
  'comment',
  'conclusion',
];

/** Key fields of any resource as text, and its narrative; never empty (the resource type is the last resort). */
export function genericItem(entry: Entry): GenericItem {
  const r = entry.resource;
  const fields: Array<{ key: string; value: string }> = [];
  for (const key of KEY_FIELDS) {
    const text = fieldText(r, key);
    if (text) fields.push({ key, value: text.length > 500 ? `${text.slice(0, 500)}…` : text });
  }
  if (fields.length === 0 && entry.id) fields.push({ key: 'id', value: entry.id });
  if (fields.length === 0) fields.push({ key: 'resourceType', value: entry.resourceType });
  return { kind: 'generic', source: sourceOf(entry), narrative: narrativeOf(r), resourceType: entry.resourceType, fields };
}

function fieldText(resource: Json, key: string): string | null {
  if (key in resource) {
    const value = resource[key];
    if (key === 'note') return annotations(value).join('\n') || null;
    if (Array.isArray(value)) return strings(value.map(plainFieldText)).join(', ') || null;
    return plainFieldText(value);
  }
  return choiceText(resource, key);
}

function plainFieldText(value: unknown): string | null {
  if (!isObject(value)) return str(value);
  if ('coding' in value || 'text' in value) return conceptText(value);
  if ('value' in value && ('unit' in value || 'code' in value)) return quantityText(value);
  if ('start' in value || 'end' in value) return valueText('Period', value);
  if ('reference' in value || 'display' in value) return str(value.display) ?? str(value.reference);
  if ('display' in value || 'code' in value) return str(value.display) ?? str(value.code);
  return null;
}
