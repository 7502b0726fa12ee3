// The file a clerk hands in, checked to be what it says and made a sensible size before it is wrapped in a bundle.
// A PDF is kept byte for byte (it may be signed, and the patient's app shows it as it is). A photo or scan larger
// than MAX_IMAGE_SIDE on its longest side is scaled down and re-encoded; a smaller one is kept as it came.
//
// Why 2000 px at JPEG quality 85: a phone photo of an A4 page at 2000 px on its long side is about 170 dpi on the
// page, where 8-point print stays legible, and comes to a few hundred KB; a 12-megapixel photo as taken is 3-6 MB,
// which ABDM's data push then carries base64 (4/3) and Fidelius-encrypted per consent. Quality 85 keeps text edges
// clean where lower qualities ring around them.
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { AppFailure } from '../../shared/errors';
import { applyOrientation, exifOrientation, type Pixels } from './document-orientation';
import type { DocumentFileType } from './hip-types';

export const MAX_IMAGE_SIDE = 2000;
export const JPEG_QUALITY = 85;
/** Photos beyond this are refused rather than decoded (a 100-megapixel image is 400 MB of pixels). */
const MAX_MEGAPIXELS = 100;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Why a file is refused (AppFailure DOCUMENT_REFUSED params.reason). */
export type FileRefusal = 'empty-file' | 'not-a-pdf' | 'not-an-image' | 'unreadable-image' | 'image-too-large';

export function refuse(reason: FileRefusal | string, detail?: string): AppFailure {
  return new AppFailure('DOCUMENT_REFUSED', { params: { reason, ...(detail ? { detail } : {}) } });
}

/** Whether the bytes begin as `fileType` says: %PDF- for a PDF, FF D8 FF for a JPEG, the PNG signature for a PNG. */
export function assertFileType(bytes: Buffer, fileType: DocumentFileType): void {
  if (bytes.length === 0) throw refuse('empty-file');
  const matches =
    fileType === 'application/pdf'
      ? bytes.subarray(0, 5).toString('latin1') === '%PDF-'
      : fileType === 'image/jpeg'
        ? bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff
        : bytes.subarray(0, 8).equals(PNG_SIGNATURE);
  if (!matches) throw refuse(fileType === 'application/pdf' ? 'not-a-pdf' : 'not-an-image');
}

export interface PreparedFile {
  contentType: DocumentFileType;
  data: Buffer;
  /** Pixel size after scaling (images only). */
  width?: number;
  height?: number;
}

/** The file as it goes into the bundle: checked, and an image no larger than MAX_IMAGE_SIDE. */
export function prepareFile(bytes: Buffer, fileType: DocumentFileType): PreparedFile {
  assertFileType(bytes, fileType);
  if (fileType === 'application/pdf') return { contentType: fileType, data: bytes };
  const image = decode(bytes, fileType);
  if (Math.max(image.width, image.height) <= MAX_IMAGE_SIDE) return { contentType: fileType, data: bytes, width: image.width, height: image.height };
  // Re-encoding drops EXIF, so a photo stored sideways with an orientation tag is turned upright first.
  const scaled = fileType === 'image/jpeg' ? applyOrientation(downscale(image, MAX_IMAGE_SIDE), exifOrientation(bytes)) : downscale(image, MAX_IMAGE_SIDE);
  return { contentType: fileType, data: encode(scaled, fileType), width: scaled.width, height: scaled.height };
}

function decode(bytes: Buffer, fileType: 'image/jpeg' | 'image/png'): Pixels {
  try {
    if (fileType === 'image/jpeg') {
      const image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_MEGAPIXELS, maxMemoryUsageInMB: 1024 });
      return { width: image.width, height: image.height, data: image.data };
    }
    const image = PNG.sync.read(bytes);
    if (image.width * image.height > MAX_MEGAPIXELS * 1_000_000) throw refuse('image-too-large');
    return { width: image.width, height: image.height, data: image.data };
  } catch (error) {
    if (error instanceof AppFailure) throw error;
    const message = error instanceof Error ? error.message : '';
    throw refuse(/maxResolutionInMP|maxMemoryUsage/.test(message) ? 'image-too-large' : 'unreadable-image');
  }
}

function encode(image: Pixels, fileType: 'image/jpeg' | 'image/png'): Buffer {
  if (fileType === 'image/jpeg') return Buffer.from(jpeg.encode({ width: image.width, height: image.height, data: image.data }, JPEG_QUALITY).data);
  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return PNG.sync.write(png);
}

/**
 * Scaled so the longest side is `maxSide`, each new pixel the average of the source pixels it covers (a box filter:
 * what keeps small print readable when a page shrinks, where picking one source pixel in several drops strokes).
 */
export function downscale(image: Pixels, maxSide: number): Pixels {
  const scale = maxSide / Math.max(image.width, image.height);
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const out = new Uint8Array(width * height * 4);
  const xStep = image.width / width;
  const yStep = image.height / height;
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * yStep);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * yStep));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * xStep);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * xStep));
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = y0; sy < y1; sy++) {
        let at = (sy * image.width + x0) * 4;
        for (let sx = x0; sx < x1; sx++, at += 4) {
          r += image.data[at]!;
          g += image.data[at + 1]!;
          b += image.data[at + 2]!;
          a += image.data[at + 3]!;
        }
      }
      const count = (y1 - y0) * (x1 - x0);
      const to = (y * width + x) * 4;
      out[to] = Math.round(r / count);
      out[to + 1] = Math.round(g / count);
      out[to + 2] = Math.round(b / count);
      out[to + 3] = Math.round(a / count);
    }
  }
  return { width, height, data: out };
}
