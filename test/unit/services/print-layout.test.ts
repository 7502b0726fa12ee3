import { describe, expect, it } from 'vitest';
import { printGeometry, printPageHtml } from '../../../electron/cards/print-layout';

describe('print layouts', () => {
  it('prints a CR80 card full bleed at 85.6 × 54 mm', () => {
    const g = printGeometry('cr80');
    expect([g.pageWidthMm, g.pageHeightMm, g.cardWidthMm, g.cardHeightMm]).toEqual([85.6, 54, 85.6, 54]);
    const html = printPageHtml(g, Buffer.from('png'), 'ABHA card');
    expect(html).toContain('@page { size: 85.6mm 54mm; margin: 0; }');
  });

  it('centres a true-size card on an A4 sheet with cut guides', () => {
    const g = printGeometry('a4');
    expect([g.pageWidthMm, g.pageHeightMm]).toEqual([210, 297]);
    expect(g.cardLeftMm * 2 + g.cardWidthMm).toBeCloseTo(210);
    const html = printPageHtml(g, Buffer.from('png'), 'ABHA card <x>');
    expect(html).toContain('size: 210mm 297mm');
    expect(html).toContain('dashed');
    expect(html).not.toContain('<x>');
    expect(html).not.toMatch(/<script/i);
  });
});
