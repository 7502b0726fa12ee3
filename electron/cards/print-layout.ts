// Print layouts for the ABHA card: a plain A4 sheet (card at true size, with cut guides) or a CR80 card
// printer (85.6 × 54 mm, full bleed). The same geometry drives the on-screen preview and the printed page.
export type PrintLayoutName = 'a4' | 'cr80';

export const CR80 = { widthMm: 85.6, heightMm: 54 } as const;

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
  return { layout, pageWidthMm: 210, pageHeightMm: 297, cardLeftMm: (210 - CR80.widthMm) / 2, cardTopMm: 25, cardWidthMm: CR80.widthMm, cardHeightMm: CR80.heightMm };
}

/** A self-contained page for the printer: no scripts, nothing remote, just the card image at size. */
export function printPageHtml(geometry: PrintGeometry, cardPng: Buffer, title: string): string {
  const g = geometry;
  const guides = g.layout === 'a4' ? 'outline: 0.2mm dashed #888; outline-offset: 1mm;' : '';
  return `<!doctype html>
<html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<title>${escapeHtml(title)}</title>
<style>
@page { size: ${g.pageWidthMm}mm ${g.pageHeightMm}mm; margin: 0; }
html, body { margin: 0; padding: 0; }
img { position: absolute; left: ${g.cardLeftMm}mm; top: ${g.cardTopMm}mm; width: ${g.cardWidthMm}mm; height: ${g.cardHeightMm}mm; ${guides} }
</style></head>
<body><img alt="${escapeHtml(title)}" src="data:image/png;base64,${cardPng.toString('base64')}"></body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
