// Where the card comes from (electron/services/cards/card-source.ts): fresh from ABDM with the patient's token, and held for
// the rest of the local day; after the token is gone, after a restart, or while ABDM is out of reach, the held card;
// once the day is over, VERIFY_AGAIN.
import Database from 'better-sqlite3-multiple-ciphers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AbdmUnreachableError } from '../../../electron/abdm/errors';
import type { HealthIdClient } from '../../../electron/abdm/healthid-v1/client';
import type { AuditLog } from '../../../electron/services/day/audit';
import { CardService } from '../../../electron/services/cards/cards';
import type { DesktopPort, PrintJob } from '../../../electron/services/desktop/desktop-port';
import { UserTokens } from '../../../electron/services/abha/user-tokens';
import { HeldCardStore } from '../../../electron/store/desk/held-cards';
import { migrate } from '../../../electron/store/migrations';

const ABHA = '91-4820-1736-5529';
// A real 1×1 PNG (the header carries its size; a PDF made around it is one page of 1×1 points).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const MORNING = new Date(2026, 10, 25, 10, 5).getTime(); // 25 November 2026, 10:05 local time

let db: Database.Database;
let now: number;
let calls: string[];
let unreachable: boolean;
let audited: { action: string; detail: string | null }[];
let saved: { name: string; data: Uint8Array }[];
let printed: PrintJob[];

const client = {
  pngCard: async () => fetched('png', PNG),
  pdfCard: async () => fetched('pdf', Buffer.from('%PDF-1.4 ABDM’s own PDF')),
  svgCard: async () => fetched('svg', Buffer.from('<svg>ABDM’s own SVG</svg>')),
  qrCode: async () => fetched('qr', PNG),
} as unknown as HealthIdClient;

function fetched(format: string, data: Buffer) {
  if (unreachable) throw new AbdmUnreachableError('network', 'healthid', 'card', new Error('ECONNREFUSED'));
  calls.push(format);
  return { data, mimeType: 'x' };
}

const desktop: DesktopPort = {
  async save(name, _format, data) {
    saved.push({ name, data });
    return { saved: true, path: `/chosen/${name}` };
  },
  async print(job) {
    printed.push(job);
    return { printed: true };
  },
};

/** The card service as app-core builds it, over `tokens` (a new one is a restart: main's memory is empty). */
function cards(tokens: UserTokens): CardService {
  const record = (action: string, _abha: string | null, detail: string | null) => void audited.push({ action, detail });
  const audit = { record, recordOnceADay: record } as unknown as AuditLog;
  return new CardService({ abha: async () => ({ api: 'v1', client }), tokens, audit, desktop, held: new HeldCardStore(db), now: () => now });
}

function verifiedTokens(): UserTokens {
  const tokens = new UserTokens(() => now);
  tokens.remember(ABHA, { token: 'x-token', api: 'v1', expiresIn: 1800 });
  return tokens;
}

beforeEach(() => {
  db = new Database(':memory:');
  migrate(db);
  now = MORNING;
  calls = [];
  unreachable = false;
  audited = [];
  saved = [];
  printed = [];
});
afterEach(() => db.close());

describe('the held card', () => {
  it('with a live token the card comes from ABDM, and is held until local midnight', async () => {
    const service = cards(verifiedTokens());
    await service.image({ abhaNumber: ABHA, format: 'png' });
    expect(calls).toEqual(['png']);
    expect(service.held({ abhaNumber: ABHA })).toEqual({ formats: ['png', 'pdf', 'svg'], heldUntil: new Date(2026, 10, 26).toISOString() });
  });

  it('at 16:00, the session long over, the card reprints and saves from the held card without asking ABDM', async () => {
    const tokens = verifiedTokens();
    await cards(tokens).image({ abhaNumber: ABHA, format: 'png' });
    now = new Date(2026, 10, 25, 16, 0).getTime();
    calls = [];
    const service = cards(tokens);
    const outcome = await service.print({ abhaNumber: ABHA, layout: 'cr80' });
    expect(outcome).toEqual({ printed: true });
    expect(printed[0]!.html).toContain(PNG.toString('base64'));
    // Never fetched as a PDF: made around the held picture, a PDF of one page.
    await service.save({ abhaNumber: ABHA, format: 'pdf' });
    expect(Buffer.from(saved[0]!.data).subarray(0, 5).toString()).toBe('%PDF-');
    expect(saved[0]!.name).toBe('ABHA-card-91-4820-1736-5529-25-11-2026.pdf');
    expect(calls).toEqual([]);
    expect(audited.map((entry) => entry.action)).toEqual(['card.viewed', 'card.printed', 'card.saved']);
  });

  it('after a restart (main’s memory empty) the held card still serves, in the format ABDM gave', async () => {
    await cards(verifiedTokens()).save({ abhaNumber: ABHA, format: 'svg' });
    now += 3 * 3600_000;
    calls = [];
    const restarted = cards(new UserTokens(() => now));
    await restarted.save({ abhaNumber: ABHA, format: 'svg' });
    expect(Buffer.from(saved[1]!.data).toString()).toBe('<svg>ABDM’s own SVG</svg>');
    expect(calls).toEqual([]);
    expect(restarted.held({ abhaNumber: ABHA }).formats).toEqual(['svg']);
  });

  it('while ABDM cannot be reached, a live token’s call falls back to the held card', async () => {
    const tokens = verifiedTokens();
    const service = cards(tokens);
    await service.image({ abhaNumber: ABHA, format: 'png' });
    unreachable = true;
    await expect(service.print({ abhaNumber: ABHA, layout: 'a4' })).resolves.toEqual({ printed: true });
    // Nothing held in that format and nothing to make it from: ABDM's failure, as it was.
    await expect(service.image({ abhaNumber: ABHA, format: 'qr' })).rejects.toMatchObject({ code: 'ABDM_UNREACHABLE' });
  });

  it('nothing held and no token: VERIFY_AGAIN, the screen offers to verify the patient again', async () => {
    const service = cards(new UserTokens(() => now));
    await expect(service.print({ abhaNumber: ABHA, layout: 'a4' })).rejects.toMatchObject({ code: 'VERIFY_AGAIN' });
    expect(service.held({ abhaNumber: ABHA })).toEqual({ formats: [], heldUntil: null });
    expect(printed).toEqual([]);
  });

  it('the next day the card is no longer held: it is deleted, and a reprint asks to verify again', async () => {
    await cards(verifiedTokens()).image({ abhaNumber: ABHA, format: 'png' });
    now = new Date(2026, 10, 26, 0, 0).getTime();
    const nextMorning = cards(new UserTokens(() => now));
    expect(db.prepare('SELECT count(*) FROM held_cards').pluck().get()).toBe(0);
    await expect(nextMorning.print({ abhaNumber: ABHA, layout: 'a4' })).rejects.toMatchObject({ code: 'VERIFY_AGAIN' });
  });

  it('a print page is named and titled by ABHA number, layout and day', async () => {
    await cards(verifiedTokens()).print({ abhaNumber: ABHA, layout: 'a4' });
    expect(printed[0]).toMatchObject({ title: 'ABHA-card-91-4820-1736-5529-A4-25-11-2026', fileName: 'ABHA-card-91-4820-1736-5529-A4-25-11-2026' });
    expect(printed[0]!.html).toContain('<title>ABHA-card-91-4820-1736-5529-A4-25-11-2026</title>');
  });
});

describe('what the audit says', () => {
  it('records a browser download and an opened print dialog as such, never as saved or printed', async () => {
    const browser: DesktopPort = {
      save: async (name) => ({ saved: true, download: name }),
      print: async () => ({ printed: false, dialogOpened: true }),
    };
    const audit = { record: (action: string, _abha: string | null, detail: string | null) => void audited.push({ action, detail }) } as unknown as AuditLog;
    const service = new CardService({ abha: async () => ({ api: 'v1', client }), tokens: verifiedTokens(), audit, desktop: browser, held: new HeldCardStore(db), now: () => now });
    await service.save({ abhaNumber: ABHA, format: 'png' });
    await service.print({ abhaNumber: ABHA, layout: 'cr80' });
    expect(audited).toEqual([
      { action: 'card.downloaded', detail: 'png' },
      { action: 'card.print-dialog-opened', detail: 'cr80' },
    ]);
  });

  it('a cancelled save or print records nothing', async () => {
    const cancelling: DesktopPort = { save: async () => ({ saved: false }), print: async () => ({ printed: false }) };
    const audit = { record: (action: string) => void audited.push({ action, detail: null }) } as unknown as AuditLog;
    const service = new CardService({ abha: async () => ({ api: 'v1', client }), tokens: verifiedTokens(), audit, desktop: cancelling, held: new HeldCardStore(db), now: () => now });
    await service.save({ abhaNumber: ABHA, format: 'pdf' });
    await service.print({ abhaNumber: ABHA, layout: 'a4' });
    expect(audited).toEqual([]);
  });
});
