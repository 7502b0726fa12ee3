// A record document as a self-contained A4 page for the printer (no script, nothing remote, every value escaped)
// and as a PDF to save (pdfkit, A4, the same content).
import PDFDocument from 'pdfkit';
import { escapeHtml as esc } from '../shared/html';
import { A4, printPage } from '../shared/print-page';
import type { RecordDocument } from './record-document';

export function recordPrintHtml(doc: RecordDocument): string {
  // every value isolated (<bdi>): record text cannot reorder the labels and values around it
  const pairs = (rows: [string, string][]) => rows.map(([label, value]) => `<tr><th>${esc(label)}</th><td><bdi>${esc(value)}</bdi></td></tr>`).join('');
  const sections = doc.sections
    .map((section) => {
      const entries = section.entries.map((entry) => `<h3><bdi>${esc(entry.heading)}</bdi></h3>${entry.lines.length ? `<table>${pairs(entry.lines)}</table>` : ''}`).join('');
      const narrative = section.narrative && section.entries.length === 0 ? `<p>${esc(section.narrative)}</p>` : '';
      return `<section><h2><bdi>${esc(section.title)}</bdi></h2>${narrative}${entries}</section>`;
    })
    .join('');
  const attachments = doc.attachments.length ? `<section><h2>Attachments</h2><ul>${doc.attachments.map((a) => `<li>${esc(a)}</li>`).join('')}</ul></section>` : '';
  const body = `<header><table>${pairs(doc.header)}</table></header>
<h1>${esc(doc.title)}</h1><table>${pairs(doc.about)}</table>${sections}${attachments}`;
  return printPage({ title: doc.title, paper: A4, marginMm: 15, css: RECORD_PAGE_CSS, body });
}

const RECORD_PAGE_CSS = `body { font: 10pt sans-serif; color: #000; }
header { border-bottom: 0.3mm solid #000; margin-bottom: 4mm; }
h1 { font-size: 15pt; margin: 2mm 0; } h2 { font-size: 12pt; margin: 5mm 0 1mm; } h3 { font-size: 10.5pt; margin: 3mm 0 1mm; }
table { border-collapse: collapse; } th { text-align: left; font-weight: normal; color: #444; padding-right: 4mm; vertical-align: top; }
section { break-inside: avoid-page; }`;

export function recordPdf(doc: RecordDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: 'A4', margin: 42, info: { Title: doc.title, Producer: 'ABHA Desk' } });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    const pairs = (rows: [string, string][], size = 9.5) => {
      for (const [label, value] of rows) pdf.fontSize(size).font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(printable(value));
    };
    pairs(doc.header, 8.5);
    pdf.moveDown(0.5).fontSize(15).font('Helvetica-Bold').text(printable(doc.title)).moveDown(0.3);
    pairs(doc.about);
    for (const section of doc.sections) {
      pdf.moveDown(0.6).fontSize(12).font('Helvetica-Bold').text(printable(section.title));
      if (section.narrative && section.entries.length === 0) pdf.fontSize(9.5).font('Helvetica').text(printable(section.narrative));
      for (const entry of section.entries) {
        pdf.moveDown(0.2).fontSize(10.5).font('Helvetica-Bold').text(printable(entry.heading));
        pairs(entry.lines);
      }
    }
    if (doc.attachments.length) {
      pdf.moveDown(0.6).fontSize(12).font('Helvetica-Bold').text('Attachments');
      for (const line of doc.attachments) pdf.fontSize(9.5).font('Helvetica').text(`• ${printable(line)}`);
    }
    pdf.end();
  });
}

// The PDF's standard fonts cover Latin-1 only; anything else would print as garbage, so it is marked instead. The
// few unit signs outside it have a Latin-1 twin (UCUM's micro is the Greek μ; Latin-1 has the micro sign µ), and
// superscript digits beyond ³ are written after a caret.
const LATIN1_TWINS: Record<string, string> = { 'μ': 'µ', '·': '·', '⁻': '^-', '⁰': '^0', '⁴': '^4', '⁵': '^5', '⁶': '^6', '⁷': '^7', '⁸': '^8', '⁹': '^9', '₂': '2' };
function printable(text: string): string {
  return text.replace(/[μ⁻⁰⁴-⁹₂]/g, (c) => LATIN1_TWINS[c] ?? c).replace(/[^\t\n\r\x20-\x7e\xa0-\xff]/g, '?');
}
