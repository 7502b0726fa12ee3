// What this desk still expects to hear about, as the clinic relay's expectation keys (electron/bridge/relay-protocol.ts):
// sent after every hello, so callbacks and pages that arrived at the relay while the desk was away, or that name an id
// the relay has not seen this desk claim, are routed here. Read-only, over the desk's own tables; each query reads
// only open rows through an index (migrations/004-open-keys.ts, and outbox_state).
import type { Database, Statement } from 'better-sqlite3-multiple-ciphers';
import { keyOf } from '../../bridge/relay-protocol';

/** Requests older than this are not claimed again: no answer comes a month late (the outbox times them out long before). */
export const OPEN_REQUEST_DAYS = 30;

/**
 * The queries, each reading only open rows through an index (checked in test/unit/store/relay-expectations.test.ts).
 * - requests still waiting for their callback: queued, sent or accepted (not answered or refused), and timed out too,
 *   since a late answer is still applied and revives the request; acknowledgements expect nothing (expects_answer = 0);
 * - transfers not ended: they still take pages (push), and the HIP's transfer notices name their transaction;
 * - consent requests the CM may still write about: not decided yet, or granted with an artefact still live (a
 *   revocation or expiry names the request); one still SENDING has no gateway id yet and is claimed by its request key;
 * - artefacts still granted and not erased (they may be revoked or expire);
 * - subscription requests still asked or granted.
 */
export const OPEN_KEY_QUERIES = {
  requests: `SELECT request_id FROM outbox WHERE state IN ('queued', 'sent', 'accepted', 'timed-out') AND expects_answer = 1 AND created_at >= ? ORDER BY created_at`,
  transfers: 'SELECT secret_hash, transaction_id FROM data_transfers WHERE ended_at IS NULL ORDER BY created_at',
  consentRequests: `SELECT gateway_id FROM consent_requests r WHERE r.status IN ('SENDING', 'REQUESTED', 'GRANTED') AND r.gateway_id IS NOT NULL
    AND (r.status <> 'GRANTED' OR EXISTS (SELECT 1 FROM consent_artefacts a WHERE a.consent_request_id = r.id AND a.status = 'GRANTED' AND a.erased_at IS NULL))
    ORDER BY r.created_at`,
  artefacts: `SELECT id FROM consent_artefacts WHERE status = 'GRANTED' AND erased_at IS NULL ORDER BY consent_request_id`,
  subscriptions: `SELECT gateway_id, subscription_id FROM subscription_requests WHERE status IN ('REQUESTED', 'GRANTED') ORDER BY created_at`,
} as const;

export class RelayExpectations {
  private readonly requests: Statement;
  private readonly transfers: Statement;
  private readonly consentRequests: Statement;
  private readonly artefacts: Statement;
  private readonly subscriptions: Statement;

  constructor(db: Database) {
    this.requests = db.prepare(OPEN_KEY_QUERIES.requests).pluck();
    this.transfers = db.prepare(OPEN_KEY_QUERIES.transfers);
    this.consentRequests = db.prepare(OPEN_KEY_QUERIES.consentRequests).pluck();
    this.artefacts = db.prepare(OPEN_KEY_QUERIES.artefacts).pluck();
    this.subscriptions = db.prepare(OPEN_KEY_QUERIES.subscriptions);
  }

  /** Every key this desk holds open, each once: requests, pushes, transactions, consents, subscriptions. */
  keys(now: number): string[] {
    const since = new Date(now - OPEN_REQUEST_DAYS * 24 * 60 * 60 * 1000).toISOString();
    const keys: string[] = [];
    for (const id of this.requests.all(since) as string[]) keys.push(keyOf('request', id));
    for (const t of this.transfers.all() as { secret_hash: string; transaction_id: string | null }[]) {
      keys.push(keyOf('push', t.secret_hash));
      if (t.transaction_id) keys.push(keyOf('transaction', t.transaction_id));
    }
    for (const id of this.consentRequests.all() as string[]) keys.push(keyOf('consent-request', id));
    for (const id of this.artefacts.all() as string[]) keys.push(keyOf('consent', id));
    for (const s of this.subscriptions.all() as { gateway_id: string | null; subscription_id: string | null }[]) {
      if (s.gateway_id) keys.push(keyOf('subscription-request', s.gateway_id));
      if (s.subscription_id) keys.push(keyOf('subscription', s.subscription_id));
    }
    return [...new Set(keys)];
  }
}
