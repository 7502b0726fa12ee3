// The data_push_pages table (migrations/002-hiu.ts) and the bridge's view of data_transfers: which push secrets are
// live, and the pages HIPs pushed to them, still Fidelius-encrypted, stored before the 202. The push URL's secret is
// never stored; a transfer keeps its SHA-256 (`secret_hash`), and so do the pages. Once a page is processed its body
// is dropped (the ciphertext is not kept).
import { createHash } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3-multiple-ciphers';
import type { DataPushInbox, ReceivedPushPage } from '../bridge/ports';

export type PushPageState = 'pending' | 'done';

/** SHA-256 of a push secret, lowercase hex: how transfers and pages name it. */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

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
  body: string | null;
  state: PushPageState;
}

const toEntry = (row: Row): PushPageEntry => ({
  secretHash: row.secret_hash,
  pageNumber: row.page_number,
  pageCount: row.page_count,
  transactionId: row.transaction_id,
  receivedAt: row.received_at,
  body: row.body,
  state: row.state,
});

export class DataPushPageStore implements DataPushInbox {
  private readonly live: Statement;
  private readonly insert: Statement;
  private readonly pendingAll: Statement;
  private readonly pendingOf: Statement;
  private readonly setDone: Statement;
  private readonly summary: Statement;

  constructor(db: Database) {
    this.live = db.prepare('SELECT 1 FROM data_transfers WHERE secret_hash = ? AND ended_at IS NULL');
    this.insert = db.prepare(
      `INSERT OR IGNORE INTO data_push_pages (secret_hash, page_number, page_count, transaction_id, received_at, body, state)
       VALUES (?, ?, ?, ?, ?, ?, 'pending')`,
    );
    this.pendingAll = db.prepare(`SELECT * FROM data_push_pages WHERE state = 'pending' ORDER BY received_at, secret_hash, page_number`);
    this.pendingOf = db.prepare(`SELECT * FROM data_push_pages WHERE state = 'pending' AND secret_hash = ? ORDER BY page_number`);
    this.setDone = db.prepare(`UPDATE data_push_pages SET state = 'done', body = NULL WHERE secret_hash = ? AND page_number = ?`);
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
      const { changes } = this.insert.run(secretHash(page.secret), page.pageNumber, page.pageCount, page.transactionId, page.receivedAt, page.body);
      return Promise.resolve(changes === 1 ? 'stored' : 'duplicate');
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Pages waiting to be processed: of one transfer by page number, or of all, oldest first. */
  pending(hash?: string): PushPageEntry[] {
    const rows = (hash === undefined ? this.pendingAll.all() : this.pendingOf.all(hash)) as Row[];
    return rows.map(toEntry);
  }

  /** Marks a page processed and drops its ciphertext; false when there is no such page. */
  markDone(hash: string, pageNumber: number): boolean {
    return this.setDone.run(hash, pageNumber).changes === 1;
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
}
