// A timeline row may say more than its step: what a re-fetch replaced (how many records, of which types, in which
// visit), as JSON. Older rows have none.
import type Database from 'better-sqlite3-multiple-ciphers';

export function addTimelineDetail(db: Database.Database): void {
  db.exec('ALTER TABLE timeline ADD COLUMN detail TEXT');
}
