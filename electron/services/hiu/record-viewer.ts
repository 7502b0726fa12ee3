// A stored record as the Records screens show it: the view model of its FHIR bundle (electron/fhir/), and each
// attachment's bytes on request (kept out of the view so lists stay small). The bundle is read from the store
// (decrypted) for each call and never leaves main whole.
import { attachmentData, recordView, RecordViewError, type RecordView } from '../../fhir/index';
import { AppFailure } from '../../shared/errors';
import type { RecordMeta } from '../../store/health-records';
import type { HealthInformationService } from './health-information';

export interface RecordAttachment {
  contentType: string;
  bytes: number;
  /** data: URL of the bytes; the screen decides how it may show them (image, PDF, or save only). */
  dataUrl: string;
}

export class RecordViewer {
  constructor(private readonly records: HealthInformationService) {}

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
