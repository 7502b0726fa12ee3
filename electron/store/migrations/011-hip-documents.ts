// The clinic as an HIP (docs/hip.md, docs/hip-documents.md): documents handed in at the desk, each a FHIR document
// bundle sealed with the records key (record-cipher.ts, the document's id as associated data). A sealed bundle of
// LARGE_VALUE_BYTES or more is kept in a file of the hip-documents folder that the row names (bundle_file) instead
// of in the row (bundle); exactly one of the two is set.
// - visit_id: the visit (care context) it is filed on; patient_number: whose it is (the register's number);
// - kind: the ABDM HI type; document_date: yyyy-mm-dd, the date on the paper (what a consent's date range covers);
// - notified: ABDM was told of it (context notify acknowledged), set by the visits service.
import type Database from 'better-sqlite3-multiple-ciphers';

export function createHipDocuments(db: Database.Database): void {
  db.exec(`
    CREATE TABLE hip_documents (
      id TEXT PRIMARY KEY,
      visit_id TEXT NOT NULL,
      patient_number TEXT NOT NULL,
      kind TEXT NOT NULL,
      title TEXT NOT NULL,
      document_date TEXT NOT NULL,
      file_type TEXT NOT NULL,
      filed_at TEXT NOT NULL,
      notified INTEGER NOT NULL DEFAULT 0 CHECK (notified IN (0, 1)),
      bundle BLOB,
      bundle_file TEXT,
      CHECK ((bundle IS NULL) <> (bundle_file IS NULL))
    );
    CREATE INDEX hip_documents_visit ON hip_documents (visit_id, document_date);
  `);
}
