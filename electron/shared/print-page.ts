// The one HTML shell of every page the desk prints: the ABHA card (A4 sheet or CR80 card), a received health record
// and the day's log. The shell is where a printed page is kept safe and sized: a Content-Security-Policy that lets
// nothing run and nothing load (no script, no remote font or image; the card's own picture comes as a data: URL), the
// page's paper size and margins for the printer, and the title escaped. Each page brings its own style rules (its
// fonts and layout) and its body, with every value in it already escaped (./html.ts).
import { escapeHtml } from './html';

export interface PaperSize {
  widthMm: number;
  heightMm: number;
}

export const A4: PaperSize = { widthMm: 210, heightMm: 297 };
/** The ID-card size (ISO/IEC 7810 ID-1) card printers take, and the ABHA card's own size on an A4 sheet. */
export const CR80: PaperSize = { widthMm: 85.6, heightMm: 54 };

export interface PrintPage {
  /** The page's title, also what a browser's "Save as PDF" offers as the file name. */
  title: string;
  paper: PaperSize;
  marginMm: number;
  /** The page's own style rules, after the shell's @page rule. */
  css: string;
  /** The body's markup; every value in it escaped by the page. */
  body: string;
  /** Whether the page shows a picture carried inside it (a data: URL); nothing else may load. */
  dataImages?: boolean;
}

export function printPage(page: PrintPage): string {
  const images = page.dataImages ? 'img-src data:; ' : '';
  const margin = page.marginMm === 0 ? '0' : `${page.marginMm}mm`;
  return `<!doctype html>
<html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; ${images}style-src 'unsafe-inline'">
<title>${escapeHtml(page.title)}</title>
<style>
@page { size: ${page.paper.widthMm}mm ${page.paper.heightMm}mm; margin: ${margin}; }
${page.css}
</style></head>
<body>${page.body}</body></html>`;
}
