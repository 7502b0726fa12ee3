// The held cards (electron/store/desk/held-cards.ts): kept per format until their end, never served after it, deleted by
// deleteEnded, and unreadable in the database file (SQLCipher), as the privacy scans read a data folder.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HeldCardStore } from '../../../electron/store/desk/held-cards';
import { filesUnder } from '../../support/data-folder';
import { openTestDatabase, type TestDatabase } from '../bridge/bridge-support';

const ABHA = '91-4820-1736-5529';
// Hand-written times: fetched at 10:05 UTC, held until the next midnight at +05:30 (18:30 UTC).
const FETCHED = '2026-11-25T04:35:00.000Z';
const UNTIL = '2026-11-25T18:30:00.000Z';
// What a card carries that must not be readable at rest: the name and number as ABDM prints them.
const CARD = Buffer.from(`\x89PNG card of ASHA DEVI VERMA, ABHA ${ABHA}, 14-07-1988, 9812345670`, 'latin1');

let db: TestDatabase;
let store: HeldCardStore;
beforeEach(async () => {
  db = await openTestDatabase();
  store = new HeldCardStore(db.database.db);
});
afterEach(() => db.dispose());

describe('held cards', () => {
  it('serves a held format byte for byte until its end, and nothing from its end on', () => {
    store.hold({ abhaNumber: ABHA, format: 'png', bytes: CARD, fetchedAt: FETCHED, heldUntil: UNTIL });
    expect(store.get(ABHA, 'png', '2026-11-25T10:30:00.000Z')?.bytes.equals(CARD)).toBe(true);
    expect(store.get(ABHA, 'png', '2026-11-25T18:29:59.999Z')).not.toBeNull();
    expect(store.get(ABHA, 'png', UNTIL)).toBeNull();
    expect(store.get(ABHA, 'pdf', '2026-11-25T10:30:00.000Z')).toBeNull();
    expect(store.get('91-1111-2222-3333', 'png', '2026-11-25T10:30:00.000Z')).toBeNull();
  });

  it('a card fetched again replaces the one held before', () => {
    store.hold({ abhaNumber: ABHA, format: 'png', bytes: Buffer.from('morning'), fetchedAt: FETCHED, heldUntil: UNTIL });
    store.hold({ abhaNumber: ABHA, format: 'png', bytes: Buffer.from('afternoon'), fetchedAt: '2026-11-25T09:00:00.000Z', heldUntil: UNTIL });
    expect(store.get(ABHA, 'png', '2026-11-25T10:00:00.000Z')).toMatchObject({ bytes: Buffer.from('afternoon'), fetchedAt: '2026-11-25T09:00:00.000Z' });
  });

  it('lists the formats still held and the earliest end', () => {
    store.hold({ abhaNumber: ABHA, format: 'png', bytes: CARD, fetchedAt: FETCHED, heldUntil: UNTIL });
    store.hold({ abhaNumber: ABHA, format: 'qr', bytes: Buffer.from('qr'), fetchedAt: FETCHED, heldUntil: '2026-11-25T12:00:00.000Z' });
    expect(store.formats(ABHA, '2026-11-25T10:00:00.000Z')).toEqual({ formats: ['png', 'qr'], heldUntil: '2026-11-25T12:00:00.000Z' });
    expect(store.formats(ABHA, '2026-11-25T13:00:00.000Z')).toEqual({ formats: ['png'], heldUntil: UNTIL });
    expect(store.formats(ABHA, UNTIL)).toEqual({ formats: [], heldUntil: null });
  });

  it('deleteEnded removes the cards whose end has come, and only those', () => {
    store.hold({ abhaNumber: ABHA, format: 'png', bytes: CARD, fetchedAt: FETCHED, heldUntil: UNTIL });
    store.hold({ abhaNumber: '91-1111-2222-3333', format: 'png', bytes: CARD, fetchedAt: FETCHED, heldUntil: '2026-11-26T18:30:00.000Z' });
    expect(store.deleteEnded('2026-11-25T18:00:00.000Z')).toBe(0);
    expect(store.deleteEnded(UNTIL)).toBe(1);
    const rows = db.database.db.prepare('SELECT abha_number FROM held_cards').pluck().all();
    expect(rows).toEqual(['91-1111-2222-3333']);
  });

  it('the card’s name, number, birth date and mobile are not readable in any file of the data folder', () => {
    store.hold({ abhaNumber: ABHA, format: 'png', bytes: CARD, fetchedAt: FETCHED, heldUntil: UNTIL });
    // A real file, or the scan would find nothing for the wrong reason.
    expect(db.database.file).toMatch(/abha-desk\.db$/);
    const folder = path.dirname(db.database.file);
    const look = () => {
      const found: string[] = [];
      for (const file of filesUnder(folder)) {
        const bytes = readFileSync(file).toString('latin1');
        for (const needle of ['ASHA DEVI VERMA', ABHA, '14-07-1988', '9812345670', CARD.toString('base64').slice(8, 40)]) {
          if (bytes.includes(needle)) found.push(`${needle} in ${path.basename(file)}`);
        }
      }
      return found;
    };
    // While open (database, -wal, -shm) and after closing.
    expect(look()).toEqual([]);
    db.database.close();
    expect(look()).toEqual([]);
  });
});
