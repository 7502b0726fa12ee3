// The hip_transfers and hip_shared tables (migrations/012-hip-data-flow.ts): one row per health-information request
// this HIP accepted, from the acknowledgement to the end of its push, and who received which document.
// A transfer's own private key is cleared when it ends; the page plan and the count of pages delivered are what a
// restart resumes from.
import type { Database } from 'better-sqlite3-multiple-ciphers';
import type { CareContextRef } from '../../abdm/gateway/hip/hip-flow-messages';

export type TransferState = 'pending' | 'pushing' | 'transferred' | 'failed';

/** What a consent covered when the request was accepted (a later revocation deletes the consent, not this). */
export interface TransferScope {
  careContexts: CareContextRef[];
  hiTypes: string[];
}

export interface TransferRecord {
  transactionId: string;
  consentId: string;
  requestId: string;
  hiuId: string;
  hiuName: string | null;
  abhaAddress: string | null;
  dataPushUrl: string;
  dateFrom: string;
  dateTo: string;
  scope: TransferScope;
  documents: string[];
  pages: string[][] | null;
  pagesDelivered: number;
  requesterKey: string;
  requesterNonce: string;
  privateKey: string | null;
  publicKey: string;
  nonce: string;
  keyExpiry: string;
  state: TransferState;
  acceptedAt: string;
  deadline: string;
  endedAt: string | null;
  problem: string | null;
}

export type NewTransfer = Omit<TransferRecord, 'pages' | 'pagesDelivered' | 'state' | 'endedAt' | 'problem'>;

export interface SharedRecord {
  documentId: string;
  transactionId: string;
  consentId: string;
  hiuId: string;
  hiuName: string | null;
  at: string;
  status: 'delivered' | 'failed';
}

interface Row {
  transaction_id: string;
  consent_id: string;
  request_id: string;
  hiu_id: string;
  hiu_name: string | null;
  abha_address: string | null;
  data_push_url: string;
  date_from: string;
  date_to: string;
  scope: string;
  documents: string;
  pages: string | null;
  pages_delivered: number;
  requester_key: string;
  requester_nonce: string;
  private_key: string | null;
  public_key: string;
  nonce: string;
  key_expiry: string;
  state: TransferState;
  accepted_at: string;
  deadline: string;
  ended_at: string | null;
  problem: string | null;
}

interface SharedRow {
  document_id: string;
  transaction_id: string;
  consent_id: string;
  hiu_id: string;
  hiu_name: string | null;
  at: string;
  status: 'delivered' | 'failed';
}

export class TransferStore {
  constructor(private readonly db: Database) {}

  add(transfer: NewTransfer): void {
    this.db
      .prepare(
        `INSERT INTO hip_transfers (transaction_id, consent_id, request_id, hiu_id, hiu_name, abha_address, data_push_url, date_from, date_to, scope,
           documents, requester_key, requester_nonce, private_key, public_key, nonce, key_expiry, state, accepted_at, deadline)
         VALUES (@transactionId, @consentId, @requestId, @hiuId, @hiuName, @abhaAddress, @dataPushUrl, @dateFrom, @dateTo, @scope,
           @documents, @requesterKey, @requesterNonce, @privateKey, @publicKey, @nonce, @keyExpiry, 'pending', @acceptedAt, @deadline)`,
      )
      .run({ ...transfer, scope: JSON.stringify(transfer.scope), documents: JSON.stringify(transfer.documents) });
  }

  get(transactionId: string): TransferRecord | null {
    const row = this.db.prepare('SELECT * FROM hip_transfers WHERE transaction_id = ?').get(transactionId) as Row | undefined;
    return row ? toRecord(row) : null;
  }

  /** Transfers accepted and not yet ended (to resume at start-up), oldest first. */
  unfinished(): TransferRecord[] {
    return (this.db.prepare("SELECT * FROM hip_transfers WHERE state IN ('pending', 'pushing') ORDER BY accepted_at").all() as Row[]).map(toRecord);
  }

  /** Deletes the consent's transfers that have not delivered a page yet; returns the transaction ids deleted. */
  deleteNotStarted(consentId: string): string[] {
    const ids = (this.db.prepare("SELECT transaction_id FROM hip_transfers WHERE consent_id = ? AND state = 'pending'").all(consentId) as { transaction_id: string }[]).map((row) => row.transaction_id);
    this.db.prepare("DELETE FROM hip_transfers WHERE consent_id = ? AND state = 'pending'").run(consentId);
    return ids;
  }

  /** Fixes the page plan once, before the first page goes; a plan already kept is kept. */
  plan(transactionId: string, pages: string[][]): void {
    this.db.prepare('UPDATE hip_transfers SET pages = ? WHERE transaction_id = ? AND pages IS NULL').run(JSON.stringify(pages), transactionId);
  }

  /** Page `pageNumber` (1-based) got a 2xx. */
  delivered(transactionId: string, pageNumber: number): void {
    this.db
      .prepare("UPDATE hip_transfers SET pages_delivered = MAX(pages_delivered, ?), state = 'pushing' WHERE transaction_id = ? AND state IN ('pending', 'pushing')")
      .run(pageNumber, transactionId);
  }

  /** Ends the transfer; its private key is dropped. False when it had already ended (or is gone). */
  end(transactionId: string, state: 'transferred' | 'failed', at: string, problem: string | null): boolean {
    return (
      this.db
        .prepare("UPDATE hip_transfers SET state = ?, ended_at = ?, problem = ?, private_key = NULL WHERE transaction_id = ? AND state IN ('pending', 'pushing')")
        .run(state, at, problem, transactionId).changes > 0
    );
  }

  addShared(records: readonly SharedRecord[]): void {
    const insert = this.db.prepare(
      `INSERT OR REPLACE INTO hip_shared (document_id, transaction_id, consent_id, hiu_id, hiu_name, at, status)
       VALUES (@documentId, @transactionId, @consentId, @hiuId, @hiuName, @at, @status)`,
    );
    for (const record of records) insert.run(record);
  }

  /** Who received the document, newest first. */
  sharedWith(documentId: string): SharedRecord[] {
    return (this.db.prepare('SELECT * FROM hip_shared WHERE document_id = ? ORDER BY at DESC').all(documentId) as SharedRow[]).map((row) => ({
      documentId: row.document_id,
      transactionId: row.transaction_id,
      consentId: row.consent_id,
      hiuId: row.hiu_id,
      hiuName: row.hiu_name,
      at: row.at,
      status: row.status,
    }));
  }
}

function toRecord(row: Row): TransferRecord {
  return {
    transactionId: row.transaction_id,
    consentId: row.consent_id,
    requestId: row.request_id,
    hiuId: row.hiu_id,
    hiuName: row.hiu_name,
    abhaAddress: row.abha_address,
    dataPushUrl: row.data_push_url,
    dateFrom: row.date_from,
    dateTo: row.date_to,
    scope: JSON.parse(row.scope) as TransferScope,
    documents: JSON.parse(row.documents) as string[],
    pages: row.pages ? (JSON.parse(row.pages) as string[][]) : null,
    pagesDelivered: row.pages_delivered,
    requesterKey: row.requester_key,
    requesterNonce: row.requester_nonce,
    privateKey: row.private_key,
    publicKey: row.public_key,
    nonce: row.nonce,
    keyExpiry: row.key_expiry,
    state: row.state,
    acceptedAt: row.accepted_at,
    deadline: row.deadline,
    endedAt: row.ended_at,
    problem: row.problem,
  };
}
