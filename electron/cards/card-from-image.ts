// ABHA v3 renders the card once, as an image (reference/spec/abdm-v3.md §2.8: no separate PDF or SVG calls).
// The desk still offers PDF and SVG files, so both are made here around ABDM's own picture, unchanged: a PDF
// page the size of the image, and an SVG that embeds it. Nothing is redrawn, so the card is exactly ABDM's. The PDF
// carries the title (the patient's name and ABHA number) as an invisible text layer over the picture, as a scanner's
// OCR does, so a PDF reader's search and copy find them (docs/decisions.md).
import PDFDocument from 'pdfkit';
import { escapeHtml } from '../shared/html';

/** Pixel size from the PNG header (IHDR: width and height at bytes 16–23). */
export function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

export function pdfAroundPng(png: Buffer, title: string): Promise<Buffer> {
  const { width, height } = pngSize(png);
  const doc = new PDFDocument({ size: [width, height], margin: 0, info: { Title: title, Producer: 'ABHA Desk' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.image(png, 0, 0, { width, height });
  invisibleText(doc, title, width);
  doc.end();
  return done;
}

/** `text` drawn in PDF text render mode 3 (neither filled nor stroked): there for search and copy, never seen. */
function invisibleText(doc: PDFKit.PDFDocument, text: string, width: number): void {
  doc.save();
  // pdfkit writes no render mode for plain text, so the one set here holds until restore().
  doc.addContent('3 Tr');
  doc.font('Helvetica').fontSize(Math.max(6, width / 40)).text(text, 0, 0, { width });
  doc.restore();
}

export function svgAroundPng(png: Buffer, title: string): Buffer {
  const { width, height } = pngSize(png);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
      `<title>${escapeHtml(title)}</title><image width="${width}" height="${height}" href="data:image/png;base64,${png.toString('base64')}"/></svg>`,
  );
}
