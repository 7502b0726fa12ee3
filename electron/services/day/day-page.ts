// The day's log as a self-contained A4 page for the printer: the day's totals, then the clinic's day in one table, in
// the words the screen showed (the renderer sends them). No script, nothing remote, every value escaped; the header
// row repeats on every sheet. Column headings and short values that must read whole (a time, an ABHA number) never
// break; long text (an action, a detail, an address) wraps inside its column.
import { escapeHtml as esc } from '../../shared/html';
import { A4, printPage } from '../../shared/print-page';

export interface DayTotal {
  label: string;
  count: number;
}

export interface DayPage {
  title: string;
  /** Under the title: the day, the desk, who printed it. */
  subtitle: string;
  header: readonly string[];
  rows: readonly (readonly string[])[];
  /** The day's counts as the screen shows them, under their heading; none on a page from an older screen. */
  totals?: { title: string; items: readonly DayTotal[] };
}

/** A cell that reads whole or not at all: a time ("10:05", "25-11-2026 10:05") or an ABHA number (91-1234-5678-9012). */
const WHOLE = /^(\d{2}-\d{2}-\d{4} )?\d{2}:\d{2}$|^\d{2}-\d{4}-\d{4}-\d{4}$/;

export function dayPageHtml(page: DayPage): string {
  const cell = (text: string, tag: 'th' | 'td') => `<${tag}${tag === 'td' && WHOLE.test(text) ? ' class="whole"' : ''}>${esc(text)}</${tag}>`;
  const cells = (row: readonly string[], tag: 'th' | 'td') => row.map((text) => cell(text, tag)).join('');
  const body = page.rows.map((row) => `<tr>${cells(row, 'td')}</tr>`).join('\n');
  return printPage({ title: page.title, paper: A4, marginMm: 12, css: DAY_PAGE_CSS, body: `<h1>${esc(page.title)}</h1><p>${esc(page.subtitle)}</p>
${totalsHtml(page.totals)}<table><thead><tr>${cells(page.header, 'th')}</tr></thead>
<tbody>
${body}
</tbody></table>` });
}

const DAY_PAGE_CSS = `body { font: 8.5pt sans-serif; color: #000; margin: 0; }
h1 { font-size: 13pt; margin: 0 0 1mm; }
h2 { font-size: 10pt; margin: 0 0 1mm; }
p { margin: 0 0 3mm; color: #333; }
.totals { display: flex; flex-wrap: wrap; gap: 1mm 6mm; margin: 0 0 4mm; padding: 0; list-style: none; }
.totals b { margin-left: 1.5mm; }
table { border-collapse: collapse; width: 100%; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
th, td { border: 0.2mm solid #888; padding: 0.8mm 1.2mm; text-align: left; vertical-align: top; }
th { background: #eee; white-space: nowrap; }
td { overflow-wrap: break-word; }
td.whole { white-space: nowrap; }
/* The last column is the detail, the longest text of a row: it gets the room the short columns leave. */
th:last-child { width: 30%; white-space: normal; }`;

function totalsHtml(totals: DayPage['totals']): string {
  if (!totals || totals.items.length === 0) return '';
  const items = totals.items.map((item) => `<li>${esc(item.label)}<b>${item.count}</b></li>`).join('');
  return `<section class="day-totals"><h2>${esc(totals.title)}</h2><ul class="totals">${items}</ul></section>\n`;
}
