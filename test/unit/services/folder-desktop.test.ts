// Integration tests save and print into <dataFolder>/exports. Those files carry the patient's name, date of
// birth and mobile, so they are private (0600 in a 0700 folder), never replace an earlier file, and never go
// through a link someone planted. Driven through CardService, as the IPC handlers use it.
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HealthIdClient } from '../../../electron/abdm/healthid-v1/client';
import type { AuditLog } from '../../../electron/services/day/audit';
import { CardService } from '../../../electron/services/cards/cards';
import { folderDesktop } from '../../../electron/services/desktop/folder-desktop';
import { UserTokens } from '../../../electron/services/abha/user-tokens';
import { HeldCardStore } from '../../../electron/store/desk/held-cards';
import { migrate } from '../../../electron/store/migrations';

const ABHA = '91-1234-5678-9012';
// 25 November 2026, 10:05 local time: the day is in every name, as the card writes dates.
const NOW = new Date(2026, 10, 25, 10, 5).getTime();
const STEM = `ABHA-card-${ABHA}-25-11-2026`;
const CARD = `${STEM}.pdf`;
const posixOnly = it.skipIf(process.platform === 'win32');

let root: string;
let exportsFolder: string;
let audited: string[];
let served: number;
let db: Database.Database;

function cardService(folder = exportsFolder): CardService {
  const tokens = new UserTokens();
  tokens.remember(ABHA, { token: 'x-token', api: 'v1' });
  // Each card fetched is different, so a file that was overwritten shows.
  const document = (mimeType: string, prefix: string) => async () => ({ data: Buffer.from(`${prefix} card #${++served}`), mimeType });
  const client = { pdfCard: document('application/pdf', '%PDF-1.4'), pngCard: document('image/png', '\x89PNG') } as unknown as HealthIdClient;
  const audit = { record: (action: string) => void audited.push(action) } as unknown as AuditLog;
  return new CardService({ abha: async () => ({ api: 'v1', client }), tokens, audit, desktop: folderDesktop(folder), held: new HeldCardStore(db), now: () => NOW });
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'folder-desktop-'));
  exportsFolder = path.join(root, 'data', 'exports');
  mkdirSync(path.dirname(exportsFolder));
  audited = [];
  served = 0;
  db = new Database(':memory:');
  migrate(db);
});

afterEach(() => {
  db.close();
  rmSync(root, { recursive: true, force: true });
});

describe('folder desktop: saved cards and print pages', () => {
  posixOnly('a saved card and a print page are readable by the operator only (0600), in a 0700 exports folder', async () => {
    const cards = cardService();
    const saved = await cards.save({ abhaNumber: ABHA, format: 'pdf' });
    const printed = await cards.print({ abhaNumber: ABHA, layout: 'cr80' });
    expect(statSync(saved.path!).mode & 0o777).toBe(0o600);
    expect(statSync(printed.savedTo!).mode & 0o777).toBe(0o600);
    expect(statSync(exportsFolder).mode & 0o777).toBe(0o700);
  });

  posixOnly('tightens an exports folder an older version left open to everyone', async () => {
    mkdirSync(exportsFolder, { mode: 0o755 });
    await cardService().save({ abhaNumber: ABHA, format: 'pdf' });
    expect(statSync(exportsFolder).mode & 0o777).toBe(0o700);
  });

  it('a second save of the same card keeps the first: two files, both intact', async () => {
    const cards = cardService();
    const first = await cards.save({ abhaNumber: ABHA, format: 'pdf' });
    const second = await cards.save({ abhaNumber: ABHA, format: 'pdf' });
    const third = await cards.save({ abhaNumber: ABHA, format: 'pdf' });
    expect(first.path).toBe(path.join(exportsFolder, CARD));
    expect(second.path).toBe(path.join(exportsFolder, `${STEM} (2).pdf`));
    expect(third.path).toBe(path.join(exportsFolder, `${STEM} (3).pdf`));
    expect(readFileSync(first.path!, 'latin1')).toBe('%PDF-1.4 card #1');
    expect(readFileSync(second.path!, 'latin1')).toBe('%PDF-1.4 card #2');
    expect(readFileSync(third.path!, 'latin1')).toBe('%PDF-1.4 card #3');
    expect(audited).toEqual(['card.saved', 'card.saved', 'card.saved']);
  });

  it('takes the next free name when the first ones are already taken', async () => {
    mkdirSync(exportsFolder);
    writeFileSync(path.join(exportsFolder, CARD), 'kept');
    writeFileSync(path.join(exportsFolder, `${STEM} (2).pdf`), 'kept too');
    const saved = await cardService().save({ abhaNumber: ABHA, format: 'pdf' });
    expect(saved.path).toBe(path.join(exportsFolder, `${STEM} (3).pdf`));
    expect(readFileSync(path.join(exportsFolder, CARD), 'utf8')).toBe('kept');
    expect(readFileSync(path.join(exportsFolder, `${STEM} (2).pdf`), 'utf8')).toBe('kept too');
  });

  it('a print page is named by ABHA number, layout and day, and a second print of it is a second file', async () => {
    const cards = cardService();
    const first = await cards.print({ abhaNumber: ABHA, layout: 'cr80' });
    const second = await cards.print({ abhaNumber: ABHA, layout: 'cr80' });
    expect(first.savedTo).toBe(path.join(exportsFolder, `ABHA-card-${ABHA}-CR80-25-11-2026.html`));
    expect(second.savedTo).toBe(path.join(exportsFolder, `ABHA-card-${ABHA}-CR80-25-11-2026 (2).html`));
    expect(readdirSync(exportsFolder).filter((f) => f.endsWith('.html'))).toHaveLength(2);
  });

  posixOnly('refuses an exports folder that is a link, and writes nothing where it points', async () => {
    const elsewhere = path.join(root, 'elsewhere');
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, exportsFolder);
    const cards = cardService();
    await expect(cards.save({ abhaNumber: ABHA, format: 'pdf' })).rejects.toMatchObject({
      code: 'EXPORT_FOLDER_UNSAFE',
      params: { folder: exportsFolder, problem: 'link' },
    });
    await expect(cards.print({ abhaNumber: ABHA, layout: 'a4' })).rejects.toMatchObject({ code: 'EXPORT_FOLDER_UNSAFE' });
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(lstatSync(exportsFolder).isSymbolicLink()).toBe(true);
    expect(audited).toEqual([]);
  });

  posixOnly('does not follow a link planted at the card’s name: the file it points to is untouched', async () => {
    const victim = path.join(root, 'victim.txt');
    writeFileSync(victim, 'not yours');
    mkdirSync(exportsFolder);
    symlinkSync(victim, path.join(exportsFolder, CARD));
    const saved = await cardService().save({ abhaNumber: ABHA, format: 'pdf' });
    expect(readFileSync(victim, 'utf8')).toBe('not yours');
    expect(saved.path).toBe(path.join(exportsFolder, `${STEM} (2).pdf`));
    expect(lstatSync(saved.path!).isSymbolicLink()).toBe(false);
    expect(readFileSync(saved.path!, 'latin1')).toBe('%PDF-1.4 card #1');
  });
});
