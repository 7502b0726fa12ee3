// recordView: any FHIR R4 document bundle → the view model the Records screens draw (docs/record-viewer.md).
import type { Composition, CompositionSection, Encounter, Patient } from 'fhir/r4';
import { attachmentViews } from './attachments';
import { bundleFacts } from './bundle-facts';
import { indexBundle, type BundleIndex } from './bundle-index';
import { itemFor, MEDICATION_TYPES, referenceName, type RenderContext } from './items';
import { narrativeText } from './narrative';
import { sectionKey } from './sections';
import { asArray, conceptText, firstCoding, humanName, isObject, str, strings, type Json } from './values';
import type { EncounterView, ItemView, MedicationRow, PatientView, RecordView, SectionView } from './view-model';

// Resources that give a document its context (who, where, when); shown in the header, not as unreferenced content.
const CONTEXT_TYPES: ReadonlySet<string> = new Set([
  'Patient',
  'Practitioner',
  'PractitionerRole',
  'Organization',
  'Encounter',
  'Location',
  'RelatedPerson',
  'Device',
  'Provenance',
]);

const MAX_SECTION_DEPTH = 8;

/**
 * The view model of a FHIR document bundle (a parsed object or its JSON text). Throws RecordViewError only when the
 * input is not a Bundle (or its `entry` is not an array); anything inside a Bundle is shown as well as it can be.
 */
export function recordView(bundle: unknown): RecordView {
  const index = indexBundle(bundle);
  const context: RenderContext = { index, shown: new Set(), referencedAttachments: new Set(), active: new Set() };
  const compositionEntry = index.entries.find((entry) => entry.resourceType === 'Composition') ?? null;
  const composition = (compositionEntry?.resource ?? null) as (Json & Partial<Composition>) | null;
  let hiType: string | null = null;
  try {
    hiType = bundleFacts(index.bundle).hiType;
  } catch {
    hiType = null;
  }
  if (!composition) index.warnings.push({ code: 'noComposition' });

  const sections = composition ? asArray(composition.section).filter(isObject).map((s) => sectionView(context, hiType, s, 0)) : [];

  // Everything else the bundle carries that no section reached, so nothing received is hidden.
  const referencedBySections = new Set(context.referencedAttachments);
  const header = headerOf(context, composition);
  const namedMedications = referencedMedications(index);
  const leftover = index.entries.filter(
    (entry) =>
      entry !== compositionEntry && !context.shown.has(entry.index) && !CONTEXT_TYPES.has(entry.resourceType) && !namedMedications.has(entry.index),
  );
  if (leftover.length > 0) {
    sections.push({
      key: 'unreferenced',
      title: null,
      code: null,
      narrative: null,
      // a leftover report shows its own results, so each entry is checked again just before it is drawn
      items: groupRows(leftover.flatMap((entry) => (context.shown.has(entry.index) ? [] : [itemFor(context, entry)]))),
      sections: [],
    });
  }
  return {
    hiType,
    ...header,
    sections,
    attachments: attachmentViews(index, referencedBySections),
    warnings: index.warnings,
  };
}

function sectionView(context: RenderContext, hiType: string | null, section: Json, depth: number): SectionView {
  const s = section as Json & Partial<CompositionSection>;
  const title = str(s.title);
  const entries: Array<ItemView | MedicationRow> = [];
  for (const reference of asArray(s.entry)) {
    const target = context.index.resolve(reference);
    if (target) {
      entries.push(itemFor(context, target));
    } else {
      const ref = isObject(reference) ? str(reference.reference) : null;
      context.index.warnings.push({ code: 'unresolvedReference', reference: ref });
      entries.push({ kind: 'missing', reference: ref, display: isObject(reference) ? str(reference.display) : null });
    }
  }
  const narrative = isObject(s.text) ? narrativeText(s.text.div) : null;
  const items = groupRows(entries);
  const nested = depth < MAX_SECTION_DEPTH ? asArray(s.section).filter(isObject).map((child) => sectionView(context, hiType, child, depth + 1)) : [];
  if (items.length === 0 && narrative === null && nested.length === 0) items.push({ kind: 'empty', reason: conceptText(s.emptyReason) });
  return { key: sectionKey(hiType, s.code, title), title, code: firstCoding(s.code), narrative, items, sections: nested };
}

/** Consecutive medication rows become one table item. */
function groupRows(entries: Array<ItemView | MedicationRow>): ItemView[] {
  const items: ItemView[] = [];
  for (const entry of entries) {
    if ('kind' in entry) {
      items.push(entry);
      continue;
    }
    const last = items[items.length - 1];
    if (last?.kind === 'medications') last.rows.push(entry);
    else items.push({ kind: 'medications', rows: [entry] });
  }
  return items;
}

/** Medication resources that a medication row names: they are shown through that row. */
function referencedMedications(index: BundleIndex): Set<number> {
  const named = new Set<number>();
  for (const entry of index.entries) {
    if (!MEDICATION_TYPES.has(entry.resourceType)) continue;
    const target = index.resolve(entry.resource.medicationReference);
    if (target?.resourceType === 'Medication') named.add(target.index);
  }
  return named;
}

function headerOf(
  context: RenderContext,
  composition: (Json & Partial<Composition>) | null,
): Pick<RecordView, 'title' | 'date' | 'authors' | 'organisation' | 'patient' | 'encounter' | 'narrative'> {
  const { index } = context;
  const bundle = index.bundle;
  const date = str(composition?.date) ?? str(bundle.timestamp);
  const authors = strings(asArray(composition?.author).map((ref) => referenceName(context, ref)));
  const organisationOf = (ref: unknown): string | null => {
    if (!isObject(ref)) return null;
    const target = index.resolve(ref);
    if (target) return target.resourceType === 'Organization' ? (str(target.resource.name) ?? str(ref.display)) : null;
    // not in the bundle: a reference written as Organization/… still names one by its display
    return /(^|\/)Organization\//.test(str(ref.reference) ?? '') || str(ref.type) === 'Organization' ? str(ref.display) : null;
  };
  const attesters = asArray(composition?.attester).map((a) => (isObject(a) ? a.party : null));
  let organisation = organisationOf(composition?.custodian);
  for (const ref of [...attesters, ...asArray(composition?.author)]) organisation ??= organisationOf(ref);
  if (!organisation && isObject(composition?.custodian)) organisation = str(composition.custodian.display);
  organisation ??= str(index.entries.find((entry) => entry.resourceType === 'Organization')?.resource.name);

  const patientEntry = (composition ? index.resolve(composition.subject) : null) ?? index.entries.find((entry) => entry.resourceType === 'Patient') ?? null;
  let patient: PatientView | null = null;
  if (patientEntry) {
    const p = patientEntry.resource as Json & Partial<Patient>;
    patient = {
      name: humanName(p.name) ?? (isObject(composition?.subject) ? str(composition.subject.display) : null),
      gender: str(p.gender),
      birthDate: str(p.birthDate),
      identifiers: asArray(p.identifier)
        .filter(isObject)
        .map((identifier) => ({ type: conceptText(identifier.type), system: str(identifier.system), value: str(identifier.value) }))
        .filter((identifier): identifier is { type: string | null; system: string | null; value: string } => identifier.value !== null),
    };
  } else if (isObject(composition?.subject) && str(composition.subject.display)) {
    patient = { name: str(composition.subject.display), gender: null, birthDate: null, identifiers: [] };
  }

  const encounterEntry = composition ? index.resolve(composition.encounter) : null;
  let encounter: EncounterView | null = null;
  if (encounterEntry?.resourceType === 'Encounter') {
    const e = encounterEntry.resource as Json & Partial<Encounter>;
    const period = isObject(e.period) ? e.period : {};
    encounter = {
      class: isObject(e.class) ? (str(e.class.display) ?? str(e.class.code)) : null,
      start: str(period.start),
      end: str(period.end),
    };
  }
  const narrative = composition && isObject(composition.text) ? narrativeText(composition.text.div) : null;
  return { title: str(composition?.title), date, authors, organisation, patient, encounter, narrative };
}

// Senders that leave Composition.type without a code (fhir-records.md B.4: a wellness coding with a display only)
// still name the record type in words; bundleFacts keeps to profile, code and the IG's fixed type text.
