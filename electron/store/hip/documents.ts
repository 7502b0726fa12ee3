// The hip_documents table (migrations/011-hip-documents.ts): the only code that writes or reads its SQL. A bundle
// comes here sealed (the service seals it with the records key); a large one goes to a file of its own folder,
// written and flushed before the row that names it is committed (the order sealed-files.ts describes). The folder is
// not the HIU's health-data folder: its start-up sweep knows only the HIU's tables, so this store sweeps its own
// (removeDocumentOrphans).
import path from 'node:path';
import type { Database } from 'better-sqlite3-multiple-ciphers';
import { LARGE_VALUE_BYTES, SealedFiles } from '../hiu/sealed-files';

export const HIP_DOCUMENTS_FOLDER = 'hip-documents';

export interface StoredDocument {
  id: string;
  visitId: string;
  patientNumber: string;
  kind: string;
  title: string;
  /** yyyy-mm-dd */
  date: string;
  fileType: string;
  filedAt: string;
  notified: boolean;
}

interface Row {
  id: string;
  visit_id: string;
  patient_number: string;
  kind: string;
  title: string;
  document_date: string;
  file_type: string;
  filed_at: string;
  notified: number;
}

const COLUMNS = 'id, visit_id, patient_number, kind, title, document_date, file_type, filed_at, notified';

export class HipDocumentStore {
  private readonly files: SealedFiles | null;

  constructor(private readonly db: Database) {
    this.files = hipDocumentFiles(db);
  }

  /** Files a document with its sealed bundle; the file (when large) is durable before the row is written. */
  insert(document: Omit<StoredDocument, 'notified'>, sealedBundle: Buffer): void {
    const file = this.files && sealedBundle.length >= LARGE_VALUE_BYTES ? this.files.write([sealedBundle]) : null;
    try {
      this.db
        .prepare(`INSERT INTO hip_documents (${COLUMNS}, bundle, bundle_file) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`)
        .run(document.id, document.visitId, document.patientNumber, document.kind, document.title, document.date, document.fileType, document.filedAt, file ? null : sealedBundle, file);
    } catch (error) {
      if (file) this.files?.removeSoon(file);
      throw error;
    }
  }

  get(id: string): StoredDocument | null {
    const row = this.db.prepare(`SELECT ${COLUMNS} FROM hip_documents WHERE id = ?`).get(id) as Row | undefined;
    return row ? fromRow(row) : null;
  }

  /** A visit's documents, newest paper first (then the latest filed). */
  forVisit(visitId: string): StoredDocument[] {
    return (this.db.prepare(`SELECT ${COLUMNS} FROM hip_documents WHERE visit_id = ? ORDER BY document_date DESC, filed_at DESC`).all(visitId) as Row[]).map(fromRow);
  }

  /** Documents on these visits, of these kinds, dated within [fromDay, toDay] (yyyy-mm-dd, inclusive). */
  covered(visitIds: readonly string[], kinds: readonly string[], fromDay: string, toDay: string): StoredDocument[] {
    if (visitIds.length === 0 || kinds.length === 0) return [];
    const rows = this.db
      .prepare(
        `SELECT ${COLUMNS} FROM hip_documents
         WHERE visit_id IN (SELECT value FROM json_each(?)) AND kind IN (SELECT value FROM json_each(?))
           AND document_date >= ? AND document_date <= ?
         ORDER BY visit_id, document_date, filed_at`,
      )
      .all(JSON.stringify(visitIds), JSON.stringify(kinds), fromDay, toDay) as Row[];
    return rows.map(fromRow);
  }

  /** The sealed bundle, from the row or its file. */
  sealedBundle(id: string): Buffer {
    const row = this.db.prepare('SELECT bundle, bundle_file FROM hip_documents WHERE id = ?').get(id) as { bundle: Buffer | null; bundle_file: string | null } | undefined;
    if (!row) throw new Error('no such document');
    if (row.bundle_file) {
      if (!this.files) throw new Error('a document kept in a file, read from a database in memory');
      return this.files.read(row.bundle_file);
    }
    return row.bundle!;
  }

  /** ABDM acknowledged the context notify for these kinds on the visit (all kinds when none are named). */
  markNotified(visitId: string, kinds?: readonly string[]): number {
    if (!kinds) return this.db.prepare('UPDATE hip_documents SET notified = 1 WHERE visit_id = ? AND notified = 0').run(visitId).changes;
    return this.db
      .prepare('UPDATE hip_documents SET notified = 1 WHERE visit_id = ? AND notified = 0 AND kind IN (SELECT value FROM json_each(?))')
      .run(visitId, JSON.stringify(kinds)).changes;
  }
}

function fromRow(row: Row): StoredDocument {
  return {
    id: row.id,
    visitId: row.visit_id,
    patientNumber: row.patient_number,
    kind: row.kind,
    title: row.title,
    date: row.document_date,
    fileType: row.file_type,
    filedAt: row.filed_at,
    notified: row.notified === 1,
  };
}

/** The folder of the HIP's sealed bundles, beside the database; null for a database in memory. */
export function hipDocumentFiles(db: Database): SealedFiles | null {
  return db.memory ? null : new SealedFiles(path.join(path.dirname(db.name), HIP_DOCUMENTS_FOLDER));
}

/**
 * At start-up, before anything is written: removes every file of the folder no row names (a crash between a file's
 * write and its row's commit). Returns how many went.
 */
export function removeDocumentOrphans(db: Database): number {
  const files = hipDocumentFiles(db);
  if (!files || db.inTransaction) return 0;
  const named = new Set((db.prepare('SELECT bundle_file FROM hip_documents WHERE bundle_file IS NOT NULL').pluck().all() as string[]));
  let removed = 0;
  for (const name of files.list()) {
    if (named.has(name) || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(name)) continue;
    try {
      files.remove(name);
      removed += 1;
    } catch {
      // tried again at the next start
    }
  }
  return removed;
}
