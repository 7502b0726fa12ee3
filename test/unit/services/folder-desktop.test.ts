// Web mode and tests save and print into <dataFolder>/exports. Those files carry the patient's name, date of
// birth and mobile, so they are private (0600 in a 0700 folder), never replace an earlier file, and never go
// through a link someone planted. Driven through CardService, as the IPC handlers use it.
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HealthIdClient } from '../../../electron/abdm/healthid';
import type { AuditLog } from '../../../electron/services/audit';
import { CardService } from '../../../electron/services/cards';
import { folderDesktop } from '../../../electron/services/folder-desktop';
import { UserTokens } from '../../../electron/services/user-tokens';

const ABHA = '91-1234-5678-9012';
const CARD = `ABHA-card-${ABHA}.pdf`;
const posixOnly = it.skipIf(process.platform === 'win32');

let root: string;
let exportsFolder: string;
let audited: string[];
let served: number;

function cardService(folder = exportsFolder): CardService {
  const tokens = new UserTokens();
  tokens.remember(ABHA, { token: 'x-token', api: 'v1' });
  // Each card fetched is different, so a file that was overwritten shows.
  const document = (mimeType: string, prefix: string) => async () => ({ data: Buffer.from(`${prefix} card #${++served}`), mimeType });
  const client = { pdfCard: document('application/pdf', '%PDF-1.4'), pngCard: document('image/png', '\x89PNG') } as unknown as HealthIdClient;
  const audit = { record: (action: string) => void audited.push(action) } as unknown as AuditLog;
  return new CardService({ abha: async () => ({ api: 'v1', client }), tokens, audit, desktop: folderDesktop(folder) });
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'folder-desktop-'));
  exportsFolder = path.join(root, 'data', 'exports');
  mkdirSync(path.dirname(exportsFolder));
  audited = [];
  served = 0;
});

afterEach(() => {
  vi.restoreAllMocks();
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
    expect(second.path).toBe(path.join(exportsFolder, `ABHA-card-${ABHA} (2).pdf`));
    expect(third.path).toBe(path.join(exportsFolder, `ABHA-card-${ABHA} (3).pdf`));
    expect(readFileSync(first.path!, 'latin1')).toBe('%PDF-1.4 card #1');
    expect(readFileSync(second.path!, 'latin1')).toBe('%PDF-1.4 card #2');
    expect(readFileSync(third.path!, 'latin1')).toBe('%PDF-1.4 card #3');
    expect(audited).toEqual(['card.saved', 'card.saved', 'card.saved']);
  });

  it('takes the next free name when the first ones are already taken', async () => {
    mkdirSync(exportsFolder);
    writeFileSync(path.join(exportsFolder, CARD), 'kept');
    writeFileSync(path.join(exportsFolder, `ABHA-card-${ABHA} (2).pdf`), 'kept too');
    const saved = await cardService().save({ abhaNumber: ABHA, format: 'pdf' });
    expect(saved.path).toBe(path.join(exportsFolder, `ABHA-card-${ABHA} (3).pdf`));
    expect(readFileSync(path.join(exportsFolder, CARD), 'utf8')).toBe('kept');
    expect(readFileSync(path.join(exportsFolder, `ABHA-card-${ABHA} (2).pdf`), 'utf8')).toBe('kept too');
  });

  it('two print pages in the same millisecond are two files', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const cards = cardService();
    const first = await cards.print({ abhaNumber: ABHA, layout: 'a4' });
    const second = await cards.print({ abhaNumber: ABHA, layout: 'a4' });
    expect(second.savedTo).not.toBe(first.savedTo);
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
    expect(saved.path).toBe(path.join(exportsFolder, `ABHA-card-${ABHA} (2).pdf`));
    expect(lstatSync(saved.path!).isSymbolicLink()).toBe(false);
    expect(readFileSync(saved.path!, 'latin1')).toBe('%PDF-1.4 card #1');
  });
});
