// What a person must be able to read in each kind of record, taken from the stored bundle by this file's own walk
// (not by the record viewer under test), and the text of its PDF as poppler reads it (an independent PDF reader).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type Json = Record<string, unknown>;

export interface KeyContent {
  /** Text the record's view must show (a drug, a condition, a value with its unit, a vaccine). */
  texts: string[];
  /** The first line of text of the record's first PDF, when it carries one. */
  pdfLine: string | null;
}

const resources = (bundle: Json): Json[] => ((bundle.entry as Json[] | undefined) ?? []).map((e) => e.resource as Json).filter(Boolean);
const ofType = (bundle: Json, type: string) => resources(bundle).filter((r) => r.resourceType === type);

function conceptText(concept: unknown): string | null {
  const c = concept as { text?: string; coding?: Array<{ display?: string }> } | undefined;
  return c?.coding?.find((coding) => coding.display)?.display ?? c?.text ?? null;
}

// The UCUM print symbols (ucum.org, "The Unified Code for Units of Measure", print symbols of the units and prefixes)
// of the UCUM codes the bundles carry: a clerk reads °C and mmHg, not Cel and mm[Hg] (issue 23).
const UCUM_PRINT: Record<string, string> = { Cel: '°C', 'mm[Hg]': 'mmHg', '10*3/uL': '×10³/μL', '{steps}': 'steps', 'kg/m2': 'kg/m²', '{MMDDYY}': 'MMDDYY' };

/** "12–15 g/dL": a result's normal range as a lab prints it, when the record gives both ends in one unit. */
function rangeText(observation: Json): string | null {
  type End = { value?: number; unit?: string; code?: string };
  const range = (observation.referenceRange as Array<{ low?: End; high?: End }> | undefined)?.[0];
  const [low, high] = [range?.low, range?.high];
  if (low?.value === undefined || high?.value === undefined) return null;
  const unit = low.unit ?? low.code ?? '';
  if ((high.unit ?? high.code ?? '') !== unit) return null;
  return `${low.value}–${high.value} ${UCUM_PRINT[unit] ?? unit}`.trim();
}

function quantityText(observation: Json): string | null {
  const q = observation.valueQuantity as { value?: number; unit?: string; code?: string } | undefined;
  const unit = q?.unit ?? q?.code ?? '';
  return q?.value === undefined ? null : `${q.value} ${UCUM_PRINT[unit] ?? unit}`.trim();
}

/** The first inline PDF of the bundle: a report's presentedForm or a DocumentReference's content. */
function firstPdf(bundle: Json): Buffer | null {
  for (const resource of resources(bundle)) {
    const forms = [
      ...((resource.presentedForm as Json[] | undefined) ?? []),
      ...((resource.content as Array<{ attachment?: Json }> | undefined) ?? []).map((c) => c.attachment ?? {}),
    ];
    const pdf = forms.find((a) => a.contentType === 'application/pdf' && typeof a.data === 'string' && a.data);
    if (!pdf) continue;
    const once = Buffer.from(pdf.data as string, 'base64');
    // Some senders base64-encode the PDF twice (reference/spec/fhir-records.md B.4).
    return once.subarray(0, 5).toString('latin1') === '%PDF-' ? once : Buffer.from(once.toString('latin1'), 'base64');
  }
  return null;
}

function pdfFirstLine(pdf: Buffer): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'record-pdf-'));
  try {
    const file = path.join(folder, 'record.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-l', '1', file, '-'], { encoding: 'utf8' });
    return text.split('\n').map((line) => line.trim()).find(Boolean) ?? '';
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The key content of one record, by its ABDM type (reference/spec/fhir-records.md). */
export function keyContent(bundleText: string, hiType: string): KeyContent {
  const bundle = JSON.parse(bundleText) as Json;
  const first = <T>(values: Array<T | null>): T[] => {
    const found = values.find((v) => v !== null);
    return found === undefined || found === null ? [] : [found];
  };
  const texts: string[] = [];
  const drugs = ofType(bundle, 'MedicationRequest').map((m) => conceptText(m.medicationCodeableConcept));
  const observations = ofType(bundle, 'Observation').map(quantityText);
  const conditions = ofType(bundle, 'Condition').map((c) => conceptText(c.code));
  switch (hiType) {
    case 'Prescription':
      texts.push(...first(drugs));
      break;
    case 'OPConsultation':
    case 'DischargeSummary':
      texts.push(...first(conditions), ...first(drugs));
      break;
    case 'DiagnosticReport':
    case 'WellnessRecord':
      texts.push(...first(observations), ...first(ofType(bundle, 'Observation').map(rangeText)));
      break;
    case 'ImmunizationRecord':
      texts.push(...first(ofType(bundle, 'Immunization').map((i) => conceptText(i.vaccineCode))));
      break;
  }
  const pdf = firstPdf(bundle);
  return { texts, pdfLine: pdf ? pdfFirstLine(pdf) : null };
}
