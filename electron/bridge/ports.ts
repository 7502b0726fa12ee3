// What the callback bridge needs from storage, as interfaces: the app implements them on its SQLite database
// (electron/store/), the relay on its own store. The bridge stores before it acknowledges, so each method
// resolves only once the data is durable.
import type { RelayedPage } from './relay-protocol';

/** A verified, schema-valid callback as it arrived. */
export interface ReceivedCallback {
  /** The callback's own requestId: unique, the key of the inbox. */
  requestId: string;
  /** The callback kind, named by the role that owns it (`consents.notify`). */
  kind: string;
  /** The bridge path it arrived on. */
  path: string;
  /** The requestId of our request it answers, when it answers one. */
  respRequestId: string | null;
  /** ISO time of arrival (the bridge's clock). */
  receivedAt: string;
  /** The routing headers worth keeping (`x-hiu-id`, `x-hip-id`, `x-cm-id`), lower-case names. */
  headers: Record<string, string>;
  /** The body exactly as received (UTF-8 JSON text). */
  body: string;
}

export interface CallbackInbox {
  /** 'duplicate' when a callback with this requestId is already stored; nothing is changed then. */
  store(callback: ReceivedCallback): Promise<'stored' | 'duplicate'>;
}

/** One page of a HIP's data push, still encrypted. */
export interface ReceivedPushPage {
  /** The secret path segment of the data-push URL it arrived on. */
  secret: string;
  transactionId: string;
  /** 1-based; a push without page fields is page 1 of 1. */
  pageNumber: number;
  pageCount: number;
  receivedAt: string;
  /** The body exactly as received (UTF-8 JSON text). */
  body: string;
}

export interface DataPushInbox {
  /** Whether a transfer is waiting for pages on this secret (any other secret is a 404). */
  knows(secret: string): Promise<boolean>;
  /** 'duplicate' when this page of this transfer is already stored; the first copy is kept. */
  store(page: ReceivedPushPage): Promise<'stored' | 'duplicate'>;
}

/**
 * Pages the clinic's relay hands over (relay-link.ts). The relay knows a page by its push secret's SHA-256 only, so
 * the desk stores it under that hash, as it stores every page (data_transfers.secret_hash).
 */
export interface RelayedPageInbox {
  /**
   * Durable when it resolves. 'duplicate' when this page of this transfer is already stored (the first copy is kept);
   * 'unknown' when no transfer that has not ended waits on this hash (the bridge answers such a push 404): nothing is
   * stored, and the relay may forget the page.
   */
  storeHashed(page: RelayedPage): Promise<'stored' | 'duplicate' | 'unknown'>;
}

/** Told after each stored callback or page, so that processing starts without polling. */
export interface BridgeListener {
  callbackStored?(callback: ReceivedCallback): void;
  pageStored?(page: ReceivedPushPage): void;
}

/**
 * Why a request to the bridge was turned away; counted for `bridge.status` and the forged-callback tests.
 * 401 no-token / bad-token, 400 or 415 bad-body, 413 too-large, 404 unknown-path (an unknown push secret too),
 * 503 jwks-unavailable (the gateway's keys could not be fetched), 500 store-failed (storage threw; nothing acknowledged).
 */
export const REFUSAL_REASONS = ['no-token', 'bad-token', 'bad-body', 'too-large', 'unknown-path', 'jwks-unavailable', 'store-failed'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export interface BridgeCounters {
  accepted: number;
  duplicates: number;
  pagesAccepted: number;
  refused: Record<RefusalReason, number>;
  /** ISO time of the last callback or page that was accepted. */
  lastAcceptedAt: string | null;
  /** ISO time and reason of the last refusal. */
  lastRefusal: { at: string; reason: RefusalReason; path: string } | null;
}
