// The inbox table (migrations/002-hiu.ts): every verified callback, stored by the bridge before it answers 202, and
// worked off by the HIU engine. The only code that writes or reads its SQL. The callback's own requestId is the key,
// so a callback delivered twice is stored once.
import type { Database, Statement } from 'better-sqlite3-multiple-ciphers';
import type { CallbackInbox, ReceivedCallback } from '../../bridge/ports';
import { commitDurably } from '../db';

/** pending → done | waiting (for the request it answers to be known) | failed. */
export const INBOX_STATES = ['pending', 'waiting', 'done', 'failed'] as const;
export type InboxState = (typeof INBOX_STATES)[number];

/** A stored callback, and how far the engine has got with it. */
export interface InboxEntry extends ReceivedCallback {
  state: InboxState;
  processedAt: string | null;
  note: string | null;
}

interface Row {
  request_id: string;
  kind: string;
  path: string;
  resp_request_id: string | null;
  received_at: string;
  headers: string;
  body: string;
  state: InboxState;
  processed_at: string | null;
  note: string | null;
}

function toEntry(row: Row): InboxEntry {
  return {
    requestId: row.request_id,
    kind: row.kind,
    path: row.path,
    respRequestId: row.resp_request_id,
    receivedAt: row.received_at,
    headers: JSON.parse(row.headers) as Record<string, string>,
    body: row.body,
    state: row.state,
    processedAt: row.processed_at,
    note: row.note,
  };
}

export class CallbackInboxStore implements CallbackInbox {
  private readonly insert: Statement;
  private readonly byId: Statement;
  private readonly inState: Statement;
  private readonly byResp: Statement;
  private readonly setDone: Statement;
  private readonly setWaiting: Statement;
  private readonly setFailed: Statement;
  private readonly counts: Statement;
  private batch: { callback: ReceivedCallback; resolve: (outcome: 'stored' | 'duplicate') => void; reject: (error: unknown) => void }[] = [];

  constructor(private readonly db: Database) {
    this.insert = db.prepare(
      `INSERT OR IGNORE INTO inbox (request_id, kind, path, resp_request_id, received_at, headers, body, state)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'pending')`,
    );
    this.byId = db.prepare('SELECT * FROM inbox WHERE request_id = ?');
    this.inState = db.prepare('SELECT * FROM inbox WHERE state = ? ORDER BY received_at, rowid LIMIT ?');
    this.byResp = db.prepare('SELECT * FROM inbox WHERE resp_request_id = ? ORDER BY received_at, rowid');
    this.setDone = db.prepare(`UPDATE inbox SET state = 'done', processed_at = ?, note = NULL WHERE request_id = ?`);
    this.setWaiting = db.prepare(`UPDATE inbox SET state = 'waiting', note = ? WHERE request_id = ?`);
    this.setFailed = db.prepare(`UPDATE inbox SET state = 'failed', processed_at = ?, note = ? WHERE request_id = ?`);
    this.counts = db.prepare('SELECT state, count(*) AS n FROM inbox GROUP BY state');
  }

  /**
   * Durable when it resolves, power cut included; 'duplicate' leaves the first copy untouched. Callbacks that arrive
   * together are committed together (group commit): each durable commit waits for the disk, so one for a burst
   * instead of one each keeps the bridge fast without acknowledging anything that is not on disk.
   */
  store(callback: ReceivedCallback): Promise<'stored' | 'duplicate'> {
    return new Promise((resolve, reject) => {
      this.batch.push({ callback, resolve, reject });
      if (this.batch.length === 1) setImmediate(() => this.commitBatch());
    });
  }

  private commitBatch(): void {
    const batch = this.batch;
    this.batch = [];
    let outcomes: ('stored' | 'duplicate')[];
    try {
      outcomes = commitDurably(this.db, () => batch.map(({ callback }) => this.insertOne(callback)));
    } catch (error) {
      // Nothing of the batch is stored, so nothing of it may be acknowledged.
      for (const waiter of batch) waiter.reject(error);
      return;
    }
    batch.forEach((waiter, index) => waiter.resolve(outcomes[index]!));
  }

  private insertOne(callback: ReceivedCallback): 'stored' | 'duplicate' {
    const { changes } = this.insert.run(
      callback.requestId,
      callback.kind,
      callback.path,
      callback.respRequestId,
      callback.receivedAt,
      JSON.stringify(callback.headers),
      callback.body,
    );
    return changes === 1 ? 'stored' : 'duplicate';
  }

  get(requestId: string): InboxEntry | null {
    const row = this.byId.get(requestId) as Row | undefined;
    return row ? toEntry(row) : null;
  }

  /** Callbacks not yet worked off, oldest first. */
  pending(limit = 100): InboxEntry[] {
    return (this.inState.all('pending', limit) as Row[]).map(toEntry);
  }

  /** Callbacks put aside until the request they answer is known, oldest first. */
  waiting(limit = 1000): InboxEntry[] {
    return (this.inState.all('waiting', limit) as Row[]).map(toEntry);
  }

  /** Every callback answering our request `respRequestId` (normally one; more if the gateway answered twice). */
  answersTo(respRequestId: string): InboxEntry[] {
    return (this.byResp.all(respRequestId) as Row[]).map(toEntry);
  }

  /** False when no callback has this requestId. */
  markDone(requestId: string, at: string): boolean {
    return this.setDone.run(at, requestId).changes === 1;
  }

  markWaiting(requestId: string, note: string): boolean {
    return this.setWaiting.run(note, requestId).changes === 1;
  }

  markFailed(requestId: string, at: string, note: string): boolean {
    return this.setFailed.run(at, note, requestId).changes === 1;
  }

  countByState(): Record<InboxState, number> {
    const out: Record<InboxState, number> = { pending: 0, waiting: 0, done: 0, failed: 0 };
    for (const { state, n } of this.counts.all() as Array<{ state: InboxState; n: number }>) out[state] = n;
    return out;
  }
}
