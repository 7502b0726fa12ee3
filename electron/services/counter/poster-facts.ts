// What one counter's poster shows, gathered by poster.ts from Settings; the SVG, PDF and print page draw the same facts.
import QRCode from 'qrcode';

export interface PosterFacts {
  facilityName: string;
  hipId: string;
  counterId: string;
  counterName: string;
  /** The share-profile address the QR holds (poster-url.ts). */
  url: string;
  /** Training: the QR points at the simulator, and the poster says so, so it is never hung at a real counter. */
  training: boolean;
}

/** The QR's dark modules, row by row (true = dark), as `qrcode` encodes the address; error correction M, as phones read well. */
export function qrModules(url: string): boolean[][] {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const rows: boolean[][] = [];
  for (let y = 0; y < modules.size; y++) {
    const row: boolean[] = [];
    for (let x = 0; x < modules.size; x++) row.push(modules.get(y, x) === 1);
    rows.push(row);
  }
  return rows;
}

/** The QR as one SVG path of unit squares, for a `size`-unit square placed at (left, top). Quiet zone is the caller's. */
export function qrPath(modules: boolean[][], left: number, top: number, size: number): string {
  const unit = size / modules.length;
  const parts: string[] = [];
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${round(left + x * unit)} ${round(top + y * unit)}h${round(unit)}v${round(unit)}h${round(-unit)}z`);
    }),
  );
  return parts.join('');
}

const round = (n: number) => Math.round(n * 1000) / 1000;
