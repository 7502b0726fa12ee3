// The relay's routing, written once: ingest → recipients → deliver → claim → route what was kept. Both stores run
// this same procedure inside one of their transactions; what differs between them is only how each query is said
// (RoutingTransaction, one adapter per SQL dialect: sqlite-routing.ts, postgres-routing.ts) and how the
// transaction keeps routing one at a time (SQLite: one writer; PostgreSQL: the HIU's advisory lock, taken before
// the procedure starts). Nothing here knows SQL, and the stores know nothing of the steps' order.
import type { ExpectOutcome, IncomingMessage } from './relay-store';
import { routeShare, type ShareTransaction } from './share-procedure';
import { claimOutcome, ownerOfIntroduced, refusalFor, unique, type DeskRow } from './shared';

/** A message kept unrouted, found again when a desk claims one of its keys. */
export interface KeptMessage<Id> {
  id: Id;
  /** The keys it hands out to the desk that receives it. */
  introduces: string[];
}

/**
 * The queries routing needs, inside one transaction that no other routing of the same HIU runs beside. `Id` is a
 * message's row id as the dialect gives it back (a number in SQLite, bigint text in PostgreSQL).
 */
export interface RoutingTransaction<Id> extends ShareTransaction {
  /** Records the message's dedupe key; false when it was recorded before (a duplicate, delivered or not). */
  firstSighting(message: IncomingMessage): Promise<boolean>;
  /** The active desks of the HIU holding one of the keys, by id. */
  holdersOf(hiuId: string, keys: string[]): Promise<string[]>;
  /** Every active desk of the HIU, by id. */
  activeDesks(hiuId: string): Promise<string[]>;
  /** The desk as a claim checks it (its HIU, whether revoked); undefined when there is none. */
  deskOf(deskId: string): Promise<Pick<DeskRow, 'hiu_id' | 'revoked_at'> | undefined>;
  /** Stores the message; `routed` false: no desk has it yet. */
  store(message: IncomingMessage, routed: boolean): Promise<Id>;
  /** Remembers an unrouted message's route keys, so that a later claim of one finds it. */
  keepKeys(messageId: Id, hiuId: string, keys: string[]): Promise<void>;
  /** One delivery row each, in this order (a desk's seq follows it). */
  deliver(deliveries: Array<{ deskId: string; messageId: Id }>): Promise<void>;
  /**
   * Upserts the desk's claim of each key (no repeats): a key free or already the desk's is the desk's now (its time
   * renewed); a key another desk holds is left alone. Returns the keys the desk holds now.
   */
  claim(hiuId: string, deskId: string, keys: string[], at: string): Promise<Set<string>>;
  /** Unrouted messages naming one of the keys, oldest first, held against deletion until the commit. */
  keptNaming(hiuId: string, keys: string[]): Promise<Array<KeptMessage<Id>>>;
  /** These kept messages are routed now: their keys are no longer looked for. */
  markRouted(messageIds: Id[]): Promise<void>;
  /** Tells the desks' sessions, once this transaction commits, that they have new deliveries. */
  announceDeliverable(deskIds: string[]): Promise<void>;
}

/** Keeps and routes a message (RelayStore.ingest). */
export async function ingestMessage<Id>(tx: RoutingTransaction<Id>, message: IncomingMessage): Promise<'stored' | 'duplicate'> {
  if (!(await tx.firstSighting(message))) return 'duplicate';
  // A profile share goes to one connected desk with a token (share-procedure.ts); everything else by its keys.
  const { recipients, payload } = message.counterShare
    ? await routeShare(tx, message, message.counterShare)
    : { recipients: await recipientsOf(tx, message), payload: message.payload };
  const messageId = await tx.store({ ...message, payload }, recipients.length > 0);
  if (recipients.length === 0) {
    await tx.keepKeys(messageId, message.hiuId, unique(message.routeKeys));
    return 'stored';
  }
  await tx.deliver(recipients.map((deskId) => ({ deskId, messageId })));
  const owner = ownerOfIntroduced(recipients);
  if (owner !== undefined) {
    const { accepted } = await claimKeys(tx, message.hiuId, owner, message.introduces, message.receivedAt);
    await routeKept(tx, message.hiuId, owner, accepted, message.receivedAt);
  }
  await tx.announceDeliverable(recipients);
  return 'stored';
}

/** A desk claims keys (RelayStore.expect); what was kept for them goes to it in the same commit. */
export async function claimForDesk<Id>(tx: RoutingTransaction<Id>, hiuId: string, deskId: string, keys: string[], at: string): Promise<ExpectOutcome> {
  const refusal = refusalFor(await tx.deskOf(deskId), hiuId, deskId, keys);
  if (refusal) return refusal;
  const outcome = await claimKeys(tx, hiuId, deskId, keys, at);
  if (await routeKept(tx, hiuId, deskId, outcome.accepted, at)) await tx.announceDeliverable([deskId]);
  return outcome;
}

/** The active desks holding one of its keys; when none does and it may be broadcast, every active desk of its HIU. */
async function recipientsOf<Id>(tx: RoutingTransaction<Id>, message: IncomingMessage): Promise<string[]> {
  const holders = await tx.holdersOf(message.hiuId, message.routeKeys);
  if (holders.length > 0 || !message.broadcastIfUnclaimed) return holders;
  return tx.activeDesks(message.hiuId);
}

/** Keys already the desk's are renewed, so a desk keeps a key alive by claiming it again. */
async function claimKeys<Id>(tx: RoutingTransaction<Id>, hiuId: string, deskId: string, keys: string[], at: string): Promise<ExpectOutcome> {
  const wanted = unique(keys);
  if (wanted.length === 0) return { accepted: [], refused: [] };
  return claimOutcome(wanted, await tx.claim(hiuId, deskId, wanted, at));
}

/**
 * Kept messages naming one of `keys` go to the desk, oldest first; the keys they hand out become the desk's, and so
 * do kept messages naming those, until nothing more is found. True when something was delivered.
 */
async function routeKept<Id>(tx: RoutingTransaction<Id>, hiuId: string, deskId: string, keys: string[], at: string): Promise<boolean> {
  let delivered = false;
  let claimed = keys;
  while (claimed.length > 0) {
    const kept = await tx.keptNaming(hiuId, claimed);
    if (kept.length === 0) break;
    const ids = kept.map((message) => message.id);
    await tx.markRouted(ids);
    await tx.deliver(ids.map((messageId) => ({ deskId, messageId })));
    delivered = true;
    claimed = (await claimKeys(tx, hiuId, deskId, kept.flatMap((message) => message.introduces), at)).accepted;
  }
  return delivered;
}
