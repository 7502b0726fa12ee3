// Attachments in a bundle: a DiagnosticReport's presentedForm, a DocumentReference's content, a Binary, a Media.
// Ids name where the attachment sits (`entry/<index>/<place>`), so attachmentData finds it again in the same bundle
// without the view model carrying any base64.
import type { Attachment, DocumentReference, Media } from 'fhir/r4';
import { indexBundle, sourceOf, type BundleIndex, type Entry } from './bundle-index';
import { asArray, conceptText, isObject, str } from './values';
import { RecordViewError, type AttachmentKind, type AttachmentView } from './view-model';

interface Located {
  id: string;
  entry: Entry;
  contentType: string | null;
  title: string | null;
  /** base64 as received, or null when the attachment has no inline data. */
  data: string | null;
}

/** Every attachment an entry holds, in a fixed order. */
export function attachmentsOf(entry: Entry): Located[] {
  const r = entry.resource;
  const base = `entry/${entry.index}`;
  const fromAttachment = (id: string, value: unknown, fallbackTitle: string | null): Located | null => {
    if (!isObject(value)) return null;
    const a = value as Partial<Attachment>;
    return { id, entry, contentType: str(a.contentType), title: str(a.title) ?? fallbackTitle, data: typeof a.data === 'string' ? a.data : null };
  };
  const found: Array<Located | null> = [];
  switch (entry.resourceType) {
    case 'DiagnosticReport':
      asArray(r.presentedForm).forEach((form, n) => found.push(fromAttachment(`${base}/presentedForm/${n}`, form, conceptText(r.code))));
      break;
    case 'DocumentReference': {
      const doc = r as Partial<DocumentReference>;
      const fallback = str(doc.description) ?? conceptText(doc.type);
      asArray(doc.content).forEach((content, n) =>
        found.push(isObject(content) ? fromAttachment(`${base}/content/${n}`, content.attachment, fallback) : null),
      );
      break;
    }
    case 'Media': {
      const media = r as Partial<Media>;
      found.push(fromAttachment(`${base}/content`, media.content, conceptText(media.modality) ?? conceptText(media.type)));
      break;
    }
    case 'Binary':
      found.push({
        id: `${base}/binary`,
        entry,
        contentType: str(r.contentType),
        title: null,
        data: typeof r.data === 'string' ? r.data : null,
      });
      break;
  }
  return found.filter((item): item is Located => item !== null);
}

export interface Decoded {
  data: Buffer;
  kind: AttachmentKind;
}

/** Decodes base64 (and a second layer, as some senders wrap a PDF twice; fhir-records.md B.4) and checks the kind. */
export function decodeAttachment(contentType: string | null, base64: string): Decoded {
  let data = Buffer.from(base64, 'base64');
  if (!signatureKind(data) && looksLikeBase64(data)) {
    const inner = Buffer.from(data.toString('latin1'), 'base64');
    if (signatureKind(inner)) data = inner;
  }
  return { data, kind: kindOf(contentType, data) };
}

const IMAGE_TYPES: Record<string, 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp'> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
};

/** 'pdf' or 'image' only when the declared type and the bytes agree; SVG and anything else is 'other' (save only). */
export function kindOf(contentType: string | null, data: Buffer): AttachmentKind {
  const declared = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const actual = signatureKind(data);
  if (declared === 'application/pdf' && actual === 'pdf') return 'pdf';
  if (IMAGE_TYPES[declared] && IMAGE_TYPES[declared] === actual) return 'image';
  return 'other';
}

function signatureKind(data: Buffer): 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp' | null {
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 6 && /^GIF8[79]a$/.test(data.subarray(0, 6).toString('latin1'))) return 'gif';
  if (data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (data.length >= 2 && data.subarray(0, 2).toString('latin1') === 'BM') return 'bmp';
  return null;
}

function looksLikeBase64(data: Buffer): boolean {
  if (data.length < 8) return false;
  const sample = data.subarray(0, 64).toString('latin1');
  return /^[A-Za-z0-9+/=\r\n]+$/.test(sample);
}

/** The view of every attachment in the bundle; `referenced` says which ones a section reaches. */
export function attachmentViews(index: BundleIndex, referencedIds: ReadonlySet<string>): AttachmentView[] {
  const views: AttachmentView[] = [];
  for (const entry of index.entries) {
    for (const located of attachmentsOf(entry)) {
      let bytes: number | null = null;
      let kind: AttachmentKind = 'other';
      if (located.data !== null) {
        const decoded = decodeAttachment(located.contentType, located.data);
        bytes = decoded.data.length;
        kind = decoded.kind;
      }
      views.push({
        id: located.id,
        contentType: located.contentType,
        title: located.title,
        bytes,
        kind,
        source: sourceOf(located.entry),
        referenced: referencedIds.has(located.id),
      });
    }
  }
  return views;
}

/** The bytes of one attachment of a bundle, by the id recordView gave it. Throws RecordViewError when it is not there. */
export function attachmentData(bundle: unknown, id: string): { contentType: string; data: Buffer } {
  const index = indexBundle(bundle);
  const match = /^entry\/(\d+)\//.exec(typeof id === 'string' ? id : '');
  const entry = match ? index.entries.find((candidate) => candidate.index === Number(match[1])) : undefined;
  const located = entry ? attachmentsOf(entry).find((candidate) => candidate.id === id) : undefined;
  if (!located) throw new RecordViewError('attachmentNotFound', `no attachment "${String(id).slice(0, 80)}" in this bundle`);
  if (located.data === null) throw new RecordViewError('attachmentWithoutData', `attachment "${id}" has no inline data`);
  const decoded = decodeAttachment(located.contentType, located.data);
  return { contentType: located.contentType ?? 'application/octet-stream', data: decoded.data };
}

