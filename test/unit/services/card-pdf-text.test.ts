// ABHA v3 gives the card as one picture; the PDF the desk saves around it carries the patient's name and ABHA number
// as text (README: "card PDFs with a real text layer"), read back here by poppler's pdftotext as any PDF reader's
// search would, while the picture stays ABDM's, whole (pdfimages). Fresh from ABDM and from the card held for the day.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AbhaV3Client } from '../../../electron/abdm/abha-v3/types';
import type { AuditLog } from '../../../electron/services/day/audit';
import { CardService } from '../../../electron/services/cards/cards';
import type { DesktopPort } from '../../../electron/services/desktop/desktop-port';
import { UserTokens } from '../../../electron/services/abha/user-tokens';
import { HeldCardStore } from '../../../electron/store/desk/held-cards';
import { migrate } from '../../../electron/store/migrations';

const ASHA = { abhaNumber: '91-4820-1736-5529', name: 'Asha Devi Verma' };
const MORNING = new Date(2026, 10, 25, 10, 5).getTime();

/** A card-sized picture (856 × 540 px) of plain colour: the card as ABHA v3 sends it, as far as the PDF is concerned. */
function cardPng(): Buffer {
  const png = new PNG({ width: 856, height: 540 });
  png.data.fill(0xee);
  return PNG.sync.write(png);
}

let db: Database.Database;
let folder: string;
let saved: Uint8Array[];
let now: number;

const audit = { record: () => undefined, recordOnceADay: () => undefined } as unknown as AuditLog;
const desktop = { save: async (_name: string, _format: string, data: Uint8Array) => (saved.push(data), { saved: true, path: '/x' }) } as unknown as DesktopPort;
const client = { card: async () => ({ kind: 'image/png', data: cardPng() }) } as unknown as AbhaV3Client;

function cards(tokens: UserTokens, names: Record<string, string>): CardService {
  return new CardService({ abha: async () => ({ api: 'v3', client }), tokens, audit, desktop, held: new HeldCardStore(db), now: () => now, patientName: (abhaNumber) => names[abhaNumber] ?? null });
}

/** The PDF's text as pdftotext reads it, and its pictures as pdfimages lists them (kind, width, height). */
function readPdf(bytes: Uint8Array): { text: string; images: string[][] } {
  const file = path.join(folder, `card-${saved.length}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  const rows = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);
  const images = rows.map((row) => row.trim().split(/\s+/)).filter((cols) => cols[2] === 'image').map((cols) => [cols[3]!, cols[4]!]);
  return { text: text.replace(/\s+/g, ' '), images };
}

beforeEach(() => {
  db = new Database(':memory:');
  migrate(db);
  folder = mkdtempSync(path.join(tmpdir(), 'abha-card-pdf-'));
  saved = [];
  now = MORNING;
});
afterEach(() => {
  db.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the ABHA v3 card as PDF', () => {
  it('has the patient’s name and ABHA number as text, over ABDM’s picture kept whole', async () => {
    const tokens = new UserTokens(() => now);
    tokens.remember(ASHA.abhaNumber, { token: 'x-token', api: 'v3', expiresIn: 1800 });
    await cards(tokens, { [ASHA.abhaNumber]: ASHA.name }).save({ abhaNumber: ASHA.abhaNumber, format: 'pdf' });
    const { text, images } = readPdf(saved[0]!);
    expect(text).toContain(ASHA.name);
    expect(text).toContain(ASHA.abhaNumber);
    expect(images).toEqual([['856', '540']]);
  });

  it('made from the card held for the day after the session ended, it has them too', async () => {
    const tokens = new UserTokens(() => now);
    tokens.remember(ASHA.abhaNumber, { token: 'x-token', api: 'v3', expiresIn: 1800 });
    const names = { [ASHA.abhaNumber]: ASHA.name };
    await cards(tokens, names).image({ abhaNumber: ASHA.abhaNumber, format: 'png' });
    now += 3 * 3600_000;
    await cards(new UserTokens(() => now), names).save({ abhaNumber: ASHA.abhaNumber, format: 'pdf' });
    const { text } = readPdf(saved[0]!);
    expect(text).toContain(ASHA.name);
    expect(text).toContain(ASHA.abhaNumber);
  });

  it('has at least the ABHA number when the desk no longer keeps the profile', async () => {
    const tokens = new UserTokens(() => now);
    tokens.remember(ASHA.abhaNumber, { token: 'x-token', api: 'v3', expiresIn: 1800 });
    await cards(tokens, {}).save({ abhaNumber: ASHA.abhaNumber, format: 'pdf' });
    expect(readPdf(saved[0]!).text).toContain(ASHA.abhaNumber);
  });
});
