// "Card viewed" in the day's log: the Patient screen shows the card on every open, so the log keeps one row a patient
// a local day (the first view), not one a view (docs/decisions.md). The real audit log over the real table.
import Database from 'better-sqlite3-multiple-ciphers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HealthIdClient } from '../../../electron/abdm/healthid-v1/client';
import { AuditLog } from '../../../electron/services/day/audit';
import { CardService } from '../../../electron/services/cards/cards';
import type { DesktopPort } from '../../../electron/services/desktop/desktop-port';
import { UserTokens } from '../../../electron/services/abha/user-tokens';
import { AuditLogStore } from '../../../electron/store/desk/audit-log';
import { HeldCardStore } from '../../../electron/store/desk/held-cards';
import { migrate } from '../../../electron/store/migrations';

const ASHA = '91-4820-1736-5529';
const RAVI = '91-1111-2222-3333';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const client = { pngCard: async () => ({ data: PNG, mimeType: 'image/png' }), qrCode: async () => ({ data: PNG, mimeType: 'image/png' }) } as unknown as HealthIdClient;
const desktop = {} as DesktopPort;

let db: Database.Database;
let now: number;
let audit: AuditLog;
let cards: CardService;

beforeEach(() => {
  db = new Database(':memory:');
  migrate(db);
  now = new Date(2026, 10, 25, 10, 5).getTime(); // 25 November 2026, 10:05 local time
  audit = new AuditLog(new AuditLogStore(db), () => 'Meena', () => now);
  const tokens = new UserTokens(() => now);
  for (const abhaNumber of [ASHA, RAVI]) tokens.remember(abhaNumber, { token: 'x-token', api: 'v1', expiresIn: 86_400 });
  cards = new CardService({ abha: async () => ({ api: 'v1', client }), tokens, audit, desktop, held: new HeldCardStore(db), now: () => now });
});
afterEach(() => db.close());

const viewed = () => audit.list({ limit: 100 }).filter((entry) => entry.action === 'card.viewed').map((entry) => [entry.abhaNumber, entry.at]);

describe('card viewed', () => {
  it('writes one row for a patient however often the card is opened that day, at the first view', async () => {
    const first = new Date(now).toISOString();
    for (let i = 0; i < 5; i++) {
      await cards.image({ abhaNumber: ASHA, format: 'png' });
      now += 20 * 60_000;
    }
    expect(viewed()).toEqual([[ASHA, first]]);
  });

  it('writes a row for each patient, and again for the same patient on the next local day', async () => {
    await cards.image({ abhaNumber: ASHA, format: 'png' });
    await cards.image({ abhaNumber: RAVI, format: 'png' });
    await cards.image({ abhaNumber: ASHA, format: 'png' });
    now = new Date(2026, 10, 26, 0, 1).getTime();
    await cards.image({ abhaNumber: ASHA, format: 'png' });
    expect(viewed().map(([abhaNumber]) => abhaNumber)).toEqual([ASHA, RAVI, ASHA]);
  });

  it('still writes nothing for the QR code alone', async () => {
    await cards.image({ abhaNumber: ASHA, format: 'qr' });
    expect(viewed()).toEqual([]);
  });
});
