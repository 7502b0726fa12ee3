// The data_transfers and health_records tables (migrations/002-hiu.ts, 003-sealed-files.ts): each health-information
// request with its short-lived keys, and each entry a HIP pushed — its FHIR bundle sealed with the records key, or why
// it failed. A sealed bundle of LARGE_VALUE_BYTES or more is kept in a file the row names (content_file) instead of
// in the row (content): see sealed-files.ts for the order of writes that keeps the two together.
import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3-multiple-ciphers';
import { LARGE_VALUE_BYTES, removeWhenUnnamed, SealedFiles } from './sealed-files';

export type TransferStatus = 'SENDING' | 'REQUESTED' | 'RECEIVING' | 'TRANSFERRED' | 'FAILED' | 'ERASED';

export interface TransferRow {
  id: string;
  artefactId: string;
  transactionId: string | null;
  secretHash: string;
  /** Sealed with the records key; null once the transfer ended. */
  privateKey: Buffer | null;
  publicKey: string;
  nonce: string;
  dateFrom: string;
  dateTo: string;
  status: TransferStatus;
  pageCount: number | null;
  errorCode: string | null;
  createdAt: string;
  endedAt: string | null;
}

export interface RecordMeta {
  id: string;
  transferId: string;
  artefactId: string;
  consentRequestId: string;
  patientId: string;
  hipId: string;
  careContext: string;
  hiType: string | null;
  recordDate: string | null;
  pageNumber: number;
  entryIndex: number;
  status: 'delivered' | 'errored';
  error: string | null;
  contentBytes: number | null;
  receivedAt: string;
}

export interface RecordFilter {
  patientId?: string;
  consentRequestId?: string;
  artefactId?: string;
  hipId?: string;
  hiType?: string;
  limit?: number;
}

const transferFromRow = (row: any): TransferRow => ({
  id: row.id,
  artefactId: row.artefact_id,
  transactionId: row.transaction_id,
  secretHash: row.secret_hash,
  privateKey: row.private_key,
  publicKey: row.public_key,
  nonce: row.nonce,
  dateFrom: row.date_from,
  dateTo: row.date_to,
  status: row.status,
  pageCount: row.page_count,
  errorCode: row.error_code,
  createdAt: row.created_at,
  endedAt: row.ended_at,
});

const recordFromRow = (row: any): RecordMeta => ({
  id: row.id,
  transferId: row.transfer_id,
  artefactId: row.artefact_id,
  consentRequestId: row.consent_request_id,
  patientId: row.patient_id,
  hipId: row.hip_id,
  careContext: row.care_context,
  hiType: row.hi_type,
  recordDate: row.record_date,
  pageNumber: row.page_number,
  entryIndex: row.entry_index,
  status: row.status,
  error: row.error,
  contentBytes: row.content_bytes,
  receivedAt: row.received_at,
});

/** What a re-fetch replaced in one care context: how many older records, of which HI types. */
export interface Replaced {
  careContext: string;
  count: number;
  hiTypes: string[];
}

/** Whether a record's date is inside a transfer's range; a record without a readable date counts as inside. */
function withinRange(recordDate: string | null, range: { dateFrom: string; dateTo: string }): boolean {
  const at = recordDate === null ? Number.NaN : Date.parse(recordDate);
  if (Number.isNaN(at)) return true;
  return at >= Date.parse(range.dateFrom) && at <= Date.parse(range.dateTo);
}

const META_COLUMNS = `id, transfer_id, artefact_id, consent_request_id, patient_id, hip_id, care_context, hi_type, record_date, page_number,
  entry_index, status, error, content_bytes, received_at`;

export class HealthRecordStore {
  private readonly files: SealedFiles | null;

  constructor(private readonly db: Database) {
    this.files = SealedFiles.of(db);
  }

  /** A new transfer; with a fresh page key when large pages may go to sealed files (a database on disk). */
  addTransfer(t: Omit<TransferRow, 'transactionId' | 'pageCount' | 'errorCode' | 'endedAt'>): void {
    this.db
      .prepare(
        `INSERT INTO data_transfers (id, artefact_id, secret_hash, private_key, page_key, public_key, nonce, date_from, date_to, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(t.id, t.artefactId, t.secretHash, t.privateKey, this.files ? randomBytes(32) : null, t.publicKey, t.nonce, t.dateFrom, t.dateTo, t.status, t.createdAt, t.createdAt);
  }

  transfer(id: string): TransferRow | undefined {
    const row = this.db.prepare('SELECT * FROM data_transfers WHERE id = ?').get(id);
    return row ? transferFromRow(row) : undefined;
  }

  transferBySecretHash(secretHash: string): TransferRow | undefined {
    const row = this.db.prepare('SELECT * FROM data_transfers WHERE secret_hash = ?').get(secretHash);
    return row ? transferFromRow(row) : undefined;
  }

  transfersOf(artefactId: string): TransferRow[] {
    return this.db.prepare('SELECT * FROM data_transfers WHERE artefact_id = ? ORDER BY created_at').all(artefactId).map(transferFromRow);
  }

  /** Transfers still open (not ended), oldest first. */
  openTransfers(): TransferRow[] {
    return this.db.prepare('SELECT * FROM data_transfers WHERE ended_at IS NULL ORDER BY created_at').all().map(transferFromRow);
  }

  setTransactionId(id: string, transactionId: string, at: string): void {
    this.db.prepare(`UPDATE data_transfers SET transaction_id = ?, status = CASE status WHEN 'SENDING' THEN 'REQUESTED' ELSE status END, updated_at = ? WHERE id = ?`).run(transactionId, at, id);
  }

  setStatus(id: string, status: TransferStatus, at: string, extra: { pageCount?: number; errorCode?: string | null } = {}): void {
    this.db
      .prepare('UPDATE data_transfers SET status = ?, page_count = COALESCE(?, page_count), error_code = COALESCE(?, error_code), updated_at = ? WHERE id = ?')
      .run(status, extra.pageCount ?? null, extra.errorCode ?? null, at, id);
  }

  /** The transfer is over: its private key and page key are destroyed and no further page is taken. */
  end(id: string, status: TransferStatus, at: string, errorCode: string | null = null): void {
    this.db
      .prepare('UPDATE data_transfers SET status = ?, private_key = NULL, page_key = NULL, error_code = COALESCE(?, error_code), ended_at = COALESCE(ended_at, ?), updated_at = ? WHERE id = ?')
      .run(status, errorCode, at, at, id);
  }

  /**
   * Stores one entry; false when this entry of this page was already stored (a page delivered twice). A large sealed
   * bundle is written to its file first (durable), then the row naming it; the file is checked again once the
   * caller's transaction has ended and removed if no row names it (the insert was ignored, or the transaction
   * rolled back).
   */
  addRecord(meta: RecordMeta, content: Buffer | null): boolean {
    const file = this.files && content && content.length >= LARGE_VALUE_BYTES ? this.files.write([content]) : null;
    if (file) removeWhenUnnamed(this.db, this.files, [file]);
    return (
      this.db
        .prepare(
          `INSERT OR IGNORE INTO health_records (${META_COLUMNS}, content, content_file) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          meta.id, meta.transferId, meta.artefactId, meta.consentRequestId, meta.patientId, meta.hipId, meta.careContext, meta.hiType, meta.recordDate,
          meta.pageNumber, meta.entryIndex, meta.status, meta.error, meta.contentBytes, meta.receivedAt, file ? null : content, file,
        ).changes === 1
    );
  }

  records(filter: RecordFilter = {}): RecordMeta[] {
    return this.db
      .prepare(
        `SELECT ${META_COLUMNS} FROM health_records WHERE (? IS NULL OR patient_id = ?) AND (? IS NULL OR consent_request_id = ?)
         AND (? IS NULL OR artefact_id = ?) AND (? IS NULL OR hip_id = ?) AND (? IS NULL OR hi_type = ?)
         ORDER BY record_date DESC, received_at DESC, page_number, entry_index LIMIT ?`,
      )
      .all(
        filter.patientId ?? null, filter.patientId ?? null, filter.consentRequestId ?? null, filter.consentRequestId ?? null,
        filter.artefactId ?? null, filter.artefactId ?? null, filter.hipId ?? null, filter.hipId ?? null, filter.hiType ?? null, filter.hiType ?? null,
        filter.limit ?? 1000,
      )
      .map(recordFromRow);
  }

  recordsOfTransfer(transferId: string): RecordMeta[] {
    return this.db.prepare(`SELECT ${META_COLUMNS} FROM health_records WHERE transfer_id = ? ORDER BY page_number, entry_index`).all(transferId).map(recordFromRow);
  }

  /** A record's index entry and its sealed bundle (from the row or from its file), or undefined. */
  record(id: string): { meta: RecordMeta; content: Buffer | null } | undefined {
    const row = this.db.prepare(`SELECT ${META_COLUMNS}, content, content_file FROM health_records WHERE id = ?`).get(id) as any;
    if (!row) return undefined;
    const content: Buffer | null = row.content_file && this.files ? this.files.read(row.content_file) : row.content;
    return { meta: recordFromRow(row), content };
  }

  /** Erases an artefact's records and transfer keys; returns how many records went. Their files go after the commit. */
  eraseArtefact(artefactId: string, at: string): number {
    const files = this.filesOfArtefact(artefactId);
    this.db.prepare(`UPDATE data_transfers SET private_key = NULL, page_key = NULL, status = 'ERASED', ended_at = COALESCE(ended_at, ?), updated_at = ? WHERE artefact_id = ?`).run(at, at, artefactId);
    this.db.prepare('DELETE FROM data_push_pages WHERE secret_hash IN (SELECT secret_hash FROM data_transfers WHERE artefact_id = ?)').run(artefactId);
    const count = this.db.prepare('DELETE FROM health_records WHERE artefact_id = ?').run(artefactId).changes;
    removeWhenUnnamed(this.db, this.files, files);
    return count;
  }

  /**
   * A newer transfer of the same artefact brought these care contexts again, complete: the older copies of what it
   * covers go (their files after the commit), so a fetch repeated for new data leaves one copy of each record. It
   * covers, in a care context, the HI types it brought there, dated inside its date range (an undated record counts
   * as inside); older records of other types, or dated outside the range, stay. Older errored entries go too: they
   * hold nothing, and the visit came again whole. Returns what went, per care context that lost something.
   */
  supersede(transfer: { id: string; artefactId: string; dateFrom: string; dateTo: string }, careContexts: readonly string[]): Replaced[] {
    const replaced: Replaced[] = [];
    for (const careContext of careContexts) {
      const brought = new Set(
        this.db
          .prepare(`SELECT DISTINCT hi_type FROM health_records WHERE transfer_id = ? AND care_context = ? AND status = 'delivered'`)
          .pluck()
          .all(transfer.id, careContext) as (string | null)[],
      );
      const older = this.db
        .prepare('SELECT id, hi_type, record_date, status, content_file FROM health_records WHERE artefact_id = ? AND care_context = ? AND transfer_id <> ?')
        .all(transfer.artefactId, careContext, transfer.id) as { id: string; hi_type: string | null; record_date: string | null; status: string; content_file: string | null }[];
      const covered = older.filter((row) => row.status === 'errored' || (brought.has(row.hi_type) && withinRange(row.record_date, transfer)));
      if (covered.length === 0) continue;
      const remove = this.db.prepare('DELETE FROM health_records WHERE id = ?');
      for (const row of covered) remove.run(row.id);
      removeWhenUnnamed(this.db, this.files, covered.flatMap((row) => (row.content_file && this.files ? [row.content_file] : [])));
      const hiTypes = [...new Set(covered.flatMap((row) => (row.hi_type ? [row.hi_type] : [])))].sort();
      replaced.push({ careContext, count: covered.length, hiTypes });
    }
    return replaced;
  }

  /** Deletes the transfers of an artefact altogether (patient DELETED). Their files go after the commit. */
  forgetArtefactTransfers(artefactId: string): void {
    const files = this.filesOfArtefact(artefactId);
    this.db.prepare('DELETE FROM data_push_pages WHERE secret_hash IN (SELECT secret_hash FROM data_transfers WHERE artefact_id = ?)').run(artefactId);
    this.db.prepare('DELETE FROM health_records WHERE artefact_id = ?').run(artefactId);
    this.db.prepare('DELETE FROM data_transfers WHERE artefact_id = ?').run(artefactId);
    removeWhenUnnamed(this.db, this.files, files);
  }

  /** The sealed files an artefact's rows name: its records' bundles and its transfers' pending pages. */
  private filesOfArtefact(artefactId: string): string[] {
    if (!this.files) return [];
    return this.db
      .prepare(
        `SELECT content_file FROM health_records WHERE artefact_id = ? AND content_file IS NOT NULL
         UNION ALL SELECT body_file FROM data_push_pages WHERE body_file IS NOT NULL
           AND secret_hash IN (SELECT secret_hash FROM data_transfers WHERE artefact_id = ?)`,
      )
      .pluck()
      .all(artefactId, artefactId) as string[];
  }
}
