// Large values move out of SQLite into sealed files beside the database (electron/store/hiu/sealed-files.ts): a pushed
// page or a sealed bundle of 64 KiB or more is kept in a file that its row names, instead of in the row. Rows written
// before this step keep their values inline and are read as before.
import type Database from 'better-sqlite3-multiple-ciphers';

export function addSealedFiles(db: Database.Database): void {
  db.exec(`
    -- The file holding a pending page's body (sealed with the transfer's page_key); NULL when the body is in the row
    -- or the page is done.
    ALTER TABLE data_push_pages ADD COLUMN body_file TEXT;
    -- The file holding the sealed bundle (records key, the record id as associated data); NULL when it is in content.
    ALTER TABLE health_records ADD COLUMN content_file TEXT;
    -- 32 random bytes sealing this transfer's page files while it is live; NULL once it ended (with private_key).
    ALTER TABLE data_transfers ADD COLUMN page_key BLOB;
    -- "Does a row still name this file?" (erasure, the start-up clean-up) without reading every row.
    CREATE INDEX data_push_pages_file ON data_push_pages (body_file) WHERE body_file IS NOT NULL;
    CREATE INDEX health_records_file ON health_records (content_file) WHERE content_file IS NOT NULL;
  `);
}
