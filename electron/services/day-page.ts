// The day's log as a self-contained A4 page for the printer: the clinic's day in one table, in the words the screen
// showed (the renderer sends them). No script, nothing remote, every value escaped; the header row repeats on every
// sheet.

export interface DayPage {
  title: string;
  /** Under the title: the day, the desk, who printed it. */
  subtitle: string;
  header: readonly string[];
  rows: readonly (readonly string[])[];
}

export function dayPageHtml(page: DayPage): string {
  const cells = (row: readonly string[], tag: 'th' | 'td') => row.map((cell) => `<${tag}>${esc(cell)}</${tag}>`).join('');
  const body = page.rows.map((row) => `<tr>${cells(row, 'td')}</tr>`).join('\n');
  return `<!doctype html>
<html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${esc(page.title)}</title>
<style>
@page { size: 210mm 297mm; margin: 12mm; }
body { font: 8.5pt sans-serif; color: #000; margin: 0; }
h1 { font-size: 13pt; margin: 0 0 1mm; }
p { margin: 0 0 3mm; color: #333; }
table { border-collapse: collapse; width: 100%; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
th, td { border: 0.2mm solid #888; padding: 0.8mm 1.2mm; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
th { background: #eee; }
</style></head>
<body><h1>${esc(page.title)}</h1><p>${esc(page.subtitle)}</p>
<table><thead><tr>${cells(page.header, 'th')}</tr></thead>
<tbody>
${body}
</tbody></table></body></html>`;
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
