// What the desk checks before a document's file is sent: real PDF, JPEG and PNG files are recognised by their
// contents whatever their names, anything else is refused with its reason, and the 20 MB limit is the IPC contract's.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES as CONTRACT_MAX } from '../../../electron/ipc/contract';
import { checkDocumentFile, DOCUMENT_MAX_BYTES, fileTypeOf, SIGNATURE_BYTES, sizeText } from '../../../renderer/lib/hip/document-file';

const jpeg = readFileSync('test/fixtures/hip/prescription.jpg');
// A PNG and a PDF made by ImageMagick from the same photo, where it is installed; the published signatures otherwise.
function converted(format: 'png' | 'pdf'): Buffer | null {
  try {
    return execFileSync('convert', ['test/fixtures/hip/prescription.jpg', `${format}:-`], { maxBuffer: 20_000_000 });
  } catch {
    return null;
  }
}
const png = converted('png') ?? Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const pdf = converted('pdf') ?? Buffer.from('%PDF-1.4\n%âãÏÓ\n', 'latin1');
const head = (bytes: Uint8Array) => bytes.subarray(0, SIGNATURE_BYTES);

describe('what a file really is', () => {
  it('recognises a real JPEG photo, a PNG and a PDF by their first bytes', () => {
    expect(fileTypeOf(head(jpeg))).toBe('image/jpeg');
    expect(fileTypeOf(head(png))).toBe('image/png');
    expect(fileTypeOf(head(pdf))).toBe('application/pdf');
  });

  it.each([
    ['a Word file', Buffer.from('504b030414000600', 'hex')],
    ['a GIF', Buffer.from('GIF89a\x01\x00', 'latin1')],
    ['plain text named .pdf', Buffer.from('Prescription: paracetamol', 'utf8')],
    ['a file shorter than any signature', Buffer.from([0xff, 0xd8])],
  ])('refuses %s', (_name, bytes) => {
    expect(checkDocumentFile(bytes.length, head(bytes))).toEqual({ ok: false, problem: 'file-type' });
  });
});

describe('size', () => {
  it('is limited to the 20 MB the IPC contract takes', () => {
    expect(DOCUMENT_MAX_BYTES).toBe(CONTRACT_MAX);
    expect(checkDocumentFile(20 * 1024 * 1024, head(jpeg))).toEqual({ ok: true, fileType: 'image/jpeg' });
    expect(checkDocumentFile(20 * 1024 * 1024 + 1, head(jpeg))).toEqual({ ok: false, problem: 'too-large' });
  });

  it('refuses an empty file as empty, not as a wrong type', () => {
    expect(checkDocumentFile(0, new Uint8Array())).toEqual({ ok: false, problem: 'empty' });
  });

  it('is told in KB or MB as the clerk reads it', () => {
    expect(sizeText(jpeg.length)).toBe(`${Math.round(jpeg.length / 1024)} KB`);
    expect(sizeText(300)).toBe('1 KB');
    expect(sizeText(25 * 1024 * 1024 + 400 * 1024)).toBe('25.4 MB');
  });
});
