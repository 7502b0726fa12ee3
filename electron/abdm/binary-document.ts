// Card and QR answers are raw bytes (the swagger's `UserDTO`/`ByteArrayResource` bodies are Springfox
// artefacts, healthid-v1.md §3.10–3.13). The bytes are checked to be the promised kind of file, so a
// JSON error page or an empty body is never saved or printed as an ABHA card.
import { AbdmBadResponseError } from './errors';
import type { BinaryDocument } from './healthid-v1/types';
import type { AbdmResponse } from './http';

/** `image/jpeg` only for ABHA v3's card, whose image format is not published (docs/abdm-client.md). */
export type DocumentKind = 'application/pdf' | 'image/png' | 'image/svg+xml' | 'image/jpeg';

/** The largest card or QR answer read: real ABHA cards are a few hundred KiB, far above the JSON cap. */
export const MAX_DOCUMENT_ANSWER_BYTES = 10 * 1024 * 1024;

const LOOKS_LIKE: Record<DocumentKind, (data: Buffer) => boolean> = {
  'application/pdf': (data) => data.subarray(0, 5).toString('latin1') === '%PDF-',
  'image/png': (data) => data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/svg+xml': (data) => /<svg[\s>]/.test(data.subarray(0, 4096).toString('utf8')),
  'image/jpeg': (data) => data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff,
};

/**
 * `string(format: byte)` in the swagger could also mean base64 text (or a JSON string of it);
 * accept that form too rather than fail on a harmless encoding difference.
 */
function decodedBase64(data: Buffer): Buffer | undefined {
  let text = data.toString('utf8').trim();
  if (text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1);
  if (text.length < 8 || !/^[A-Za-z0-9+/=\r\n]+$/.test(text)) return undefined;
  return Buffer.from(text, 'base64');
}

export function binaryDocument(response: AbdmResponse, expected: DocumentKind, operation: string): BinaryDocument {
  const looksRight = LOOKS_LIKE[expected];
  if (looksRight(response.data)) return { contentType: expected, data: response.data };
  const decoded = decodedBase64(response.data);
  if (decoded && looksRight(decoded)) return { contentType: expected, data: decoded };
  const problem = response.data.length === 0 ? 'the body is empty' : `the body is not ${expected} (Content-Type "${response.contentType}")`;
  throw new AbdmBadResponseError('healthid', operation, response.status, problem);
}

/** Which of `kinds` the bytes are (or their base64 text decodes to), for answers whose format is not fixed. */
export function sniffDocument(data: Buffer, kinds: readonly DocumentKind[]): { kind: DocumentKind; data: Buffer } | undefined {
  const raw = kinds.find((kind) => LOOKS_LIKE[kind](data));
  if (raw) return { kind: raw, data };
  const decoded = decodedBase64(data);
  const inner = decoded && kinds.find((kind) => LOOKS_LIKE[kind](decoded));
  return inner && decoded ? { kind: inner, data: decoded } : undefined;
}
