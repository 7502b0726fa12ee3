// The checks made on a document's file before anything is sent: what it really is (by its first bytes, not its name:
// a renamed file is caught here rather than by main), and that it is within the 20 MB a document may be (the IPC
// contract's DOCUMENT_MAX_BYTES). The clerk is told at once, with the size, and nothing typed is lost.
import type { DocumentFileType } from '../../../electron/ipc/contract';

/** 20 MiB, as the IPC contract takes it (electron/ipc/contract.ts DOCUMENT_MAX_BYTES). */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

/** How many first bytes fileTypeOf needs. */
export const SIGNATURE_BYTES = 8;

const SIGNATURES: readonly { type: DocumentFileType; bytes: readonly number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** The file's type by its signature, or null when it is none of a PDF, JPEG or PNG. */
export function fileTypeOf(head: Uint8Array): DocumentFileType | null {
  return SIGNATURES.find((signature) => signature.bytes.every((byte, at) => head[at] === byte))?.type ?? null;
}

export type FileProblem = 'empty' | 'too-large' | 'file-type';

export type FileCheck = { ok: true; fileType: DocumentFileType } | { ok: false; problem: FileProblem };

/** Size first (an empty or huge file is told as such), then what it is. */
export function checkDocumentFile(size: number, head: Uint8Array): FileCheck {
  if (size === 0) return { ok: false, problem: 'empty' };
  if (size > DOCUMENT_MAX_BYTES) return { ok: false, problem: 'too-large' };
  const fileType = fileTypeOf(head);
  return fileType ? { ok: true, fileType } : { ok: false, problem: 'file-type' };
}

/** "1.4 MB", "820 KB": the size as the clerk reads it (1 MB = 1024 × 1024 bytes, as the 20 MB limit is). */
export function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('en-IN', { maximumFractionDigits: 1 })} MB`;
}

/** The base64 of a data: URL (FileReader, canvas), as the IPC contract takes a document's content. */
export function base64OfDataUrl(dataUrl: string): string {
  return dataUrl.slice(dataUrl.indexOf(',') + 1);
}
