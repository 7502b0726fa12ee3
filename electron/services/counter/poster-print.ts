// The counter's poster as a page for the printer: the same SVG inside a self-contained A4 page (no script, nothing
// loaded), so a printed poster and a saved one are the same picture.
import { A4, printPage } from '../../shared/print-page';
import type { PosterFacts } from './poster-facts';
import { posterSvg } from './poster-svg';

export function posterPrintHtml(facts: PosterFacts, title: string): string {
  // The SVG document without its XML declaration, inline: an inline SVG loads nothing, so the page's CSP stays shut.
  const svg = posterSvg(facts).replace(/^<\?xml[^>]*>\s*/, '').replace(/width="210mm" height="297mm"/, 'width="100%" height="100%"');
  return printPage({ title, paper: A4, marginMm: 0, css: 'html, body { margin: 0; height: 100%; } svg { display: block; width: 210mm; height: 297mm; }', body: svg });
}
