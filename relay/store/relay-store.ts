// What the relay keeps, as one interface with two implementations: SQLite (one file, one relay process, a clinic's
// own relay) and PostgreSQL (several relay processes, or one relay for many clinics). Everything the relay must not
// lose goes through here, and every method resolves only once its change is committed. Processes never share state
// in memory: with PostgreSQL, `onDeliverable` and `onSessionClaimed` come from LISTEN/NOTIFY, so a callback that
// arrives at one process reaches a desk connected to another.

/** A desk as `relay desks list` shows it. */
export interface DeskRecord {
  id: string;
  hiuId: string;
  name: string;
  createdAt: string;
  revokedAt: string | null;
}

/** A message waiting for one desk; `seq` grows in the order the relay stored them for that desk. */
export interface Delivery {
  seq: number;
  kind: 'callback' | 'page';
  /** JSON text: a RelayedCallback or a RelayedPage (electron/bridge/relay-protocol.ts). */
  payload: string;
}

/** A verified callback or data-push page, ready to be kept and routed. */
export interface IncomingMessage {
  hiuId: string;
  /** `callback:<requestId>` or `page:<secretHash>/<pageNumber>`: a second message with the same key is a duplicate. */
  dedupeKey: string;
  kind: 'callback' | 'page';
  receivedAt: string;
  payload: string;
  /** Expectation keys (`request:<id>`, …); every desk of the HIU holding one of them receives the message. */
  routeKeys: string[];
  /** Keys the message hands out (a consent request id in an on-init, …): they become the receiving desk's. */
  introduces: string[];
  /** When no desk holds any route key: true → every active desk of the HIU; false → kept until a desk claims a key. */
  broadcastIfUnclaimed: boolean;
  /**
   * A Scan & Share profile share: routed by store/share-procedure.ts instead (one connected desk, with a token; else
   * a late copy for every desk), its route keys naming the counter.
   */
  counterShare?: CounterShareDelivery;
}

/** What a profile share asks of the routing: a token, or none (a share the desk can only answer FAILED). */
export interface CounterShareDelivery {
  token: TokenRequest | null;
}

/** A token number asked for at ingest (relay/share-tokens.ts makes it; store/token-procedure.ts hands it out). */
export interface TokenRequest {
  /** The counter as the share names it (not encoded). */
  counterId: string;
  /**
   * SHA-256 (hex) of the clinic, the counter and the patient's ABHA address: the key of the repeat rule. The address
   * itself is never stored, and the hash is erased once the token's 30 minutes are over.
   */
  patientHash: string;
  /** The clinic's local day (yyyy-mm-dd) the share came in on: numbers restart from 1 when it changes. */
  day: string;
}

/** A token as handed out: its number, and until when it holds (ISO time). */
export interface IssuedToken {
  number: number;
  validUntil: string;
}

export interface ExpectOutcome {
  /** Keys the desk holds now (newly, or already). */
  accepted: string[];
  /** Keys another desk of the HIU holds: refused, nothing changed for them. */
  refused: string[];
}

export interface DeskClaims {
  /** Keys the desk holds in all. */
  held: number;
  /** Those of the keys asked about that it holds. */
  holding: Set<string>;
}

export interface PurgeOutcome {
  messages: number;
  expectations: number;
}

export interface RelayStore {
  /** Applies the numbered migrations not yet applied (concurrent relay processes apply each once). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Throws when the storage cannot be reached (for /healthz). */
  ping(): Promise<void>;

  addDesk(desk: { id: string; hiuId: string; name: string; secretHash: string; createdAt: string }): Promise<void>;
  listDesks(): Promise<DeskRecord[]>;
  /** The desk and its credential's hash, or null when there is no such desk. Revoked desks are returned too. */
  findDesk(id: string): Promise<(DeskRecord & { secretHash: string }) | null>;
  /** Sets revokedAt and drops the desk's waiting deliveries; false when there is no such desk or it was revoked. */
  revokeDesk(id: string, at: string): Promise<boolean>;

  /**
   * The desk claims keys. A key held by another desk of the same HIU is refused. Messages kept because no desk held
   * their keys (broadcastIfUnclaimed false) are routed to this desk when it claims one of them, in the same commit.
   */
  expect(hiuId: string, deskId: string, keys: string[], at: string): Promise<ExpectOutcome>;
  /** How many keys the desk holds, and which of `keys` it holds already (for the limits in relay/claim-limits.ts). */
  claimsOf(hiuId: string, deskId: string, keys: string[]): Promise<DeskClaims>;
  /** Whether some desk of the HIU holds this key (a data-push secret's `push:<hash>`). */
  isClaimed(hiuId: string, key: string): Promise<boolean>;

  /**
   * Keeps and routes a message in one commit. 'duplicate' (same hiuId and dedupeKey stored before, delivered or
   * not) changes nothing. Desks of the HIU that are revoked receive nothing.
   */
  ingest(message: IncomingMessage): Promise<'stored' | 'duplicate'>;
  /** The desk's waiting deliveries with seq > afterSeq, oldest first. */
  pending(deskId: string, afterSeq: number, limit: number): Promise<Delivery[]>;
  /** Deletes these deliveries of this desk (another desk's seqs change nothing); a message goes with its last delivery. */
  ack(deskId: string, seqs: number[]): Promise<number>;
  /** Waiting deliveries per desk (desks with none are left out). */
  backlog(): Promise<Record<string, number>>;
  /**
   * Messages received before `messagesBefore` and expectations created before `expectationsBefore` are deleted; so
   * are tokens no longer valid at `tokensBefore` (their patients' hashes) and the token counts of days long past.
   */
  purge(cutoffs: { messagesBefore: string; expectationsBefore: string; tokensBefore?: string }): Promise<PurgeOutcome>;

  /**
   * Records that `sessionId` now serves the desk and tells every relay process (onSessionClaimed). `at` (default: now)
   * is when the session was last seen alive: a share goes with a token only to a desk seen lately (touchSession).
   */
  claimSession(deskId: string, sessionId: string, at?: string): Promise<void>;
  /** The session answered a ping at `at`: it is still connected. Nothing happens when another session serves the desk. */
  touchSession(deskId: string, sessionId: string, at: string): Promise<void>;
  /** The session's connection closed: the desk is not connected any more, unless a newer session serves it already. */
  releaseSession(deskId: string, sessionId: string): Promise<void>;
  /** Called with desk ids that have new deliveries (from this process or another). Returns an unsubscribe. */
  onDeliverable(listener: (deskIds: string[]) => void): () => void;
  /** Called when a desk's session was claimed, or its credential revoked (sessionId null), anywhere. */
  onSessionClaimed(listener: (deskId: string, sessionId: string | null) => void): () => void;
}
