// Print layouts for the ABHA card: a plain A4 sheet (card at true size, with cut guides) or a CR80 card
// printer (85.6 × 54 mm, full bleed). The same geometry drives the on-screen preview and the printed page.
import { escapeHtml } from '../shared/html';
import { A4, CR80, printPage } from '../shared/print-page';

export type PrintLayoutName = 'a4' | 'cr80';

export interface PrintGeometry {
  layout: PrintLayoutName;
  pageWidthMm: number;
  pageHeightMm: number;
  cardLeftMm: number;
  cardTopMm: number;
  cardWidthMm: number;
  cardHeightMm: number;
}

export function printGeometry(layout: PrintLayoutName): PrintGeometry {
  if (layout === 'cr80') {
    return { layout, pageWidthMm: CR80.widthMm, pageHeightMm: CR80.heightMm, cardLeftMm: 0, cardTopMm: 0, cardWidthMm: CR80.widthMm, cardHeightMm: CR80.heightMm };
  }
  // Top-centre of the sheet, where a guillotine or scissors reach easily.
  return { layout, pageWidthMm: A4.widthMm, pageHeightMm: A4.heightMm, cardLeftMm: (A4.widthMm - CR80.widthMm) / 2, cardTopMm: 25, cardWidthMm: CR80.widthMm, cardHeightMm: CR80.heightMm };
}

/** A self-contained page for the printer: no scripts, nothing remote, just the card image at size. */
export function printPageHtml(geometry: PrintGeometry, cardPng: Buffer, title: string): string {
  const g = geometry;
  const guides = g.layout === 'a4' ? 'outline: 0.2mm dashed #888; outline-offset: 1mm;' : '';
  const css = `html, body { margin: 0; padding: 0; }
img { position: absolute; left: ${g.cardLeftMm}mm; top: ${g.cardTopMm}mm; width: ${g.cardWidthMm}mm; height: ${g.cardHeightMm}mm; ${guides} }`;
  const body = `<img alt="${escapeHtml(title)}" src="data:image/png;base64,${cardPng.toString('base64')}">`;
  return printPage({ title, paper: { widthMm: g.pageWidthMm, heightMm: g.pageHeightMm }, marginMm: 0, css, body, dataImages: true });
}
