// The saved and printed record (electron/records/): issue 23 saw "2026-05-31T16:34:34.683Z" and "Record type:
// DischargeSummary" in the PDF. Every line is checked for ISO dates, and the PDF's own text is read back.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordView } from '../../../electron/fhir/index';
import { recordDocument } from '../../../electron/records/record-document';
import { recordPdf, recordPrintHtml } from '../../../electron/records/record-print';
import { probeBundle } from '../fhir/probe-bundles';

const ISO = /\d{4}-\d{2}-\d{2}/;
const facts = { clinic: 'Sunrise Clinic', receivedAt: '2026-10-28T11:00:00.000Z', consentRequestId: 'c-1', hipId: 'HIP-1', careContext: 'OPD-9\u202E', eraseBy: null };

function allText(doc: ReturnType<typeof recordDocument>): string[] {
  return [doc.title, ...[...doc.header, ...doc.about].flat(), ...doc.sections.flatMap((s) => [s.title, ...s.entries.flatMap((e) => [e.heading, ...e.lines.flat()])])];
}

describe('the record as a document', () => {
  const doc = recordDocument(recordView(probeBundle()), facts);

  it('shows no ISO date anywhere: record date, medicine date, results and visit read dd-mm-yyyy', () => {
    const texts = allText(doc);
    expect(texts.filter((text) => ISO.test(text))).toEqual([]);
    expect(texts.some((text) => text.includes('28-10-2026'))).toBe(true);
  });

  it('names the record type in words, not as ABDM’s code', () => {
    const type = doc.about.find(([label]) => label === 'Record type')?.[1];
    expect(type).toBeDefined();
    expect(type).not.toBe('OPConsultation');
    expect(type).toMatch(/^Consultation/);
  });

  it('keeps bidi controls out of the header and isolates every printed value', () => {
    expect(JSON.stringify(doc)).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(recordPrintHtml(doc)).toContain('<td><bdi>Sunrise Clinic</bdi></td>');
  });

  it('the PDF reads the units as UCUM prints them and no ISO date (pdftotext, an independent reader)', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'record-doc-'));
    try {
      const file = path.join(folder, 'record.pdf');
      writeFileSync(file, await recordPdf(doc));
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
      expect(text).toContain('36.8 °C');
      expect(text).toContain('152 mmHg');
      expect(text).toContain('7.2 ×10³/µL');
      expect(text).not.toMatch(ISO);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
