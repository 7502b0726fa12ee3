// The counter's poster as an A4 PDF: what poster-svg.ts draws, laid out by pdfkit with the QR as vector squares and
// every line as real text (a PDF reader finds "OPD Registration" and the Hindi words), Hindi in embedded Noto Sans
// Devanagari (poster-fonts.ts).
import PDFDocument from 'pdfkit';
import { qrModules, type PosterFacts } from './poster-facts';
import { posterFonts, scriptRuns } from './poster-fonts';
import { counterLine, POSTER_INSTRUCTIONS, POSTER_TITLE } from './poster-words';

const MM = 72 / 25.4;
const A4 = { width: 210 * MM, height: 297 * MM };
const QR = { size: 130 * MM, top: 62 * MM };
const MARGIN = 18 * MM;

export function posterPdf(facts: PosterFacts): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: 'A4', margin: 0, info: { Title: `${facts.facilityName}: ${counterLine(facts.counterName, facts.counterId)}`, Creator: 'ABHA Desk' } });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    for (const [name, bytes] of posterFonts()) pdf.registerFont(name, bytes);

    const width = A4.width - 2 * MARGIN;
    /**
     * One centred paragraph, each script in its font. Laid out here, word by word, rather than with pdfkit's
     * `continued` text, which misplaces runs of another font on a centred line.
     */
    const line = (text: string, size: number, bold = false, gapAfter = 0.3) => {
      const fontOf = (devanagari: boolean) => `${devanagari ? 'devanagari' : 'latin'}${bold ? '-bold' : ''}`;
      const measure = (run: { devanagari: boolean; text: string }) => pdf.font(fontOf(run.devanagari)).fontSize(size).widthOfString(run.text);
      const space = measure({ devanagari: false, text: ' ' });
      const words = text.split(' ').map((word) => {
        const runs = scriptRuns(word);
        return { runs, width: runs.reduce((sum, run) => sum + measure(run), 0) };
      });
      const rows: (typeof words)[] = [[]];
      let rowWidth = 0;
      for (const word of words) {
        const row = rows.at(-1)!;
        if (row.length > 0 && rowWidth + space + word.width > width) {
          rows.push([word]);
          rowWidth = word.width;
        } else {
          rowWidth += (row.length > 0 ? space : 0) + word.width;
          row.push(word);
        }
      }
      const lineHeight = size * 1.45;
      for (const row of rows) {
        const total = row.reduce((sum, word) => sum + word.width, 0) + space * Math.max(0, row.length - 1);
        let x = (A4.width - total) / 2;
        const y = pdf.y;
        for (const word of row) {
          for (const run of word.runs) {
            pdf.font(fontOf(run.devanagari)).fontSize(size).text(run.text, x, y, { lineBreak: false });
            x += measure(run);
          }
          x += space;
        }
        pdf.y = y + lineHeight;
      }
      pdf.y += gapAfter * lineHeight;
    };

    pdf.y = 16 * MM;
    line(facts.facilityName, 26, true, 0.2);
    line(POSTER_TITLE.en, 17, false, 0.1);
    line(POSTER_TITLE.hi, 17);

    const modules = qrModules(facts.url);
    const unit = QR.size / modules.length;
    const left = (A4.width - QR.size) / 2;
    modules.forEach((row, y) => row.forEach((dark, x) => dark && pdf.rect(left + x * unit, QR.top + y * unit, unit, unit)));
    pdf.fillColor('#000').fill();

    pdf.y = QR.top + QR.size + 8 * MM;
    line(counterLine(facts.counterName, facts.counterId), 22, true, 0.6);
    for (const paragraph of [...POSTER_INSTRUCTIONS.en, ...POSTER_INSTRUCTIONS.hi]) line(paragraph, 13, false, 0.4);

    pdf.y = A4.height - 16 * MM;
    line(`HIP ID ${facts.hipId}`, 9, false, 0.1);
    if (facts.training) line('TRAINING: this QR points at the ABHA Desk simulator, not at ABDM', 10, true);
    pdf.end();
  });
}
