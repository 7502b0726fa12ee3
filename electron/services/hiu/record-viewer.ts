// A stored record as the Records screens show it: the view model of its FHIR bundle (electron/fhir/), and each
// attachment's bytes on request (kept out of the view so lists stay small). The bundle is read from the store
// (decrypted) for each call and never leaves main whole.
import { printGeometry } from '../../cards/print-layout';
import { attachmentData, recordView, RecordViewError, type RecordView } from '../../fhir/index';
import { recordDocument, recordTypeWords, type RecordDocument } from '../../records/record-document';
import { recordPdf, recordPrintHtml } from '../../records/record-print';
import { formatFhirDate } from '../../shared/dates';
import { AppFailure } from '../../shared/errors';
import { recordFileName } from '../desktop/file-names';
import type { ConsentStore } from '../../store/hiu/consents';
import type { RecordMeta } from '../../store/hiu/health-records';
import type { AuditLog } from '../day/audit';
import type { DesktopPort, PrintOutcome, SaveOutcome } from '../desktop/desktop-port';
import type { HealthInformationService } from './health-information';

export interface RecordAttachment {
  contentType: string;
  bytes: number;
  /** data: URL of the bytes; the screen decides how it may show them (image, PDF, or save only). */
  dataUrl: string;
}

export interface RecordViewerDeps {
  records: HealthInformationService;
  consents: ConsentStore;
  desktop: DesktopPort;
  audit: AuditLog;
  /** The clinic as the printed header names it. */
  clinic: () => string;
}

export class RecordViewer {
  private readonly records: HealthInformationService;

  constructor(private readonly deps: RecordViewerDeps) {
    this.records = deps.records;
  }

  /** Prints the record on A4 with the clinic's header (what came, when, under which consent, until when). */
  async print({ id }: { id: string }): Promise<PrintOutcome> {
    const { doc, name } = this.document(id);
    const outcome = await this.deps.desktop.print({ title: doc.title, html: recordPrintHtml(doc), geometry: printGeometry('a4'), fileName: name });
    const action = outcome.printed ? 'record.printed' : outcome.dialogOpened ? 'record.print-dialog-opened' : null;
    if (action) this.deps.audit.record(action, null, JSON.stringify({ record: id }));
    return outcome;
  }

  /** Saves the same document as a PDF where the operator chooses. */
  async save({ id }: { id: string }): Promise<SaveOutcome> {
    const { doc, name } = this.document(id);
    const outcome = await this.deps.desktop.save(`${name}.pdf`, 'pdf', await recordPdf(doc));
    const action = savedAction(outcome);
    if (action) this.deps.audit.record(action, null, JSON.stringify({ record: id }));
    return outcome;
  }

  /** Saves one attachment byte for byte (for types the screen cannot show, or to hand the file on). */
  async saveAttachment({ id, attachmentId }: { id: string; attachmentId: string }): Promise<SaveOutcome> {
    const { bundle } = this.records.get({ id });
    const { contentType, data } = readable(() => attachmentData(JSON.parse(bundle), attachmentId));
    const name = `health-record-${id.slice(0, 8)}-attachment.${extensionFor(contentType)}`;
    const outcome = await this.deps.desktop.save(name, 'file', data);
    const action = savedAction(outcome);
    if (action) this.deps.audit.record(action, null, JSON.stringify({ record: id, attachment: attachmentId }));
    return outcome;
  }

  /** The record as a document, and its file name: its type in words, the patient and the day (file-names.ts). */
  private document(id: string): { doc: RecordDocument; name: string } {
    const { meta, view } = this.view({ id });
    const artefact = this.deps.consents.artefact(meta.artefactId);
    const day = formatFhirDate((view.date ?? meta.recordDate ?? meta.receivedAt).slice(0, 10));
    const name = recordFileName({ typeWords: recordTypeWords(view.hiType ?? meta.hiType), patientName: view.patient?.name ?? null, day });
    const doc = recordDocument(view, {
      clinic: this.deps.clinic(),
      receivedAt: meta.receivedAt,
      consentRequestId: meta.consentRequestId,
      hipId: meta.hipId,
      careContext: meta.careContext,
      eraseBy: artefact?.dataEraseAt ?? null,
    });
    return { doc, name };
  }

  view({ id }: { id: string }): { meta: RecordMeta; view: RecordView } {
    const { meta, bundle } = this.records.get({ id });
    return { meta, view: readable(() => recordView(JSON.parse(bundle))) };
  }

  attachment({ id, attachmentId }: { id: string; attachmentId: string }): RecordAttachment {
    const { bundle } = this.records.get({ id });
    const { contentType, data } = readable(() => attachmentData(JSON.parse(bundle), attachmentId));
    return { contentType, bytes: data.length, dataUrl: `data:${contentType};base64,${data.toString('base64')}` };
  }
}

// The file name's extension from the declared type; the name never takes text from the record itself.
const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/tiff': 'tif',
  'text/plain': 'txt',
  'text/html': 'html',
  'application/xml': 'xml',
  'text/xml': 'xml',
  'application/json': 'json',
  'application/fhir+json': 'json',
  'application/dicom': 'dcm',
};

/** A file written where the operator chose is 'record.saved'; one handed to the browser (web mode) 'record.downloaded'. */
function savedAction(outcome: SaveOutcome): 'record.saved' | 'record.downloaded' | null {
  return outcome.path ? 'record.saved' : outcome.download ? 'record.downloaded' : null;
}

function extensionFor(contentType: string): string {
  return EXTENSIONS[contentType.split(';')[0]!.trim().toLowerCase()] ?? 'bin';
}

/** The viewer's refusals in the operator's terms: an attachment not there is NOT_FOUND, a bundle it cannot read is RECORD_UNREADABLE. */
function readable<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof RecordViewError && error.code.startsWith('attachment')) throw new AppFailure('NOT_FOUND', { params: { what: 'attachment' } }, { cause: error });
    if (error instanceof RecordViewError || error instanceof SyntaxError) throw new AppFailure('RECORD_UNREADABLE', {}, { cause: error });
    throw error;
  }
}
