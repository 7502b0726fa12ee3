// The bundles the record-viewer tests read: the simulator's seven (plain, and padded so every type carries a PDF)
// and the seven real-world ProjectEKA bundles. Plus an independent walk of a bundle's JSON, written here without the
// viewer's code, so expected values come from the bundles themselves.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DEMO_HIPS, DEMO_PATIENTS } from '../../../sandbox/gateway/hiu/demo-directory';
import type { RecordSubject } from '../../../sandbox/fhir/fhir-types';
import { generateRecordBundle } from '../../../sandbox/fhir/generate-bundle';
import { HI_TYPES } from '../../../sandbox/fhir/ig-catalog';

export type Json = Record<string, any>;

export interface Fixture {
  name: string;
  bundle: Json;
}

export const PROJECTEKA_DIR = path.resolve(import.meta.dirname, '../../../reference/fixtures/fhir-projecteka');

export function projectekaFixtures(): Fixture[] {
  return readdirSync(PROJECTEKA_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({ name: file, bundle: JSON.parse(readFileSync(path.join(PROJECTEKA_DIR, file), 'utf8')) }));
}

export async function generatedFixtures(): Promise<Fixture[]> {
  const subject: RecordSubject = {
    patient: DEMO_PATIENTS[0]!,
    hip: DEMO_HIPS[0]!,
    practitioner: DEMO_HIPS[0]!.practitioner,
    careContext: { patientReference: 'CCP-10231', careContextReference: 'DEMO-1', display: 'demo' },
    date: '2024-02-12T10:30:00.000Z',
  };
  const fixtures: Fixture[] = [];
  for (const hiType of HI_TYPES) {
    fixtures.push({ name: `generated ${hiType}`, bundle: JSON.parse(await generateRecordBundle(hiType, subject)) });
    // padded: every record type then carries its PDF (Binary, DocumentReference or presentedForm)
    fixtures.push({ name: `generated ${hiType} with PDF`, bundle: JSON.parse(await generateRecordBundle(hiType, subject, { targetBytes: 12_000 })) });
  }
  return fixtures;
}

// ---- the independent walk ----

export function entries(bundle: Json): Array<{ index: number; fullUrl?: string; resource: Json }> {
  return (bundle.entry ?? []).map((entry: Json, index: number) => ({ index, fullUrl: entry.fullUrl, resource: entry.resource }));
}

/** Entry index of what a reference points at: by fullUrl, else by "Type/id"; -1 when nothing matches. */
export function resolveIndex(bundle: Json, reference: string | undefined): number {
  if (!reference) return -1;
  const all = entries(bundle);
  const byUrl = all.find((entry) => entry.fullUrl === reference);
  if (byUrl) return byUrl.index;
  const byId = all.find((entry) => `${entry.resource?.resourceType}/${entry.resource?.id}` === reference);
  return byId ? byId.index : -1;
}

export function composition(bundle: Json): Json | undefined {
  return entries(bundle).find((entry) => entry.resource?.resourceType === 'Composition')?.resource;
}

/** Every attachment in the bundle as the IG places them, with its base64 and resource. */
export function walkAttachments(bundle: Json): Array<{ entryIndex: number; resourceType: string; contentType?: string; data?: string; title?: string }> {
  const found: Array<{ entryIndex: number; resourceType: string; contentType?: string; data?: string; title?: string }> = [];
  for (const { index, resource } of entries(bundle)) {
    const type = resource?.resourceType;
    const add = (attachment: Json) =>
      found.push({ entryIndex: index, resourceType: type, contentType: attachment.contentType, data: attachment.data, title: attachment.title });
    if (type === 'DiagnosticReport') for (const form of resource.presentedForm ?? []) add(form);
    if (type === 'DocumentReference') for (const content of resource.content ?? []) add(content.attachment);
    if (type === 'Media' && resource.content) add(resource.content);
    if (type === 'Binary') add(resource);
  }
  return found;
}

/** Sections of a Composition, depth first, as [section, depth]. */
export function walkSections(sections: Json[] | undefined): Json[] {
  return (sections ?? []).flatMap((section) => [section, ...walkSections(section.section)]);
}
