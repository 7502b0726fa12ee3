// The data_push_pages table (migrations/002-hiu.ts, 003-sealed-files.ts) and the bridge's view of data_transfers:
// which push secrets are live, and the pages HIPs pushed to them, still Fidelius-encrypted, stored before the 202.
// The push URL's secret is never stored; a transfer keeps its SHA-256 (`secret_hash`), and so do the pages. Once a
// page is processed its body is dropped (the ciphertext is not kept).
//
// Where a body is kept: a page of LARGE_VALUE_BYTES or more for a live transfer that has a page key goes to a sealed
// file (sealed-files.ts; AES-256-GCM under the transfer's page_key, "<secret hash>/<page number>" as associated data)
// that the row names in body_file; any other page stays in the row's body, as before. The page key is destroyed with
// the transfer's private key when the transfer ends, so a page file left behind opens for nobody.
import type { Database, Statement } from 'better-sqlite3-multiple-ciphers';
import { pushSecretHash as secretHash } from '../../bridge/push-secret';
import type { DataPushInbox, ReceivedPushPage, RelayedPageInbox } from '../../bridge/ports';
import type { RelayedPage } from '../../bridge/relay-protocol';
import { commitDurably } from '../db';
import { openWith, sealWith } from './record-cipher';
import { LARGE_VALUE_BYTES, removeWhenUnnamed, SealedFiles } from './sealed-files';

export type PushPageState = 'pending' | 'done';

/** SHA-256 of a push secret, lowercase hex: how transfers and pages name it. */
export { pushSecretHash as secretHash } from '../../bridge/push-secret';

export interface PushPageEntry {
  secretHash: string;
  pageNumber: number;
  pageCount: number;
  transactionId: string;
  receivedAt: string;
  /** The page as pushed; null once it is done. */
  body: string | null;
  state: PushPageState;
}

/** A pending page without its body, which may be large: read it with `bodyOf` when it is needed. */
export interface PendingPage extends Omit<PushPageEntry, 'body'> {
  /** The sealed file holding the body, or null when the body is in the row. */
  bodyFile: string | null;
}

export interface PushPagesSummary {
  /** The largest pageCount any page announced; null when no page came yet. */
  pageCount: number | null;
  /** Page numbers received, ascending. */
  received: number[];
  pending: number;
  done: number;
  /** Pages 1..pageCount not received yet. */
  missing: number[];
  /** Every announced page received. */
  complete: boolean;
  /** transactionIds the pages carried (one, unless a HIP misbehaves). */
  transactionIds: string[];
}

interface Row {
  secret_hash: string;
  page_number: number;
  page_count: number;
  transaction_id: string;
  received_at: string;
  body_file: string | null;
  state: PushPageState;
}

const toPending = (row: Row): PendingPage => ({
  secretHash: row.secret_hash,
  pageNumber: row.page_number,
  pageCount: row.page_count,
  transactionId: row.transaction_id,
  receivedAt: row.received_at,
  state: row.state,
  bodyFile: row.body_file,
});

/** What a page file is sealed to: its transfer and page number, so a file cannot stand in for another page. */
const pageAssociatedData = (hash: string, pageNumber: number): string => `${hash}/${pageNumber}`;

const ROW_COLUMNS = 'secret_hash, page_number, page_count, transaction_id, received_at, body_file, state';

export class DataPushPageStore implements DataPushInbox, RelayedPageInbox {
  private readonly files: SealedFiles | null;
  private readonly live: Statement;
  private readonly liveKey: Statement;
  private readonly key: Statement;
  private readonly exists: Statement;
  private readonly insert: Statement;
  private readonly pendingAll: Statement;
  private readonly pendingOf: Statement;
  private readonly inlineBody: Statement;
  private readonly fileOf: Statement;
  private readonly setDone: Statement;
  private readonly summary: Statement;

  constructor(private readonly db: Database) {
    this.files = SealedFiles.of(db);
    this.live = db.prepare('SELECT 1 FROM data_transfers WHERE secret_hash = ? AND ended_at IS NULL');
    this.liveKey = db.prepare('SELECT page_key FROM data_transfers WHERE secret_hash = ? AND ended_at IS NULL');
    this.key = db.prepare('SELECT page_key FROM data_transfers WHERE secret_hash = ?');
    this.exists = db.prepare('SELECT 1 FROM data_push_pages WHERE secret_hash = ? AND page_number = ?');
    this.insert = db.prepare(
      `INSERT OR IGNORE INTO data_push_pages (secret_hash, page_number, page_count, transaction_id, received_at, body, body_file, state)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'pending')`,
    );
    this.pendingAll = db.prepare(`SELECT ${ROW_COLUMNS} FROM data_push_pages WHERE state = 'pending' ORDER BY received_at, secret_hash, page_number`);
    this.pendingOf = db.prepare(`SELECT ${ROW_COLUMNS} FROM data_push_pages WHERE state = 'pending' AND secret_hash = ? ORDER BY page_number`);
    this.inlineBody = db.prepare('SELECT body FROM data_push_pages WHERE secret_hash = ? AND page_number = ?').pluck();
    this.fileOf = db.prepare('SELECT body_file FROM data_push_pages WHERE secret_hash = ? AND page_number = ?').pluck();
    this.setDone = db.prepare(`UPDATE data_push_pages SET state = 'done', body = NULL, body_file = NULL WHERE secret_hash = ? AND page_number = ?`);
    this.summary = db.prepare(
      'SELECT page_number, page_count, state, transaction_id FROM data_push_pages WHERE secret_hash = ? ORDER BY page_number',
    );
  }

  /** True while a transfer that has not ended waits on this secret. */
  knows(secret: string): Promise<boolean> {
    try {
      return Promise.resolve(this.live.get(secretHash(secret)) !== undefined);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Durable when it resolves; a page already stored for this secret stays as it was ('duplicate'). */
  store(page: ReceivedPushPage): Promise<'stored' | 'duplicate'> {
    try {
      const { secret, ...rest } = page;
      return Promise.resolve(commitDurably(this.db, () => this.storeNow(secretHash(secret), rest)));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * A page the relay kept for this desk, named by its secret's hash (the relay never holds the secret once hashed).
   * The bridge asks `knows()` before it reads a push; here the same question is asked in the same durable commit, so
   * a page for a transfer that ended while the desk was away is not stored ('unknown'): its key is gone with it.
   */
  storeHashed(page: RelayedPage): Promise<'stored' | 'duplicate' | 'unknown'> {
    try {
      const { secretHash: hash, ...rest } = page;
      return Promise.resolve(commitDurably(this.db, () => (this.live.get(hash) === undefined ? 'unknown' : this.storeNow(hash, rest))));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Pages waiting to be processed, without their bodies: of one transfer by page number, or of all, oldest first. */
  pendingPages(hash?: string): PendingPage[] {
    const rows = (hash === undefined ? this.pendingAll.all() : this.pendingOf.all(hash)) as Row[];
    return rows.map(toPending);
  }

  /** Pages waiting to be processed, with their bodies (which may be large: the engine reads one at a time). */
  pending(hash?: string): PushPageEntry[] {
    return this.pendingPages(hash).map((page) => {
      const { bodyFile: _, ...entry } = page;
      return { ...entry, body: this.bodyOf(page) };
    });
  }

  /** The page as pushed; null once it is done, or when its transfer ended and took the page key with it. */
  bodyOf(page: Pick<PendingPage, 'secretHash' | 'pageNumber' | 'bodyFile'>): string | null {
    if (page.bodyFile === null) return (this.inlineBody.get(page.secretHash, page.pageNumber) as string | null | undefined) ?? null;
    const key = (this.key.get(page.secretHash) as { page_key: Buffer | null } | undefined)?.page_key;
    if (!key || !this.files) return null;
    return openWith(key, this.files.read(page.bodyFile), pageAssociatedData(page.secretHash, page.pageNumber)).toString('utf8');
  }

  /**
   * Marks a page processed and drops its ciphertext; false when there is no such page. A page file is unlinked once
   * the caller's transaction has committed (kept if it rolls back).
   */
  markDone(hash: string, pageNumber: number): boolean {
    const file = this.fileOf.get(hash, pageNumber) as string | null | undefined;
    const done = this.setDone.run(hash, pageNumber).changes === 1;
    if (file) removeWhenUnnamed(this.db, this.files, [file]);
    return done;
  }

  pagesOf(hash: string): PushPagesSummary {
    const rows = this.summary.all(hash) as Array<Pick<Row, 'page_number' | 'page_count' | 'state' | 'transaction_id'>>;
    const received = rows.map((r) => r.page_number);
    const pageCount = rows.length ? Math.max(...rows.map((r) => r.page_count)) : null;
    const have = new Set(received);
    const missing: number[] = [];
    for (let n = 1; n <= (pageCount ?? 0); n++) if (!have.has(n)) missing.push(n);
    return {
      pageCount,
      received,
      pending: rows.filter((r) => r.state === 'pending').length,
      done: rows.filter((r) => r.state === 'done').length,
      missing,
      complete: pageCount !== null && missing.length === 0,
      transactionIds: [...new Set(rows.map((r) => r.transaction_id))],
    };
  }

  private storeNow(hash: string, page: Omit<ReceivedPushPage, 'secret'>): 'stored' | 'duplicate' {
    const row = [hash, page.pageNumber, page.pageCount, page.transactionId, page.receivedAt] as const;
    // body.length counts UTF-16 units, never more than the UTF-8 bytes: a page near the threshold may stay inline.
    const key = this.files && page.body.length >= LARGE_VALUE_BYTES ? (this.liveKey.get(hash) as { page_key: Buffer | null } | undefined)?.page_key : null;
    if (!this.files || !key) return this.insert.run(...row, page.body, null).changes === 1 ? 'stored' : 'duplicate';
    // A page we hold already is not written again (the first copy is kept either way).
    if (this.exists.get(hash, page.pageNumber) !== undefined) return 'duplicate';
    // File first (durable when write returns), then the row that names it: a committed row always has its file.
    const file = this.files.write([sealWith(key, page.body, pageAssociatedData(hash, page.pageNumber))]);
    let changes: number;
    try {
      changes = this.insert.run(...row, null, file).changes;
    } catch (error) {
      this.files.remove(file);
      throw error;
    }
    if (changes === 1) return 'stored';
    this.files.remove(file);
    return 'duplicate';
  }
}
