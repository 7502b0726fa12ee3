// The held_cards table (migrations/005-held-cards.ts): the only code that writes or reads its SQL.
// The card files ABDM gave for an ABHA number, each until its `heldUntil`; how long that is, is the card service's
// choice (electron/services/cards/card-source.ts). A row past its time is never read back, and `deleteEnded` removes it.
// The database is encrypted (SQLCipher), so the card's name, photo and number are not readable in the file.
import type { Database } from 'better-sqlite3-multiple-ciphers';

export const HELD_CARD_FORMATS = ['png', 'pdf', 'svg', 'qr'] as const;
export type HeldCardFormat = (typeof HELD_CARD_FORMATS)[number];

export interface HeldCard {
  abhaNumber: string;
  format: HeldCardFormat;
  bytes: Buffer;
  /** ISO times. */
  fetchedAt: string;
  heldUntil: string;
}

export class HeldCardStore {
  constructor(private readonly db: Database) {}

  /** Keeps this format of the card, replacing the one held before. */
  hold(card: HeldCard): void {
    this.db
      .prepare(
        `INSERT INTO held_cards (abha_number, format, bytes, fetched_at, held_until) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (abha_number, format) DO UPDATE SET bytes = excluded.bytes, fetched_at = excluded.fetched_at, held_until = excluded.held_until`,
      )
      .run(card.abhaNumber, card.format, card.bytes, card.fetchedAt, card.heldUntil);
  }

  /** The card in this format while it is still held at `nowIso`, else null. */
  get(abhaNumber: string, format: HeldCardFormat, nowIso: string): HeldCard | null {
    const row = this.db
      .prepare('SELECT * FROM held_cards WHERE abha_number = ? AND format = ? AND held_until > ?')
      .get(abhaNumber, format, nowIso) as Row | undefined;
    return row ? fromRow(row) : null;
  }

  /** The formats still held at `nowIso` for this ABHA number, and until when (the earliest end among them). */
  formats(abhaNumber: string, nowIso: string): { formats: HeldCardFormat[]; heldUntil: string | null } {
    const rows = this.db
      .prepare('SELECT format, held_until FROM held_cards WHERE abha_number = ? AND held_until > ? ORDER BY format')
      .all(abhaNumber, nowIso) as Pick<Row, 'format' | 'held_until'>[];
    const ends = rows.map((row) => row.held_until).sort();
    return { formats: rows.map((row) => row.format), heldUntil: ends[0] ?? null };
  }

  /** Deletes every card whose time ended at or before `nowIso`; returns how many rows went. */
  deleteEnded(nowIso: string): number {
    return this.db.prepare('DELETE FROM held_cards WHERE held_until <= ?').run(nowIso).changes;
  }

  /** Deletes every held format of this ABHA number. */
  forget(abhaNumber: string): void {
    this.db.prepare('DELETE FROM held_cards WHERE abha_number = ?').run(abhaNumber);
  }
}

interface Row {
  abha_number: string;
  format: HeldCardFormat;
  bytes: Buffer;
  fetched_at: string;
  held_until: string;
}

function fromRow(row: Row): HeldCard {
  return { abhaNumber: row.abha_number, format: row.format, bytes: row.bytes, fetchedAt: row.fetched_at, heldUntil: row.held_until };
}
