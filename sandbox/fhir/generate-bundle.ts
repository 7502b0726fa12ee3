import type { FhirResource, RecordContext, RecordParts, RecordSubject } from './fhir-types';
import { assembleDocument } from './document-bundle';
import { renderDemoPdf } from './demo-pdf';
import { HI_TYPES, RECORD_PROFILES, type HiType } from './ig-catalog';
import { diagnosticReport } from './records/diagnostic-report';
import { dischargeSummary } from './records/discharge-summary';
import { healthDocument } from './records/health-document';
import { immunization } from './records/immunization';
import { invoice } from './records/invoice';
import { opConsultation } from './records/op-consultation';
import { prescription } from './records/prescription';
import { wellness } from './records/wellness';

/** Each record type's builder of its sections and resources (reference/spec/fhir-records.md). */
export const RECORD_BUILDERS: Record<HiType, (context: RecordContext) => RecordParts> = {
  OPConsultation: opConsultation,
  Prescription: prescription,
  DischargeSummary: dischargeSummary,
  DiagnosticReport: diagnosticReport,
  ImmunizationRecord: immunization,
  HealthDocumentRecord: healthDocument,
  WellnessRecord: wellness,
  Invoice: invoice,
};

/** Record types whose document always carries a PDF (report form / the document itself). */
export const ALWAYS_WITH_PDF: ReadonlySet<HiType> = new Set(['DiagnosticReport', 'HealthDocumentRecord']);

export interface GenerateOptions {
  /**
   * Approximate size of the serialized bundle in bytes. Reached by attaching incompressible
   * data to the record's PDF, so every record type can be made large for benchmarks.
   */
  targetBytes?: number;
}

export function isHiType(value: unknown): value is HiType {
  return typeof value === 'string' && (HI_TYPES as readonly string[]).includes(value);
}

/** One IG-6 document bundle for one care context and HI type, serialized as JSON. */
export async function generateRecordBundle(hiType: HiType, subject: RecordSubject, options: GenerateOptions = {}): Promise<string> {
  if (!isHiType(hiType)) throw new Error(`Unknown HI type "${String(hiType)}"; expected one of ${HI_TYPES.join(', ')}`);
  const wantsPdf = ALWAYS_WITH_PDF.has(hiType) || options.targetBytes !== undefined;
  const basePdf = wantsPdf ? await pdfFor(hiType, subject, 0) : undefined;
  const first = serialize(assembleDocument(hiType, subject, RECORD_BUILDERS[hiType], basePdf));
  const missing = (options.targetBytes ?? 0) - Buffer.byteLength(first);
  if (missing <= 0) return first;
  // base64 grows 4/3; attachment streams add a little overhead, which the rounding absorbs
  const paddedPdf = await pdfFor(hiType, subject, Math.floor((missing * 3) / 4));
  return serialize(assembleDocument(hiType, subject, RECORD_BUILDERS[hiType], paddedPdf));
}

async function pdfFor(hiType: HiType, subject: RecordSubject, paddingBytes: number): Promise<string> {
  const pdf = await renderDemoPdf({
    title: RECORD_PROFILES[hiType].title,
    hipName: subject.hip.name,
    patientName: subject.patient.name,
    date: subject.date,
    lines: [`Care context: ${subject.careContext.display}`, `Attending: ${subject.practitioner.name}`],
    paddingBytes,
  });
  return pdf.toString('base64');
}

const serialize = (bundle: FhirResource) => JSON.stringify(bundle);
