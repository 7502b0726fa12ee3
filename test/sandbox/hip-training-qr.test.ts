// The ABHA QR texts the operator guide gives trainers ("Training: a patient's ABHA QR, as a scanner types it") must
// name people the simulator knows, with their own details: each is checked against the profile the simulator shares
// for that ABHA address (POST /_sandbox/hip/share, raw HTTP), and its shape against abdm-frontdesk.md §2's table.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/official-spec';
import { shareAndReceive, startShareHarness, type ShareHarness } from './hip-share-harness';

function guideQrTexts(): string[] {
  const guide = readFileSync(path.join(repoRoot, 'docs/operator-guide.md'), 'utf8');
  const section = guide.split("## Training: a patient's ABHA QR, as a scanner types it")[1] ?? '';
  return [...section.matchAll(/```\n(\{.*\})\n```/g)].map((match) => match[1]!);
}

/** d-m-yyyy (app, day or month may be empty) or d/m/yyyy (card) → [day, month, year] as texts, empty when missing. */
function dateParts(dob: string, separator: '-' | '/'): string[] {
  const parts = dob.split(separator);
  expect(parts).toHaveLength(3);
  expect(parts[2]).toMatch(/^\d{4}$/);
  return parts;
}

describe('training ABHA QR texts in the operator guide', () => {
  let h: ShareHarness;
  beforeAll(async () => {
    h = await startShareHarness();
  });
  afterAll(() => h.close());

  const texts = guideQrTexts();

  it('gives both shapes, a missing day, both district keys and an absent LGD code', () => {
    const qrs = texts.map((text) => JSON.parse(text) as Record<string, string>);
    expect(qrs.length).toBeGreaterThanOrEqual(4);
    const app = qrs.filter((qr) => 'phr' in qr);
    const card = qrs.filter((qr) => 'hid' in qr);
    expect(app.length).toBeGreaterThanOrEqual(2);
    expect(card.length).toBeGreaterThanOrEqual(2);
    for (const qr of app) expect(Object.keys(qr).sort()).toEqual(['address', 'distlgd', 'dob', 'gender', 'hidn', 'name', 'phr', 'statelgd']);
    for (const qr of card) {
      expect(Object.keys(qr)).toEqual(expect.arrayContaining(['hidn', 'hid', 'name', 'gender', 'statelgd', 'distlgd', 'dob', 'state name', 'mobile', 'address']));
      expect('district_name' in qr || 'dist name' in qr).toBe(true);
    }
    expect(app.some((qr) => qr.dob!.startsWith('-'))).toBe(true);
    expect(card.some((qr) => 'dist name' in qr)).toBe(true);
    expect(card.some((qr) => 'district_name' in qr)).toBe(true);
    expect(qrs.some((qr) => qr.distlgd === '-' || qr.statelgd === '-')).toBe(true);
    // A scanner types one line: no line break inside a QR's text.
    for (const text of texts) expect(text).not.toContain('\n');
  });

  it('each names a training resident, with the details the simulator shares for that ABHA address', async () => {
    for (const text of texts) {
      const qr = JSON.parse(text) as Record<string, string>;
      const address = qr.phr ?? qr.hid!;
      const { call } = await shareAndReceive(h, address);
      const patient = call.body.profile.patient;
      expect(patient.abhaNumber, text).toBe(qr.hidn);
      expect(patient.name, text).toBe(qr.name);
      expect(patient.gender, text).toBe(qr.gender);
      expect(patient.address.line, text).toBe(qr.address);
      const [day, month, year] = dateParts(qr.dob!, 'phr' in qr ? '-' : '/');
      expect(year, text).toBe(patient.yearOfBirth);
      if (month) expect(month, text).toBe(patient.monthOfBirth);
      if (day) expect(day, text).toBe(patient.dayOfBirth);
      if ('mobile' in qr) expect(qr.mobile, text).toBe(patient.phoneNumber);
      const district = qr.district_name ?? qr['dist name'];
      if (district) expect(district, text).toBe(patient.address.district);
      if (qr['state name']) expect(qr['state name'], text).toBe(patient.address.state);
    }
  });
});
