// The held cards (electron/store/desk/held-cards.ts): the ABHA card as ABDM gave it, one row per format, kept until the end
// of the local day it was fetched on, so a patient enrolled at 10:05 can have the card reprinted at 16:00 without a new
// OTP. The bytes live in the row: a card is tens of kilobytes, far below the size that goes to a sealed file.
import type Database from 'better-sqlite3-multiple-ciphers';

export function createHeldCards(db: Database.Database): void {
  db.exec(`
    CREATE TABLE held_cards (
      abha_number TEXT NOT NULL,
      -- 'png', 'pdf', 'svg' or 'qr', as fetched
      format TEXT NOT NULL,
      bytes BLOB NOT NULL,
      fetched_at TEXT NOT NULL,
      -- ISO time after which the row is never served and is deleted
      held_until TEXT NOT NULL,
      PRIMARY KEY (abha_number, format)
    );
    CREATE INDEX held_cards_until ON held_cards (held_until);
  `);
}
