// The file a clerk hands in: it must be what the clerk said it is (by its first bytes, not its name), a large photo
// is brought down to 2000 px on its longest side, and a PDF or a small image is kept exactly as it came.
// Fixtures are written by ImageMagick and pdfkit (test/fixtures/hip/make-fixtures.sh), so the desk decodes files it
// did not encode itself; sizes after scaling are read back with jpeg-js/pngjs, not with the code under test.
import { readFileSync } from 'node:fs';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { downscale, prepareFile } from '../../../electron/services/hip/document-file';
import { AppFailure } from '../../../electron/shared/errors';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/hip/${name}`, import.meta.url));
const PHOTO = fixture('photo-4000x3000.jpg');
const LAB = fixture('lab-800x600.jpg');
const SCAN = fixture('scan-640x480.png');
const PDF = fixture('letter.pdf');

function refusal(work: () => unknown): { code: string; reason: unknown } {
  try {
    work();
  } catch (error) {
    if (error instanceof AppFailure) return { code: error.code, reason: error.params?.reason };
    throw error;
  }
  throw new Error('not refused');
}

describe('a file is what the clerk says it is', () => {
  it('a JPEG called a PDF is refused as not a PDF', () => {
    expect(refusal(() => prepareFile(LAB, 'application/pdf'))).toEqual({ code: 'DOCUMENT_REFUSED', reason: 'not-a-pdf' });
  });

  it('a PDF called a photo, or a PNG called a JPEG, is refused as not an image of that kind', () => {
    expect(refusal(() => prepareFile(PDF, 'image/jpeg'))).toEqual({ code: 'DOCUMENT_REFUSED', reason: 'not-an-image' });
    expect(refusal(() => prepareFile(SCAN, 'image/jpeg'))).toEqual({ code: 'DOCUMENT_REFUSED', reason: 'not-an-image' });
    expect(refusal(() => prepareFile(LAB, 'image/png'))).toEqual({ code: 'DOCUMENT_REFUSED', reason: 'not-an-image' });
  });

  it('a text file renamed .pdf, an empty file, and a JPEG cut short are refused', () => {
    expect(refusal(() => prepareFile(Buffer.from('Dear doctor, ...'), 'application/pdf'))).toEqual({ code: 'DOCUMENT_REFUSED', reason: 'not-a-pdf' });
    expect(refusal(() => prepareFile(Buffer.alloc(0), 'image/png'))).toEqual({ code: 'DOCUMENT_REFUSED', reason: 'empty-file' });
    expect(refusal(() => prepareFile(PHOTO.subarray(0, 400), 'image/jpeg'))).toEqual({ code: 'DOCUMENT_REFUSED', reason: 'unreadable-image' });
  });
});

describe('sizes', () => {
  it('a 4000×3000 photo comes out 2000×1500, still a JPEG', { timeout: 60_000 }, () => {
    const prepared = prepareFile(PHOTO, 'image/jpeg');
    const decoded = jpeg.decode(prepared.data, { useTArray: true });
    expect([decoded.width, decoded.height]).toEqual([2000, 1500]);
    expect(prepared.contentType).toBe('image/jpeg');
    expect(prepared.data.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
  });

  it('a PDF, a small JPEG and a small PNG are kept byte for byte', () => {
    expect(prepareFile(PDF, 'application/pdf').data.equals(PDF)).toBe(true);
    expect(prepareFile(LAB, 'image/jpeg').data.equals(LAB)).toBe(true);
    expect(prepareFile(SCAN, 'image/png').data.equals(SCAN)).toBe(true);
  });

  it('a tall PNG scan is scaled on its long side and stays a PNG', () => {
    const tall = new PNG({ width: 300, height: 4400 });
    tall.data.fill(200);
    const prepared = prepareFile(PNG.sync.write(tall), 'image/png');
    const back = PNG.sync.read(prepared.data);
    expect([back.width, back.height]).toEqual([136, 2000]);
  });

  it('scaling keeps colours: each new pixel is the mean of the pixels it covers', () => {
    // 4×2 → 2×1: the left 2×2 block is red and white (mean 255,128,128 rounded), the right one all blue.
    const data = new Uint8Array([
      255, 0, 0, 255, 255, 255, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255,
      255, 0, 0, 255, 255, 255, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255,
    ]);
    const out = downscale({ width: 4, height: 2, data }, 2);
    expect([out.width, out.height]).toEqual([2, 1]);
    expect(Array.from(out.data)).toEqual([255, 128, 128, 255, 0, 0, 255, 255]);
  });
});

describe('a phone photo stored sideways', () => {
  // sideways-3000x1000.jpg: pixels 3000×1000, red left half, blue right half, EXIF Orientation 6 (ImageMagick's
  // `identify` reads it as RightTop): shown upright it is 1000×3000, red on top (make-sideways.ts).
  const SIDEWAYS = fixture('sideways-3000x1000.jpg');

  it('is turned upright when it is scaled, since the EXIF that said how to turn it is not kept', { timeout: 60_000 }, () => {
    const decoded = jpeg.decode(prepareFile(SIDEWAYS, 'image/jpeg').data, { useTArray: true });
    expect([decoded.width, decoded.height]).toEqual([667, 2000]);
    const pixel = (x: number, y: number) => Array.from(decoded.data.subarray((y * decoded.width + x) * 4, (y * decoded.width + x) * 4 + 3));
    const red = pixel(333, 100);
    const blue = pixel(333, 1900);
    expect(red[0]).toBeGreaterThan(200);
    expect(red[2]).toBeLessThan(60);
    expect(blue[2]).toBeGreaterThan(200);
    expect(blue[0]).toBeLessThan(60);
  });

  it('each EXIF orientation puts the stored top-left pixel where EXIF 2.3 says it is shown', async () => {
    const { applyOrientation } = await import('../../../electron/services/hip/document-orientation');
    // 2×1 stored: pixel A at (0,0), B at (1,0). Where A is shown, by orientation (EXIF 2.3, TIFF tag 0x0112):
    const A = [1, 1, 1, 1];
    const B = [2, 2, 2, 2];
    const stored = { width: 2, height: 1, data: new Uint8Array([...A, ...B]) };
    const shown = (orientation: number) => {
      const out = applyOrientation(stored, orientation);
      return { size: [out.width, out.height], first: Array.from(out.data.subarray(0, 4)) };
    };
    expect(shown(1)).toEqual({ size: [2, 1], first: A });
    expect(shown(2)).toEqual({ size: [2, 1], first: B }); // mirrored
    expect(shown(3)).toEqual({ size: [2, 1], first: B }); // upside down
    expect(shown(4)).toEqual({ size: [2, 1], first: A }); // mirrored upside down
    expect(shown(5)).toEqual({ size: [1, 2], first: A }); // transposed
    expect(shown(6)).toEqual({ size: [1, 2], first: A }); // a quarter turn clockwise: the stored top row becomes the right column
    expect(shown(7)).toEqual({ size: [1, 2], first: B });
    expect(shown(8)).toEqual({ size: [1, 2], first: B }); // a quarter turn anticlockwise
  });
});
