// A phone stores a photo taken upright as sideways pixels plus an EXIF Orientation tag saying how to turn it. The
// desk re-encodes a large photo without its EXIF (document-file.ts), so it turns the pixels itself first: otherwise
// the patient's app would show the prescription on its side. Orientation values are EXIF 2.3's (TIFF tag 0x0112):
// 1 as stored, 2 mirrored, 3 upside down, 4 mirrored upside down, 5-8 the same with a quarter turn.
const ORIENTATION_TAG = 0x0112;

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Uint8Array;
}

/** The EXIF orientation of a JPEG (1-8); 1 when it has none or it cannot be read. */
export function exifOrientation(jpeg: Buffer): number {
  try {
    let at = 2;
    while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
      const marker = jpeg[at + 1]!;
      // The image data starts at SOS: EXIF comes before it or not at all.
      if (marker === 0xda || marker === 0xd9) return 1;
      const size = jpeg.readUInt16BE(at + 2);
      if (marker === 0xe1 && jpeg.toString('latin1', at + 4, at + 10) === 'Exif\0\0') return orientationIn(jpeg.subarray(at + 10, at + 2 + size));
      at += 2 + size;
    }
  } catch {
    // a segment that runs past the end: no orientation to honour
  }
  return 1;
}

function orientationIn(tiff: Buffer): number {
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  const count = u16(ifd);
  for (let n = 0; n < count; n++) {
    const entry = ifd + 2 + n * 12;
    if (u16(entry) !== ORIENTATION_TAG) continue;
    const value = u16(entry + 8);
    return value >= 1 && value <= 8 ? value : 1;
  }
  return 1;
}

/** The pixels as they are meant to be seen (orientation 1). */
export function applyOrientation(image: Pixels, orientation: number): Pixels {
  if (orientation <= 1 || orientation > 8) return image;
  const { width: w, height: h } = image;
  const quarterTurn = orientation >= 5;
  const width = quarterTurn ? h : w;
  const height = quarterTurn ? w : h;
  // For each shown pixel (x, y): where it is stored.
  const source: (x: number, y: number) => [number, number] = {
    2: (x: number, y: number): [number, number] => [w - 1 - x, y],
    3: (x: number, y: number): [number, number] => [w - 1 - x, h - 1 - y],
    4: (x: number, y: number): [number, number] => [x, h - 1 - y],
    5: (x: number, y: number): [number, number] => [y, x],
    6: (x: number, y: number): [number, number] => [y, h - 1 - x],
    7: (x: number, y: number): [number, number] => [w - 1 - y, h - 1 - x],
    8: (x: number, y: number): [number, number] => [w - 1 - y, x],
  }[orientation]!;
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [sx, sy] = source(x, y);
      const from = (sy * w + sx) * 4;
      out.set(image.data.subarray(from, from + 4), (y * width + x) * 4);
    }
  }
  return { width, height, data: out };
}
