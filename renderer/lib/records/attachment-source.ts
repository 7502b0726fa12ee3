// Where the record viewer gets an attachment's bytes. A stored record's come from main (records.attachment); a
// document the clerk is about to file is not stored yet, so its preview gives the viewer the chosen file itself,
// through Svelte context, and the viewer draws it exactly as it will draw the filed record.
import { getContext, setContext } from 'svelte';
import type { Result } from '../api';

export interface AttachmentSource {
  data(attachmentId: string): Promise<Result<{ dataUrl: string }>>;
  /** Whether "Save" is offered: a preview has nothing stored to save. */
  canSave: boolean;
}

const KEY = Symbol('attachment-source');

export function provideAttachmentSource(source: AttachmentSource): void {
  setContext(KEY, source);
}

export function attachmentSource(): AttachmentSource | undefined {
  return getContext<AttachmentSource | undefined>(KEY);
}
