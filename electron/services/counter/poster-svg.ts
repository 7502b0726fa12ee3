// The counter's poster as an A4 SVG (millimetre units): the facility's name, the QR, the counter, and the
// instructions in English and Hindi. Text is text (a clinic can still edit it in a drawing program); the Hindi lines
// name Noto Sans Devanagari first, the font the app itself shows Hindi in, with the system's fonts after it.
import { escapeHtml as esc } from '../../shared/html';
import { qrModules, qrPath, type PosterFacts } from './poster-facts';
import { counterLine, POSTER_INSTRUCTIONS, POSTER_TITLE } from './poster-words';

const WIDTH = 210;
const HEIGHT = 297;
/** The QR's side and its top edge, in mm: large enough to scan from arm's length. */
export const POSTER_QR = { size: 130, top: 62 } as const;
const FONTS = `'Noto Sans Devanagari', 'Noto Sans', Arial, sans-serif`;

export function posterSvg(facts: PosterFacts): string {
  const qrLeft = (WIDTH - POSTER_QR.size) / 2;
  const text = (y: number, size: number, content: string, weight = 'normal') =>
    `<text x="${WIDTH / 2}" y="${y}" font-size="${size}" font-weight="${weight}" text-anchor="middle">${esc(content)}</text>`;
  const lines: string[] = [
    text(24, 9, facts.facilityName, 'bold'),
    text(36, 6, POSTER_TITLE.en),
    text(46, 6, POSTER_TITLE.hi),
    `<rect x="${qrLeft - 6}" y="${POSTER_QR.top - 6}" width="${POSTER_QR.size + 12}" height="${POSTER_QR.size + 12}" fill="#fff"/>`,
    `<path d="${qrPath(qrModules(facts.url), qrLeft, POSTER_QR.top, POSTER_QR.size)}" fill="#000"/>`,
    text(POSTER_QR.top + POSTER_QR.size + 16, 8, counterLine(facts.counterName, facts.counterId), 'bold'),
  ];
  let y = POSTER_QR.top + POSTER_QR.size + 30;
  for (const paragraph of [...POSTER_INSTRUCTIONS.en, ...POSTER_INSTRUCTIONS.hi]) {
    for (const line of wrap(paragraph, 68)) {
      lines.push(text(y, 4.6, line));
      y += 6.4;
    }
    y += 2;
  }
  lines.push(text(HEIGHT - 12, 3.2, `HIP ID ${facts.hipId}`));
  if (facts.training) lines.push(text(HEIGHT - 6, 3.6, 'TRAINING: this QR points at the ABHA Desk simulator, not at ABDM', 'bold'));
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}mm" height="${HEIGHT}mm" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="${FONTS}">
<title>${esc(`${facts.facilityName}: ${counterLine(facts.counterName, facts.counterId)}`)}</title>
<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>
${lines.join('\n')}
</svg>
`;
}

/** Breaks a line at spaces into lines of at most `max` characters (an SVG text does not wrap itself). */
export function wrap(line: string, max: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    if (current && current.length + 1 + word.length > max) {
      out.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) out.push(current);
  return out;
}
