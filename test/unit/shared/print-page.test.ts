// One shell for every printed page (electron/shared/print-page.ts) and one escape (electron/shared/html.ts): the
// card, the record and the day's log are all kept from running or loading anything, sized for their paper, and
// text from elsewhere stays text in them.
import { describe, expect, it } from 'vitest';
import { svgAroundPng } from '../../../electron/cards/card-from-image';
import { printGeometry, printPageHtml } from '../../../electron/cards/print-layout';
import { recordPrintHtml } from '../../../electron/records/record-print';
import { dayPageHtml } from '../../../electron/services/day/day-page';
import { escapeHtml } from '../../../electron/shared/html';

// A 1 × 1 PNG header is enough for the SVG's size (IHDR width and height at bytes 16–23).
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.from([0, 0, 0, 1, 0, 0, 0, 1])]);
const HOSTILE = `Ravi <script>alert(1)</script> & "Sons" D'Souza`;
const HOSTILE_ESCAPED = 'Ravi &#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;Sons&#34; D&#39;Souza';

describe('escapeHtml', () => {
  it('writes the five markup characters as character references and leaves the rest alone', () => {
    expect(escapeHtml(HOSTILE)).toBe(HOSTILE_ESCAPED);
    expect(escapeHtml('रवि 91-4820-1736-5529')).toBe('रवि 91-4820-1736-5529');
  });
});

describe('every printed page', () => {
  const record = { title: HOSTILE, header: [['Clinic', 'Sunrise']], about: [], sections: [], attachments: [] } as unknown as Parameters<typeof recordPrintHtml>[0];
  const pages = {
    'card on A4': printPageHtml(printGeometry('a4'), PNG, HOSTILE),
    'card on CR80': printPageHtml(printGeometry('cr80'), PNG, HOSTILE),
    record: recordPrintHtml(record),
    'day log': dayPageHtml({ title: HOSTILE, subtitle: 'Printed by Meena', header: ['Time'], rows: [['10:05']] }),
  };

  it.each(Object.entries(pages))('%s: lets nothing run or load, and keeps a hostile title as text', (_, html) => {
    expect(html.startsWith('<!doctype html>\n<html><head><meta charset="utf-8">')).toBe(true);
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'; (img-src data:; )?style-src 'unsafe-inline'">/);
    expect(html).toContain(`<title>${HOSTILE_ESCAPED}</title>`);
    expect(html).not.toContain('<script>');
    expect(html.endsWith('</body></html>')).toBe(true);
  });

  it('sizes each page for its paper: A4 with the page margins, the CR80 card full bleed', () => {
    expect(pages['card on A4']).toContain('@page { size: 210mm 297mm; margin: 0; }');
    expect(pages['card on CR80']).toContain('@page { size: 85.6mm 54mm; margin: 0; }');
    expect(pages.record).toContain('@page { size: 210mm 297mm; margin: 15mm; }');
    expect(pages['day log']).toContain('@page { size: 210mm 297mm; margin: 12mm; }');
  });

  it('lets only the card show a picture, and only one carried inside the page', () => {
    expect(pages['card on A4']).toContain("img-src data:;");
    expect(pages.record).not.toContain('img-src');
    expect(pages['day log']).not.toContain('img-src');
  });
});

describe('the SVG around a card picture', () => {
  it('keeps a name with markup characters as text in its title', () => {
    expect(svgAroundPng(PNG, HOSTILE).toString()).toContain(`<title>${HOSTILE_ESCAPED}</title>`);
  });
});
